import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Long press with several fingers, and with taps first (behaviour reference §4)")
struct LongPressFingersTests {
  func press(fingers: Int = 2, taps: Int = 0) -> (Harness, LongPressGestureRecognizer) {
    let h = Harness()
    let press = h.add(LongPressGestureRecognizer(), "press")
    press.numberOfTouchesRequired = fingers
    press.numberOfTapsRequired = taps
    return (h, press)
  }

  @Test("The timer starts when the last required finger lands, and movement before that moment is not judged")
  func timerFromLastFinger() {
    let (h, _) = press()
    h.down(1, 200, 200, at: 0)
    // 30 pt before the second finger lands: not judged.
    h.move(1, 230, 200, at: 0.1)
    h.down(2, 250, 200, at: 0.2)
    h.advance(to: 0.75)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 view V touchesMoved 1",
        "0.2 view V touchesBegan 2",
        "0.7 state press possible → began: held 0.5 s",
        "0.7 action press began at (240, 200)",
        "0.7 view V touchesCancelled 1,2",
      ])
  }

  @Test("From then only the fingers' centroid is judged: fingers that move apart symmetrically keep the press")
  func centroidStays() {
    let (h, _) = press()
    h.event(
      at: 0, [TouchInput(id: 1, phase: .began, x: 200, y: 200), TouchInput(id: 2, phase: .began, x: 220, y: 200)])
    // Each finger moves 15 pt; the centroid stays at (210, 200).
    h.event(
      at: 0.1, [TouchInput(id: 1, phase: .moved, x: 185, y: 200), TouchInput(id: 2, phase: .moved, x: 235, y: 200)])
    h.advance(to: 0.6)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.1 view V touchesMoved 1,2",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 action press began at (210, 200)",
        "0.5 view V touchesCancelled 1,2",
      ])
  }

  @Test("From then a centroid more than allowableMovement from where it was fails the press")
  func centroidMovesTooFar() {
    let (h, _) = press()
    h.event(
      at: 0, [TouchInput(id: 1, phase: .began, x: 200, y: 200), TouchInput(id: 2, phase: .began, x: 220, y: 200)])
    // The first finger moves 22 pt, the centroid 11 pt.
    h.move(1, 222, 200, at: 0.1)
    h.advance(to: 0.6)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.1 state press possible → failed: moved 11 pt, more than 10 pt allowed",
        "0.1 view V touchesMoved 1",
        "0.1 reset press",
      ])
  }

  @Test("The taps before a long press must have their fingers land within 0.15 s, as a tap's must")
  func tapLandingWindow() {
    let (h, _) = press(taps: 1)
    h.down(1, 200, 200, at: 0)
    h.down(2, 220, 200, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.15 state press possible → failed: only 1 of 2 fingers landed within 0.15 s",
        "0.15 reset press",
        "0.2 view V touchesBegan 2",
      ])
  }

  @Test("A later tap before a long press is judged from the first tap's touch-down point, as a tap's is")
  func laterTapMovement() {
    let (h, _) = press(fingers: 1, taps: 2)
    h.down(1, 200, 200, at: 0)
    h.up(1, 200, 200, at: 0.05)
    // 30 pt from the first tap, then 20 pt more: 50 pt from the reference point.
    h.down(2, 230, 200, at: 0.15)
    h.move(2, 250, 200, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.15 view V touchesBegan 2",
        "0.2 state press possible → failed: moved 50 pt, more than 45 pt allowed",
        "0.2 view V touchesEnded 1",
        "0.2 view V touchesMoved 2",
        "0.2 reset press",
      ])
  }

  @Test(
    "The press after the taps fails when its fingers' centroid lands more than 45 pt from the taps' reference point")
  func pressTooFarFromTaps() {
    let (h, _) = press(fingers: 1, taps: 1)
    h.down(1, 200, 200, at: 0)
    h.up(1, 200, 200, at: 0.05)
    h.down(2, 260, 200, at: 0.15)
    h.up(2, 260, 200, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.15 state press possible → failed: began 60 pt from the first tap, more than 45 pt allowed",
        "0.15 view V touchesEnded 1",
        "0.15 view V touchesBegan 2",
        "0.15 reset press",
        "0.2 view V touchesEnded 2",
      ])
  }

  @Test(
    "Below their least, counts are not stretched: no fingers required fails at the touch-down, taps below zero count as none"
  )
  func countsBelowTheLeast() {
    let h = Harness()
    let none = h.add(LongPressGestureRecognizer(), "none")
    none.numberOfTouchesRequired = 0
    let press = h.add(LongPressGestureRecognizer(), "press")
    press.numberOfTapsRequired = -1
    let swipe = h.add(SwipeGestureRecognizer(), "swipe")
    swipe.numberOfTouchesRequired = 0
    h.down(1, 100, 100, at: 0)
    h.advance(to: 0.6)
    h.up(1, 100, 100, at: 0.7)
    #expect(
      h.decisions.filter { $0.contains(" state ") } == [
        "0 state none possible → failed: 1 fingers down, 0 required",
        "0 state swipe possible → failed: 1 fingers down, 0 required",
        "0.5 state press possible → began: held 0.5 s",
        "0.7 state press began → ended: a finger lifted",
      ])
  }

  @Test("A long press of taps below 0 prevents another long press as one of 0 taps does")
  func pressCountsBelowTheLeastInPrevention() {
    func trace(taps: Int) -> [String] {
      let h = Harness()
      let first = h.add(LongPressGestureRecognizer(), "first")
      first.numberOfTapsRequired = taps
      h.add(LongPressGestureRecognizer(), "second")
      h.down(1, 100, 100, at: 0)
      h.advance(to: 0.6)
      h.up(1, 100, 100, at: 0.7)
      return h.decisions.filter { $0.contains(" state ") }
    }
    let zero = trace(taps: 0)
    #expect(zero.contains { $0.contains("second possible → failed") })
    #expect(trace(taps: -1) == zero)
  }
}
