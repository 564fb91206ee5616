import Foundation
import GestureCore
import GestureInput
import GestureRuntime
import Testing

@testable import GestureCtlKit

/// Device recordings (evemu) wherever gesturectl reads an event script: the recordings of
/// Examples/recordings replayed through scenes, compared as whole traces with hand-written scripts
/// of the same touches, and with the library's decoder fed the same files.
@Suite("Device recordings")
struct RecordingTests {
  static func recording(_ name: String) -> String { example("recordings/" + name) }
  static let photo = recording("photo.scene.json")
  static let description = ["--description", recording("long-press.desc.evemu")]

  /// Each recording, the options it needs, and the event script of the touches it holds, written
  /// from the recording by hand (device units are 0.1 pt; times from the first event).
  static let cases: [(recording: String, options: [String], script: String)] = [
    (
      "tap-protocol-b.evemu", [],
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200, "force": 1.003921568627451, "maximumPossibleForce": 2, "majorRadius": 3}]}
      {"t": 0.04}
      {"t": 0.08, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 200, "force": 1.0980392156862746, "maximumPossibleForce": 2, "majorRadius": 3}]}
      """
    ),
    (
      "two-fingers-protocol-b.evemu", [],
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 300}]}
      {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 115, "y": 300}]}
      {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 130, "y": 300}]}
      {"t": 0.048, "touches": [{"id": 1, "phase": "moved", "x": 145, "y": 300}]}
      {"t": 0.064, "touches": [{"id": 1, "phase": "moved", "x": 160, "y": 300}]}
      {"t": 0.08, "touches": [{"id": 1, "phase": "moved", "x": 175, "y": 300}]}
      {"t": 0.096, "touches": [{"id": 1, "phase": "moved", "x": 190, "y": 300}]}
      {"t": 0.112, "touches": [{"id": 2, "phase": "began", "x": 300, "y": 300}]}
      {"t": 0.128, "touches": [{"id": 1, "phase": "moved", "x": 200, "y": 300}, {"id": 2, "phase": "moved", "x": 310, "y": 300}]}
      {"t": 0.144, "touches": [{"id": 2, "phase": "ended", "x": 310, "y": 300}]}
      {"t": 0.16, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 300}]}
      """
    ),
    (
      "double-tap-protocol-a.evemu", [],
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200, "majorRadius": 2}]}
      {"t": 0.06, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 200, "majorRadius": 2}]}
      {"t": 0.16, "touches": [{"id": 2, "phase": "began", "x": 201, "y": 200.5, "majorRadius": 2}]}
      {"t": 0.22, "touches": [{"id": 2, "phase": "ended", "x": 201, "y": 200.5, "majorRadius": 2}]}
      {"t": 1.02, "touches": [{"id": 3, "phase": "began", "x": 100, "y": 100}, {"id": 4, "phase": "began", "x": 300, "y": 100}]}
      {"t": 1.052, "touches": [{"id": 4, "phase": "moved", "x": 305, "y": 100}, {"id": 3, "phase": "moved", "x": 105, "y": 100}]}
      {"t": 1.068, "touches": [{"id": 3, "phase": "ended", "x": 105, "y": 100}, {"id": 4, "phase": "moved", "x": 310, "y": 100}]}
      {"t": 1.084, "touches": [{"id": 4, "phase": "ended", "x": 310, "y": 100}]}
      """
    ),
    (
      "double-tap-single-touch.evemu", [],
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200, "force": 1.0009775171065494, "maximumPossibleForce": 2}]}
      {"t": 0.05, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 200, "force": 1.0009775171065494, "maximumPossibleForce": 2}]}
      {"t": 0.17, "touches": [{"id": 2, "phase": "began", "x": 200, "y": 200, "force": 1.1730205278592376, "maximumPossibleForce": 2}]}
      {"t": 0.22, "touches": [{"id": 2, "phase": "ended", "x": 200, "y": 200, "force": 1.1730205278592376, "maximumPossibleForce": 2}]}
      """
    ),
    (
      "syn-dropped.evemu", [],
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 200}]}
      {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 120, "y": 200}]}
      {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 140, "y": 200}]}
      {"t": 0.048, "touches": [{"id": 1, "phase": "moved", "x": 160, "y": 200}]}
      {"t": 0.064, "touches": [{"id": 1, "phase": "moved", "x": 180, "y": 200}]}
      {"t": 0.08, "touches": [{"id": 1, "phase": "cancelled", "x": 180, "y": 200}]}
      {"t": 0.096, "touches": [{"id": 2, "phase": "began", "x": 240, "y": 200}]}
      {"t": 0.112, "touches": [{"id": 2, "phase": "moved", "x": 260, "y": 200}]}
      {"t": 0.128, "touches": [{"id": 2, "phase": "ended", "x": 260, "y": 200}]}
      """
    ),
    (
      "long-press.events.evemu", description,
      """
      {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200}]}
      {"t": 0.3, "touches": [{"id": 1, "phase": "moved", "x": 201, "y": 200}]}
      {"t": 0.7, "touches": [{"id": 1, "phase": "ended", "x": 201, "y": 200}]}
      """
    ),
  ]

  @Test(
    "A recording traces as the hand-written script of its touches, and convert prints that script",
    arguments: cases.indices)
  func recordingMatchesScript(_ index: Int) throws {
    let (name, options, script) = Self.cases[index]
    let files = Files()
    let scriptPath = files.write("same.events.jsonl", script + "\n")
    let fromRecording = gesturectl(["trace", Self.photo, Self.recording(name), "--format", "jsonl"] + options)
    let fromScript = gesturectl(["trace", Self.photo, scriptPath, "--format", "jsonl"])
    #expect(fromRecording.code == 0, "\(fromRecording.err)")
    #expect(fromScript.code == 0, "\(fromScript.err)")
    #expect(fromRecording.out.split(separator: "\n").count > 5)
    #expect(fromRecording.out == fromScript.out)
    let converted = gesturectl(["convert", Self.photo, Self.recording(name)] + options)
    #expect(converted.code == 0, "\(converted.err)")
    #expect(converted.out == script + "\n")
  }

  @Test("The tap recording gives the README's trace of a single tap, line for line")
  func tapRecordingIsTheReadmeTrace() {
    let scene = example("tap-doubletap.scene.json")
    let recorded = gesturectl(["trace", scene, Self.recording("tap-protocol-b.evemu"), "--format", "text"])
    let scripted = gesturectl(["trace", scene, example("tap-doubletap-single.events.jsonl"), "--format", "text"])
    #expect(recorded.code == 0)
    #expect(recorded.out == scripted.out)
    #expect(recorded.out.contains("0.430  ▶ action  tap            ended      at (200, 200)"))
  }

  /// Replays a recording through the library alone: RecordingDecoder on its lines, each frame
  /// sent to a runtime on a manual clock (`InputFrame.send(to:)`), the trace written as
  /// `gesturectl trace --format jsonl` writes it.
  static func libraryTrace(_ scenePath: String, _ recordingPath: String, description: String?) throws -> String {
    let scene = try SceneLoader(file: scenePath).load(
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: scenePath))))
    var deviceDescription = DeviceDescription()
    if let description {
      var reader = EvemuReader()
      let text = try String(contentsOfFile: description, encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        _ = try reader.read(Array(line.utf8)[...], number: index + 1)
      }
      deviceDescription = reader.description
    }
    let output = StringOutput()
    let runtime = GestureRuntime(
      window: scene.root, clock: ManualClock(), trace: StreamingTraceWriter(format: .jsonl, output: output))
    runtime.strictTransitions = false
    var decoder = RecordingDecoder(description: deviceDescription, frame: scene.root.frame)
    let text = try String(contentsOfFile: recordingPath, encoding: .utf8)
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard let frame = try decoder.decode(line: Array(line.utf8)[...], number: index + 1) else { continue }
      frame.send(to: runtime)
    }
    runtime.runUntilIdle()
    return output.text
  }

  @Test(
    "gesturectl trace and the library's decoder fed the same recording give the same trace", arguments: cases.indices)
  func libraryAndToolAgree(_ index: Int) throws {
    let (name, options, _) = Self.cases[index]
    let tool = gesturectl(["trace", Self.photo, Self.recording(name), "--format", "jsonl"] + options)
    let library = try Self.libraryTrace(Self.photo, Self.recording(name), description: options.last)
    #expect(tool.code == 0)
    #expect(!library.isEmpty)
    #expect(tool.out == library)
  }

  @Test("explain, validate and bench read recordings too")
  func otherCommands() {
    let explain = gesturectl(
      ["explain", Self.photo, Self.recording("long-press.events.evemu"), "press"] + Self.description)
    #expect(explain.code == 0, "\(explain.err)")
    #expect(explain.out.contains("press began at 0.500 s"), "\(explain.out)")
    let validate = gesturectl(["validate", Self.photo, Self.recording("double-tap-protocol-a.evemu")])
    #expect(validate.code == 0)
    #expect(validate.out.hasSuffix("double-tap-protocol-a.evemu: ok: 8 events\n"), "\(validate.out)")
    let bench = gesturectl(["bench", Self.photo, Self.recording("syn-dropped.evemu"), "--repeat", "1"])
    #expect(bench.code == 0, "\(bench.err)")
    #expect(bench.out.hasPrefix("events:           9 (9 with touches)"), "\(bench.out)")
    // A debug build says its figures are not the package's; a release build says nothing.
    #if DEBUG
      #expect(
        bench.err
          == "gesturectl: note: this is a debug build, whose figures say little about the package's speed; measure a release build (swift build -c release)\n"
      )
    #else
      #expect(bench.err == "")
    #endif
  }

  @Test("--calibration maps a panel mounted 90° clockwise back upright")
  func calibration() {
    let converted = gesturectl([
      "convert", Self.photo, Self.recording("tap-protocol-b.evemu"), "--calibration", "0,1,0,-1,0,1",
    ])
    #expect(converted.code == 0)
    #expect(converted.out.hasPrefix(#"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 400, "force""#))
  }

  static let hostile: [(file: String, message: String)] = [
    ("truncated.evemu", "truncated.evemu:8:1: error: E: expected 4 fields (SEC.USEC TYPE CODE VALUE), found 2"),
    (
      "wrong-field-count.evemu",
      "wrong-field-count.evemu:5:28: error: E: expected 4 fields (SEC.USEC TYPE CODE VALUE), found more"
    ),
    ("time-backwards.evemu", "time-backwards.evemu:10:4: error: time goes backwards: 0.4 s after 0.5 s"),
    ("no-position-axis.evemu", "no-position-axis.evemu:5:1: error: the device has no position axis"),
    ("non-numeric.evemu", "non-numeric.evemu:5:23: error: E: expected a decimal value, found '12x4'"),
    (
      "no-position.evemu",
      "no-position.evemu:8:1: error: the contact in slot 0 began but the device never reported its position"
    ),
  ]

  @Test("Malformed recordings get exit 65 with their line, and no output", arguments: hostile)
  func malformed(_ file: String, _ message: String) {
    let path = HostileInputTests.hostile(file)
    for words in [["trace", HostileInputTests.hostile("ok.scene.json"), path], ["convert", Self.photo, path]] {
      let result = gesturectl(words)
      #expect(result.code == 65)
      #expect(result.out == "")
      #expect(result.err.contains(message), "\(result.err)")
    }
  }

  @Test("Recording options that make no sense are refused")
  func badOptions() {
    let files = Files()
    let bad = gesturectl(["trace", Self.photo, Self.recording("tap-protocol-b.evemu"), "--calibration", "1,0,0"])
    #expect(bad.code == 64)
    #expect(bad.err.contains("option '--calibration' expects six numbers a,b,c,d,e,f, found '1,0,0'"))
    let onScript = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--calibration",
      "1,0,0,0,1,0.5",
    ])
    #expect(onScript.code == 64)
    #expect(onScript.err.contains("apply to device recordings"))
    let withEvents = gesturectl([
      "trace", Self.photo, Self.recording("long-press.events.evemu"), "--description",
      Self.recording("tap-protocol-b.evemu"),
    ])
    #expect(withEvents.code == 65)
    #expect(
      withEvents.err.contains("tap-protocol-b.evemu:32:1: error: a description file holds no events"),
      "\(withEvents.err)")
    let noDescription = gesturectl(["trace", Self.photo, Self.recording("long-press.events.evemu")])
    #expect(noDescription.code == 65)
    #expect(noDescription.err.contains("long-press.events.evemu:2:1: error: the recording has no device description"))
    let notRecording = gesturectl(["convert", Self.photo, example("tap-doubletap-single.events.jsonl")])
    #expect(notRecording.code == 65)
    #expect(notRecording.err.contains("not a device recording"))
    let empty = gesturectl(["convert", Self.photo, files.write("empty.evemu", "# EVEMU 1.3\nN: nothing\n")])
    #expect(empty.code == 65)
    #expect(empty.err.contains("the recording holds no event"))
  }

  @Test("A description that cannot serve is an error at its own line, not a request for one")
  func unusableDescription() throws {
    let files = Files()
    let description = try String(contentsOfFile: Self.recording("long-press.desc.evemu"), encoding: .utf8)
    let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
    let axisLine = try #require(lines.firstIndex { $0.hasPrefix("A: 35 ") }) + 1
    // An x axis whose range is empty, in the description file: at its A: line there.
    let reversed = files.write(
      "reversed.desc.evemu", description.replacingOccurrences(of: "A: 35 0 4000 0 0 10", with: "A: 35 4000 0 0 0 10"))
    for command in ["trace", "convert", "validate"] {
      let result = gesturectl([
        command, Self.photo, Self.recording("long-press.events.evemu"), "--description", reversed,
      ])
      #expect(result.code == 65, "\(command)")
      #expect(result.out == "", "\(command)")
      #expect(
        result.err
          == "\(reversed):\(axisLine):1: error: the x position axis has an empty range 4000…0: expected its maximum above its minimum\n",
        "\(command): \(result.err)")
    }
    // The recording's own A: line takes the place of the file's: the pair replays.
    let events = try String(contentsOfFile: Self.recording("long-press.events.evemu"), encoding: .utf8)
    let mended = files.write("mended.events.evemu", "A: 35 0 4000 0 0 10\n" + events)
    let replayed = gesturectl(["trace", Self.photo, mended, "--description", reversed])
    #expect(replayed.code == 0, "\(replayed.err)")
    #expect(replayed.out.contains("touch     #1             began      (200, 200) in photo"), "\(replayed.out)")
    // No x axis at all: at the recording's first event, naming what is missing.
    let missing = files.write(
      "missing.desc.evemu", description.replacingOccurrences(of: "A: 35 0 4000 0 0 10\n", with: ""))
    let result = gesturectl(["trace", Self.photo, Self.recording("long-press.events.evemu"), "--description", missing])
    #expect(result.code == 65)
    #expect(
      result.err.hasSuffix(
        "long-press.events.evemu:2:1: error: the touch device has no position axis: expected A: lines for ABS_MT_POSITION_X (35) and ABS_MT_POSITION_Y (36), in the description given and the recording (which has no description lines)\n"
      ), "\(result.err)")
    // The same axis in a recording that describes its device itself: at its A: line.
    let recording = try String(contentsOfFile: Self.recording("tap-protocol-b.evemu"), encoding: .utf8)
    let recordingLine =
      try #require(
        recording.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("A: 35 ") }) + 1
    let own = files.write(
      "own.evemu", recording.replacingOccurrences(of: "A: 35 0 4000 0 0 10", with: "A: 35 4000 0 0 0 10"))
    let ownResult = gesturectl(["trace", Self.photo, own])
    #expect(ownResult.code == 65)
    #expect(
      ownResult.err
        == "\(own):\(recordingLine):1: error: the x position axis has an empty range 4000…0: expected its maximum above its minimum\n",
      "\(ownResult.err)")
  }

  @Test("help lists convert and live")
  func help() {
    let help = gesturectl(["--help"])
    #expect(help.out.contains("  convert "))
    #expect(help.out.contains("  live "))
    #expect(gesturectl(["help", "live"]).out.contains("USAGE: gesturectl live <scene> <device>"))
  }

  @Test("--description for a recording that describes its device itself is warned about: the recording's lines win")
  func descriptionGivenTwice() {
    let files = Files()
    let recordingPath = Self.recording("tap-protocol-b.evemu")
    let text = (try? String(contentsOfFile: recordingPath, encoding: .utf8)) ?? ""
    // Another description of the device: its position axes span half the range.
    let other = text.split(separator: "\n").filter { !$0.hasPrefix("E:") }.map { line -> String in
      guard line.hasPrefix("A: 35") || line.hasPrefix("A: 36") else { return String(line) }
      var fields = line.split(separator: " ").map(String.init)
      fields[3] = String((Int(fields[3]) ?? 2) / 2)
      return fields.joined(separator: " ")
    }
    #expect(other.contains("A: 35 0 2000 0 0 10"))
    let given = files.write("other.desc.evemu", other.joined(separator: "\n") + "\n")
    let plain = gesturectl(["convert", Self.photo, recordingPath])
    let both = gesturectl(["convert", Self.photo, recordingPath, "--description", given])
    #expect(both.code == 0)
    #expect(both.out == plain.out)
    #expect(
      both.err
        == "\(recordingPath): warning: the recording describes its device itself, over the description of \(given): its N:, I: and A: lines take the place of those given, its P: and B: lines add to them\n"
    )
    // A recording without description lines takes --description's without a word.
    let apart = gesturectl(["convert", Self.photo, Self.recording("long-press.events.evemu")] + Self.description)
    #expect(apart.code == 0)
    #expect(apart.err == "")
  }
}
