import Foundation
import Testing

@testable import GestureCtlKit

@Suite("gesturectl trace, explain, validate")
struct TraceCommandTests {
  @Test("trace prints the spec's JSON lines for the tap / double-tap example")
  func traceJSONL() {
    let result = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--format", "jsonl",
    ])
    #expect(result.code == 0)
    #expect(result.err == "")
    #expect(
      result.out.split(separator: "\n").map(String.init) == [
        #"{"t":0,"kind":"touch","touch":1,"phase":"began","x":200,"y":200,"view":"photo"}"#,
        #"{"t":0,"kind":"view","view":"photo","call":"touchesBegan","touches":[1]}"#,
        #"{"t":0.08,"kind":"touch","touch":1,"phase":"ended","x":200,"y":200,"view":"photo"}"#,
        #"{"t":0.08,"kind":"wait","recognizer":"tap","wants":"ended","waitingFor":["doubleTap"]}"#,
        #"{"t":0.43,"kind":"state","recognizer":"doubleTap","from":"possible","to":"failed","reason":"tap 2 did not begin within 0.35 s"}"#,
        #"{"t":0.43,"kind":"state","recognizer":"tap","from":"possible","to":"ended","reason":"released: doubleTap failed"}"#,
        #"{"t":0.43,"kind":"action","recognizer":"tap","state":"ended","location":[200,200]}"#,
        #"{"t":0.43,"kind":"view","view":"photo","call":"touchesCancelled","touches":[1]}"#,
        #"{"t":0.43,"kind":"reset","recognizer":"tap"}"#,
        #"{"t":0.43,"kind":"reset","recognizer":"doubleTap"}"#,
      ])
  }

  @Test("The README's trace is exactly what trace --format text prints")
  func readmeTrace() throws {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    let start = try #require(readme.range(of: "<!-- trace:tap-doubletap-single -->\n```text\n"))
    let end = try #require(readme.range(of: "```\n<!-- end -->", range: start.upperBound..<readme.endIndex))
    let shown = String(readme[start.upperBound..<end.lowerBound])
    let result = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--format", "text",
    ])
    #expect(result.out == shown)
  }

  @Test("The README's explanation is exactly what explain prints")
  func readmeExplain() throws {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    let explanation = gesturectl([
      "explain", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "tap",
    ])
    #expect(readme.contains("```text\n" + explanation.out + "```"))
  }

  @Test("The text format is the default whatever standard output is; options may come first")
  func defaultFormat() {
    for terminal in [true, false] {
      let result = gesturectl(
        ["trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl")],
        terminal: terminal)
      let text = gesturectl([
        "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--format", "text",
      ])
      #expect(result.out == text.out)
      #expect(result.out.hasPrefix("    time  what"))
    }
    let piped = gesturectl([
      "trace", "--format=jsonl", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"),
    ])
    #expect(piped.out.hasPrefix("{\"t\":0,"))
  }

  @Test("A script may be a JSON array; commands change the scene at their time")
  func arrayScriptAndCommands() {
    let files = Files()
    let scenePath = files.write("s.json", scene(#"[{"name": "pan", "kind": "pan", "view": "V"}]"#))
    let script = files.write(
      "e.json",
      """
      [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100}]},
       {"t": 0.1, "touches": [{"id": 1, "phase": "moved", "x": 130, "y": 100}]},
       {"t": 0.2, "command": "setEnabled", "recognizer": "pan", "value": false},
       {"t": 0.3, "touches": [{"id": 1, "phase": "ended", "x": 130, "y": 100}]}]
      """)
    let result = gesturectl(["trace", scenePath, script, "--format", "jsonl"])
    #expect(result.code == 0)
    #expect(
      result.out.contains(
        #"{"t":0.2,"kind":"state","recognizer":"pan","from":"began","to":"cancelled","reason":"disabled"}"#))
  }

  @Test("explain tells why the single tap fired late, and why it did not fire on a double tap")
  func explain() {
    let single = gesturectl([
      "explain", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "tap",
    ])
    #expect(
      single.out
        == "tap asked for ended at 0.080 s but waited for doubleTap to fail; doubleTap failed at 0.430 s because tap 2 did not begin within 0.35 s; tap recognized at 0.430 s (released: doubleTap failed); 1 action sent.\n"
    )
    let double = gesturectl([
      "explain", example("tap-doubletap.scene.json"), example("tap-doubletap-double.events.jsonl"), "tap",
    ])
    #expect(
      double.out
        == "tap asked for ended at 0.080 s but waited for doubleTap to fail; doubleTap recognized at 0.280 s; tap failed at 0.280 s because required failure of doubleTap, which recognized.\n"
    )
  }

  @Test("explain says when a recognizer never received a touch, and why")
  func explainNeverReached() {
    let files = Files()
    let scenePath = files.write(
      "s.json",
      scene(#"[{"name": "tap", "kind": "tap", "view": "W"}]"#, subviews: #"{"name": "W", "frame": [0, 500, 100, 100]}"#)
    )
    let script = files.write("e.jsonl", #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}]}"#)
    let result = gesturectl(["explain", scenePath, script, "tap"])
    #expect(
      result.out
        == "tap never received a touch, so it never left possible: touches hit V, and tap is on W, which none of them is or is inside.\n"
    )
    let unknown = gesturectl(["explain", scenePath, script, "tapp"])
    #expect(unknown.code == 64)
    #expect(unknown.err.contains("no recognizer named 'tapp'"))
    #expect(unknown.err.contains("did you mean 'tap'?"))
  }

  @Test("validate reports what it checked")
  func validate() {
    let result = gesturectl(["validate", example("swipe-pan.scene.json"), example("swipe-pan-slow.events.jsonl")])
    #expect(result.code == 0)
    #expect(
      result.out
        == "\(example("swipe-pan.scene.json")): ok: 2 views, 2 recognizers, 1 delegate\n\(example("swipe-pan-slow.events.jsonl")): ok: 6 events\n"
    )
  }

  // A drag that covers the swipe's decaying distance within 0.5 s is a swipe (behaviour reference §4, no
  // minimum speed), so the pan case drags upward, which the right-only swipe rules out.
  @Test(
    "synth writes scripts that replay as the gesture they name",
    arguments: [
      ("tap", "tap possible → ended", [String]()), ("doubletap", "doubleTap possible → ended", []),
      ("pan", "pan possible → began", ["--direction", "up"]), ("swipe", "swipe possible → ended", []),
      ("longpress", "press possible → began", []),
    ])
  func synth(_ kind: String, _ expected: String, _ options: [String]) throws {
    let files = Files()
    let scenePath = files.write(
      "s.json",
      scene(
        """
        [{"name": "doubleTap", "kind": "tap", "view": "V", "numberOfTapsRequired": 2},
         {"name": "tap", "kind": "tap", "view": "V", "requireToFail": ["doubleTap"]},
         {"name": "swipe", "kind": "swipe", "view": "V"},
         {"name": "pan", "kind": "pan", "view": "V", "requireToFail": ["swipe"]},
         {"name": "press", "kind": "longPress", "view": "V"}]
        """))
    let script = gesturectl(["synth", kind, "--x", "100", "--y", "200"] + options)
    #expect(script.code == 0)
    let path = files.write("e.jsonl", script.out)
    let jsonl = gesturectl(["trace", scenePath, path, "--format", "jsonl"])
    #expect(jsonl.code == 0)
    let states = jsonl.out.split(separator: "\n").filter {
      $0.contains("\"kind\":\"state\"") && $0.contains("\"from\":\"possible\"")
    }
    let first = try #require(states.first { !$0.contains("\"to\":\"failed\"") })
    let parts = expected.split(separator: " ")
    #expect(first.contains("\"recognizer\":\"\(parts[0])\""))
    #expect(first.contains("\"to\":\"\(parts[3])\""))
  }

  @Test("synth pinch moves two fingers apart by the scale; bad options are usage errors")
  func synthPinch() {
    let result = gesturectl(["synth", "pinch", "--distance", "100", "--scale", "2", "--duration", "0.032"])
    #expect(
      result.out == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 150, "y": 200}, {"id": 2, "phase": "began", "x": 250, "y": 200}]}
        {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 125, "y": 200}, {"id": 2, "phase": "moved", "x": 275, "y": 200}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 100, "y": 200}, {"id": 2, "phase": "moved", "x": 300, "y": 200}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "ended", "x": 100, "y": 200}, {"id": 2, "phase": "ended", "x": 300, "y": 200}]}

        """)
    #expect(gesturectl(["synth", "pinch", "--fingers", "3"]).code == 64)
    #expect(gesturectl(["synth", "wave"]).err.contains("unknown gesture 'wave'"))
    #expect(gesturectl(["synth", "tap", "--duration", "-1"]).code == 64)
    #expect(gesturectl(["synth", "pan", "--direction", "sideways"]).code == 64)
  }

  @Test("synth longpress --taps: the taps before the press are taps, so a long press that wants them recognizes")
  func longPressAfterTaps() {
    let files = Files()
    let scene = files.write(
      "lp.scene.json",
      #"{"format": "gesture-scene/1", "views": [{"name": "w", "frame": [0, 0, 400, 800]}], "recognizers": [{"name": "lp", "kind": "longPress", "view": "w", "numberOfTapsRequired": 1}]}"#
    )
    let script = gesturectl(["synth", "longpress", "--taps", "1"])
    #expect(
      script.out == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200}]}
        {"t": 0.08, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 200}]}
        {"t": 0.2, "touches": [{"id": 2, "phase": "began", "x": 200, "y": 200}]}
        {"t": 1, "touches": [{"id": 2, "phase": "ended", "x": 200, "y": 200}]}

        """)
    let events = files.write("lp.events.jsonl", script.out)
    #expect(gesturectl(["explain", scene, events, "lp"]).out.hasPrefix("lp began at 0.700 s"))
  }

  @Test("synth tap takes 1 to 100 taps, as its help says; a continuous scroll lasts its default 0.3 s")
  func synthCounts() {
    let none = gesturectl(["synth", "tap", "--taps", "0"])
    #expect(none.code == 64)
    #expect(none.err.hasPrefix("Error: option '--taps' expects a whole number from 1 to 100, found '0'"))
    #expect(gesturectl(["synth", "tap", "--help"]).out.contains("Taps (default 1), 1 to 100."))
    #expect(gesturectl(["synth", "longpress", "--taps", "0"]).code == 0)
    let scroll = gesturectl(["synth", "scroll", "--type", "continuous"]).out.split(separator: "\n")
    #expect(scroll.last?.hasPrefix(#"{"t": 0.288, "#) == true, "\(scroll)")
    #expect(scroll.last?.hasSuffix(#""phase": "ended"}}"#) == true, "\(scroll)")
  }
}
