import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// The three examples of Apple's article "Preferring one gesture over another", each for both
/// timelines, compared as whole traces.
@Suite("The design's three examples")
struct ArticleExamplesTests {
  func tapAndDoubleTap() -> Harness {
    let h = Harness()
    let delegate = TestDelegate()
    let tap = h.add(TapGestureRecognizer(), "tap")
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    delegate.requireFailureOf = { a, b in a.name == "tap" && b.name == "doubleTap" }
    tap.delegate = delegate
    h.keep(delegate)
    return h
  }

  @Test("A single tap fires 0.35 s after its lift, once the double tap has failed")
  func singleTap() {
    let h = tapAndDoubleTap()
    h.down(1, 200, 200, at: 0)
    h.up(1, 200, 200, at: 0.08)
    h.finish()
    #expect(
      h.lines == [
        "0 touch 1 began (200, 200) V",
        "0 view V touchesBegan 1",
        "0.08 touch 1 ended (200, 200) V",
        "0.08 wait tap wants ended, waiting for doubleTap",
        "0.43 state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
        "0.43 state tap possible → ended: released: doubleTap failed",
        "0.43 action tap ended at (200, 200)",
        "0.43 view V touchesCancelled 1",
        "0.43 reset tap",
        "0.43 reset doubleTap",
      ])
  }

  @Test("A double tap fires at the second lift and the waiting single tap fails without an action")
  func doubleTap() {
    let h = tapAndDoubleTap()
    h.down(1, 200, 200, at: 0)
    h.up(1, 200, 200, at: 0.08)
    h.down(2, 202, 201, at: 0.2)
    h.up(2, 202, 201, at: 0.28)
    h.finish()
    #expect(
      h.lines == [
        "0 touch 1 began (200, 200) V",
        "0 view V touchesBegan 1",
        "0.08 touch 1 ended (200, 200) V",
        "0.08 wait tap wants ended, waiting for doubleTap",
        "0.2 touch 2 began (202, 201) V",
        "0.2 view V touchesBegan 2",
        "0.28 touch 2 ended (202, 201) V",
        "0.28 state doubleTap possible → ended: tap 2 of 2 ended",
        "0.28 state tap possible → failed: required failure of doubleTap, which recognized",
        "0.28 action doubleTap ended at (200, 200)",
        "0.28 view V touchesCancelled 1,2",
        "0.28 reset tap",
        "0.28 reset doubleTap",
      ])
  }

  enum DelegatePlacement: String, CaseIterable, CustomTestStringConvertible {
    case onSwipe, onPan
    var testDescription: String { rawValue }
  }

  /// Swipe and pan on one view; the pan waits for the swipe through a delegate on either one.
  func swipeBeforePan(_ placement: DelegatePlacement) -> Harness {
    let h = Harness()
    let swipe = h.add(SwipeGestureRecognizer(direction: .right), "swipe")
    let pan = h.add(PanGestureRecognizer(), "pan")
    let delegate = TestDelegate()
    switch placement {
    case .onSwipe:
      // gestureRecognizer(swipe, shouldBeRequiredToFailBy: pan)
      delegate.beRequiredToFailBy = { a, b in a === swipe && b === pan }
      swipe.delegate = delegate
    case .onPan:
      // gestureRecognizer(pan, shouldRequireFailureOf: swipe)
      delegate.requireFailureOf = { a, b in a === pan && b === swipe }
      pan.delegate = delegate
    }
    h.keep(delegate)
    return h
  }

  @Test(
    "A fast flick is a swipe: it recognizes mid-move and the waiting pan fails silently",
    arguments: DelegatePlacement.allCases)
  func flick(_ placement: DelegatePlacement) {
    let h = swipeBeforePan(placement)
    h.down(1, 40, 200, at: 0)
    h.move(1, 70, 201, at: 0.03)
    h.move(1, 170, 202, at: 0.06)
    h.move(1, 260, 202, at: 0.09)
    h.up(1, 260, 202, at: 0.12)
    h.finish()
    #expect(
      h.lines == [
        "0 touch 1 began (40, 200) V",
        "0 view V touchesBegan 1",
        "0.03 touch 1 moved (70, 201) V",
        "0.03 wait pan wants began, waiting for swipe",
        "0.03 view V touchesMoved 1",
        "0.06 touch 1 moved (170, 202) V",
        "0.06 state swipe possible → ended: moved 130 pt right in 0.06 s",
        "0.06 state pan possible → failed: required failure of swipe, which recognized",
        "0.06 action swipe ended at (40, 200)",
        "0.06 view V touchesCancelled 1",
        "0.06 reset swipe",
        "0.06 reset pan",
        "0.09 touch 1 moved (260, 202) V",
        "0.12 touch 1 ended (260, 202) V",
      ])
  }

  @Test(
    "A slow drag is a pan: the swipe fails after 0.5 s and the pan begins with translation zero",
    arguments: DelegatePlacement.allCases)
  func slowDrag(_ placement: DelegatePlacement) {
    let h = swipeBeforePan(placement)
    h.down(1, 100, 200, at: 0)
    h.move(1, 115, 200, at: 0.2)
    h.move(1, 120, 200, at: 0.45)
    h.move(1, 160, 200, at: 0.8)
    h.move(1, 190, 200, at: 0.9)
    h.up(1, 190, 200, at: 1.0)
    h.finish()
    #expect(
      h.lines == [
        "0 touch 1 began (100, 200) V",
        "0 view V touchesBegan 1",
        "0.2 touch 1 moved (115, 200) V",
        "0.2 wait pan wants began, waiting for swipe",
        "0.2 view V touchesMoved 1",
        "0.45 touch 1 moved (120, 200) V",
        "0.45 view V touchesMoved 1",
        "0.8 touch 1 moved (160, 200) V",
        "0.8 state swipe possible → failed: moved after 0.8 s, longer than 0.5 s allowed",
        "0.8 state pan possible → began: released: swipe failed",
        "0.8 action pan began at (160, 200) translation (0, 0) velocity (114.285714, 0)",
        "0.8 view V touchesCancelled 1",
        "0.9 touch 1 moved (190, 200) V",
        "0.9 state pan began → changed: changed",
        "0.9 action pan changed at (190, 200) translation (30, 0) velocity (300, 0)",
        "1 touch 1 ended (190, 200) V",
        "1 state pan changed → ended: all fingers lifted",
        "1 action pan ended at (190, 200) translation (30, 0) velocity (300, 0)",
        "1 reset swipe",
        "1 reset pan",
      ])
  }

  @Test("Both delegate placements give the same trace", arguments: [true, false])
  func placementsAgree(_ fast: Bool) {
    var traces: [[String]] = []
    for placement in DelegatePlacement.allCases {
      let h = swipeBeforePan(placement)
      h.down(1, 40, 200, at: 0)
      h.move(1, 70, 201, at: fast ? 0.03 : 0.3)
      h.move(1, 170, 202, at: fast ? 0.06 : 0.6)
      h.up(1, 170, 202, at: fast ? 0.09 : 0.9)
      h.finish()
      traces.append(h.lines)
    }
    #expect(traces[0] == traces[1])
    #expect(traces[0].count > 6)
  }
}
