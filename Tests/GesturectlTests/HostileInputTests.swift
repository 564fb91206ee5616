import Foundation
import Testing

@testable import GestureCtlKit

/// Hostile input (Tests/GesturectlTests/Hostile, and huge cases made here): each gets its
/// documented exit code and message within bounded time, and none crashes or hangs.
@Suite("Hostile input")
struct HostileInputTests {
  static func hostile(_ name: String) -> String { packageRoot + "/Tests/GesturectlTests/Hostile/" + name }

  static let stored: [(file: String, code: Int32, message: String)] = [
    ("truncated.scene.json", 65, "error: unterminated array: expected ',' or ']'"),
    ("bom.scene.json", 0, "ok: 1 view,"),
    ("invalid-utf8.scene.json", 65, "error: invalid UTF-8 byte 0xFF"),
    ("nan.scene.json", 65, "error: expected a value, found 'N'"),
    ("infinity.scene.json", 65, "error: expected a digit, found 'I'"),
    ("huge-number.scene.json", 65, "error: number 1e309 is out of range"),
    ("negative-size.scene.json", 65, "error: views[0].frame: width and height cannot be negative"),
    ("duplicate-names.scene.json", 65, "error: recognizers[1].name: duplicate recognizer name 't'"),
    ("self-requirement.scene.json", 0, "warning: t requires itself to fail; ignored"),
    ("unknown-field.scene.json", 65, "error: unknown field 'colour'"),
  ]

  @Test("Stored hostile scenes get their exit code and message", arguments: stored.indices)
  func storedScene(_ index: Int) {
    let (file, code, message) = Self.stored[index]
    let result = gesturectl(["validate", Self.hostile(file)])
    #expect(result.code == code, "\(file)")
    #expect((result.out + result.err).contains(message), "\(file): \(result.out)\(result.err)")
  }

  @Test(
    "Stored hostile scripts get exit 65 with their line, and no trace",
    arguments: [
      ("time-backwards.events.jsonl", "time-backwards.events.jsonl:2:7: error: time goes backwards: 0.5 s after 1 s"),
      (
        "unknown-touch.events.jsonl",
        "unknown-touch.events.jsonl:1:42: error: touches[0]: touch 42 ended before it began"
      ),
      ("truncated.events.jsonl", "truncated.events.jsonl:2:16: error: unterminated string"),
    ])
  func storedScript(_ file: String, _ message: String) {
    let result = gesturectl(["trace", Self.hostile("ok.scene.json"), Self.hostile(file)])
    #expect(result.code == 65)
    #expect(result.out == "")
    #expect(result.err.contains(message), "\(result.err)")
  }

  /// Runs a generated input and checks the outcome and that it took less than `seconds` (times
  /// `wallClockScale`).
  func generated(_ words: [String], code: Int32, message: String, seconds: Double) {
    let start = ContinuousClock.now
    let result = gesturectl(words)
    let elapsed = ContinuousClock.now - start
    #expect(result.code == code, "\(result.err.prefix(300))")
    #expect((result.out + result.err).contains(message), "\(result.err.prefix(300))")
    #expect(elapsed < .seconds(seconds * wallClockScale), "took \(elapsed)")
  }

  @Test("Messages quote input without its control characters, and a line of megabytes by its start")
  func messagesForATerminal() throws {
    #expect(MessageOutput.sanitized("plain\n\tindented\n") == "plain\n\tindented\n")
    #expect(
      MessageOutput.sanitized("kind '\u{1B}[31mRED\u{0}\u{7F}\u{85}'\n")
        == "kind '\\u{1B}[31mRED\\u{0}\\u{7F}\\u{85}'\n")
    let long = "f: error: found \"" + String(repeating: "x", count: 5_000_000) + "\"\nnext\n"
    let shown = MessageOutput.sanitized(long).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(shown.count == 3)
    #expect(shown[0].count < MessageOutput.longestLine)
    let firstLine = long.prefix { $0 != "\n" }.count
    #expect(shown[0].hasSuffix("… (\(firstLine - MessageOutput.longestLine / 2) more characters)"))
    #expect(shown[1] == "next")
    // As the binary writes them: an unknown kind named with escape codes.
    let files = Files()
    let path = files.write(
      "esc.scene.json",
      #"{"views": [{"name": "w", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "r", "kind": "\u001b[31m", "view": "w"}]}"#
    )
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(BinaryTests.binary, "build gesturectl first"))
    process.arguments = ["validate", path]
    let error = Pipe()
    process.standardError = error
    process.standardOutput = Pipe()
    try process.run()
    let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 65)
    #expect(err.contains(#"unknown kind '\u{1B}[31m'"#), "\(err)")
    #expect(!err.contains("\u{1B}"))
  }

  @Test("Nesting 100,000 deep is refused without exhausting the stack")
  func deepNesting() {
    let files = Files()
    let path = files.write("deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
    generated(["validate", path], code: 65, message: "error: nesting deeper than 4096 levels", seconds: 10)
  }

  @Test("A million recognizers are refused with a message, in bounded time")
  func millionRecognizers() {
    let files = Files()
    var text = #"{"views": [{"name": "R", "frame": [0, 0, 100, 100]}], "recognizers": ["#
    text.reserveCapacity(60_000_000)
    for i in 0..<1_000_000 {
      if i > 0 { text += "," }
      text += #"{"name": "r"# + String(i) + #"", "kind": "tap", "view": "R"}"#
    }
    text += "]}"
    let path = files.write("million.scene.json", text)
    generated(["validate", path], code: 65, message: "error: recognizers: more than 200000 recognizers", seconds: 300)
  }

  @Test("A 100 MB single line is read in bounded time")
  func hundredMegabyteLine() {
    let files = Files()
    let line =
      #"{"t": 0"# + String(repeating: " ", count: 100_000_000)
      + #", "touches": [{"id": 1, "phase": "began", "x": 5, "y": 5}]}"#
    let path = files.write(
      "long.events.jsonl", line + "\n" + #"{"t": 0.1, "touches": [{"id": 1, "phase": "ended", "x": 5, "y": 5}]}"#)
    generated(
      ["trace", Self.hostile("ok.scene.json"), path, "--format", "jsonl"], code: 0,
      message: #""kind":"state","recognizer":"t","from":"possible","to":"ended""#, seconds: 300)
  }

  @Test("10,000 simultaneous touches are traced in bounded time")
  func tenThousandTouches() {
    let files = Files()
    func event(_ t: Double, _ phase: String) -> String {
      "{\"t\": \(t), \"touches\": ["
        + (1...10_000).map { "{\"id\": \($0), \"phase\": \"\(phase)\", \"x\": \($0 % 400), \"y\": \($0 / 40)}" }.joined(
          separator: ",") + "]}"
    }
    let path = files.write("many.events.jsonl", event(0, "began") + "\n" + event(0.1, "ended"))
    generated(
      ["trace", Self.hostile("ok.scene.json"), path, "--format", "jsonl"], code: 0,
      message: #""kind":"state","recognizer":"t","from":"possible","to":"failed""#, seconds: 60)
  }

  @Test(
    "Endless input (/dev/zero) is refused once past the limits: a line, a file read whole",
    arguments: [
      (["inspect", "/dev/zero"], "/dev/zero: error: longer than 1 MiB, the most gesturectl reads whole"),
      (["validate", "/dev/zero"], "/dev/zero: error: longer than 1 MiB, the most gesturectl reads whole"),
      (
        ["trace", hostile("ok.scene.json"), "/dev/zero"],
        "/dev/zero:1:1: error: a line longer than 1 MiB, the most gesturectl reads as one"
      ),
      (["render", "/dev/zero"], "/dev/zero:1:1: error: a line longer than 1 MiB, the most gesturectl reads as one"),
      (
        ["convert", hostile("ok.scene.json"), "/dev/zero"],
        "/dev/zero:1:1: error: a line longer than 1 MiB, the most gesturectl reads as one"
      ),
    ])
  func endlessInput(_ words: [String], _ message: String) {
    let result = InputLimits.$current.withValue(InputLimits(line: 1 << 20, whole: 1 << 20)) { gesturectl(words) }
    #expect(result.code == 65, "\(result.err)")
    #expect(result.out == "")
    #expect(result.err.hasPrefix(message), "\(result.err)")
  }

  @Test("The first line may be as long as a whole file: a script written as one JSON array on one line")
  func oneLineArray() {
    let files = Files()
    let array =
      "[" + String(repeating: " ", count: 4_000)
      + #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 5, "y": 5}]}, {"t": 0.1, "touches": [{"id": 1, "phase": "ended", "x": 5, "y": 5}]}]"#
    let arrayPath = files.write("array.events.jsonl", array)
    let lines =
      #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 5, "y": 5}]}"# + "\n"
      + #"{"t": 0.1"# + String(repeating: " ", count: 4_000)
      + #", "touches": [{"id": 1, "phase": "ended", "x": 5, "y": 5}]}"#
    let linesPath = files.write("lines.events.jsonl", lines)
    let limits = InputLimits(line: 1_024, whole: 1 << 20)
    let (whole, second) = InputLimits.$current.withValue(limits) {
      (
        gesturectl(["trace", Self.hostile("ok.scene.json"), arrayPath, "--format", "jsonl"]),
        gesturectl(["trace", Self.hostile("ok.scene.json"), linesPath, "--format", "jsonl"])
      )
    }
    #expect(whole.code == 0, "\(whole.err)")
    #expect(whole.out.contains(#""kind":"state","recognizer":"t","from":"possible","to":"ended""#))
    #expect(second.code == 65)
    #expect(second.out == "")
    #expect(
      second.err.hasPrefix("\(linesPath):2:1: error: a line longer than 1024 bytes, the most gesturectl reads as one"),
      "\(second.err)")
  }
}
