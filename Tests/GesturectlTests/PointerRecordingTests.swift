import Foundation
import GestureCore
import GestureInput
import GestureRuntime
import Testing

@testable import GestureCtlKit

/// Recordings of a mouse (evemu) wherever gesturectl reads an event script: replayed through the
/// list-row scene, compared as whole traces with hand-written scripts of the same pointer input,
/// and with the library's decoder fed the same files.
@Suite("Pointer device recordings")
struct PointerRecordingTests {
  static let listRow = example("list-row.scene.json")
  static func recording(_ name: String) -> String { example("recordings/" + name) }

  /// Each mouse recording and the event script of its pointer input, written from the recording
  /// by hand: the pointer starts at the centre of the 400 × 600 root view, (200, 300), and moves
  /// one point a device unit; a wheel tick is 40 points.
  static let cases: [(recording: String, script: String)] = [
    (
      "mouse-click.evemu",
      """
      {"t": 0, "hover": {"x": 200, "y": 122}}
      {"t": 0.1, "hover": {"x": 80, "y": 122}}
      {"t": 0.5, "buttons": ["primary"], "touches": [{"id": 1, "phase": "began", "x": 80, "y": 122, "type": "indirectPointer"}]}
      {"t": 0.58, "buttons": [], "touches": [{"id": 1, "phase": "ended", "x": 80, "y": 122, "type": "indirectPointer"}]}
      {"t": 1, "buttons": ["secondary"], "touches": [{"id": 2, "phase": "began", "x": 80, "y": 122, "type": "indirectPointer"}]}
      {"t": 1.08, "buttons": [], "touches": [{"id": 2, "phase": "ended", "x": 80, "y": 122, "type": "indirectPointer"}]}
      {"t": 1.3, "hover": {"x": 80, "y": 222}}
      """
    ),
    (
      "mouse-drag.evemu",
      """
      {"t": 0, "hover": {"x": 200, "y": 122}}
      {"t": 0.2, "buttons": ["primary"], "touches": [{"id": 1, "phase": "began", "x": 200, "y": 122, "type": "indirectPointer"}]}
      {"t": 0.216, "buttons": ["primary"], "touches": [{"id": 1, "phase": "moved", "x": 200, "y": 130, "type": "indirectPointer"}]}
      {"t": 0.232, "buttons": ["primary"], "touches": [{"id": 1, "phase": "moved", "x": 202, "y": 138, "type": "indirectPointer"}]}
      {"t": 0.248, "buttons": ["primary"], "touches": [{"id": 1, "phase": "moved", "x": 202, "y": 146, "type": "indirectPointer"}]}
      {"t": 0.264, "buttons": ["primary"], "touches": [{"id": 1, "phase": "moved", "x": 202, "y": 154, "type": "indirectPointer"}]}
      {"t": 0.28, "buttons": [], "touches": [{"id": 1, "phase": "ended", "x": 202, "y": 154, "type": "indirectPointer"}]}
      """
    ),
    (
      "mouse-wheel.evemu",
      """
      {"t": 0, "scroll": {"x": 200, "y": 300, "dx": 0, "dy": -40, "type": "discrete"}}
      {"t": 0.05, "scroll": {"x": 200, "y": 300, "dx": 0, "dy": -40, "type": "discrete"}}
      {"t": 0.1, "scroll": {"x": 200, "y": 300, "dx": 0, "dy": -40, "type": "discrete"}}
      {"t": 0.6, "scroll": {"x": 200, "y": 300, "dx": -40, "dy": 0, "type": "discrete"}}
      """
    ),
  ]

  @Test(
    "A mouse recording traces as the hand-written script of its pointer input, and convert prints that script",
    arguments: cases.indices)
  func recordingMatchesScript(_ index: Int) {
    let (name, script) = Self.cases[index]
    let files = Files()
    let scriptPath = files.write("same.events.jsonl", script + "\n")
    for format in ["jsonl", "text"] {
      let fromRecording = gesturectl(["trace", Self.listRow, Self.recording(name), "--format", format])
      let fromScript = gesturectl(["trace", Self.listRow, scriptPath, "--format", format])
      #expect(fromRecording.code == 0, "\(fromRecording.err)")
      #expect(fromScript.code == 0, "\(fromScript.err)")
      #expect(fromRecording.out.split(separator: "\n").count > 10)
      #expect(fromRecording.out == fromScript.out)
    }
    let converted = gesturectl(["convert", Self.listRow, Self.recording(name)])
    #expect(converted.code == 0, "\(converted.err)")
    #expect(converted.out == script + "\n")
  }

  @Test("A click over the row is a hover that ends at the press, a left click selects, a right click opens the menu")
  func clickTrace() {
    let result = gesturectl(["trace", Self.listRow, Self.recording("mouse-click.evemu"), "--format", "text"])
    #expect(result.code == 0)
    #expect(
      result.out.split(separator: "\n").map { String($0) } == [
        "    time  what      who            detail",
        "   0.000  hover     pointer        entered    (200, 122) in row",
        "   0.000  state     highlight      possible → began     pointer entered row",
        "   0.000  ▶ action  highlight      began      at (200, 22)",
        "   0.100  hover     pointer        moved      (80, 122) in row",
        "   0.100  ▶ changed highlight      began → changed      at (80, 22)",
        "   0.500  hover     pointer        exited     (80, 122)",
        "   0.500  state     highlight      changed → ended      pointer left row",
        "   0.500  ▶ action  highlight      ended      at (80, 22)",
        "   0.500  reset     highlight",
        "   0.500  touch     #1             began      (80, 122) in row",
        "   0.500  state     menu           possible → failed    pressed primary, requires secondary",
        "   0.500  view      row            touchesBegan #1",
        "   0.500  reset     menu",
        "   0.580  touch     #1             ended      (80, 122) in row",
        "   0.580  state     scroll         possible → failed    lifted before moving 10 pt",
        "   0.580  state     select         possible → ended     recognized",
        "   0.580  ▶ action  select         ended      at (80, 22)",
        "   0.580  view      row            touchesCancelled #1",
        "   0.580  reset     scroll",
        "   0.580  reset     select",
        "   1.000  touch     #2             began      (80, 122) in row",
        "   1.000  state     select         possible → failed    pressed secondary, requires primary",
        "   1.000  view      row            touchesBegan #2",
        "   1.000  reset     select",
        "   1.080  touch     #2             ended      (80, 122) in row",
        "   1.080  state     scroll         possible → failed    lifted before moving 10 pt",
        "   1.080  state     menu           possible → ended     recognized",
        "   1.080  ▶ action  menu           ended      at (80, 22)",
        "   1.080  view      row            touchesCancelled #2",
        "   1.080  reset     scroll",
        "   1.080  reset     menu",
        "   1.300  hover     pointer        entered    (80, 222) in list",
      ], "\(result.out)")
  }

  @Test("A drag from the row pans the list and fails the click; wheel ticks scroll it 40 points each")
  func dragAndWheel() {
    let drag = gesturectl(["trace", Self.listRow, Self.recording("mouse-drag.evemu"), "--format", "text"])
    #expect(drag.code == 0)
    let dragLines = drag.out.split(separator: "\n").map { String($0) }
    #expect(dragLines.contains("   0.232  state     select         possible → failed    prevented by scroll"))
    #expect(
      dragLines.filter { $0.contains("action  scroll") || $0.contains("changed scroll") } == [
        "   0.232  ▶ action  scroll         began      at (202, 138)  translation (0, 6)  velocity (62.5, 500)",
        "   0.248  ▶ changed scroll         began → changed      at (202, 146)  translation (0, 14)  velocity (41.666667, 500)",
        "   0.264  ▶ changed scroll         changed → changed    at (202, 154)  translation (0, 22)  velocity (31.25, 500)",
        "   0.280  ▶ action  scroll         ended      at (202, 154)  translation (0, 22)  velocity (31.25, 500)",
      ], "\(drag.out)")
    let wheel = gesturectl(["trace", Self.listRow, Self.recording("mouse-wheel.evemu"), "--format", "text"])
    #expect(wheel.code == 0)
    #expect(
      wheel.out.split(separator: "\n").filter { $0.contains("scroll ") && !$0.contains("reset") }.map { String($0) }
        == [
          "   0.000  scroll    pointer        discrete   by (0, -40) at (200, 300) in list",
          "   0.000  state     scroll         possible → began     discrete scroll began",
          "   0.000  ▶ action  scroll         began      at (200, 300)  translation (0, -40)  velocity (0, 0)",
          "   0.050  scroll    pointer        discrete   by (0, -40) at (200, 300) in list",
          "   0.050  ▶ changed scroll         began → changed      at (200, 300)  translation (0, -80)  velocity (0, -800)",
          "   0.100  scroll    pointer        discrete   by (0, -40) at (200, 300) in list",
          "   0.100  ▶ changed scroll         changed → changed    at (200, 300)  translation (0, -120)  velocity (0, -800)",
          "   0.350  state     scroll         changed → ended      discrete scroll ended",
          "   0.350  ▶ action  scroll         ended      at (200, 300)  translation (0, -120)  velocity (0, 0)",
          "   0.600  scroll    pointer        discrete   by (-40, 0) at (200, 300) in list",
          "   0.600  state     scroll         possible → began     discrete scroll began",
          "   0.600  ▶ action  scroll         began      at (200, 300)  translation (-40, 0)  velocity (0, 0)",
          "   0.850  state     scroll         began → ended        discrete scroll ended",
          "   0.850  ▶ action  scroll         ended      at (200, 300)  translation (-40, 0)  velocity (0, 0)",
        ], "\(wheel.out)")
  }

  @Test(
    "gesturectl trace and the library's decoder fed the same mouse recording give the same trace",
    arguments: cases.indices)
  func libraryAndToolAgree(_ index: Int) throws {
    let name = Self.cases[index].recording
    let tool = gesturectl(["trace", Self.listRow, Self.recording(name), "--format", "jsonl"])
    let library = try RecordingTests.libraryTrace(Self.listRow, Self.recording(name), description: nil)
    #expect(tool.code == 0)
    #expect(library.split(separator: "\n").count > 10)
    #expect(tool.out == library)
  }

  @Test("explain, validate and bench read mouse recordings too")
  func otherCommands() {
    let explain = gesturectl(["explain", Self.listRow, Self.recording("mouse-click.evemu"), "menu"])
    #expect(explain.code == 0, "\(explain.err)")
    #expect(
      explain.out
        == "Attempt 1: menu failed at 0.500 s because pressed primary, requires secondary.\nAttempt 2: menu recognized at 1.080 s; 1 action sent.\n",
      "\(explain.out)")
    let validate = gesturectl(["validate", Self.listRow, Self.recording("mouse-click.evemu")])
    #expect(validate.code == 0)
    #expect(validate.out.hasSuffix("mouse-click.evemu: ok: 7 events\n"), "\(validate.out)")
    let bench = gesturectl(["bench", Self.listRow, Self.recording("mouse-wheel.evemu"), "--repeat", "1"])
    #expect(bench.code == 0, "\(bench.err)")
    #expect(bench.out.hasPrefix("events:           4 (0 with touches, 4 of the pointer)"), "\(bench.out)")
  }

  static let hostile: [(file: String, message: String)] = [
    (
      "pointer-unknown-code.evemu",
      "pointer-unknown-code.evemu:14:1: error: an event the device does not send: type 0003 (EV_ABS) code 0000 is not among the codes its description lists (B: lines)"
    ),
    (
      "pointer-unlisted-button.evemu",
      "pointer-unlisted-button.evemu:16:1: error: an event the device does not send: type 0001 (EV_KEY) code 0113"
    ),
    (
      "pointer-truncated.evemu",
      "pointer-truncated.evemu:16:1: error: E: expected 4 fields (SEC.USEC TYPE CODE VALUE), found 2"
    ),
    (
      "pointer-ambiguous.evemu",
      "pointer-ambiguous.evemu:8:1: error: an ambiguous device: it has absolute position axes (ABS_X, ABS_Y) and relative motion (REL_X, REL_Y); expected one or the other"
    ),
  ]

  @Test("Malformed mouse recordings get exit 65 with their line, and no output", arguments: hostile)
  func malformed(_ file: String, _ message: String) {
    let path = HostileInputTests.hostile(file)
    for words in [["trace", Self.listRow, path], ["convert", Self.listRow, path], ["validate", Self.listRow, path]] {
      let result = gesturectl(words)
      #expect(result.code == 65)
      #expect(result.out == "")
      #expect(result.err.contains(message), "\(result.err)")
    }
  }

  @Test("A calibration matrix whose values would overflow a position is refused before anything is read")
  func calibrationTooLarge() {
    let result = gesturectl([
      "convert", Self.listRow, Self.recording("tap-protocol-b.evemu"), "--calibration", "1e308,0,0,0,1e308,0",
    ])
    #expect(result.code == 64)
    #expect(result.out == "")
    #expect(result.err.hasPrefix("Error: option '--calibration' expects six numbers from -1000 to 1000, found"))
  }

  @Test(
    "A calibration matrix for a mouse recording is refused, the identity too: it moves by relative motion",
    arguments: ["0,1,0,-1,0,1", "1,0,0,0,1,0"])
  func calibrationRefused(_ matrix: String) {
    for command in ["convert", "trace"] {
      let result = gesturectl([
        command, Self.listRow, Self.recording("mouse-click.evemu"), "--calibration", matrix,
      ])
      #expect(result.code == 65)
      #expect(result.out == "")
      #expect(
        result.err.contains("error: a calibration matrix applies to a touch device's absolute positions"),
        "\(result.err)")
    }
  }
}
