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
    let (x, y, start, id) = try place(arguments)
    let taps = try arguments.int("--taps", default: 1, range: 1...100)
    // A click's press lasts 0.08 s; a hover and a continuous scroll 0.3 s (as their help says).
    let duration = try number(
      arguments, "--duration", default: kind == "hover" || kind == "scroll" ? 0.3 : 0.08, .length)
    let interval = try number(arguments, "--interval", default: 0.12, .time)
    let distance = try number(
      arguments, "--distance", default: kind == "scroll" ? 120 : 100, kind == "scroll" ? .spread : .distance)
    let trackpad = kind == "scroll" && arguments.options["--type"] == "continuous"
    if kind == "scroll" && !trackpad && arguments.options["--duration"] != nil {
      throw .usage(
        "option '--duration' applies to a continuous scroll (--type continuous); a wheel's ticks come every --step"
      )
    }
    let step = try number(arguments, "--step", default: trackpad ? 0.016 : 0.05, .length)
    var modifiers: [String] = []
    if let text = arguments.options["--modifiers"], !text.isEmpty {
      let names = ModifierFlags.named.map(\.name)
      for name in text.split(separator: ",").map(String.init) {
        guard names.contains(name) else {
          throw .usage(
            "option '--modifiers': unknown modifier '\(name)'\(didYouMean(name, names)); expected \(names.joined(separator: ", "))"
          )
        }
        modifiers.append(name)
      }
    }
    let type = arguments.options["--type"] ?? "discrete"
    guard type == "discrete" || type == "continuous" else {
      throw .usage(
        "option '--type' expects discrete or continuous, found '\(type)'\(didYouMean(type, ["discrete", "continuous"]))"
      )
    }
    let unit = try direction(arguments, default: kind == "scroll" ? "down" : "right")
    func coordinate(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
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
          "{\"t\": \(time(t)), \"buttons\": [\"\(button)\"]\(keys), \"touches\": [{\"id\": \(id + index), \"phase\": \"began\", \"x\": \(coordinate(x)), \"y\": \(coordinate(y)), \"type\": \"indirectPointer\"}]}"
        )
        t += duration
        lines.append(
          "{\"t\": \(time(t)), \"buttons\": []\(keys), \"touches\": [{\"id\": \(id + index), \"phase\": \"ended\", \"x\": \(coordinate(x)), \"y\": \(coordinate(y)), \"type\": \"indirectPointer\"}]}"
        )
      }
    case "hover":
      let steps = try moveCount(duration: duration, step: step, others: 2)
      for index in 0...steps {
        let fraction = Double(index) / Double(steps)
        lines.append(
          "{\"t\": \(time(t + step * Double(index)))\(keys), \"hover\": {\"x\": \(coordinate(x + unit.x * distance * fraction)), \"y\": \(coordinate(y + unit.y * distance * fraction))}}"
        )
      }
      lines.append("{\"t\": \(time(t + step * Double(steps + 1)))\(keys), \"hover\": \"exited\"}")
    default:  // scroll
      if type == "discrete" {
        let ticks = max(1, Int((distance / 40).rounded(.up)))
        if Double(ticks) * 40 != distance {
          context.stderr.write(
            "synth: warning: a wheel scrolls 40 pt a tick: --distance \(formatNumber(distance)) makes \(ticks) \(ticks == 1 ? "tick" : "ticks"), \(ticks * 40) pt\n"
          )
        }
        for index in 0..<ticks {
          lines.append(
            "{\"t\": \(time(t + step * Double(index)))\(keys), \"scroll\": {\"x\": \(coordinate(x)), \"y\": \(coordinate(y)), \"dx\": \(coordinate(unit.x * 40)), \"dy\": \(coordinate(unit.y * 40)), \"type\": \"discrete\"}}"
          )
        }
      } else {
        let steps = try moveCount(duration: duration, step: step, others: 1)
        let each = distance / Double(steps)
        for index in 0...steps {
          let phase = index == 0 ? "began" : index == steps ? "ended" : "changed"
          let delta = index == 0 ? 0 : each
          lines.append(
            "{\"t\": \(time(t + step * Double(index)))\(keys), \"scroll\": {\"x\": \(coordinate(x)), \"y\": \(coordinate(y)), \"dx\": \(coordinate(unit.x * delta)), \"dy\": \(coordinate(unit.y * delta)), \"type\": \"continuous\", \"phase\": \"\(phase)\"}}"
          )
        }
      }
    }
    context.stdout.write(lines.joined(separator: "\n") + "\n")
    return 0
  }
}
