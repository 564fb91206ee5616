import Foundation
import Testing

@testable import GestureCtlKit

/// What a new user tripped over, each pinned down.
@Suite("gesturectl's rough edges")
struct RoughEdgesTests {
  @Test("In the text format a changed state line and its action fold into one line")
  func foldChanged() {
    let text = gesturectl([
      "trace", example("swipe-pan.scene.json"), example("swipe-pan-slow.events.jsonl"), "--format", "text",
    ]).out
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "   0.900  ▶ changed pan            began → changed      at (190, 200)  translation (30, 0)  velocity (300, 0)")
    )
    #expect(!lines.contains { $0.contains("state     pan            began → changed") })
    #expect(!lines.contains { $0.contains("▶ action  pan            changed") })
    // Every other line is as before: the fold removes exactly one line.
    let jsonl = gesturectl([
      "trace", example("swipe-pan.scene.json"), example("swipe-pan-slow.events.jsonl"), "--format", "jsonl",
    ]).out
    #expect(lines.count == 1 + jsonl.split(separator: "\n").count - 1)
  }

  @Test("A changed state line with no action after it is printed as it is")
  func changedWithoutAction() {
    let output = StringOutput()
    let writer = StreamingTraceWriter(format: .text, output: output)
    writer.record(.init(time: .zero, kind: .state(recognizer: "p", from: .began, to: .changed, reason: "moved")))
    writer.record(.init(time: .zero, kind: .reset(recognizer: "q")))
    writer.record(.init(time: .zero, kind: .state(recognizer: "p", from: .changed, to: .changed, reason: "again")))
    writer.finish()
    #expect(
      output.text == """
           0.000  state     p              began → changed      moved
           0.000  reset     q
           0.000  state     p              changed → changed    again

        """)
  }

  @Test("A script that fails validation prints no trace header, in any format")
  func noHeaderForBadScript() {
    let files = Files()
    let bad = files.write("e.jsonl", #"{"t": 0, "touches": [{"id": 1, "phase": "moved", "x": 1, "y": 1}]}"#)
    for format in ["text", "jsonl", "svg", "html"] {
      let result = gesturectl(["trace", example("tap-doubletap.scene.json"), bad, "--format", format])
      #expect(result.code == 65)
      #expect(result.out == "", "\(format)")
      #expect(result.err.contains("e.jsonl:1:41: error: touches[0]: touch 1 moved before it began"))
    }
  }

  @Test("Swapping the scene and the script gets a message that says so", arguments: ["trace", "explain", "validate"])
  func swappedArguments(_ command: String) {
    var words = [command, example("tap-doubletap-single.events.jsonl"), example("tap-doubletap.scene.json")]
    if command == "explain" { words.append("tap") }
    let result = gesturectl(words)
    #expect(result.code == 64)
    #expect(result.out == "")
    #expect(
      result.err.hasPrefix(
        "Error: the arguments are swapped: '\(example("tap-doubletap-single.events.jsonl"))' is an event script and '\(example("tap-doubletap.scene.json"))' a scene; give the scene first, then the events"
      ))
  }

  @Test("A bad scene that is not a swapped script keeps its own error")
  func badSceneNotSwapped() {
    let files = Files()
    let bad = files.write("s.json", #"{"views": 3}"#)
    let result = gesturectl(["trace", bad, example("tap-doubletap-single.events.jsonl")])
    #expect(result.code == 65)
    #expect(result.err.contains("views: expected an array"))
  }

  @Test("A script whose fingers never lift gets a warning, and is still traced")
  func fingersNeverLift() {
    let files = Files()
    let script = files.write(
      "e.jsonl",
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200}, {"id": 2, "phase": "began", "x": 210, "y": 200}]}
      {"t": 0.1, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 200}]}
      {"t": 0.2, "touches": [{"id": 3, "phase": "began", "x": 220, "y": 200}]}
      """)
    let warning =
      "\(script): warning: touches 2, 3 never lift (no 'ended' or 'cancelled' phase): recognizers that wait for the lift will not finish\n"
    let trace = gesturectl(["trace", example("tap-doubletap.scene.json"), script])
    #expect(trace.code == 0)
    #expect(trace.err == warning)
    #expect(trace.out.hasPrefix("    time  what"))
    let validate = gesturectl(["validate", example("tap-doubletap.scene.json"), script])
    #expect(validate.code == 0)
    #expect(validate.err == warning)
    let lifted = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"),
    ])
    #expect(lifted.err == "")
  }

  @Test(
    "A recording that ends with a finger down (cut after a whole frame) gets the same warning as a script, and is still traced"
  )
  func recordingEndsWithAFingerDown() throws {
    let files = Files()
    // The tap's recording up to the frame after the finger lands: a clean cut, no half frame.
    let whole = try String(contentsOfFile: example("recordings/tap-protocol-b.evemu"), encoding: .utf8)
    var lines: [Substring] = []
    var reports = 0
    for line in whole.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append(line)
      if line.contains("SYN_REPORT") { reports += 1 }
      if reports == 2 { break }
    }
    let cut = files.write("cut.evemu", lines.joined(separator: "\n") + "\n")
    let scene = example("recordings/photo.scene.json")
    let warning =
      "\(cut): warning: touch 1 never lifts (the recording ends with it down): recognizers that wait for the lift will not finish\n"
    let trace = gesturectl(["trace", scene, cut])
    #expect(trace.code == 0)
    #expect(trace.err == warning)
    #expect(trace.out.hasPrefix("    time  what"))
    let validate = gesturectl(["validate", scene, cut])
    #expect(validate.code == 0)
    #expect(validate.err == warning)
    let uncut = gesturectl(["trace", scene, example("recordings/tap-protocol-b.evemu")])
    #expect(uncut.err == "")
  }

  @Test(
    "A file written over several lines given as a script is told what a script is, or that it is a scene; a line cut short is told it ends early"
  )
  func prettyPrintedScript() {
    let files = Files()
    let scene = example("tap-doubletap.scene.json")
    let cases = [
      (
        files.write("e.jsonl", "{\"t\": 0,\n \"touches\": []}\n"),
        ":1:9: error: the line ends before its JSON object does: an event script holds one JSON object per line, or a JSON array of them from its first line; is this a script written over several lines?"
      ),
      (
        scene,
        ":1:2: error: the line ends before its JSON object does: this file is a scene (it has \"views\"), not an event script"
      ),
      (
        files.write("cut.jsonl", "{\"t\": 0, \"touches\": []}\n{\"t\": 0.1, \"touches\": [\n"),
        ":2:24: error: the line ends before its JSON object does (an event script holds one object per line)"
      ),
    ]
    for (bad, message) in cases {
      for command in ["trace", "validate"] {
        let result = gesturectl([command, scene, bad])
        #expect(result.code == 65)
        #expect(result.out == "")
        // Once, also where validate reports every bad line.
        #expect(result.err == "\(bad)\(message)\n", "\(command)")
      }
    }
  }

  @Test("A mouse recording that ends with a button pressed gets a warning of its own, not one about touches")
  func recordingEndsWithAButtonPressed() throws {
    let files = Files()
    // The click's recording up to the frame of its press.
    let whole = try String(contentsOfFile: example("recordings/mouse-click.evemu"), encoding: .utf8)
    var lines: [Substring] = []
    var pressed = false
    for line in whole.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append(line)
      if line.contains("BTN_LEFT            1") { pressed = true }
      if pressed && line.contains("SYN_REPORT") { break }
    }
    let cut = files.write("cut.evemu", lines.joined(separator: "\n") + "\n")
    let result = gesturectl(["validate", example("list-row.scene.json"), cut])
    #expect(result.code == 0)
    #expect(
      result.err
        == "\(cut): warning: a button is still pressed at the end (the recording ends with it down): recognizers that wait for its release will not finish\n"
    )
  }

  @Test("An empty script gets a warning, and traces the scene with no event")
  func emptyScript() {
    let files = Files()
    let empty = files.write("e.jsonl", "")
    let warning = "\(empty): warning: the script holds no events\n"
    let trace = gesturectl(["trace", example("tap-doubletap.scene.json"), empty])
    #expect(trace.code == 0)
    #expect(trace.err == warning)
    let validate = gesturectl(["validate", example("tap-doubletap.scene.json"), empty])
    #expect(validate.code == 0)
    #expect(validate.err == warning)
    #expect(validate.out.hasSuffix("\(empty): ok: 0 events\n"))
  }

  @Test("validate reports every schema error of a scene, each with its place, not only the first")
  func everySchemaError() {
    let files = Files()
    let path = files.write(
      "s.json",
      """
      {"format": "gesture-scene/1",
       "views": [{"name": "R", "frame": [0, 0, 400, 800], "subviews": [
         {"name": "V", "frame": [0, 0, 400], "hidden": true}]}],
       "recognizers": [
         {"name": "tap", "kind": "tap", "view": "V", "numberOfTaps": 2},
         {"name": "press", "kind": "longPress", "view": "W", "minimumPressDuration": "long"},
         {"name": "swipe", "kind": "swype", "view": "V", "requireToFail": ["tapp"]}],
       "delegates": [{"name": "d", "shouldBegin": ["pres"], "shouldRecognise": []}]}
      """)
    let result = gesturectl(["validate", path])
    #expect(result.code == 65)
    #expect(result.out == "")
    #expect(
      result.err.split(separator: "\n").map(String.init) == [
        "\(path):3:27: error: views[0].subviews[0].frame: expected [x, y, width, height]: four numbers",
        "\(path):3:50: error: views[0].subviews[0].hidden: unknown field 'hidden' (did you mean 'isHidden'?)",
        "\(path):5:64: error: recognizers[0].numberOfTaps: unknown field 'numberOfTaps' for kind 'tap' (did you mean 'numberOfTapsRequired'?); tap takes numberOfTapsRequired, numberOfTouchesRequired, allowableMovement, maximumIntervalBetweenSuccessiveTaps, maximumTapDuration, allowableTouchTimeSeparation, buttonMaskRequired, besides the common fields name, kind, view, isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, allowedTouchTypes, requiresExclusiveTouchType, requireToFail, delegate",
        "\(path):6:51: error: recognizers[1].view: no view named 'W' (did you mean 'R'?)",
        "\(path):6:80: error: recognizers[1].minimumPressDuration: expected seconds 0…3600, found \"long\"",
        "\(path):7:30: error: recognizers[2].kind: unknown kind 'swype' (did you mean 'swipe'?); known kinds: tap, swipe, pan, longPress, pinch, rotation, screenEdgePan, hover",
        "\(path):7:70: error: recognizers[2].requireToFail: no recognizer named 'tapp' (did you mean 'tap'?)",
        "\(path):8:46: error: delegates[0].shouldBegin: no recognizer named 'pres' (did you mean 'press'?)",
        "\(path):8:74: error: delegates[0].shouldRecognise: unknown field 'shouldRecognise' (did you mean 'shouldRecognizeSimultaneouslyWith'?)",
      ])
    // Every command that reads the scene says the same.
    let trace = gesturectl(["trace", path, example("tap-doubletap-single.events.jsonl")])
    #expect(trace.code == 65)
    #expect(trace.err == result.err)
  }

  @Test("validate reports every bad line of a JSON-lines script")
  func everyBadScriptLine() {
    let files = Files()
    let script = files.write(
      "e.jsonl",
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200}]}
      {"t": 0.1, "touches": [{"id": 1, "phase": "moovd", "x": 200, "y": 200}]}
      {"t": 0.2, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 200}]}
      {"t": 0.1}
      {"t": 0.3, "touch": []}
      """)
    let result = gesturectl(["validate", example("tap-doubletap.scene.json"), script])
    #expect(result.code == 65)
    #expect(result.out == "")
    #expect(
      result.err == """
        \(script):2:43: error: touches[0].phase: unknown phase 'moovd' (did you mean 'moved'?); expected one of began, moved, stationary, ended, cancelled
        \(script):4:7: error: time goes backwards: 0.1 s after 0.2 s
        \(script):5:21: error: unknown field 'touch' (did you mean 'touches'?)

        """)
  }

  @Test("validate treats a cycle of failure requirements as an error, as inspect does")
  func cycleIsAnError() {
    let files = Files()
    let path = files.write(
      "s.json",
      scene(
        #"[{"name": "a", "kind": "tap", "view": "V", "requireToFail": ["b"]}, {"name": "b", "kind": "tap", "view": "V", "requireToFail": ["a"]}]"#
      ))
    let result = gesturectl(["validate", path])
    #expect(result.code == 1)
    #expect(result.out == "")
    // Placed at the cycle's first requirement: "b" in a's requireToFail.
    #expect(
      result.err
        == "\(path):4:78: error: cycle of failure requirements: a → b → a; the runtime ignores these requirements and the recognizers compete by plain exclusion\n"
    )
    #expect(gesturectl(["inspect", path]).code == 1)
    // A cycle a delegate makes is placed at its first pair.
    let delegated = files.write(
      "d.json",
      """
      {"views": [{"name": "V", "frame": [0, 0, 100, 100]}],
       "recognizers": [{"name": "a", "kind": "tap", "view": "V", "delegate": "d"},
                       {"name": "b", "kind": "tap", "view": "V", "delegate": "d"}],
       "delegates": [{"name": "d", "shouldRequireFailureOf": [["a", "b"], ["b", "a"]]}]}
      """)
    let fromDelegate = gesturectl(["validate", delegated])
    #expect(fromDelegate.code == 1)
    #expect(fromDelegate.err.hasPrefix("\(delegated):4:57: error: cycle of failure requirements: a → b → a;"))
    // A pair with "*" is a place too; so is the name of a recognizer that requires itself.
    let starred = files.write(
      "star.json",
      """
      {"views": [{"name": "V", "frame": [0, 0, 100, 100]}],
       "recognizers": [{"name": "a", "kind": "tap", "view": "V", "delegate": "d"},
                       {"name": "b", "kind": "tap", "view": "V", "delegate": "d"},
                       {"name": "c", "kind": "tap", "view": "V", "requireToFail": ["c"]}],
       "delegates": [{"name": "d", "shouldRequireFailureOf": [["a", "*"], ["b", "a"]]}]}
      """)
    let fromStar = gesturectl(["validate", starred])
    #expect(fromStar.code == 1)
    #expect(
      fromStar.err
        == "\(starred):4:78: warning: c requires itself to fail; ignored (recognizers[2].requireToFail)\n"
        + "\(starred):5:57: error: cycle of failure requirements: a → b → a; the runtime ignores these requirements and the recognizers compete by plain exclusion\n"
    )
  }

  @Test("validate counts in singular and plural")
  func pluralization() {
    let files = Files()
    let one = files.write(
      "s.json",
      #"{"views": [{"name": "R", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "t", "kind": "tap", "view": "R", "delegate": "d"}], "delegates": [{"name": "d"}]}"#
    )
    let script = files.write("e.jsonl", #"{"t": 0}"#)
    #expect(
      gesturectl(["validate", one, script]).out
        == "\(one): ok: 1 view, 1 recognizer, 1 delegate\n\(script): ok: 1 event\n")
    let many = gesturectl(["validate", example("tap-doubletap.scene.json")])
    #expect(many.out == "\(example("tap-doubletap.scene.json")): ok: 2 views, 2 recognizers, 1 delegate\n")
  }

  @Test("A duration that looks like milliseconds gets a warning")
  func millisecondDurations() {
    let files = Files()
    let path = files.write(
      "s.json", scene(#"[{"name": "press", "kind": "longPress", "view": "V", "minimumPressDuration": 600}]"#))
    let warning =
      "recognizers[0].minimumPressDuration is 600 s, which looks like milliseconds: durations are in seconds (0.6 for 600 ms)"
    let validate = gesturectl(["validate", path])
    #expect(validate.code == 0)
    // Placed at the value.
    #expect(validate.err == "\(path):4:94: warning: \(warning)\n")
    #expect(gesturectl(["inspect", path]).out.contains("  warning: \(warning)\n"))
    let seconds = files.write(
      "t.json", scene(#"[{"name": "press", "kind": "longPress", "view": "V", "minimumPressDuration": 1.5}]"#))
    #expect(gesturectl(["validate", seconds]).err == "")
  }
}
