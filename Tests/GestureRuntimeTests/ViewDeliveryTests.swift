import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Touch delivery to views (behaviour reference §2.7–2.12)")
struct ViewDeliveryTests {
  @Test(
    "2.7 A view with isMultipleTouchEnabled false gets only the first of its touches down at once; recognizers get all")
  func singleTouchView() {
    let h = Harness()
    h.view.isMultipleTouchEnabled = false
    let log = LoggingRecognizer.Log()
    // Never decides; it must not withhold the ends for this test.
    h.add(LoggingRecognizer("all", log), "all").delaysTouchesEnded = false
    h.down(1, 10, 10, at: 0)
    h.down(2, 50, 10, at: 0.1)
    h.up(2, 50, 10, at: 0.2)
    h.up(1, 10, 10, at: 0.3)
    h.down(3, 10, 10, at: 0.4)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.3 view V touchesEnded 1",
        "0.4 view V touchesBegan 3",
      ])
    #expect(log.entries == ["all began [1]", "all began [2]", "all ended [2]", "all ended [1]", "all began [3]"])
  }

  @Test("2.7 A touch that begins while a recognizer that receives it has began never reaches the view (choice)")
  func touchDuringRecognizedGesture() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "pan")
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.1)
    h.down(2, 200, 100, at: 0.2)
    h.move(2, 210, 100, at: 0.3)
    h.up(2, 210, 100, at: 0.4)
    let viewLines = h.decisions.filter { $0.contains(" view ") }
    #expect(viewLines == ["0 view V touchesBegan 1", "0.1 view V touchesCancelled 1"])
  }

  @Test(
    "2.8 Recognizing cancels the view's touches right after the action; with cancelsTouchesInView false the view keeps them"
  )
  func cancelsTouchesInView() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "pan")
    h.down(1, 100, 100, at: 0)
    h.move(1, 115, 100, at: 0.1)
    h.move(1, 130, 100, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state pan possible → began: moved 15 pt, at least 10 pt",
        "0.1 action pan began at (115, 100) translation (5, 0) velocity (150, 0)",
        "0.1 view V touchesCancelled 1",
        "0.2 state pan began → changed: changed",
        "0.2 action pan changed at (130, 100) translation (20, 0) velocity (150, 0)",
      ])
    let k = Harness()
    let pan = k.add(PanGestureRecognizer(), "pan")
    pan.cancelsTouchesInView = false
    k.down(1, 100, 100, at: 0)
    k.move(1, 115, 100, at: 0.1)
    k.up(1, 115, 100, at: 0.2)
    #expect(
      k.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state pan possible → began: moved 15 pt, at least 10 pt",
        "0.1 action pan began at (115, 100) translation (5, 0) velocity (150, 0)",
        "0.1 view V touchesMoved 1",
        "0.2 state pan began → ended: all fingers lifted",
        "0.2 action pan ended at (115, 100) translation (5, 0) velocity (150, 0)",
        "0.2 view V touchesEnded 1",
        "0.2 reset pan",
      ])
  }

  @Test("2.9 delaysTouchesBegan: if the recognizer recognizes, the view never hears of the touch")
  func delaysBeganRecognized() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    tap.delaysTouchesBegan = true
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(
      h.decisions == [
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (10, 10)",
        "0.1 reset tap",
      ])
  }

  @Test(
    "2.9 delaysTouchesBegan: if the recognizer fails, the view gets touchesBegan and one touchesMoved at the current location"
  )
  func delaysBeganFailed() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    tap.delaysTouchesBegan = true
    h.down(1, 10, 10, at: 0)
    h.move(1, 30, 10, at: 0.1)
    h.move(1, 70, 10, at: 0.2)
    h.move(1, 80, 10, at: 0.3)
    h.up(1, 80, 10, at: 0.4)
    #expect(
      h.decisions == [
        "0.2 state tap possible → failed: moved 60 pt, more than 45 pt allowed",
        "0.2 view V touchesBegan 1",
        "0.2 view V touchesMoved 1",
        "0.2 reset tap",
        "0.3 view V touchesMoved 1",
        "0.4 view V touchesEnded 1",
      ])
  }

  @Test(
    "2.9 delaysTouchesBegan with cancelsTouchesInView false: on recognition the withheld touch is released (choice)")
  func delaysBeganReleased() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    tap.delaysTouchesBegan = true
    tap.cancelsTouchesInView = false
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(
      h.decisions == [
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (10, 10)",
        "0.1 view V touchesBegan 1",
        "0.1 view V touchesEnded 1",
        "0.1 reset tap",
      ])
  }

  @Test("2.10 delaysTouchesEnded: the end is withheld while undecided and delivered when the recognizer fails")
  func delaysEndedFailed() {
    let h = Harness()
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.45 state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
        "0.45 view V touchesEnded 1",
        "0.45 reset doubleTap",
      ])
    let k = Harness()
    let doubleTap = k.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    doubleTap.delaysTouchesEnded = false
    k.down(1, 10, 10, at: 0)
    k.up(1, 10, 10, at: 0.1)
    k.finish()
    #expect(
      k.decisions == [
        "0 view V touchesBegan 1",
        "0.1 view V touchesEnded 1",
        "0.45 state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
        "0.45 reset doubleTap",
      ])
  }

  @Test(
    "2.10 delaysTouchesEnded with cancelsTouchesInView false: on recognition the view gets touchesEnded after the action"
  )
  func delaysEndedRecognizedNoCancel() {
    let h = Harness()
    let doubleTap = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    doubleTap.cancelsTouchesInView = false
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 10, 10, at: 0.2)
    h.up(2, 10, 10, at: 0.3)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.2 view V touchesBegan 2",
        "0.3 state doubleTap possible → ended: tap 2 of 2 ended",
        "0.3 action doubleTap ended at (10, 10)",
        "0.3 view V touchesEnded 1,2",
        "0.3 reset doubleTap",
      ])
  }

  @Test("2.11 Withheld touches are released in the dispatch in which the last withholding recognizer decides")
  func releasedByLastDecider() {
    let h = Harness()
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "quick")
    let slow = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "slow")
    slow.maximumIntervalBetweenSuccessiveTaps = .milliseconds(500)
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.45 state quick possible → failed: tap 2 did not begin within 0.35 s",
        "0.45 reset quick",
        "0.6 state slow possible → failed: tap 2 did not begin within 0.5 s",
        "0.6 view V touchesEnded 1",
        "0.6 reset slow",
      ])
  }

  @Test("2.12 A view can veto a recognizer that cancels its touches; it is asked before the delegate")
  func viewVeto() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let button = RecordingView(name: "V", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(button)
    button.vetoed = ["tap"]
    let h = Harness(window: window)
    let tap = h.add(TapGestureRecognizer(), "tap", to: window)
    let delegate = TestDelegate()
    tap.delegate = delegate
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state tap possible → failed: view V vetoed it (gestureRecognizerShouldBegin returned false)",
        "0.1 view V touchesEnded 1",
        "0.1 reset tap",
      ])
    #expect(delegate.log.isEmpty)
    #expect(button.calls == ["began [1]", "ended [1]"])
    // Not asked when the recognizer leaves the view's touches alone.
    tap.cancelsTouchesInView = false
    h.clearTrace()
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    #expect(h.decisions.contains("1.1 state tap possible → ended: recognized"))
    #expect(delegate.log == ["shouldBegin tap"])
  }
}
