// The recognizer of Docs/Gestures.docc/WritingACustomRecognizer.md, as the article shows it.
public import GestureCore

/// Recognizes a check mark: one finger strokes down and to the right, then up and to the right,
/// and lifts. Discrete, and built only on GestureCore's public subclassing API.
public final class CheckMarkGestureRecognizer: GestureRecognizer {
  /// How far, in points, the finger must travel down; it must then travel up twice as far.
  public var minimumStroke = 20.0

  private var start = Point.zero
  private var lowest = Point.zero
  private var previous = Point.zero

  public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    guard numberOfTouches == 1, let touch = touches.first else {
      setState(.failed, reason: "a check mark takes one finger")
      return
    }
    start = touch.locationInWindow
    lowest = start
    previous = start
  }

  public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible, let point = touches.first?.locationInWindow else { return }
    if point.x < previous.x - 5 {
      setState(.failed, reason: "moved left")
      return
    }
    if point.y > lowest.y { lowest = point }
    previous = point
  }

  public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible, let end = touches.first?.locationInWindow else { return }
    let down = lowest.y - start.y
    let up = lowest.y - end.y
    if down >= minimumStroke && up >= 2 * minimumStroke && lowest.x > start.x && end.x > lowest.x {
      setState(.ended, reason: "down \(Int(down)) pt, then up \(Int(up)) pt")
    } else {
      setState(.failed, reason: "not a check mark: down \(Int(down)) pt, then up \(Int(up)) pt")
    }
  }

  public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    setState(.failed, reason: "its touch was cancelled")
  }

  public override func reset() {
    start = .zero
    lowest = .zero
    previous = .zero
  }

  /// It answers no failure-requirement questions, so the runtime need not ask.
  public override var asksForDynamicFailureRequirements: Bool { false }
}
