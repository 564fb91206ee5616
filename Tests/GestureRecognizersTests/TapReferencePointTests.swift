import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Tap with several fingers: the reference point (behaviour reference §4)")
struct TapReferencePointTests {
  func harness(taps: Int = 1) -> Harness {
    let h = Harness()
    h.add(TapGestureRecognizer(numberOfTapsRequired: taps, numberOfTouchesRequired: 2), "tap")
    return h
  }

  func both(_ h: Harness, _ phase: TouchPhase, at t: Double, _ a: (Double, Double), _ b: (Double, Double)) {
    h.event(at: t, [TouchInput(id: 1, phase: phase, x: a.0, y: a.1), TouchInput(id: 2, phase: phase, x: b.0, y: b.1)])
  }

  @Test(
    "The reference point is the centroid of the first tap's fingers once all are down, and location(in:) reports it")
  func referencePointIsLocation() {
    let h = harness()
    h.down(1, 100, 100, at: 0)
    h.move(1, 120, 100, at: 0.02)
    h.down(2, 160, 100, at: 0.04)
    both(h, .ended, at: 0.1, (120, 100), (160, 100))
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.02 view V touchesMoved 1",
        "0.04 view V touchesBegan 2",
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (140, 100)",
        "0.1 view V touchesCancelled 1,2",
        "0.1 reset tap",
      ])
  }

  @Test("While all its fingers are down only their centroid is judged: one finger may go beyond 45 pt")
  func centroidWithinLimit() {
    let h = harness()
    both(h, .began, at: 0, (100, 100), (140, 100))
    // The second finger moves 60 pt; the centroid 30 pt.
    h.move(2, 200, 100, at: 0.05)
    both(h, .ended, at: 0.1, (100, 100), (200, 100))
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.05 view V touchesMoved 2",
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (120, 100)",
        "0.1 view V touchesCancelled 1,2",
        "0.1 reset tap",
      ])
  }

  @Test("While all its fingers are down, a centroid more than 45 pt from the reference point fails the tap")
  func centroidTooFar() {
    let h = harness()
    both(h, .began, at: 0, (100, 100), (140, 100))
    both(h, .moved, at: 0.05, (150, 100), (190, 100))
    both(h, .ended, at: 0.1, (150, 100), (190, 100))
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.05 state tap possible → failed: the fingers' centroid moved 50 pt from the first tap's, more than 45 pt allowed",
        "0.05 view V touchesMoved 1,2",
        "0.05 reset tap",
        "0.1 view V touchesEnded 1,2",
      ])
  }

  @Test("While fewer fingers are down, each must stay within 45 pt of where it landed, before the others land")
  func fewerBeforeLanding() {
    let h = harness()
    h.down(1, 100, 100, at: 0)
    h.move(1, 146, 100, at: 0.05)
    h.up(1, 146, 100, at: 0.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.05 state tap possible → failed: moved 46 pt, more than 45 pt allowed",
        "0.05 view V touchesMoved 1",
        "0.05 reset tap",
        "0.1 view V touchesEnded 1",
      ])
  }

  @Test("While fewer fingers are down, each must stay within 45 pt of where it landed, after one of them lifted")
  func fewerAfterLift() {
    let h = harness()
    both(h, .began, at: 0, (100, 100), (140, 100))
    h.up(1, 100, 100, at: 0.05)
    // 50 pt from where it landed; the centroid of the two would have moved 25 pt.
    h.move(2, 190, 100, at: 0.08)
    h.up(2, 190, 100, at: 0.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.08 state tap possible → failed: moved 50 pt, more than 45 pt allowed",
        "0.08 view V touchesEnded 1",
        "0.08 view V touchesMoved 2",
        "0.08 reset tap",
        "0.1 view V touchesEnded 2",
      ])
  }

  @Test(
    "A later tap begins too far when its fingers' centroid, once all are down, is more than 45 pt from the reference point"
  )
  func laterTapTooFar() {
    let h = harness(taps: 2)
    both(h, .began, at: 0, (100, 100), (140, 100))
    both(h, .ended, at: 0.1, (100, 100), (140, 100))
    // The first finger of tap 2 lands 40 pt from the reference point (120, 100): not judged yet.
    h.down(3, 160, 100, at: 0.2)
    h.down(4, 200, 100, at: 0.22)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.2 view V touchesBegan 3",
        "0.22 state tap possible → failed: tap 2 began 60 pt from the first, more than 45 pt allowed",
        "0.22 view V touchesEnded 1,2",
        "0.22 view V touchesBegan 4",
        "0.22 reset tap",
      ])
  }

  @Test("A later tap whose fingers' centroid is within 45 pt of the reference point counts, however far each finger is")
  func laterTapCentroidWithin() {
    let h = harness(taps: 2)
    both(h, .began, at: 0, (100, 100), (140, 100))
    both(h, .ended, at: 0.1, (100, 100), (140, 100))
    // 60 pt from the nearest finger of the first tap, but the centroid is 25 pt from (120, 100).
    h.event(
      at: 0.2, [TouchInput(id: 3, phase: .began, x: 90, y: 100), TouchInput(id: 4, phase: .began, x: 200, y: 100)])
    h.event(
      at: 0.3, [TouchInput(id: 3, phase: .ended, x: 90, y: 100), TouchInput(id: 4, phase: .ended, x: 200, y: 100)])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.2 view V touchesBegan 3,4",
        "0.3 state tap possible → ended: tap 2 of 2 ended",
        "0.3 action tap ended at (120, 100)",
        "0.3 view V touchesCancelled 1,2,3,4",
        "0.3 reset tap",
      ])
  }
}

@Suite("Tap with several fingers: a finger that replaces another (behaviour reference §4)")
struct TapReplacedFingerTests {
  @Test("A finger that lands in place of one that lifted is judged by the centroid, as movement of the tap")
  func replacedFinger() {
    let h = Harness()
    h.add(TapGestureRecognizer(numberOfTapsRequired: 1, numberOfTouchesRequired: 2), "tap")
    h.event(
      at: 0, [TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 140, y: 100)])
    h.up(1, 100, 100, at: 0.03)
    // The centroid of the fingers down, (140, 100) and (200, 100), is 50 pt from (120, 100).
    h.down(3, 200, 100, at: 0.05)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.05 state tap possible → failed: the fingers' centroid moved 50 pt from the first tap's, more than 45 pt allowed",
        "0.05 view V touchesEnded 1",
        "0.05 view V touchesBegan 3",
        "0.05 reset tap",
      ])
  }
}
