import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Pan (behaviour reference §4)")
struct PanTests {
  @Test("At began the hysteresis is removed per axis: (+12, +3) reports (2, 0), and (+12, +8) then reports (2, 5)")
  func hysteresisPerAxis() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "pan")
    h.down(1, 100, 100, at: 0)
    h.move(1, 112, 103, at: 0.1)
    h.move(1, 112, 108, at: 0.2)
    h.up(1, 112, 108, at: 0.3)
    let actions = h.decisions.filter { $0.contains(" action ") }
    #expect(
      actions == [
        "0.1 action pan began at (112, 103) translation (2, 0) velocity (120, 30)",
        "0.2 action pan changed at (112, 108) translation (2, 5) velocity (0, 50)",
        "0.3 action pan ended at (112, 108) translation (2, 5) velocity (0, 50)",
      ])
  }

  @Test("A pan fails if its fingers lift before it began, and waits for its minimum number of fingers")
  func minimumTouches() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "pan")
    h.down(1, 100, 100, at: 0)
    h.move(1, 105, 100, at: 0.1)
    h.up(1, 105, 100, at: 0.2)
    #expect(h.decisions.contains("0.2 state pan possible → failed: lifted before moving 10 pt"))
    let k = Harness()
    k.add(PanGestureRecognizer(minimumNumberOfTouches: 2), "pan")
    k.down(1, 100, 100, at: 0)
    k.move(1, 140, 100, at: 0.1)
    #expect(!k.decisions.contains { $0.contains(" state ") })
    k.down(2, 200, 100, at: 0.2)
    k.move(2, 210, 100, at: 0.3)
    #expect(k.decisions.contains("0.3 state pan possible → began: moved 45 pt, at least 10 pt"))
  }

  @Test("Fingers beyond the maximum are not tracked, and adding or lifting fingers does not make the translation jump")
  func fingersComeAndGo() {
    let h = Harness()
    let capped = h.add(PanGestureRecognizer(maximumNumberOfTouches: 1), "capped")
    let pan = h.add(PanGestureRecognizer(), "pan", to: h.window)
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    pan.delegate = delegate
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.1)
    h.down(2, 300, 300, at: 0.2)
    #expect(capped.numberOfTouches == 1)
    #expect(pan.numberOfTouches == 2)
    // touch(at:) and touches list the tracked touches in the order they began.
    #expect(pan.touch(at: 0).identifier == 1 && pan.touch(at: 1).identifier == 2)
    #expect(pan.touches.map(\.identifier) == [1, 2])
    #expect(capped.touches.map(\.identifier) == [1])
    #expect(pan.translation(in: nil) == Point(x: 20, y: 0))
    h.move(2, 310, 300, at: 0.3)
    #expect(pan.translation(in: nil) == Point(x: 25, y: 0))
    #expect(capped.translation(in: nil) == Point(x: 20, y: 0))
    h.up(1, 130, 100, at: 0.4)
    #expect(pan.translation(in: nil) == Point(x: 25, y: 0))
    #expect(pan.numberOfTouches == 1 && pan.touch(at: 0).identifier == 2)
    #expect(pan.touches.map(\.identifier) == [2])
    h.move(2, 320, 300, at: 0.5)
    #expect(pan.translation(in: nil) == Point(x: 35, y: 0))
  }

  @Test("setTranslation sets the translation and resets the velocity")
  func setTranslation() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.1)
    pan.setTranslation(.zero, in: h.view)
    #expect(pan.translation(in: h.view) == .zero)
    #expect(pan.velocity(in: h.view) == .zero)
    h.move(1, 140, 100, at: 0.2)
    #expect(pan.translation(in: h.view) == Point(x: 10, y: 0))
  }

  @Test("For steady motion the velocity is within 5 % of the true speed after five samples")
  func velocity() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    h.down(1, 100, 100, at: 0)
    var x = 100.0
    for step in 1...5 {
      x += 3
      h.move(1, x, 100, at: Double(step) * 0.016)
    }
    let speed = pan.velocity(in: nil).x
    #expect(abs(speed - 187.5) / 187.5 < 0.05)
    #expect(pan.velocity(in: nil).y == 0)
  }
}

@Suite("Long press (behaviour reference §4)")
struct LongPressTests {
  @Test("A long press begins from its timer, changes on every move even outside its view, and ends when a finger lifts")
  func basic() {
    let h = Harness()
    h.add(LongPressGestureRecognizer(), "press")
    h.down(1, 200, 200, at: 0)
    h.advance(to: 0.6)
    h.move(1, 200, 600, at: 0.7)
    h.up(1, 200, 600, at: 0.8)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 action press began at (200, 200)",
        "0.5 view V touchesCancelled 1",
        "0.7 state press began → changed: changed",
        "0.7 action press changed at (200, 600)",
        "0.8 state press changed → ended: a finger lifted",
        "0.8 action press ended at (200, 600)",
        "0.8 reset press",
      ])
  }

  @Test("A long press fails when a finger moves more than 10 pt first, or lifts early")
  func failures() {
    let h = Harness()
    h.add(LongPressGestureRecognizer(), "press")
    h.down(1, 200, 200, at: 0)
    h.move(1, 211, 200, at: 0.2)
    #expect(h.decisions.contains("0.2 state press possible → failed: moved 11 pt, more than 10 pt allowed"))
    let k = Harness()
    k.add(LongPressGestureRecognizer(), "press")
    k.down(1, 200, 200, at: 0)
    k.up(1, 200, 200, at: 0.3)
    #expect(k.decisions.contains("0.3 state press possible → failed: lifted before 0.5 s"))
  }

  @Test("After it began, extra fingers are ignored")
  func extraFingers() {
    let h = Harness()
    let press = h.add(LongPressGestureRecognizer(), "press")
    h.down(1, 200, 200, at: 0)
    h.advance(to: 0.5)
    h.down(2, 250, 200, at: 0.6)
    #expect(press.numberOfTouches == 1)
    h.up(2, 250, 200, at: 0.7)
    #expect(press.state == .began)  // an ignored finger causes no changed (behaviour reference §2.5)
    h.up(1, 200, 200, at: 0.8)
    #expect(h.decisions.contains("0.8 state press began → ended: a finger lifted"))
  }

  @Test("With numberOfTapsRequired 1 a tap comes first and the press must land within the tap interval")
  func tapThenPress() {
    let h = Harness()
    let press = h.add(LongPressGestureRecognizer(), "press")
    press.numberOfTapsRequired = 1
    h.down(1, 200, 200, at: 0)
    h.up(1, 200, 200, at: 0.1)
    h.down(2, 200, 200, at: 0.3)
    h.advance(to: 0.9)
    #expect(h.decisions.contains("0.8 state press possible → began: held 0.5 s"))
    let k = Harness()
    let late = k.add(LongPressGestureRecognizer(), "press")
    late.numberOfTapsRequired = 1
    k.down(1, 200, 200, at: 0)
    k.up(1, 200, 200, at: 0.1)
    k.down(2, 200, 200, at: 0.5)
    #expect(
      k.decisions.contains("0.45 state press possible → failed: the press did not begin within 0.35 s of the tap"))
  }

  @Test("A two-finger long press starts its timer when both fingers are down")
  func twoFingers() {
    let h = Harness()
    let press = h.add(LongPressGestureRecognizer(), "press")
    press.numberOfTouchesRequired = 2
    h.down(1, 200, 200, at: 0)
    h.down(2, 220, 200, at: 0.1)
    h.advance(to: 1)
    #expect(h.decisions.contains("0.6 state press possible → began: held 0.5 s"))
    #expect(h.decisions.contains("0.6 action press began at (210, 200)"))
  }
}
