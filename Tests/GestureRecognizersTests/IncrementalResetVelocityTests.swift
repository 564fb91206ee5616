import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// The incremental pattern of UIKit code (reset `translation`, `scale` or `rotation` in every
/// `changed` action) resets the velocity each time, as the behaviour reference says: the
/// velocity at `ended` is 0, so inertia takes the velocity read before the reset
/// (Where we differ from UIKit, "Velocity after resetting in every changed action").
@Suite("Velocity with the incremental reset pattern (behaviour reference §4)")
struct IncrementalResetVelocityTests {
  @Test(
    "4 Pan: resetting the translation in each changed action leaves velocity 0 at ended; the velocity read before the reset keeps the flick's"
  )
  func panResetEachChange() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    var seen: [String] = []
    var flick = Point.zero
    _ = pan.addAction { recognizer in
      guard let pan = recognizer as? PanGestureRecognizer else { return }
      let velocity = pan.velocity(in: nil)
      if recognizer.state == .changed { flick = velocity }
      seen.append("\(recognizer.state) \(pan.translation(in: nil)) \(velocity)")
      if recognizer.state == .changed { pan.setTranslation(.zero, in: nil) }
    }
    h.down(1, 100, 200, at: 0)
    h.move(1, 120, 200, at: 0.02)
    h.move(1, 140, 200, at: 0.04)
    h.move(1, 160, 200, at: 0.06)
    h.up(1, 160, 200, at: 0.07)
    #expect(
      seen == [
        "began (10, 0) (1000, 0)",
        "changed (30, 0) (1000, 0)",
        "changed (20, 0) (1000, 0)",
        "ended (0, 0) (0, 0)",
      ])
    #expect(flick == Point(x: 1000, y: 0))
  }

  @Test("4 Pinch: setting scale to 1 in each changed action leaves velocity 0 at ended")
  func pinchResetEachChange() {
    let h = Harness()
    let pinch = h.add(PinchGestureRecognizer(), "pinch")
    var seen: [String] = []
    _ = pinch.addAction { recognizer in
      guard let pinch = recognizer as? PinchGestureRecognizer else { return }
      seen.append("\(recognizer.state) \(formatNumber(pinch.scale)) \(formatNumber(pinch.velocity))")
      if recognizer.state == .changed { pinch.scale = 1 }
    }
    h.down(1, 100, 200, at: 0)
    h.down(2, 200, 200, at: 0)
    h.move(2, 220, 200, at: 0.02)
    h.move(2, 240, 200, at: 0.04)
    h.move(2, 260, 200, at: 0.06)
    h.up(1, 100, 200, at: 0.07)
    h.up(2, 260, 200, at: 0.07)
    // Each reset makes the next change's velocity count from the new base; the lift of the first
    // finger is a change with no motion since the reset, and the end keeps its 0.
    #expect(seen == ["began 1.2 10", "changed 1.4 10", "changed 1.142857 7.142857", "changed 1 0", "ended 1 0"])
  }
}
