import Foundation
import GestureCore
import GestureRuntime
import Testing

@testable import GestureCtlKit

/// What a first-time user ran into: synth's unbounded and inapplicable options, its help, the
/// timing of its lifts, recordings cut off, live on the wrong kind of file, and the text trace.
@Suite("First use of gesturectl")
struct FirstUseTests {
  @Test(
    "synth rejects a numeric option outside its documented range, naming the option and the range",
    arguments: [
      (["pinch", "--duration", "1e9"], "option '--duration' must be greater than 0 and at most 3600 s, got 1e9"),
      (["pinch", "--duration", "1e300"], "option '--duration' must be greater than 0 and at most 3600 s, got 1e300"),
      (
        ["pinch", "--duration", "1e300", "--step", "1e-10"],
        "option '--duration' must be greater than 0 and at most 3600 s, got 1e300"
      ),
      (
        ["pinch", "--step", "1e-9"],
        "--duration 0.3 s in steps of --step 1e-09 s makes 300000002 events; a script holds at most 100000: lengthen --step or shorten --duration"
      ),
      (
        ["hover", "--duration", "3600", "--step", "0.001"],
        "--duration 3600 s in steps of --step 0.001 s makes 3600002 events; a script holds at most 100000: lengthen --step or shorten --duration"
      ),
      (
        ["pan", "--step", "0.5"],
        "option '--step' (0.5 s) is longer than --duration (0.32 s): no move fits; shorten --step"
      ),
      (["pinch", "--scale", "0"], "option '--scale' must be greater than 0 and at most 1000, got 0"),
      (["pinch", "--scale", "1001"], "option '--scale' must be greater than 0 and at most 1000, got 1001"),
      (["rotate", "--distance", "0"], "option '--distance' must be greater than 0 and at most 1000000 pt, got 0"),
      (["pan", "--distance", "-1"], "option '--distance' must be from 0 to 1000000 pt, got -1"),
      (["tap", "--x", "1e7"], "option '--x' must be from -1000000 to 1000000 pt, got 1e7"),
      (["rotate", "--rotation", "4000"], "option '--rotation' must be from -3600 to 3600°, got 4000"),
      (
        ["pinch", "--move", "0,2e6"], "option '--move' must be two numbers each from -1000000 to 1000000 pt, got 0,2e6"
      ),
      (
        ["swipe", "--direction", "1e300"],
        "option '--direction' must be right, left, up, down or degrees from -3600 to 3600°, got 1e300"
      ),
      (["tap", "--start", "-1"], "option '--start' must be from 0 to 3600 s, got -1"),
      (["click", "--interval", "4000"], "option '--interval' must be from 0 to 3600 s, got 4000"),
      (["scroll", "--distance", "0"], "option '--distance' must be greater than 0 and at most 1000000 pt, got 0"),
    ])
  func outOfRange(_ words: [String], _ message: String) {
    let result = gesturectl(["synth"] + words)
    #expect(result.code == 64)
    #expect(result.out == "")
    #expect(
      result.err
        == "Error: \(message)\nUsage: gesturectl synth \(words[0]) [options]\n  See 'gesturectl synth \(words[0]) --help'.\n"
    )
  }

  @Test(
    "synth rejects an option its gesture does not take, and any option given twice",
    arguments: [
      (
        ["pinch", "--edge", "top"],
        "Error: option '--edge' does not apply to synth pinch, which takes --x, --y, --start, --id, --fingers, --duration, --direction, --distance, --scale, --rotation, --move, --step\nUsage: gesturectl synth pinch [options]\n  See 'gesturectl synth pinch --help'.\n"
      ),
      (
        ["pinch", "--x", "3", "--taps", "3"],
        "Error: option '--taps' does not apply to synth pinch, which takes --x, --y, --start, --id, --fingers, --duration, --direction, --distance, --scale, --rotation, --move, --step\nUsage: gesturectl synth pinch [options]\n  See 'gesturectl synth pinch --help'.\n"
      ),
      (
        ["edgepan", "--scale", "2"],
        "Error: option '--scale' does not apply to synth edgepan, which takes --x, --y, --start, --edge, --id, --fingers, --duration, --direction, --distance, --step\nUsage: gesturectl synth edgepan [options]\n  See 'gesturectl synth edgepan --help'.\n"
      ),
      (
        ["scroll", "--duration", "1"],
        "Error: option '--duration' applies to a continuous scroll (--type continuous); a wheel's ticks come every --step\nUsage: gesturectl synth scroll [options]\n  See 'gesturectl synth scroll --help'.\n"
      ),
      (
        ["tap", "--x", "1", "--x", "2"],
        "Error: option '--x' is given more than once: give it once\n\(SynthCommand.command.shortUsage)\n"
      ),
    ])
  func notApplicable(_ words: [String], _ message: String) {
    let result = gesturectl(["synth"] + words)
    #expect(result.code == 64)
    #expect(result.out == "")
    #expect(result.err == message)
  }

  @Test("A drag lifts exactly --duration after it landed, its last move at or before the lift")
  func liftAtDuration() {
    #expect(
      gesturectl(["synth", "pan", "--distance", "30", "--duration", "0.048"]).out == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200}]}
        {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 210, "y": 200}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 220, "y": 200}]}
        {"t": 0.048, "touches": [{"id": 1, "phase": "moved", "x": 230, "y": 200}]}
        {"t": 0.048, "touches": [{"id": 1, "phase": "ended", "x": 230, "y": 200}]}

        """)
    #expect(
      gesturectl(["synth", "pinch", "--duration", "0.04", "--start", "1"]).out == """
        {"t": 1, "touches": [{"id": 1, "phase": "began", "x": 150, "y": 200}, {"id": 2, "phase": "began", "x": 250, "y": 200}]}
        {"t": 1.016, "touches": [{"id": 1, "phase": "moved", "x": 125, "y": 200}, {"id": 2, "phase": "moved", "x": 275, "y": 200}]}
        {"t": 1.032, "touches": [{"id": 1, "phase": "moved", "x": 100, "y": 200}, {"id": 2, "phase": "moved", "x": 300, "y": 200}]}
        {"t": 1.04, "touches": [{"id": 1, "phase": "ended", "x": 100, "y": 200}, {"id": 2, "phase": "ended", "x": 300, "y": 200}]}

        """)
    // The default pinch lifts at 0.3, not a step later.
    let pinch = gesturectl(["synth", "pinch"]).out.split(separator: "\n")
    #expect(pinch.count == 20)
    #expect(pinch.last?.hasPrefix("{\"t\": 0.3, ") == true)
  }

  @Test("Each gesture has its own help: its options, defaults and ranges, and an example")
  func gestureHelp() {
    let help = gesturectl(["synth", "edgepan", "--help"])
    #expect(help.code == 0)
    #expect(
      help.out == """
        OVERVIEW: Write the event script of a screen-edge pan: one finger that lands just inside an edge and drags away from it.

        USAGE: gesturectl synth edgepan [options]

        OPTIONS:
          --x <points>             Where the finger lands (default 2, inside the left edge; 200 with --edge top; needed with --edge right), from -1000000 to 1000000 pt.
          --y <points>             Where the finger lands (default 200; 2, inside the top edge, with --edge top; needed with --edge bottom), from -1000000 to 1000000 pt.
          --start <seconds>        When the gesture starts (default 0), from 0 to 3600 s.
          --edge <edge>            The window's edge the finger starts from: left (the default), top, right or bottom.
          --id <n>                 The first touch id (default 1); later touches count up.
          --fingers <n>            Fingers: 1, the only count a screen-edge pan takes.
          --duration <seconds>     How long the fingers are down (default 0.32), greater than 0 and at most 3600 s: they lift exactly this long after landing, having moved every --step until then.
          --direction <dir>        Where the fingers move: right, left, up, down, or degrees clockwise from right, from -3600 to 3600° (default away from its edge).
          --distance <points>      How far the fingers travel (default 100), from 0 to 1000000 pt.
          --step <seconds>         Time between moves (default 0.016), greater than 0 and at most 3600 s, at most --duration; a script holds at most 100000 events.
          -h, --help               Show help information.

        EXAMPLE:
          gesturectl synth edgepan --edge right --x 398 > back.events.jsonl

        """)
    for kind in SynthCommand.kinds {
      let page = gesturectl(["synth", kind, "--help"]).out
      #expect(page.hasPrefix("OVERVIEW: "), "\(kind)")
      #expect(page.contains("\nUSAGE: gesturectl synth \(kind) [options]\n"), "\(kind)")
      #expect(page.contains("\nEXAMPLE:\n  gesturectl synth \(kind) "), "\(kind)")
      #expect(gesturectl(["help", "synth", kind]).out == page, "\(kind)")
      // The example runs.
      let example = page.split(separator: "\n").last!.split(separator: " ").dropFirst(2).prefix { $0 != ">" }
      #expect(gesturectl(["synth"] + example.map(String.init)).code == 0, "\(kind)")
    }
    #expect(gesturectl(["synth", "--help"]).out == SynthCommand.command.help)
  }

  @Test("Every help lists its options in one column: a name too long for it has its text on the next line")
  func helpColumns() {
    let fits = String(repeating: "x", count: 24)
    #expect(Subcommand.helpRow(fits, "text") == "  \(fits) text\n")
    #expect(Subcommand.helpRow(fits + "x", "text") == "  \(fits)x\n\(String(repeating: " ", count: 27))text\n")
    let commands =
      GestureCtl.subcommands.map { [$0.name, "--help"] } + SynthCommand.kinds.map { ["synth", $0, "--help"] }
    for words in commands {
      let lines = gesturectl(words).out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for (index, line) in lines.enumerated() where line.hasPrefix("  -") || line.hasPrefix("  <") {
        let characters = Array(line)
        if characters.count > 27 {
          // The text starts in the column, after at least one space.
          #expect(characters[26] == " " && characters[27] != " ", "\(words): \(line)")
        } else {
          // The name alone: its text follows, indented to the column.
          #expect(
            index + 1 < lines.count && lines[index + 1].hasPrefix(String(repeating: " ", count: 27))
              && lines[index + 1].dropFirst(27).first != " ", "\(words): \(line)")
        }
      }
    }
  }

  @Test("A missing argument is named with what it is")
  func missingArgument() {
    let synth = gesturectl(["synth"])
    #expect(synth.code == 64)
    #expect(
      synth.err
        == "Error: missing argument <gesture>: tap, doubletap, pan, swipe, longpress, pinch, rotate or edgepan (fingers); click, rightclick, hover or scroll (a pointer). 'synth GESTURE --help' shows a gesture's own options, defaults and ranges.\n\(SynthCommand.command.shortUsage)\n"
    )
    let convert = gesturectl(["convert", example("list-row.scene.json")])
    #expect(convert.code == 64)
    #expect(convert.out == "")
    #expect(
      convert.err
        == "Error: missing argument <recording>: the device recording, as evemu-record writes it; - reads standard input.\n\(ConvertCommand.command.shortUsage)\n"
    )
  }

  /// The tap recording of Examples, its last SYN_REPORT cut off.
  static func cutOff() -> String {
    let text = try! String(contentsOfFile: example("recordings/tap-protocol-b.evemu"), encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    while lines.last?.isEmpty == true { lines.removeLast() }
    lines.removeLast()
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("A recording whose last frame has no SYN_REPORT delivers that frame, with a warning naming its line")
  func unreportedLastFrame() {
    let files = Files()
    let path = files.write("cut.evemu", Self.cutOff())
    let warning =
      "\(path):43:1: warning: the recording ends without a SYN_REPORT after its last 2 events (from this line; was evemu-record cut off?): they are delivered as a last frame, as if a SYN_REPORT closed it\n"
    let validate = gesturectl(["validate", example("recordings/photo.scene.json"), path])
    #expect(validate.code == 0)
    #expect(validate.err == warning)
    #expect(validate.out.hasSuffix("\(path): ok: 3 events\n"))
    let convert = gesturectl(["convert", example("recordings/photo.scene.json"), path])
    #expect(convert.err == warning)
    #expect(
      convert.out.split(separator: "\n").last?.hasPrefix(#"{"t": 0.08, "touches": [{"id": 1, "phase": "ended""#) == true
    )
    let trace = gesturectl(["trace", example("recordings/photo.scene.json"), path])
    let whole = gesturectl([
      "trace", example("recordings/photo.scene.json"), example("recordings/tap-protocol-b.evemu"),
    ])
    #expect(trace.err == warning)
    #expect(trace.out == whole.out)
  }

  @Test("An event value beyond 32 bits is out of range, and says the range")
  func valueOutOfRange() {
    let files = Files()
    let path = files.write("big.evemu", Self.cutOff() + "E: 4711.340000 0002 0001 99999999999999999999\n")
    let result = gesturectl(["validate", example("recordings/photo.scene.json"), path])
    #expect(result.code == 65)
    #expect(
      result.err
        == "\(path):45:26: error: E: the value 99999999999999999999 is out of range: an event's value is a 32-bit signed number, from -2147483648 to 2147483647\n"
    )
  }

  @Test("The recording FileFormats writes by hand, from its description of the lines, is a tap")
  func handWrittenRecording() throws {
    let article = try String(contentsOfFile: packageRoot + "/Docs/Gestures.docc/FileFormats.md", encoding: .utf8)
    let start = try #require(article.range(of: "A one-finger tap on a single-touch screen, by hand:\n\n```text\n"))
    let end = try #require(article[start.upperBound...].range(of: "```"))
    let files = Files()
    let path = files.write("hand.evemu", String(article[start.upperBound..<end.lowerBound]))
    let result = gesturectl(["convert", example("recordings/photo.scene.json"), path])
    #expect(result.err == "")
    #expect(
      result.out == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 200, "y": 200}]}
        {"t": 0.08, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 200}]}

        """)
  }

  #if os(Linux)
    @Test("live names --description FILE when the device cannot describe itself")
    func liveNeedsDescription() {
      let result = gesturectl(["live", example("recordings/photo.scene.json"), "/dev/null"])
      #expect(result.code == 65)
      #expect(result.out == "")
      #expect(
        result.err
          == "/dev/null: error: not an input device (EVIOCGBIT failed): give its description with --description FILE (the N:, I:, P:, B: and A: lines evemu-describe writes)\n"
      )
    }

    @Test("live refuses a regular file: its bytes are not input events")
    func liveRefusesRegularFile() {
      let recording = example("recordings/tap-protocol-b.evemu")
      let result = gesturectl([
        "live", example("recordings/photo.scene.json"), recording, "--description",
        example("recordings/long-press.desc.evemu"),
      ])
      #expect(result.code == 66)
      #expect(result.out == "")
      #expect(
        result.err
          == "\(recording): error: a regular file or other non-device, not a character device or FIFO: expected an input device such as /dev/input/event5, or a FIFO fed struct input_event records; a device recording (evemu) is replayed with 'gesturectl trace SCENE RECORDING'\n"
      )
    }
  #endif

  @Test("The text trace folds each recognizer's changed state line with its own action, whatever lies between")
  func foldAcrossLines() {
    let output = StringOutput()
    let writer = StreamingTraceWriter(format: .text, output: output)
    let t = Timestamp(microseconds: 198_277)
    writer.record(.init(time: t, kind: .state(recognizer: "pan", from: .began, to: .changed, reason: "changed")))
    writer.record(.init(time: t, kind: .state(recognizer: "pinch", from: .changed, to: .changed, reason: "changed")))
    writer.record(
      .init(time: t, kind: .action(recognizer: "pan", state: .changed, location: Point(x: 1, y: 2), attributes: [])))
    writer.record(.init(time: t, kind: .reset(recognizer: "other")))
    writer.record(
      .init(time: t, kind: .action(recognizer: "pinch", state: .changed, location: Point(x: 3, y: 4), attributes: [])))
    writer.record(.init(time: t, kind: .state(recognizer: "rotation", from: .changed, to: .changed, reason: "changed")))
    writer.record(.init(time: Timestamp(microseconds: 12_345_600), kind: .reset(recognizer: "rotation")))
    writer.finish()
    #expect(
      output.text == """
           0.198  ▶ changed pan            began → changed      at (1, 2)
           0.198  ▶ changed pinch          changed → changed    at (3, 4)
           0.198  reset     other
           0.198  state     rotation       changed → changed    changed
          12.346  reset     rotation

        """)
  }

  @Test("A hover that ends at a press names no view, and says nothing of one")
  func hoverExitLine() {
    let text = gesturectl(["trace", example("list-row.scene.json"), example("list-row-click.events.jsonl")]).out
    #expect(text.contains("\n   0.500  hover     pointer        exited     (80, 122)\n"))
    #expect(!text.contains("no view"))
  }
}
