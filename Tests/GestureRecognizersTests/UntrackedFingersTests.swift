import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Fingers a built-in does not track are ignored (behaviour reference §2.5, §4)")
struct UntrackedFingersTests {
  @Test(
    "A long press ignores a finger that lands after it began: no changed, and the view gets that finger's whole sequence"
  )
  func longPressLateFinger() {
    let h = Harness()
    h.add(LongPressGestureRecognizer(), "press")
    h.down(1, 200, 200, at: 0)
    h.advance(to: 0.5)
    h.down(2, 250, 200, at: 0.6)
    h.move(2, 260, 200, at: 0.65)
    h.up(2, 260, 200, at: 0.7)
    h.up(1, 200, 200, at: 0.8)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 action press began at (200, 200)",
        "0.5 view V touchesCancelled 1",
        "0.6 view V touchesBegan 2",
        "0.65 view V touchesMoved 2",
        "0.7 view V touchesEnded 2",
        "0.8 state press began → ended: a finger lifted",
        "0.8 action press ended at (200, 200)",
        "0.8 reset press",
      ])
  }

  @Test(
    "A pan ignores fingers beyond maximumNumberOfTouches: no changed, and the view gets their whole sequences")
  func panBeyondMaximum() {
    let h = Harness()
    h.add(PanGestureRecognizer(maximumNumberOfTouches: 1), "pan")
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.1)
    h.down(2, 300, 300, at: 0.2)
    h.move(2, 320, 300, at: 0.3)
    h.up(2, 320, 300, at: 0.4)
    h.move(1, 140, 100, at: 0.5)
    h.up(1, 140, 100, at: 0.6)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "0.1 action pan began at (130, 100) translation (20, 0) velocity (300, 0)",
        "0.1 view V touchesCancelled 1",
        "0.2 view V touchesBegan 2",
        "0.3 view V touchesMoved 2",
        "0.4 view V touchesEnded 2",
        "0.5 state pan began → changed: changed",
        "0.5 action pan changed at (140, 100) translation (30, 0) velocity (25, 0)",
        "0.6 state pan changed → ended: all fingers lifted",
        "0.6 action pan ended at (140, 100) translation (30, 0) velocity (25, 0)",
        "0.6 reset pan",
      ])
  }
}
