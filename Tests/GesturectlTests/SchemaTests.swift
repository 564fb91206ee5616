import Foundation
import GestureTestSupport
import Testing

/// The JSON Schemas of Schemas/ describe what gesturectl reads: every example scene and script
/// validates against them, every file gesturectl accepts does too, and files with the mistakes a
/// schema can see fail.
@Suite("JSON Schemas")
struct SchemaTests {
  // Loaded for each use rather than kept in a static: LeakSanitizer cannot follow the tagged
  // pointers of an indirect enum's boxes from a global, and reports them as leaked.
  static var scene: JSONSchema { loadSchema("scene.schema.json") }
  static var event: JSONSchema { loadSchema("event.schema.json") }

  static func loadSchema(_ name: String) -> JSONSchema {
    let path = packageRoot + "/Schemas/" + name
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("cannot read \(path)") }
    do {
      return try JSONSchema(text: text)
    } catch {
      fatalError("\(path):\(error)")
    }
  }

  /// The schema errors of a scene file's text (a parse error counts as one).
  static func sceneErrors(_ text: String) -> [String] {
    do {
      return scene.errors(in: try JSONValue.parse(text))
    } catch {
      return ["not JSON: \(error)"]
    }
  }

  /// The schema errors of a script's text: JSON lines (blank lines and `#` comments skipped) or
  /// one JSON array of entries; each error is prefixed with its line, or its index in the array.
  static func scriptErrors(_ text: String) -> [String] {
    var body = Substring(text)
    if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
    if body.first(where: { !$0.isWhitespace }) == "[" {
      do {
        guard case .array(let entries) = try JSONValue.parse(String(body)) else { return ["not an array"] }
        return entries.enumerated().flatMap { index, entry in
          event.errors(in: entry).map { "[\(index)] \($0)" }
        }
      } catch {
        return ["not JSON: \(error)"]
      }
    }
    var errors: [String] = []
    for (number, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      do {
        errors += event.errors(in: try JSONValue.parse(trimmed)).map { "line \(number + 1): \($0)" }
      } catch {
        errors.append("line \(number + 1): not JSON: \(error)")
      }
    }
    return errors
  }

  /// Every scene and script under Examples/ (apps' build folders left out).
  static func exampleFiles() -> [String] {
    let root = packageRoot + "/Examples"
    let enumerator = FileManager.default.enumerator(atPath: root)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
      if relative.hasSuffix(".scene.json") || relative.hasSuffix(".events.jsonl") || relative.hasSuffix(".events.json")
      {
        files.append("Examples/" + relative)
      }
    }
    return files.sorted()
  }

  static func text(_ relative: String) throws -> String {
    try String(contentsOfFile: packageRoot + "/" + relative, encoding: .utf8)
  }

  @Test("Every scene and script in Examples/ validates against its schema", arguments: exampleFiles())
  func example(_ file: String) throws {
    let errors =
      file.hasSuffix(".scene.json") ? Self.sceneErrors(try Self.text(file)) : Self.scriptErrors(try Self.text(file))
    #expect(errors.isEmpty, "\(file): \(errors.joined(separator: "; "))")
  }

  @Test("Examples/ holds scenes and scripts for the schemas to check")
  func examplesExist() {
    let files = Self.exampleFiles()
    #expect(files.filter { $0.hasSuffix(".scene.json") }.count >= 5)
    #expect(files.filter { $0.contains(".events.") }.count >= 5)
  }

  @Test("Every Hostile scene gesturectl accepts validates; those with mistakes a schema sees do not")
  func hostile() throws {
    let folder = "Tests/GesturectlTests/Hostile/"
    let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/" + folder).sorted()
    var accepted = 0
    for name in names where name.hasSuffix(".scene.json") {
      let path = packageRoot + "/" + folder + name
      guard gesturectl(["validate", path]).code == 0 else { continue }
      accepted += 1
      let text = try String(decoding: Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
      #expect(Self.sceneErrors(text).isEmpty, "\(name): \(Self.sceneErrors(text))")
    }
    #expect(accepted >= 2)
    for name in [
      "unknown-field.scene.json", "negative-size.scene.json", "nan.scene.json", "infinity.scene.json",
      "truncated.scene.json",
    ] {
      #expect(!Self.sceneErrors(try Self.text(folder + name)).isEmpty, "\(name) should fail the schema")
    }
    for name in ["truncated.events.jsonl"] {
      #expect(!Self.scriptErrors(try Self.text(folder + name)).isEmpty, "\(name) should fail the schema")
    }
  }

  @Test("Every fuzz-corpus scene and script that gesturectl accepts validates against the schemas")
  func corpus() throws {
    let files = Files()
    let fixedScene = files.write("fixed.scene.json", FuzzTargets.scriptScene)
    var accepted = (scenes: 0, scripts: 0)
    for kind in ["scene", "script"] {
      let folder = packageRoot + "/Tests/Fuzz/corpus/" + kind
      for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
        let path = folder + "/" + name
        let arguments = kind == "scene" ? ["validate", path] : ["validate", fixedScene, path]
        guard gesturectl(arguments).code == 0 else { continue }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { continue }
        let errors = kind == "scene" ? Self.sceneErrors(text) : Self.scriptErrors(text)
        #expect(errors.isEmpty, "\(kind) \(name): \(errors.prefix(3).joined(separator: "; "))")
        if kind == "scene" { accepted.scenes += 1 } else { accepted.scripts += 1 }
      }
    }
    #expect(accepted.scenes >= 20)
    #expect(accepted.scripts >= 20)
  }

  /// A one-view scene with one recognizer.
  static func scene(recognizer: String) -> String {
    """
    {"views": [{"name": "w", "frame": [0, 0, 100, 100]}], "recognizers": [\(recognizer)]}
    """
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let label: String
    let text: String
    /// A fragment of the error the schema must report, or nil when the text is valid.
    let error: String?
    var testDescription: String { label }
  }

  static let sceneCases: [Case] = [
    Case(
      label: "a misspelled parameter",
      text: scene(recognizer: #"{"name": "t", "kind": "tap", "view": "w", "numberOfTaps": 2}"#),
      error: "unknown field 'numberOfTaps'"),
    Case(
      label: "a tap needing zero taps",
      text: scene(recognizer: #"{"name": "t", "kind": "tap", "view": "w", "numberOfTapsRequired": 0}"#),
      error: "numberOfTapsRequired: 0 is less than 1"),
    Case(
      label: "a swipe in an unknown direction",
      text: scene(recognizer: #"{"name": "s", "kind": "swipe", "view": "w", "direction": ["diagonal"]}"#),
      error: "\"diagonal\" is not one of"),
    Case(
      label: "a duration as a string",
      text: scene(recognizer: #"{"name": "p", "kind": "longPress", "view": "w", "minimumPressDuration": "0.5"}"#),
      error: "expected number, found string"),
    Case(
      label: "a screen-edge pan without edges",
      text: scene(recognizer: #"{"name": "e", "kind": "screenEdgePan", "view": "w"}"#),
      error: "missing required field 'edges'"),
    Case(
      label: "a recognizer without a view", text: scene(recognizer: #"{"name": "t", "kind": "tap"}"#),
      error: "missing required field 'view'"),
    Case(
      label: "a registered kind with a mistyped common field",
      text: scene(recognizer: #"{"name": "c", "kind": "checkMark", "view": "w", "isEnabled": "yes"}"#),
      error: "expected boolean, found string"),
    Case(
      label: "a view without a frame", text: #"{"views": [{"name": "w"}]}"#, error: "missing required field 'frame'"),
    Case(
      label: "a frame of three numbers", text: #"{"views": [{"name": "w", "frame": [0, 0, 100]}]}"#,
      error: "3 items, expected at least 4"),
    Case(
      label: "two root views",
      text: #"{"views": [{"name": "a", "frame": [0, 0, 1, 1]}, {"name": "b", "frame": [0, 0, 1, 1]}]}"#,
      error: "2 items, expected at most 1"),
    Case(
      label: "another format", text: #"{"format": "gesture-scene/2", "views": [{"name": "w", "frame": [0, 0, 1, 1]}]}"#,
      error: "must be \"gesture-scene/1\""),
    Case(
      label: "a delegate pair of three",
      text:
        #"{"views": [{"name": "w", "frame": [0, 0, 1, 1]}], "delegates": [{"name": "d", "shouldBegin": ["t"], "shouldRequireFailureOf": [["a", "b", "c"]]}]}"#,
      error: "3 items, expected at most 2"),
    Case(
      label: "a registered kind with parameters of its own",
      text: scene(
        recognizer: #"{"name": "c", "kind": "checkMark", "view": "w", "minimumStroke": 40, "style": "bold"}"#),
      error: nil),
    Case(
      label: "pinch, rotation and their thresholds",
      text: #"""
        {"views": [{"name": "w", "frame": [0, 0, 100, 100], "bounds": [0, 20, 100, 100],
                    "transform": {"scale": [2, 2], "rotation": 0.5, "translation": [10, 0]}}],
         "recognizers": [{"name": "p", "kind": "pinch", "view": "w", "minimumScaleChange": 0.05},
                         {"name": "r", "kind": "rotation", "view": "w", "delaysTouchesEnded": false}]}
        """#,
      error: nil),
    Case(
      label: "pointer fields, hover and a screen-edge pan",
      text: #"""
        {"views": [{"name": "w", "frame": [0, 0, 100, 100]}],
         "recognizers": [{"name": "t", "kind": "tap", "view": "w", "buttonMaskRequired": ["secondary", "4", "8"],
                          "allowedTouchTypes": ["indirectPointer"]},
                         {"name": "s", "kind": "pan", "view": "w", "allowedScrollTypesMask": ["discrete", "continuous"]},
                         {"name": "e", "kind": "screenEdgePan", "view": "w", "edges": ["left"], "edgeWidth": 30},
                         {"name": "h", "kind": "hover", "view": "w"}]}
        """#,
      error: nil),
    Case(
      label: "a tap requiring a button that does not exist",
      text: scene(recognizer: #"{"name": "t", "kind": "tap", "view": "w", "buttonMaskRequired": ["4th"]}"#),
      error: "buttonMaskRequired[0]: \"4th\" is not one of"),
  ]

  @Test("The scene schema accepts what the format allows and names what is wrong", arguments: sceneCases)
  func sceneCase(_ example: Case) {
    let errors = Self.sceneErrors(example.text)
    if let expected = example.error {
      #expect(errors.contains { $0.contains(expected) }, "\(errors)")
    } else {
      #expect(errors.isEmpty, "\(errors)")
    }
  }

  static let eventCases: [Case] = [
    Case(
      label: "an unknown phase", text: #"{"t": 0, "touches": [{"id": 1, "phase": "lifted", "x": 1, "y": 1}]}"#,
      error: "\"lifted\" is not one of"),
    Case(
      label: "an entry without t", text: #"{"touches": [{"id": 1, "phase": "began", "x": 1, "y": 1}]}"#,
      error: "missing required field 't'"),
    Case(label: "a negative time", text: #"{"t": -1}"#, error: "-1 is less than 0"),
    Case(
      label: "a fractional touch id", text: #"{"t": 0, "touches": [{"id": 1.5, "phase": "began", "x": 1, "y": 1}]}"#,
      error: "expected integer"),
    Case(
      label: "a touch without y", text: #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1}]}"#,
      error: "missing required field 'y'"),
    Case(
      label: "a negative force",
      text: #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "force": -0.5}]}"#,
      error: "-0.5 is less than 0"),
    Case(label: "an unknown button", text: #"{"t": 0, "buttons": ["left"]}"#, error: "matches none"),
    Case(
      label: "setEnabled without its value", text: #"{"t": 0, "command": "setEnabled", "recognizer": "pan"}"#,
      error: "missing required field 'value'"),
    Case(
      label: "an unknown command", text: #"{"t": 0, "command": "explode", "recognizer": "pan"}"#, error: "matches none"),
    Case(
      label: "hover out of the window spelled otherwise", text: #"{"t": 0, "hover": "left"}"#, error: "matches none"),
    Case(
      label: "a scroll of an unknown type",
      text: #"{"t": 0, "scroll": {"x": 1, "y": 1, "dx": 0, "dy": 4, "type": "wheel"}}"#, error: "matches none"),
    Case(
      label: "touches with the pointer's attributes",
      text:
        #"{"t": 0.5, "buttons": ["primary", 5], "modifiers": ["shift"], "touches": [{"id": 1, "phase": "began", "x": 1, "y": 2, "type": "indirectPointer", "force": 1, "maximumPossibleForce": 6.67, "majorRadius": 8, "majorRadiusTolerance": 2}]}"#,
      error: nil),
    Case(
      label: "hover and its exit", text: #"{"t": 0.5, "hover": {"x": 10, "y": 20}, "modifiers": ["command"]}"#,
      error: nil),
    Case(label: "the pointer leaves", text: #"{"t": 0.9, "hover": "exited"}"#, error: nil),
    Case(
      label: "a trackpad's scroll",
      text: #"{"t": 1, "scroll": {"x": 1, "y": 1, "dx": 0, "dy": -12, "type": "continuous", "phase": "began"}}"#,
      error: nil),
    Case(label: "a command", text: #"{"t": 0.15, "command": "removeFromSuperview", "view": "card"}"#, error: nil),
  ]

  @Test("The event schema accepts what the format allows and names what is wrong", arguments: eventCases)
  func eventCase(_ example: Case) {
    let errors = Self.scriptErrors(example.text)
    if let expected = example.error {
      #expect(errors.contains { $0.contains(expected) }, "\(errors)")
    } else {
      #expect(errors.isEmpty, "\(errors)")
    }
  }

  @Test(
    "The schemas and gesturectl agree at the edges: button numbers, times and coordinates",
    arguments: [
      (#"["4"]"#, true), (#"["8"]"#, true), (#"["62"]"#, true), (#"["63"]"#, false), ("[4]", true), ("[62]", true),
      ("[3]", false), ("[63]", false), ("[4.5]", false), (#"["tertiary"]"#, true),
    ])
  func sceneButtonsAgree(_ buttons: String, _ accepted: Bool) {
    let text = Self.scene(recognizer: #"{"name": "t", "kind": "tap", "view": "w", "buttonMaskRequired": \#(buttons)}"#)
    #expect(Self.sceneErrors(text).isEmpty == accepted, "schema: \(Self.sceneErrors(text))")
    let files = Files()
    #expect((gesturectl(["validate", files.write("s.scene.json", text)]).code == 0) == accepted, "gesturectl")
  }

  @Test(
    "The schemas and gesturectl agree on a hover recognizer's touch types: none, or the field left out",
    arguments: [(nil, true), ("[]", true), (#"["direct"]"#, false), (#"["indirectPointer"]"#, false)])
  func hoverTouchTypesAgree(_ types: String?, _ accepted: Bool) {
    let field = types.map { #", "allowedTouchTypes": \#($0)"# } ?? ""
    let text = Self.scene(recognizer: #"{"name": "h", "kind": "hover", "view": "w"\#(field)}"#)
    #expect(Self.sceneErrors(text).isEmpty == accepted, "schema: \(Self.sceneErrors(text))")
    let files = Files()
    let result = gesturectl(["validate", files.write("s.scene.json", text)])
    #expect((result.code == 0) == accepted, "gesturectl: \(result.err)")
    if !accepted {
      #expect(result.err.contains("error: recognizers[0].allowedTouchTypes: kind 'hover' takes no touches"))
    }
  }

  @Test(
    "The event schema and gesturectl agree at the edges of buttons, times and coordinates",
    arguments: [
      (
        #"{"t": 0, "buttons": [4, "62"], "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer"}]}"#,
        true
      ),
      (
        #"{"t": 0, "buttons": ["4"], "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer"}]}"#,
        true
      ),
      (
        #"{"t": 0, "buttons": [63], "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer"}]}"#,
        false
      ),
      (
        #"{"t": 0, "buttons": ["99"], "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer"}]}"#,
        false
      ),
      (
        #"{"t": 0, "buttons": [99], "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer"}]}"#,
        false
      ), (#"{"t": 999999999999}"#, true), (#"{"t": 1e13}"#, false),
      (#"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1e308, "y": 0}]}"#, false),
      (#"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": -999999999999, "y": 0}]}"#, true),
      (#"{"t": 0, "hover": {"x": 2e12, "y": 0}}"#, false),
      (#"{"t": 0, "scroll": {"x": 1, "y": 1, "dx": 0, "dy": -1e13}}"#, false),
    ])
  func eventEdgesAgree(_ line: String, _ accepted: Bool) {
    #expect(Self.scriptErrors(line).isEmpty == accepted, "schema: \(Self.scriptErrors(line))")
    let files = Files()
    let scene = files.write("fixed.scene.json", FuzzTargets.scriptScene)
    let result = gesturectl(["validate", scene, files.write("e.events.jsonl", line + "\n")])
    #expect((result.code == 0) == accepted, "gesturectl: \(result.err)")
  }

  @Test("A script may be one JSON array of entries, and each entry is checked")
  func arrayScript() {
    #expect(Self.scriptErrors(#"[{"t": 0}, {"t": 0.5}]"#).isEmpty)
    #expect(Self.scriptErrors(#"[{"t": 0}, {"t": "later"}]"#).contains { $0.hasPrefix("[1]") })
  }

  @Test("The validator refuses a keyword it does not implement rather than skipping it")
  func unsupportedKeyword() throws {
    let schema = try JSONSchema(text: #"{"type": "string", "maxLength": 3}"#)
    #expect(schema.errors(in: .string("abcdef")).contains { $0.contains("'maxLength'") })
  }
}
