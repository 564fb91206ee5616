import GestureCore

extension SynthCommand {
  /// The pointer gestures: a primary click, a secondary click, a hover across the window, a
  /// scroll.
  static let pointerKinds = ["click", "rightclick", "hover", "scroll"]

  /// Writes the script of a pointer gesture (<doc:FileFormats>, event script: `buttons`,
  /// `modifiers`, `hover`, `scroll`).
  static func runPointer(_ kind: String, _ arguments: Arguments, _ context: CommandContext) throws(InputError)
    -> Int32
  {
    let usage = command.shortUsage
    let x = try arguments.double("--x", default: 200, usage: usage)
    let y = try arguments.double("--y", default: 200, usage: usage)
    let start = try arguments.double("--start", default: 0, usage: usage)
    guard start >= 0 else { throw .usage("option '--start' cannot be negative\n\(usage)") }
    let id = try arguments.int("--id", default: 1, range: 0...1_000_000_000, usage: usage)
    let taps = try arguments.int("--taps", default: 1, range: 1...100, usage: usage)
    let duration = try arguments.double("--duration", default: kind == "hover" ? 0.3 : 0.08, usage: usage)
    let interval = try arguments.double("--interval", default: 0.12, usage: usage)
    let distance = try arguments.double("--distance", default: kind == "scroll" ? 120 : 100, usage: usage)
    let trackpad = kind == "scroll" && arguments.options["--type"] == "continuous"
    let step = try arguments.double("--step", default: trackpad ? 0.016 : 0.05, usage: usage)
    guard duration > 0, interval >= 0, step > 0, distance >= 0 else {
      throw .usage("durations, steps and distances must be positive\n\(usage)")
    }
    var modifiers: [String] = []
    if let text = arguments.options["--modifiers"], !text.isEmpty {
      let names = ModifierFlags.named.map(\.name)
      for name in text.split(separator: ",").map(String.init) {
        guard names.contains(name) else {
          throw .usage(
            "option '--modifiers': unknown modifier '\(name)'\(didYouMean(name, names)); expected \(names.joined(separator: ", "))\n\(usage)"
          )
        }
        modifiers.append(name)
      }
    }
    let type = arguments.options["--type"] ?? "discrete"
    guard type == "discrete" || type == "continuous" else {
      throw .usage(
        "option '--type' expects discrete or continuous, found '\(type)'\(didYouMean(type, ["discrete", "continuous"]))\n\(usage)"
      )
    }
    let angle: Double
    switch arguments.options["--direction"] ?? (kind == "scroll" ? "down" : "right") {
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
    func number(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
    func time(_ value: Double) -> String { formatNumber((value * 1_000_000).rounded() / 1_000_000) }
    let keys = modifiers.isEmpty ? "" : ", \"modifiers\": [\(modifiers.map { "\"\($0)\"" }.joined(separator: ", "))]"
    var lines: [String] = []
    var t = start
    switch kind {
    case "click", "rightclick":
      let button = kind == "click" ? "primary" : "secondary"
      for index in 0..<taps {
        if index > 0 { t += interval }
        lines.append(
          "{\"t\": \(time(t)), \"buttons\": [\"\(button)\"]\(keys), \"touches\": [{\"id\": \(id + index), \"phase\": \"began\", \"x\": \(number(x)), \"y\": \(number(y)), \"type\": \"indirectPointer\"}]}"
        )
        t += duration
        lines.append(
          "{\"t\": \(time(t)), \"buttons\": []\(keys), \"touches\": [{\"id\": \(id + index), \"phase\": \"ended\", \"x\": \(number(x)), \"y\": \(number(y)), \"type\": \"indirectPointer\"}]}"
        )
      }
    case "hover":
      let steps = max(1, Int((duration / step).rounded()))
      for index in 0...steps {
        let fraction = Double(index) / Double(steps)
        lines.append(
          "{\"t\": \(time(t + step * Double(index)))\(keys), \"hover\": {\"x\": \(number(x + unit.x * distance * fraction)), \"y\": \(number(y + unit.y * distance * fraction))}}"
        )
      }
      lines.append("{\"t\": \(time(t + step * Double(steps + 1)))\(keys), \"hover\": \"exited\"}")
    default:  // scroll
      if type == "discrete" {
        let ticks = max(1, Int((distance / 40).rounded(.up)))
        for index in 0..<ticks {
          lines.append(
            "{\"t\": \(time(t + step * Double(index)))\(keys), \"scroll\": {\"x\": \(number(x)), \"y\": \(number(y)), \"dx\": \(number(unit.x * 40)), \"dy\": \(number(unit.y * 40)), \"type\": \"discrete\"}}"
          )
        }
      } else {
        let steps = max(1, Int((duration / step).rounded()))
        let each = distance / Double(steps)
        for index in 0...steps {
          let phase = index == 0 ? "began" : index == steps ? "ended" : "changed"
          let delta = index == 0 ? 0 : each
          lines.append(
            "{\"t\": \(time(t + step * Double(index)))\(keys), \"scroll\": {\"x\": \(number(x)), \"y\": \(number(y)), \"dx\": \(number(unit.x * delta)), \"dy\": \(number(unit.y * delta)), \"type\": \"continuous\", \"phase\": \"\(phase)\"}}"
          )
        }
      }
    }
    context.stdout.write(lines.joined(separator: "\n") + "\n")
    return 0
  }
}
