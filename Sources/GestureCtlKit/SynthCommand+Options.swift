import GestureCore

extension SynthCommand {
  /// The most events one script may hold: a script is written whole, so a bound keeps a typo
  /// (`--duration 1e9`) from running for hours.
  static let maximumEvents = 100_000

  /// The range a numeric option takes.
  struct Bound {
    let lower: Double
    let upper: Double
    /// Whether the lower end is excluded (greater than, not at least).
    var excludesLower = false
    /// The unit after the numbers: " s", " pt", "°".
    let unit: String

    func contains(_ value: Double) -> Bool {
      value.isFinite && (excludesLower ? value > lower : value >= lower) && value <= upper
    }

    /// "greater than 0 and at most 3600 s", "from -1000000 to 1000000 pt".
    var text: String {
      excludesLower
        ? "greater than \(formatNumber(lower)) and at most \(formatNumber(upper))\(unit)"
        : "from \(formatNumber(lower)) to \(formatNumber(upper))\(unit)"
    }

    static let coordinate = Bound(lower: -1_000_000, upper: 1_000_000, unit: " pt")
    static let distance = Bound(lower: 0, upper: 1_000_000, unit: " pt")
    static let spread = Bound(lower: 0, upper: 1_000_000, excludesLower: true, unit: " pt")
    static let time = Bound(lower: 0, upper: 3600, unit: " s")
    static let length = Bound(lower: 0, upper: 3600, excludesLower: true, unit: " s")
    static let scale = Bound(lower: 0, upper: 1000, excludesLower: true, unit: "")
    static let angle = Bound(lower: -3600, upper: 3600, unit: "°")
  }

  /// The options each gesture takes; any other option is an error.
  static func options(of kind: String) -> [String] {
    let place = ["--x", "--y", "--start"]
    switch kind {
    case "tap", "doubletap", "longpress": return place + ["--id", "--taps", "--fingers", "--duration", "--interval"]
    case "pan", "swipe": return place + ["--id", "--fingers", "--duration", "--direction", "--distance", "--step"]
    case "pinch", "rotate":
      return place + [
        "--id", "--fingers", "--duration", "--direction", "--distance", "--scale", "--rotation", "--move", "--step",
      ]
    case "edgepan": return place + ["--edge", "--id", "--fingers", "--duration", "--direction", "--distance", "--step"]
    case "click", "rightclick": return place + ["--id", "--taps", "--duration", "--interval", "--modifiers"]
    case "hover": return place + ["--duration", "--direction", "--distance", "--step", "--modifiers"]
    default: return place + ["--type", "--duration", "--direction", "--distance", "--step", "--modifiers"]  // scroll
    }
  }

  /// The usage line of one gesture, shown under its errors.
  static func usage(of kind: String) -> String {
    "Usage: \(GestureCtl.toolName) synth \(kind) [options]\n  See '\(GestureCtl.toolName) synth \(kind) --help'."
  }

  /// Rejects the options `kind` does not take, naming the first in command-line order.
  static func checkApplicable(_ kind: String, _ arguments: Arguments) throws(InputError) {
    let taken = options(of: kind)
    for name in arguments.given where !taken.contains(name) {
      throw .usage(
        "option '\(name)' does not apply to synth \(kind), which takes \(taken.joined(separator: ", "))"
      )
    }
  }

  /// Where and when a gesture begins, and its first touch id: `--x` and `--y` (defaults `x` and
  /// `y`), `--start` (0) and `--id` (1), read in that order, so that the first bad one is named.
  static func place(_ arguments: Arguments, x: Double = 200, y: Double = 200) throws(InputError)
    -> (x: Double, y: Double, start: Double, id: Int)
  {
    (
      try number(arguments, "--x", default: x, .coordinate), try number(arguments, "--y", default: y, .coordinate),
      try number(arguments, "--start", default: 0, .time),
      try arguments.int("--id", default: 1, range: 0...1_000_000_000)
    )
  }

  /// A numeric option within `bound`, or its default.
  static func number(
    _ arguments: Arguments, _ name: String, default value: Double, _ bound: Bound
  ) throws(InputError) -> Double {
    guard let text = arguments.options[name] else { return value }
    guard let number = Double(text), number.isFinite else {
      throw .usage("option '\(name)' expects a number, found '\(text)'")
    }
    guard bound.contains(number) else {
      throw .usage("option '\(name)' must be \(bound.text), got \(text)")
    }
    return number
  }

  /// How many moves fit in `duration` at one every `step`: the last at or before the lift.
  /// Throws when none fits, or when the script would pass ``maximumEvents`` (`others`: the
  /// script's events besides the moves).
  static func moveCount(duration: Double, step: Double, others: Int) throws(InputError) -> Int {
    // Seconds as given: 1e-9 stays 1e-9, not a rounded 0.
    func seconds(_ value: Double) -> String { value >= 0.000_001 ? formatNumber(value) : "\(value)" }
    guard step <= duration else {
      throw .usage(
        "option '--step' (\(seconds(step)) s) is longer than --duration (\(seconds(duration)) s): no move fits; shorten --step"
      )
    }
    // A tolerance of a nanosecond: 0.32 / 0.016 is 20 steps, not 19.999…
    let count = (duration / step + 1e-9).rounded(.down)
    guard count + Double(others) <= Double(maximumEvents) else {
      let events = count < 1e15 ? formatNumber(count + Double(others)) : "far more than \(maximumEvents)"
      throw .usage(
        "--duration \(seconds(duration)) s in steps of --step \(seconds(step)) s makes \(events) events; a script holds at most \(maximumEvents): lengthen --step or shorten --duration"
      )
    }
    return Int(count)
  }

  /// The help of `synth GESTURE --help`: the gesture's options with its defaults, and an example.
  static func help(of kind: String) -> String? {
    guard kinds.contains(kind) else { return nil }
    var text = "OVERVIEW: \(summary(of: kind))\n\nUSAGE: \(GestureCtl.toolName) synth \(kind) [options]\n\nOPTIONS:\n"
    for name in options(of: kind) {
      let (label, summary) = option(name, of: kind)
      text += Subcommand.helpRow("\(name) <\(label)>", summary)
    }
    text += Subcommand.helpRow("-h, --help", "Show help information.")
    text += "\nEXAMPLE:\n  \(GestureCtl.toolName) synth \(example(of: kind))\n"
    return text
  }

  static func summary(of kind: String) -> String {
    switch kind {
    case "tap": return "Write the event script of a tap: fingers land and lift where they landed."
    case "doubletap": return "Write the event script of a double tap: two taps at one place, a pause between them."
    case "longpress":
      return "Write the event script of a long press: fingers held still (after --taps taps, if any), then lifted."
    case "pan": return "Write the event script of a pan: fingers that land, drag at a steady speed and lift."
    case "swipe": return "Write the event script of a swipe: a short, fast drag."
    case "pinch":
      return
        "Write the event script of a pinch: two fingers that spread apart (or close, --scale below 1) about their centre in steady steps."
    case "rotate":
      return "Write the event script of a rotation: two fingers that turn about their centre in steady steps."
    case "edgepan":
      return
        "Write the event script of a screen-edge pan: one finger that lands just inside an edge and drags away from it."
    case "click", "rightclick":
      return "Write the event script of a \(kind == "click" ? "primary" : "secondary") click of the pointer."
    case "hover": return "Write the event script of the pointer hovering across the window, then leaving it."
    default: return "Write the event script of a scroll: wheel ticks, or a trackpad's continuous scroll."
    }
  }

  static func example(of kind: String) -> String {
    switch kind {
    case "tap": return "tap --x 120 --y 80 > tap.events.jsonl"
    case "doubletap": return "doubletap --interval 0.2 > doubletap.events.jsonl"
    case "longpress": return "longpress --duration 0.8 > press.events.jsonl"
    case "pan": return "pan --direction down --distance 150 > pan.events.jsonl"
    case "swipe": return "swipe --direction left > swipe.events.jsonl"
    case "pinch": return "pinch --scale 0.5 --duration 0.4 > pinch-in.events.jsonl"
    case "rotate": return "rotate --rotation -90 > rotate.events.jsonl"
    case "edgepan": return "edgepan --edge right --x 398 > back.events.jsonl"
    case "click": return "click --taps 2 --modifiers shift > click.events.jsonl"
    case "rightclick": return "rightclick --x 50 --y 60 > menu.events.jsonl"
    case "hover": return "hover --distance 200 > hover.events.jsonl"
    default: return "scroll --type continuous --distance 300 > scroll.events.jsonl"
    }
  }

  /// One option's value label and summary for `kind`, with `kind`'s default and range.
  static func option(_ name: String, of kind: String) -> (String, String) {
    let fingers = ["pinch", "rotate"].contains(kind)
    let pointer = pointerKinds.contains(kind)
    let moving = ["pan", "swipe", "edgepan", "pinch", "rotate"].contains(kind)
    switch name {
    case "--x", "--y":
      let start =
        kind == "edgepan"
        ? (name == "--x"
          ? "Where the finger lands (default 2, inside the left edge; 200 with --edge top; needed with --edge right)"
          : "Where the finger lands (default 200; 2, inside the top edge, with --edge top; needed with --edge bottom)")
        : fingers
          ? "The fingers' centre at the start (default 200)"
          : pointer ? "Where the pointer is (default 200)" : "Where the gesture starts (default 200)"
      return ("points", "\(start), \(Bound.coordinate.text).")
    case "--start": return ("seconds", "When the gesture starts (default 0), \(Bound.time.text).")
    case "--id":
      return (
        "n",
        pointer
          ? "The first press's touch id (default 1); later presses count up."
          : "The first touch id (default 1); later touches count up."
      )
    case "--taps":
      switch kind {
      case "longpress": return ("n", "Taps before the press (default 0), 0 to 100.")
      case "click", "rightclick": return ("n", "Clicks (default 1), 1 to 100.")
      default: return ("n", "Taps (default \(kind == "doubletap" ? 2 : 1)), 1 to 100.")
      }
    case "--fingers":
      switch kind {
      case "pinch", "rotate":
        return ("n", "Fingers: 2, the only count a \(kind == "pinch" ? "pinch" : "rotation") takes.")
      case "edgepan": return ("n", "Fingers: 1, the only count a screen-edge pan takes.")
      default: return ("n", "Fingers, side by side 20 pt apart (default 1), 1 to 20.")
      }
    case "--duration":
      let defaults = [
        "tap": "0.08", "doubletap": "0.08", "longpress": "0.8", "pan": "0.32", "swipe": "0.06", "pinch": "0.3",
        "rotate": "0.3", "edgepan": "0.32", "click": "0.08", "rightclick": "0.08", "hover": "0.3", "scroll": "0.3",
      ]
      let range = Bound.length.text
      let value = defaults[kind] ?? "0.3"
      if moving {
        return (
          "seconds",
          "How long the fingers are down (default \(value)), \(range): they lift exactly this long after landing, having moved every --step until then."
        )
      }
      switch kind {
      case "click", "rightclick": return ("seconds", "How long the button is held (default \(value)), \(range).")
      case "hover":
        return (
          "seconds",
          "How long the pointer moves (default \(value)), \(range): a position every --step, the last at or before this long after --start; it leaves one --step after that."
        )
      case "scroll":
        return (
          "seconds",
          "A continuous scroll only: how long it lasts (default \(value)), \(range): it ends at the last --step at or before this long after it began."
        )
      case "longpress":
        return (
          "seconds",
          "How long the press's fingers stay down (default \(value)), \(range); the --taps before it last 0.08 s each."
        )
      default:
        return ("seconds", "How long each tap's fingers are down (default \(value)), \(range).")
      }
    case "--interval":
      return (
        "seconds",
        "The pause between a lift and the next \(pointer ? "click" : "tap") (default 0.12), \(Bound.time.text)."
      )
    case "--direction":
      let defaultName =
        kind == "scroll" ? "down" : kind == "edgepan" ? "away from its edge" : "right"
      let what =
        fingers
        ? "The line from the first finger to the second at the start"
        : kind == "scroll" ? "Where the content moves" : "Where the \(pointer ? "pointer" : "fingers") move"
      return (
        "dir",
        "\(what): right, left, up, down, or degrees clockwise from right, \(Bound.angle.text) (default \(defaultName))."
      )
    case "--distance":
      switch kind {
      case "pinch", "rotate": return ("points", "The fingers' spread at the start (default 100), \(Bound.spread.text).")
      case "scroll": return ("points", "How far it scrolls (default 120; a wheel: 40 pt a tick), \(Bound.spread.text).")
      default:
        return (
          "points",
          "How far the \(pointer ? "pointer" : "fingers") travel (default \(kind == "swipe" ? 120 : 100)), \(Bound.distance.text)."
        )
      }
    case "--scale":
      return (
        "factor", "The final spread over the starting one (default \(kind == "pinch" ? 2 : 1)), \(Bound.scale.text)."
      )
    case "--rotation":
      return (
        "degrees", "How far the fingers turn, clockwise (default \(kind == "pinch" ? 0 : 45)), \(Bound.angle.text)."
      )
    case "--move": return ("dx,dy", "How far the fingers' centre travels (default 0,0), each \(Bound.coordinate.text).")
    case "--edge":
      return ("edge", "The window's edge the finger starts from: left (the default), top, right or bottom.")
    case "--step":
      let value = kind == "swipe" ? "0.01" : kind == "hover" || (kind == "scroll") ? "0.05" : "0.016"
      return (
        "seconds",
        "Time between moves (default \(value)\(kind == "scroll" ? "; a continuous scroll 0.016" : "")), \(Bound.length.text), at most --duration; a script holds at most \(maximumEvents) events."
      )
    case "--modifiers":
      return (
        "keys", "Keys held, comma-separated: shift, control, alternate, command, capsLock, numericPad (default none)."
      )
    default: return ("type", "discrete (a wheel, 40 pt a tick; the default) or continuous (a trackpad).")  // --type
    }
  }
}
