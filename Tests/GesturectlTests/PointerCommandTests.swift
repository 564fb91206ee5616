import Foundation
import Testing

@testable import GestureCtlKit

/// gesturectl with pointer input: the `buttons`, `modifiers`, `hover` and `scroll` entries of
/// scripts, their trace lines in every format, explain and synth.
@Suite("gesturectl pointer, hover and scroll")
struct PointerCommandTests {
  static let rows = scene(
    #"""
    [{"name": "highlight", "kind": "hover", "view": "V"},
     {"name": "click", "kind": "tap", "view": "V"},
     {"name": "menu", "kind": "tap", "view": "V", "buttonMaskRequired": ["secondary"]},
     {"name": "wheel", "kind": "pan", "view": "R", "allowedScrollTypesMask": ["discrete"]}]
    """#)

  static let press = #""touches": [{"id": 1, "phase": "began", "x": 10, "y": 10, "type": "indirectPointer"}]"#

  static let badScripts: [(String, String, String)] = [
    (
      "huge scroll", #"{"t": 0, "scroll": {"x": 1, "y": 1, "dx": 1e308, "dy": 0, "type": "discrete"}}"#,
      "e.jsonl:1:43: error: scroll.dx: expected a number of points from -1e12 to 1e12, found 1e+308"
    ),
    (
      "scroll dy not a number", #"{"t": 0, "scroll": {"x": 1, "y": 1, "dx": 0, "dy": "up", "type": "discrete"}}"#,
      "e.jsonl:1:52: error: scroll.dy: expected a number of points, found a string"
    ),
    (
      "buttons on a finger",
      #"{"t": 0, "buttons": ["secondary"], "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}]}"#,
      "e.jsonl:1:21: error: buttons secondary down, but no pointer press is: a pointer's buttons go with its press, a touch of type indirectPointer (this event's touches are direct)"
    ),
    (
      "buttons and no press", #"{"t": 0, "buttons": ["primary"]}"#,
      "e.jsonl:1:21: error: buttons primary down, but no pointer press is: a pointer's buttons go with its press, a touch of type indirectPointer"
    ),
    (
      "unknown button", #"{"t": 0, "buttons": ["left"], \#(press)}"#,
      "e.jsonl:1:22: error: buttons[0]: unknown button 'left'; expected primary, secondary, tertiary or a number from 4 up"
    ),
    (
      "misspelt button", #"{"t": 0, "buttons": ["secondry"], \#(press)}"#,
      "e.jsonl:1:22: error: buttons[0]: unknown button 'secondry' (did you mean 'secondary'?); expected primary, secondary, tertiary or a number from 4 up"
    ),
    (
      "button number too small", #"{"t": 0, "buttons": [2], \#(press)}"#,
      "e.jsonl:1:22: error: buttons[0]: expected a button number from 4 to 62, found 2"
    ),
    (
      "unknown modifier", #"{"t": 0, "modifiers": ["option"], \#(press)}"#,
      "e.jsonl:1:24: error: modifiers[0]: unknown modifier 'option'; expected one of shift, control, alternate, command, capsLock, numericPad"
    ),
    (
      "press with no button", #"{"t": 0, "buttons": [], \#(press)}"#,
      "e.jsonl:1:21: error: a pointer press begins when a button goes down, but 'buttons' is empty"
    ),
    (
      "every button up and the press still down",
      "{\"t\": 0, \(press)}\n{\"t\": 0.1, \"buttons\": []}",
      "e.jsonl:2:23: error: every button lifted, but press 1 is still down: a pointer press ends when the last button lifts, so end it (phase ended) in this event"
    ),
    (
      "every button up while the press moves",
      "{\"t\": 0, \(press)}\n{\"t\": 0.1, \"buttons\": [], \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 12, \"y\": 10, \"type\": \"indirectPointer\"}]}",
      "e.jsonl:2:23: error: every button lifted, but press 1 is still down: a pointer press ends when the last button lifts, so end it (phase ended) in this event"
    ),
    (
      "hover with a button down", "{\"t\": 0, \(press)}\n{\"t\": 0.1, \"hover\": {\"x\": 1, \"y\": 1}}",
      "e.jsonl:2:21: error: hover while primary is down; a pointer with a button down is a press"
    ),
    (
      "second pointer press",
      "{\"t\": 0, \(press)}\n{\"t\": 0.1, \(press.replacingOccurrences(of: "\"id\": 1", with: "\"id\": 2"))}",
      "e.jsonl:2:23: error: a pointer press began while press 1 is down; the pointer has one press at a time"
    ),
    (
      "hover exited when not hovering", #"{"t": 0, "hover": "exited"}"#,
      "e.jsonl:1:19: error: hover: the pointer exited but it was not hovering in the window"
    ),
    (
      "hover missing y", #"{"t": 0, "hover": {"x": 1}}"#,
      "e.jsonl:1:19: error: hover: missing required field 'y'"
    ),
    (
      "unknown scroll type", #"{"t": 0, "scroll": {"x": 1, "y": 1, "dx": 0, "dy": 1, "type": "wheel"}}"#,
      "e.jsonl:1:63: error: scroll.type: unknown scroll type 'wheel'; expected discrete or continuous"
    ),
    (
      "continuous scroll changed before it began",
      #"{"t": 0, "scroll": {"x": 1, "y": 1, "dx": 0, "dy": 1, "type": "continuous", "phase": "changed"}}"#,
      "e.jsonl:1:86: error: scroll: a continuous scroll changed before it began"
    ),
    (
      "phase on a discrete scroll",
      #"{"t": 0, "scroll": {"x": 1, "y": 1, "dx": 0, "dy": 1, "phase": "began"}}"#,
      "e.jsonl:1:64: error: scroll.phase: only a continuous scroll has phases; a discrete one is a single tick"
    ),
  ]

  @Test("A bad pointer entry gets exit 65 with its line and column, and no trace", arguments: badScripts)
  func badScript(_ name: String, _ events: String, _ message: String) {
    let files = Files()
    let scenePath = files.write("s.json", Self.rows)
    let eventsPath = files.write("e.jsonl", events)
    for command in [["trace", scenePath, eventsPath], ["validate", scenePath, eventsPath]] {
      let result = gesturectl(command)
      #expect(result.code == 65, "\(name): \(command[0])")
      #expect(result.err == eventsPath.replacingOccurrences(of: "e.jsonl", with: "") + message + "\n", "\(name)")
      #expect(result.out == "", "\(name)")
    }
  }

  @Test("Hover and scroll lines are JSON lines with the fields of the trace format")
  func jsonLines() throws {
    let files = Files()
    let scenePath = files.write("s.json", Self.rows)
    let eventsPath = files.write(
      "e.jsonl",
      """
      {"t": 0, "modifiers": ["shift"], "hover": {"x": 10, "y": 500}}
      {"t": 0.1, "scroll": {"x": 10, "y": 500, "dx": 0, "dy": -40, "type": "discrete"}}
      {"t": 0.2, "hover": "exited"}
      """)
    let result = gesturectl(["trace", scenePath, eventsPath, "--format", "jsonl"])
    #expect(result.code == 0)
    #expect(
      result.out.split(separator: "\n").map(String.init) == [
        #"{"t":0,"kind":"hover","phase":"entered","x":10,"y":500,"view":"R"}"#,
        #"{"t":0.1,"kind":"scroll","dx":0,"dy":-40,"type":"discrete","x":10,"y":500,"view":"R"}"#,
        #"{"t":0.1,"kind":"state","recognizer":"wheel","from":"possible","to":"began","reason":"discrete scroll began"}"#,
        #"{"t":0.1,"kind":"action","recognizer":"wheel","state":"began","location":[10,500],"translation":[0,-40],"velocity":[0,0]}"#,
        #"{"t":0.2,"kind":"hover","phase":"exited","x":10,"y":500,"view":null}"#,
        #"{"t":0.35,"kind":"state","recognizer":"wheel","from":"began","to":"ended","reason":"discrete scroll ended"}"#,
        #"{"t":0.35,"kind":"action","recognizer":"wheel","state":"ended","location":[10,500],"translation":[0,-40],"velocity":[0,0]}"#,
        #"{"t":0.35,"kind":"reset","recognizer":"wheel"}"#,
      ])
  }

  @Test("The text trace and the timeline show hover and scroll, each in its own lane")
  func textAndTimeline() {
    let files = Files()
    let scenePath = files.write("s.json", Self.rows)
    let eventsPath = files.write(
      "e.jsonl",
      """
      {"t": 0, "hover": {"x": 10, "y": 10}}
      {"t": 0.1, "scroll": {"x": 10, "y": 10, "dx": 0, "dy": -40, "type": "discrete"}}
      """)
    let text = gesturectl(["trace", scenePath, eventsPath, "--format", "text"]).out
    #expect(text.contains("   0.000  hover     pointer        entered    (10, 10) in V\n"))
    #expect(text.contains("   0.100  scroll    pointer        discrete   by (0, -40) at (10, 10) in V\n"))
    for format in ["svg", "html"] {
      let drawing = gesturectl(["trace", scenePath, eventsPath, "--format", format]).out
      #expect(drawing.contains("data-lane=\"hover\""), "\(format)")
      #expect(drawing.contains("data-lane=\"scroll\""), "\(format)")
      #expect(drawing.contains("data-kind=\"hover\""), "\(format)")
      #expect(drawing.contains("data-kind=\"scroll\""), "\(format)")
    }
  }

  @Test("synth click, rightclick, hover and scroll replay as those gestures")
  func synth() throws {
    let files = Files()
    let scenePath = files.write("s.json", Self.rows)
    func explain(_ kind: [String], _ recognizer: String) -> String {
      let script = gesturectl(["synth"] + kind + ["--x", "50", "--y", "50"])
      #expect(script.code == 0)
      let eventsPath = files.write("\(kind.joined()).jsonl", script.out)
      return gesturectl(["explain", scenePath, eventsPath, recognizer]).out
    }
    #expect(explain(["click"], "click") == "click recognized at 0.080 s; 1 action sent.\n")
    #expect(
      explain(["rightclick"], "click") == "click failed at 0.000 s because pressed secondary, requires primary.\n")
    #expect(explain(["rightclick"], "menu") == "menu recognized at 0.080 s; 1 action sent.\n")
    #expect(
      explain(["hover"], "highlight")
        == "highlight began at 0.000 s (pointer entered V); highlight ended at 0.350 s (pointer left V); 8 actions sent.\n"
    )
    #expect(
      explain(["scroll"], "wheel")
        == "wheel began at 0.000 s (discrete scroll began); wheel ended at 0.350 s (discrete scroll ended); 4 actions sent.\n"
    )
    #expect(
      explain(["scroll", "--type", "continuous"], "wheel")
        == "wheel never received a touch or a scroll, so it never left possible: the script has only continuous scrolls, and it takes only discrete ones.\n"
    )
    #expect(
      explain(["click"], "highlight")
        == "highlight never saw the pointer hover over its view, so it never left possible: the script has no hover input.\n"
    )
    let bad = gesturectl(["synth", "scroll", "--type", "wheel"])
    #expect(bad.code == 64)
    #expect(bad.err.hasPrefix("Error: option '--type' expects discrete or continuous, found 'wheel'"))
  }

  @Test("synth scroll says when a wheel's 40 pt ticks cannot make the distance asked, and is silent when they do")
  func scrollTicks() {
    let rounded = gesturectl(["synth", "scroll", "--distance", "50"])
    #expect(rounded.code == 0)
    #expect(rounded.out.split(separator: "\n").count == 2)
    #expect(rounded.err == "synth: warning: a wheel scrolls 40 pt a tick: --distance 50 makes 2 ticks, 80 pt\n")
    let exact = gesturectl(["synth", "scroll", "--distance", "80"])
    #expect(exact.out.split(separator: "\n").count == 2)
    #expect(exact.err == "")
  }

  @Test("A tap's buttonMaskRequired and a pan's allowedScrollTypesMask are checked like any parameter")
  func sceneParameters() {
    let files = Files()
    let scenePath = files.write(
      "s.json", scene(#"[{"name": "t", "kind": "tap", "view": "V", "buttonMaskRequired": ["secundary"]}]"#))
    let result = gesturectl(["validate", scenePath])
    #expect(result.code == 65)
    #expect(
      result.err.contains(
        "error: recognizers[0].buttonMaskRequired: unknown value 'secundary' (did you mean 'secondary'?)"))
    let none = files.write(
      "n.json", scene(#"[{"name": "p", "kind": "pan", "view": "V", "allowedScrollTypesMask": []}]"#))
    #expect(gesturectl(["validate", none]).code == 0)
    // Button numbers, as numbers or strings, up to the script's 62; one out of range names the rest.
    let numbered = files.write(
      "b.json", scene(#"[{"name": "t", "kind": "tap", "view": "V", "buttonMaskRequired": [4, "62", "secondary"]}]"#))
    #expect(gesturectl(["validate", numbered]).code == 0)
    let outOfRange = files.write(
      "o.json", scene(#"[{"name": "t", "kind": "tap", "view": "V", "buttonMaskRequired": [63]}]"#))
    let rejected = gesturectl(["validate", outOfRange])
    #expect(rejected.code == 65)
    #expect(
      rejected.err.contains(
        "error: recognizers[0].buttonMaskRequired: unknown value '63'; expected one of primary, secondary, tertiary, 4…62"
      ), "\(rejected.err)")
    let fraction = files.write(
      "f.json", scene(#"[{"name": "t", "kind": "tap", "view": "V", "buttonMaskRequired": [4.5]}]"#))
    #expect(
      gesturectl(["validate", fraction]).err.contains(
        "error: recognizers[0].buttonMaskRequired: expected one of primary, secondary, tertiary, 4…62, found 4.5"))
    let list = gesturectl(["list"]).out
    #expect(list.contains("array of primary|secondary|tertiary|4…62 default [\"primary\"]"), "\(list)")
    #expect(list.contains("allowedScrollTypesMask"))
    #expect(list.contains("hover"))
  }
}
