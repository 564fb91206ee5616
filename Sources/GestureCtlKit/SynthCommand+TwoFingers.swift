import GestureCore

extension SynthCommand {
  /// Writes the script of two fingers that spread by `--scale`, turn by `--rotation` and travel
  /// by `--move` together, in steady steps: `pinch` (defaults: scale 2, no turn) and `rotate`
  /// (defaults: no spread, 45° clockwise). Both at once, with a move, is the photo viewer's
  /// pan, pinch and rotation in one gesture.
  static func runTwoFingers(_ kind: String, _ arguments: Arguments, _ context: CommandContext) throws(InputError)
    -> Int32
  {
    let (x, y, start, firstID) = try place(arguments)
    let fingers = try arguments.int("--fingers", default: 2, range: 1...20)
    guard fingers == 2 else {
      throw .usage("a \(kind == "pinch" ? "pinch" : "rotation") uses two fingers, not \(fingers)")
    }
    let duration = try number(arguments, "--duration", default: 0.3, .length)
    let distance = try number(arguments, "--distance", default: 100, .spread)
    let scale = try number(arguments, "--scale", default: kind == "pinch" ? 2 : 1, .scale)
    let degrees = try number(arguments, "--rotation", default: kind == "pinch" ? 0 : 45, .angle)
    let step = try number(arguments, "--step", default: 0.016, .length)
    let steps = try moveCount(duration: duration, step: step, others: 2)
    let move = try offset(arguments, "--move")
    let line = try direction(arguments, default: "right")
    let turn = degrees * Double.pi / 180
    let ids = [firstID, firstID + 1]
    // The two fingers when a `fraction` of the gesture is done.
    func positions(_ fraction: Double) -> [(Double, Double)] {
      let spread = distance * (1 + (scale - 1) * fraction)
      let centre = (x + move.x * fraction, y + move.y * fraction)
      let angle = turn * fraction
      let (cos, sin) = (cosine(angle), sine(angle))
      let unit = angle == 0 ? line : Point(x: line.x * cos - line.y * sin, y: line.y * cos + line.x * sin)
      return [
        (centre.0 - unit.x * spread / 2, centre.1 - unit.y * spread / 2),
        (centre.0 + unit.x * spread / 2, centre.1 + unit.y * spread / 2),
      ]
    }
    var writer = Writer()
    writer.event(start, zip(ids, positions(0)).map { ($0, "began", $1.0, $1.1) })
    // A move every step, the last at or before the lift; the lift exactly `duration` after landing.
    for index in 1...steps {
      let points = positions(Double(index) / Double(steps))
      let time = min(start + step * Double(index), start + duration)
      writer.event(time, zip(ids, points).map { ($0, "moved", $1.0, $1.1) })
    }
    writer.event(start + duration, zip(ids, positions(1)).map { ($0, "ended", $1.0, $1.1) })
    context.stdout.write(writer.lines.joined(separator: "\n") + "\n")
    return 0
  }

  /// Writes the script of a screen-edge pan: one finger that lands just inside an edge of the
  /// window (`--edge`, 2 pt in from the left or top edge; `--x` or `--y` for the right or
  /// bottom edge, which the script cannot know) and drags away from it, as `synth pan` drags.
  static func runEdgePan(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    let edges = ["left", "right", "top", "bottom"]
    let edge = arguments.options["--edge"] ?? "left"
    guard edges.contains(edge) else {
      throw .usage(
        "option '--edge' expects left, right, top or bottom, found '\(edge)'\(didYouMean(edge, edges))")
    }
    if edge == "right" && arguments.options["--x"] == nil {
      throw .usage("an edge pan from the right edge needs --x: a point just inside the window's right edge")
    }
    if edge == "bottom" && arguments.options["--y"] == nil {
      throw .usage("an edge pan from the bottom edge needs --y: a point just inside the window's bottom edge")
    }
    let (x, y, start, id) = try place(arguments, x: edge == "left" ? 2 : 200, y: edge == "top" ? 2 : 200)
    let fingers = try arguments.int("--fingers", default: 1, range: 1...20)
    guard fingers == 1 else { throw .usage("a screen-edge pan uses one finger, not \(fingers)") }
    let duration = try number(arguments, "--duration", default: 0.32, .length)
    let distance = try number(arguments, "--distance", default: 100, .distance)
    let step = try number(arguments, "--step", default: 0.016, .length)
    let moves = try moveCount(duration: duration, step: step, others: 2)
    let inward = ["left": "right", "right": "left", "top": "down", "bottom": "up"][edge]!
    let unit = try direction(arguments, default: inward)
    var writer = Writer()
    drag(
      &writer, ids: [id], from: [(x, y)], Point(x: unit.x * distance, y: unit.y * distance), at: start,
      duration: duration, step: step, moves: moves)
    context.stdout.write(writer.lines.joined(separator: "\n") + "\n")
    return 0
  }

  /// The `dx,dy` of an option such as `--move`, in points; zero when absent.
  static func offset(_ arguments: Arguments, _ name: String) throws(InputError) -> Point {
    guard let text = arguments.options[name] else { return .zero }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
    guard parts.count == 2, let dx = parts[0], let dy = parts[1], dx.isFinite, dy.isFinite else {
      throw .usage("option '\(name)' expects two numbers dx,dy, such as 60,-40, found '\(text)'")
    }
    guard Bound.coordinate.contains(dx), Bound.coordinate.contains(dy) else {
      throw .usage("option '\(name)' must be two numbers each \(Bound.coordinate.text), got \(text)")
    }
    return Point(x: dx, y: dy)
  }
}
