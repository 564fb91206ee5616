import GestureCore

enum SynthCommand {
  static let kinds = ["tap", "doubletap", "pan", "swipe", "longpress", "pinch", "rotate", "edgepan"] + pointerKinds
  static let command = Subcommand(
    name: "synth",
    overview:
      "Write an event script for a common gesture of fingers or of the pointer, so ordinary cases need no hand-written script.",
    usage:
      "synth <tap|doubletap|pan|swipe|longpress|pinch|rotate|edgepan|click|rightclick|hover|scroll> [options]",
    arguments: [
      (
        "<gesture>",
        "tap, doubletap, pan, swipe, longpress, pinch, rotate or edgepan (fingers); click, rightclick, hover or scroll (a pointer). 'synth GESTURE --help' shows a gesture's own options, defaults and ranges."
      )
    ],
    options: [
      ("--x <points>", "Where the gesture starts (default 200; pinch and rotate: the fingers' centre)."),
      ("--y <points>", "Where the gesture starts (default 200; pinch and rotate: the fingers' centre)."),
      ("--start <seconds>", "When the first finger lands (default 0)."),
      ("--id <n>", "The first touch id (default 1); later touches count up."),
      ("--taps <n>", "Taps (tap: 1, doubletap: 2; longpress: taps before the press, 0)."),
      ("--fingers <n>", "Fingers, side by side 20 pt apart (default 1; pinch and rotate 2)."),
      (
        "--duration <seconds>",
        "How long the fingers are down, landing to lift (tap 0.08, pan 0.32, swipe 0.06, longpress 0.8, pinch and rotate 0.3, edgepan 0.32); see each gesture's help."
      ),
      ("--interval <seconds>", "Pause between a lift and the next tap (default 0.12)."),
      (
        "--direction <dir>",
        "right, left, up, down, or an angle in degrees clockwise from right (default right; pinch and rotate: the line from the first finger to the second; edgepan: away from its edge)."
      ),
      (
        "--distance <points>",
        "How far a pan, swipe or edgepan travels (pan 100, swipe 120, edgepan 100); pinch and rotate: the starting finger spread (100)."
      ),
      ("--scale <factor>", "Pinch and rotate: the final spread over the starting one (pinch 2, rotate 1)."),
      ("--rotation <degrees>", "Pinch and rotate: how far the fingers turn, clockwise (pinch 0, rotate 45)."),
      ("--move <dx,dy>", "Pinch and rotate: how far the fingers' centre travels, in points (default 0,0)."),
      (
        "--edge <edge>",
        "edgepan: the window's edge the finger starts from: left (the default; it lands at x 2) or top (y 2), right or bottom (give --x or --y)."
      ),
      (
        "--step <seconds>",
        "Time between moves (pan, pinch, rotate and edgepan 0.016, swipe 0.01, hover 0.05, scroll 0.05)."
      ),
      ("--modifiers <keys>", "click, rightclick, hover, scroll: keys held, comma-separated (shift, command, ...)."),
      ("--type <type>", "scroll: discrete (a wheel, 40 pt a tick; the default) or continuous (a trackpad)."),
    ],
    valued: [
      "--x", "--y", "--start", "--id", "--taps", "--fingers", "--duration", "--interval", "--direction", "--distance",
      "--scale", "--rotation", "--move", "--edge", "--step", "--modifiers", "--type",
    ],
    flags: [],
    run: run,
    topicHelp: { words in words.first.flatMap(help(of:)) })

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
    do throws(InputError) {
      try checkApplicable(kind, arguments)
      if pointerKinds.contains(kind) { return try runPointer(kind, arguments, context) }
      if kind == "pinch" || kind == "rotate" { return try runTwoFingers(kind, arguments, context) }
      if kind == "edgepan" { return try runEdgePan(arguments, context) }
      return try runFingers(kind, arguments, context)
    } catch  where error.kind == .usage {
      // A gesture's mistakes end with its own usage line, in place of the command's.
      throw .usage("\(error.message)\n\(usage(of: kind))")
    }
  }

  /// Taps, double taps, long presses, pans and swipes: fingers side by side, landing together.
  static func runFingers(_ kind: String, _ arguments: Arguments, _ context: CommandContext) throws(InputError)
    -> Int32
  {
    let (x, y, start, firstID) = try place(arguments)
    // A tap is at least one; a long press may come after none.
    let taps = try arguments.int(
      "--taps", default: kind == "doubletap" ? 2 : kind == "tap" ? 1 : 0,
      range: kind == "longpress" ? 0...100 : 1...100)
    let fingers = try arguments.int("--fingers", default: 1, range: 1...20)
    let defaults: [String: Double] = ["tap": 0.08, "doubletap": 0.08, "pan": 0.32, "swipe": 0.06, "longpress": 0.8]
    let duration = try number(arguments, "--duration", default: defaults[kind]!, .length)
    let interval = try number(arguments, "--interval", default: 0.12, .time)
    let distance = try number(arguments, "--distance", default: kind == "swipe" ? 120 : 100, .distance)
    let step = try number(arguments, "--step", default: kind == "swipe" ? 0.01 : 0.016, .length)
    let unit = try direction(arguments, default: "right")
    var writer = Writer()
    var t = start
    var nextID = firstID
    func fingerPoints(_ cx: Double, _ cy: Double) -> [(Double, Double)] {
      (0..<fingers).map { i in (cx + 20 * Double(i) - 10 * Double(fingers - 1), cy) }
    }
    func tap(lasting length: Double) {
      let ids = (0..<fingers).map { nextID + $0 }
      nextID += fingers
      let points = fingerPoints(x, y)
      writer.event(t, zip(ids, points).map { ($0, "began", $1.0, $1.1) })
      t += length
      writer.event(t, zip(ids, points).map { ($0, "ended", $1.0, $1.1) })
    }
    switch kind {
    case "tap", "doubletap":
      for index in 0..<taps {
        if index > 0 { t += interval }
        tap(lasting: duration)
      }
    case "longpress":
      // The taps before the press are taps: as short as synth tap's, whatever the press's
      // --duration.
      for _ in 0..<taps {
        tap(lasting: Self.tapDuration)
        t += interval
      }
      let ids = (0..<fingers).map { nextID + $0 }
      let points = fingerPoints(x, y)
      writer.event(t, zip(ids, points).map { ($0, "began", $1.0, $1.1) })
      t += duration
      writer.event(t, zip(ids, points).map { ($0, "ended", $1.0, $1.1) })
    default:  // pan, swipe
      let ids = (0..<fingers).map { nextID + $0 }
      let moves = try moveCount(duration: duration, step: step, others: 2)
      drag(
        &writer, ids: ids, from: fingerPoints(x, y), Point(x: unit.x * distance, y: unit.y * distance), at: t,
        duration: duration, step: step, moves: moves)
    }
    context.stdout.write(writer.lines.joined(separator: "\n") + "\n")
    return 0
  }

  /// How long a tap's fingers stay down (synth tap's default --duration, and the taps before a
  /// long press).
  static let tapDuration = 0.08

  /// The unit vector of `--direction` (right, left, up, down or degrees clockwise from right).
  static func direction(_ arguments: Arguments, default name: String) throws(InputError) -> Point {
    let angle: Double
    switch arguments.options["--direction"] ?? name {
    case "right": angle = 0
    case "down": angle = 90
    case "left": angle = 180
    case "up": angle = 270
    case let text:
      guard let degrees = Double(text), degrees.isFinite else {
        throw .usage("option '--direction' expects right, left, up, down or degrees, found '\(text)'")
      }
      guard Bound.angle.contains(degrees) else {
        throw .usage(
          "option '--direction' must be right, left, up, down or degrees \(Bound.angle.text), got \(text)")
      }
      angle = degrees
    }
    let radians = angle * Double.pi / 180
    return Point(x: cosine(radians), y: sine(radians))
  }

  /// Writes fingers that land at `points` at `t`, move together by `offset` in `moves` steady
  /// steps one `step` apart (the last at or before `t + duration`), and lift at `t + duration`
  /// where the last move left them.
  static func drag(
    _ writer: inout Writer, ids: [Int], from points: [(Double, Double)], _ offset: Point, at t: Double,
    duration: Double, step: Double, moves: Int
  ) {
    writer.event(t, zip(ids, points).map { ($0, "began", $1.0, $1.1) })
    for index in 1...moves {
      let fraction = Double(index) / Double(moves)
      let moved = zip(ids, points).map { id, p in (id, "moved", p.0 + offset.x * fraction, p.1 + offset.y * fraction) }
      writer.event(min(t + step * Double(index), t + duration), moved)
    }
    writer.event(t + duration, zip(ids, points).map { id, p in (id, "ended", p.0 + offset.x, p.1 + offset.y) })
  }
}
