import Foundation
import Testing

@testable import GestureCtlKit

/// Every class of bad input: its exit code, a message that says where and what was expected, and
/// nothing on standard output.
@Suite("gesturectl bad input")
struct BadInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let scene: String
    let events: String?
    let code: Int32
    let message: String
    var testDescription: String { name }
  }

  static let tap = #"[{"name": "tap", "kind": "tap", "view": "V"}]"#
  static let ok = #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1}]}"#

  static let sceneCases: [Case] = [
    Case(
      name: "syntax error", scene: "{\"views\": [\n  {\"name\": \"R\",, }]}", events: nil, code: 65,
      message: "s.json:2:16: error: expected a member name in double quotes, found ','"),
    Case(
      name: "truncated JSON", scene: #"{"views": [{"name": "R""#, events: nil, code: 65,
      message: "s.json:1:24: error: unterminated object: expected ',' or '}'"),
    Case(
      name: "unknown kind", scene: scene(#"[{"name": "t", "kind": "tapp", "view": "V"}]"#), events: nil, code: 65,
      message:
        "error: recognizers[0].kind: unknown kind 'tapp' (did you mean 'tap'?); known kinds: tap, swipe, pan, longPress"
    ),
    Case(
      name: "unknown parameter",
      scene: scene(#"[{"name": "t", "kind": "tap", "view": "V", "numberOfTapRequired": 2}]"#), events: nil, code: 65,
      message:
        "error: recognizers[0].numberOfTapRequired: unknown field 'numberOfTapRequired' for kind 'tap' (did you mean 'numberOfTapsRequired'?)"
    ),
    Case(
      name: "wrong type", scene: scene(#"[{"name": "t", "kind": "tap", "view": "V", "numberOfTapsRequired": "two"}]"#),
      events: nil, code: 65,
      message: #"error: recognizers[0].numberOfTapsRequired: expected a whole number 1…1000, found "two""#),
    Case(
      name: "out of range",
      scene: scene(#"[{"name": "t", "kind": "longPress", "view": "V", "minimumPressDuration": -1}]"#), events: nil,
      code: 65,
      message: "error: recognizers[0].minimumPressDuration: expected seconds 0…3600, found -1"),
    Case(
      name: "dangling view", scene: scene(#"[{"name": "t", "kind": "tap", "view": "W"}]"#), events: nil, code: 65,
      message: "error: recognizers[0].view: no view named 'W'"),
    Case(
      name: "dangling requirement",
      scene: scene(
        #"[{"name": "tap", "kind": "tap", "view": "V", "requireToFail": ["dubleTap"]}, {"name": "doubleTap", "kind": "tap", "view": "V"}]"#
      ), events: nil, code: 65,
      message: "error: recognizers[0].requireToFail: no recognizer named 'dubleTap' (did you mean 'doubleTap'?)"),
    Case(
      name: "dangling delegate", scene: scene(#"[{"name": "t", "kind": "tap", "view": "V", "delegate": "d"}]"#),
      events: nil, code: 65,
      message: "error: recognizers[0].delegate: no delegate named 'd'"),
    Case(
      name: "duplicate recognizer",
      scene: scene(#"[{"name": "t", "kind": "tap", "view": "V"}, {"name": "t", "kind": "pan", "view": "V"}]"#),
      events: nil, code: 65,
      message: "error: recognizers[1].name: duplicate recognizer name 't'"),
    Case(
      name: "duplicate view", scene: scene("[]", subviews: #"{"name": "V", "frame": [0, 0, 1, 1]}"#), events: nil,
      code: 65,
      message: "error: views[0].subviews[1].name: duplicate view name 'V'"),
    Case(
      name: "negative size", scene: scene("[]", subviews: #"{"name": "W", "frame": [0, 0, -1, 1]}"#), events: nil,
      code: 65,
      message: "error: views[0].subviews[1].frame: width and height cannot be negative"),
    Case(
      name: "bad transform scale",
      scene: scene("[]", subviews: #"{"name": "W", "frame": [0, 0, 1, 1], "transform": {"scale": 2}}"#), events: nil,
      code: 65,
      message: "error: views[0].subviews[1].transform.scale: expected [sx, sy]: two numbers"),
    Case(
      name: "unknown transform field",
      scene: scene("[]", subviews: #"{"name": "W", "frame": [0, 0, 1, 1], "transform": {"rotate": 1}}"#), events: nil,
      code: 65,
      message:
        "error: views[0].subviews[1].transform.rotate: unknown field 'rotate' (did you mean 'rotation'?); expected scale, rotation or translation"
    ),
    Case(
      name: "negative bounds",
      scene: scene("[]", subviews: #"{"name": "W", "frame": [0, 0, 1, 1], "bounds": [0, 0, -1, 1]}"#), events: nil,
      code: 65,
      message: "error: views[0].subviews[1].bounds: width and height cannot be negative"),
    Case(
      name: "unknown view field",
      scene: scene("[]", subviews: #"{"name": "W", "frame": [0, 0, 1, 1], "hidden": true}"#), events: nil, code: 65,
      message: "error: views[0].subviews[1].hidden: unknown field 'hidden' (did you mean 'isHidden'?)"),
    Case(
      name: "wrong format", scene: #"{"format": "gesture-scene/2", "views": []}"#, events: nil, code: 65,
      message: #"s.json:1:12: error: format: expected "gesture-scene/1", found "gesture-scene/2""#),
    Case(
      name: "huge number", scene: #"{"views": [{"name": "R", "frame": [0, 0, 1e999, 1]}]}"#, events: nil, code: 65,
      message: "s.json:1:42: error: number 1e999 is out of range"),
    Case(
      name: "deep nesting", scene: String(repeating: "[", count: 100_000), events: nil, code: 65,
      message: "s.json:1:4097: error: nesting deeper than 4096 levels"),
    Case(
      name: "invalid UTF-8", scene: "{\"views\": \"\u{FFFD}\"}".replacingOccurrences(of: "\u{FFFD}", with: "\u{1}"),
      events: nil, code: 65,
      message: "s.json:1:12: error: control character in string (escape it)"),
    Case(
      name: "bad delegate pair",
      scene: scene(Self.tap, delegates: #"[{"name": "d", "shouldRequireFailureOf": [["tap"]]}]"#), events: nil,
      code: 65,
      message:
        "error: delegates[0].shouldRequireFailureOf[0]: expected a pair [gestureRecognizer, otherGestureRecognizer]"),
  ]

  static let scriptCases: [Case] = [
    Case(
      name: "time goes backwards", scene: scene(tap), events: "\(ok)\n{\"t\": -0}\n{\"t\": 0.5}\n{\"t\": 0.2}",
      code: 65,
      message: "e.jsonl:4:7: error: time goes backwards: 0.2 s after 0.5 s"),
    Case(
      name: "move before began", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 7, "phase": "moved", "x": 1, "y": 1}]}"#, code: 65,
      message: "e.jsonl:1:41: error: touches[0]: touch 7 moved before it began"),
    Case(
      name: "second began", scene: scene(tap), events: "\(ok)\n\(ok)", code: 65,
      message: "e.jsonl:2:41: error: touches[0]: touch 1 began again while it is still down"),
    Case(
      name: "unknown phase", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 1, "phase": "begun", "x": 1, "y": 1}]}"#, code: 65,
      message:
        "e.jsonl:1:41: error: touches[0].phase: unknown phase 'begun' (did you mean 'began'?); expected one of began, moved, stationary, ended, cancelled"
    ),
    Case(
      name: "touch id beyond the range", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 9223372036854775807, "phase": "began", "x": 1, "y": 1}]}"#, code: 65,
      message:
        "e.jsonl:1:29: error: touches[0].id: expected a whole number from -9e15 to 9e15, found 9.223372036854776e+18"),
    Case(
      name: "coordinate beyond the range", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 2e12, "y": 1}]}"#, code: 65,
      message: "e.jsonl:1:55: error: touches[0].x: expected a number of points from -1e12 to 1e12, found 2000000000000"),
    Case(
      name: "non-finite coordinate", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1e400, "y": 1}]}"#, code: 65,
      message: "e.jsonl:1:55: error: number 1e400 is out of range"),
    Case(
      name: "missing coordinate", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1}]}"#, code: 65,
      message: "e.jsonl:1:22: error: touches[0]: missing required field 'y'"),
    Case(
      name: "unknown command", scene: scene(tap), events: #"{"t": 0, "command": "disable", "recognizer": "tap"}"#,
      code: 65,
      message:
        "e.jsonl:1:21: error: command: unknown command 'disable'; expected one of setEnabled, removeFromSuperview, removeRecognizer"
    ),
    Case(
      name: "command on unknown recognizer", scene: scene(tap),
      events: #"{"t": 0, "command": "removeRecognizer", "recognizer": "tapp"}"#, code: 65,
      message: "e.jsonl:1:55: error: recognizer: no recognizer named 'tapp' (did you mean 'tap'?)"),
    Case(
      name: "command not a string", scene: scene(tap), events: #"{"t": 0, "command": 5}"#, code: 65,
      message:
        "e.jsonl:1:21: error: command: expected a string, one of setEnabled, removeFromSuperview, removeRecognizer, found a number"
    ),
    Case(
      name: "recognizer of a command not a string", scene: scene(tap),
      events: #"{"t": 0, "command": "removeRecognizer", "recognizer": 5}"#, code: 65,
      message: "e.jsonl:1:55: error: recognizer: expected a recognizer's name, a string, found a number"),
    Case(
      name: "view of a command not a string", scene: scene(tap),
      events: #"{"t": 0, "command": "removeFromSuperview", "view": 7}"#, code: 65,
      message: "e.jsonl:1:52: error: view: expected a view's name, a string, found a number"),
    Case(
      name: "setEnabled value not a boolean", scene: scene(tap),
      events: #"{"t": 0, "command": "setEnabled", "recognizer": "tap", "value": 1}"#, code: 65,
      message: "e.jsonl:1:65: error: value: expected true or false, found a number"),
    Case(
      name: "setEnabled without a value", scene: scene(tap),
      events: #"{"t": 0, "command": "setEnabled", "recognizer": "tap"}"#, code: 65,
      message: "e.jsonl:1:1: error: setEnabled: missing field 'value': true or false"),
    Case(
      name: "removing the window", scene: scene(tap),
      events: #"{"t": 0, "command": "removeFromSuperview", "view": "R"}"#, code: 65,
      message:
        "e.jsonl:1:52: error: view: 'R' is the root view, the window, which has no superview to be removed from; name one of its subviews"
    ),
    Case(
      name: "syntax error late in a long script", scene: scene(tap),
      events: String(repeating: "{\"t\": 0}\n", count: 500) + "{\"t\": }", code: 65,
      message: "e.jsonl:501:7: error: expected a value, found '}'"),
    Case(
      name: "negative force", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "force": -0.5}]}"#, code: 65,
      message: "e.jsonl:1:75: error: touches[0].force: expected a number 0 or more, found -0.5"),
    Case(
      name: "radius not a number", scene: scene(tap),
      events: #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "majorRadius": "big"}]}"#, code: 65,
      message: "e.jsonl:1:81: error: touches[0].majorRadius: expected a number 0 or more, found a string"),
    Case(
      name: "unknown field in an event", scene: scene(tap), events: #"{"t": 0, "touch": []}"#, code: 65,
      message: "e.jsonl:1:19: error: unknown field 'touch' (did you mean 'touches'?)"),
    Case(
      name: "unknown field in an event, none of whose fields is close", scene: scene(tap),
      events: #"{"time": 0, "touches": []}"#, code: 65,
      message:
        "e.jsonl:1:10: error: unknown field 'time'; expected one of: t, touches, command, recognizer, view, value, buttons, modifiers, hover, scroll"
    ),
  ]

  @Test("A bad scene gets exit 65, path:line:column and the JSON path, and no output", arguments: sceneCases)
  func badScene(_ c: Case) {
    let files = Files()
    let scenePath = files.write("s.json", c.scene)
    let events = files.write("e.jsonl", Self.ok)
    for command in [
      ["trace", scenePath, events], ["validate", scenePath], ["inspect", scenePath], ["graph", scenePath],
    ] {
      let result = gesturectl(command)
      #expect(result.code == c.code, "\(command[0])")
      #expect(result.err.contains(c.message), "\(command[0]): \(result.err)")
      #expect(result.err.hasPrefix(scenePath + ":"), "\(command[0])")
      #expect(result.out == "", "\(command[0])")
    }
  }

  @Test("A bad script gets exit 65 with its line number, and no trace at all", arguments: scriptCases)
  func badScript(_ c: Case) {
    let files = Files()
    let scenePath = files.write("s.json", c.scene)
    let events = files.write("e.jsonl", c.events!)
    for command in [
      ["trace", scenePath, events], ["validate", scenePath, events], ["explain", scenePath, events, "tap"],
    ] {
      let result = gesturectl(command)
      #expect(result.code == c.code, "\(command[0])")
      #expect(result.err == events.replacingOccurrences(of: "e.jsonl", with: "") + c.message + "\n", "\(command[0])")
      #expect(result.out == "", "\(command[0])")
    }
  }

  @Test("Files that cannot be opened get exit 66")
  func cannotOpen() {
    let missing = gesturectl(["trace", "/nonexistent/s.json", "/nonexistent/e.jsonl"])
    #expect(missing.code == 66)
    #expect(missing.err.hasPrefix("/nonexistent/s.json: error: cannot open: No such file or directory"))
    let directory = gesturectl(["validate", "/tmp"])
    #expect(directory.code == 66)
    #expect(directory.err == "/tmp: error: cannot open: is a directory\n")
  }

  @Test(
    "Command-line mistakes get exit 64, an Error line, and where to look",
    arguments: [
      (
        ["trace"],
        "Error: missing arguments <scene>, <events>\nUsage: gesturectl trace <scene> <events> [--format text|jsonl|html|svg] [--description <file>] [--calibration <matrix>]\n  See 'gesturectl trace --help'."
      ),
      (["trace", "a", "b", "c"], "Error: unexpected argument 'c'"),
      (["trace", "a", "b", "--fromat", "text"], "Error: unknown option '--fromat' (did you mean '--format'?)"),
      (["trace", "a", "b", "--format"], "Error: option '--format' needs a value"),
      (
        ["trace", "a", "b", "--format", "yaml"],
        "Error: unknown format 'yaml' (did you mean 'html'?); expected text or jsonl or html or svg\nUsage: gesturectl trace <scene> <events> [--format text|jsonl|html|svg] [--description <file>] [--calibration <matrix>]\n  See 'gesturectl trace --help'.\n"
      ),
      (["tarce"], "Error: unknown subcommand 'tarce' (did you mean 'trace'?)"),
      ([], "Error: missing subcommand"),
      (["graph", "a", "--format", "svgg"], "Error: unknown format 'svgg'"),
      (
        ["synth", "tap", "--taps", "many"], "Error: option '--taps' expects a whole number from 1 to 100, found 'many'"
      ),
      (["help", "nope"], "Error: unknown subcommand 'nope'"),
    ])
  func usage(_ words: [String], _ message: String) {
    let result = gesturectl(words)
    #expect(result.code == 64)
    #expect(result.err.hasPrefix(message), "\(result.err)")
    #expect(result.out == "")
  }

  @Test("-h, --help and help <subcommand> agree, for every subcommand")
  func help() {
    for command in GestureCtl.subcommands {
      let short = gesturectl([command.name, "-h"])
      let long = gesturectl([command.name, "--help"])
      let viaHelp = gesturectl(["help", command.name])
      #expect(short.code == 0)
      #expect(short.out == long.out)
      #expect(short.out == viaHelp.out)
      #expect(short.out.hasPrefix("OVERVIEW: "))
      #expect(short.out.contains("USAGE: gesturectl \(command.name)"))
      #expect(short.out.contains("-h, --help"))
    }
    #expect(gesturectl(["--help"]).out == gesturectl(["help"]).out)
    #expect(gesturectl(["--version"]).out == "gesturectl \(GestureCtl.version)\n")
  }
}
