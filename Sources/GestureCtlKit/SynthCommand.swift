import GestureCore

enum SynthCommand {
  static let kinds = ["tap", "doubletap", "pan", "swipe", "longpress", "pinch"] + pointerKinds
  static let command = Subcommand(
    name: "synth",
    overview:
      "Write an event script for a common gesture of fingers or of the pointer, so ordinary cases need no hand-written script.",
    usage: "synth <tap|doubletap|pan|swipe|longpress|pinch|click|rightclick|hover|scroll> [options]",
    arguments: [
      (
        "<gesture>",
        "tap, doubletap, pan, swipe, longpress or pinch (fingers); click, rightclick, hover or scroll (a pointer)."
      )
    ],
    options: [
      ("--x <points>", "Where the gesture starts (default 200)."),
      ("--y <points>", "Where the gesture starts (default 200)."),
      ("--start <seconds>", "When the first finger lands (default 0)."),
      ("--id <n>", "The first touch id (default 1); later touches count up."),
      ("--taps <n>", "Taps (tap: 1, doubletap: 2; longpress: taps before the press, 0)."),
      ("--fingers <n>", "Fingers, side by side 20 pt apart (default 1; pinch 2)."),
      ("--duration <seconds>", "How long a finger is down (tap 0.08, pan 0.32, swipe 0.06, longpress 0.8, pinch 0.3)."),
      ("--interval <seconds>", "Pause between a lift and the next tap (default 0.12)."),
      ("--direction <dir>", "right, left, up, down, or an angle in degrees clockwise from right (default right)."),
      (
        "--distance <points>",
        "How far a pan or swipe travels (pan 100, swipe 120); pinch: the starting finger spread (100)."
      ),
      ("--scale <factor>", "Pinch: the final spread over the starting one (default 2)."),
      ("--step <seconds>", "Time between moves (pan and pinch 0.016, swipe 0.01, hover 0.05, scroll 0.05)."),
      ("--modifiers <keys>", "click, rightclick, hover, scroll: keys held, comma-separated (shift, command, ...)."),
      ("--type <type>", "scroll: discrete (a wheel, 40 pt a tick; the default) or continuous (a trackpad)."),
    ],
    valued: [
      "--x", "--y", "--start", "--id", "--taps", "--fingers", "--duration", "--interval", "--direction", "--distance",
      "--scale", "--step", "--modifiers", "--type",
    ],
    flags: [],
    run: run)

  struct Writer {
    var lines: [String] = []
    mutating func event(_ t: Double, _ touches: [(Int, String, Double, Double)]) {
      let items = touches.map { id, phase, x, y in
        "{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(formatNumber((x * 1000).rounded() / 1000)), \"y\": \(formatNumber((y * 1000).rounded() / 1000))}"
      }
      lines.append(
        "{\"t\": \(formatNumber((t * 1_000_000).rounded() / 1_000_000)), \"touches\": [\(items.joined(separator: ", "))]}"
      )
    }
  }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 1, command)
    let kind = arguments.positional[0]
    guard kinds.contains(kind) else {
      throw .usage(
        "unknown gesture '\(kind)'\(didYouMean(kind, kinds)); expected one of \(kinds.joined(separator: ", "))")
    }
    let usage = command.shortUsage
    if pointerKinds.contains(kind) { return try runPointer(kind, arguments, context) }
    let x = try arguments.double("--x", default: 200, usage: usage)
    let y = try arguments.double("--y", default: 200, usage: usage)
    let start = try arguments.double("--start", default: 0, usage: usage)
    guard start >= 0 else { throw .usage("option '--start' cannot be negative\n\(usage)") }
    let firstID = try arguments.int("--id", default: 1, range: 0...1_000_000_000, usage: usage)
    let taps = try arguments.int(
      "--taps", default: kind == "doubletap" ? 2 : kind == "tap" ? 1 : 0, range: 0...100, usage: usage)
    let fingers = try arguments.int("--fingers", default: kind == "pinch" ? 2 : 1, range: 1...20, usage: usage)
    let defaults: [String: Double] = [
      "tap": 0.08, "doubletap": 0.08, "pan": 0.32, "swipe": 0.06, "longpress": 0.8, "pinch": 0.3,
    ]
    let duration = try arguments.double("--duration", default: defaults[kind]!, usage: usage)
    let interval = try arguments.double("--interval", default: 0.12, usage: usage)
    let distance = try arguments.double("--distance", default: kind == "swipe" ? 120 : 100, usage: usage)
    let scale = try arguments.double("--scale", default: 2, usage: usage)
    let step = try arguments.double("--step", default: kind == "swipe" ? 0.01 : 0.016, usage: usage)
    guard duration > 0, interval >= 0, step > 0, distance >= 0, scale > 0 else {
      throw .usage("durations, steps, distances and scales must be positive\n\(usage)")
    }
    if kind == "pinch" && fingers != 2 { throw .usage("a pinch uses two fingers\n\(usage)") }
    let angle: Double
    switch arguments.options["--direction"] ?? "right" {
    case "right": angle = 0
    case "down": angle = 90
    case "left": angle = 180
    case "up": angle = 270
    case let text:
      guard let degrees = Double(text), degrees.isFinite else {
        throw .usage("option '--direction' expects right, left, up, down or degrees, found '\(text)'\n\(usage)")
      }
      angle = degrees
    }
    let radians = angle * Double.pi / 180
    let unit = Point(x: cosine(radians), y: sine(radians))
    var writer = Writer()
    var t = start
    var nextID = firstID
    func fingerPoints(_ cx: Double, _ cy: Double) -> [(Double, Double)] {
      (0..<fingers).map { i in (cx + 20 * Double(i) - 10 * Double(fingers - 1), cy) }
    }
    func tap() {
      let ids = (0..<fingers).map { nextID + $0 }
      nextID += fingers
      let points = fingerPoints(x, y)
      writer.event(t, zip(ids, points).map { ($0, "began", $1.0, $1.1) })
      t += duration
      writer.event(t, zip(ids, points).map { ($0, "ended", $1.0, $1.1) })
    }
    switch kind {
    case "tap", "doubletap":
      for index in 0..<max(taps, 1) {
        if index > 0 { t += interval }
        tap()
      }
    case "longpress":
      for _ in 0..<taps {
        tap()
        t += interval
      }
      let ids = (0..<fingers).map { nextID + $0 }
      let points = fingerPoints(x, y)
      writer.event(t, zip(ids, points).map { ($0, "began", $1.0, $1.1) })
      t += duration
      writer.event(t, zip(ids, points).map { ($0, "ended", $1.0, $1.1) })
    case "pan", "swipe":
      let ids = (0..<fingers).map { nextID + $0 }
      let points = fingerPoints(x, y)
      writer.event(t, zip(ids, points).map { ($0, "began", $1.0, $1.1) })
      let steps = max(1, Int((duration / step).rounded()))
      for index in 1...steps {
        let fraction = Double(index) / Double(steps)
        let moved = zip(ids, points).map { id, p in
          (id, "moved", p.0 + unit.x * distance * fraction, p.1 + unit.y * distance * fraction)
        }
        writer.event(t + step * Double(index), moved)
      }
      t += step * Double(steps) + step
      writer.event(t, zip(ids, points).map { id, p in (id, "ended", p.0 + unit.x * distance, p.1 + unit.y * distance) })
    default:  // pinch
      let ids = [nextID, nextID + 1]
      func spread(_ d: Double) -> [(Double, Double)] {
        [(x - unit.x * d / 2, y - unit.y * d / 2), (x + unit.x * d / 2, y + unit.y * d / 2)]
      }
      writer.event(t, zip(ids, spread(distance)).map { ($0, "began", $1.0, $1.1) })
      let steps = max(1, Int((duration / step).rounded()))
      for index in 1...steps {
        let d = distance * (1 + (scale - 1) * Double(index) / Double(steps))
        writer.event(t + step * Double(index), zip(ids, spread(d)).map { ($0, "moved", $1.0, $1.1) })
      }
      t += step * Double(steps) + step
      writer.event(t, zip(ids, spread(distance * scale)).map { ($0, "ended", $1.0, $1.1) })
    }
    context.stdout.write(writer.lines.joined(separator: "\n") + "\n")
    return 0
  }
}
