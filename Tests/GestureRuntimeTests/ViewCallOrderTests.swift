import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// Begins on its first move and ignores every touch that lands after it began, as a built-in
/// ignores the fingers it does not track (behaviour reference §2.5).
final class IgnoringLateTouchesRecognizer: GestureRecognizer {
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard state == .began || state == .changed else { return }
    for touch in touches { ignore(touch, for: event) }
  }
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    if state == .possible { setState(.began) }
  }
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    if numberOfTouches == touches.count { setState(.ended) }
  }
}

@Suite("The order of a view's calls in one dispatch, and touches the input cancels (behaviour reference §5, 2.5, 2.9)")
struct ViewCallOrderTests {
  @Test(
    "5 A view gets the calls of the dispatch's decisions in the order they were published, then the event's own calls"
  )
  func decisionsBeforeTheEventsOwnCalls() {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    let w = h.add(ScriptedRecognizer(), "w")
    let delegate = TestDelegate()
    h.keep(delegate)
    // w gets touch 2 only; a gets touches 1 and 3.
    delegate.receive = { recognizer, touch in (recognizer === w) == (touch.identifier == 2) }
    a.delegate = delegate
    w.delegate = delegate
    w.onMoved = [[.ended]]
    h.down(1, 10, 10, at: 0)
    h.down(3, 30, 10, at: 0.1)
    h.up(3, 30, 10, at: 0.2)  // a is undecided: touch 3's end is withheld
    h.down(2, 20, 10, at: 0.3)
    // w recognizes, cancelling touch 2, and excludes a, which releases touch 3's end; touch 1's
    // move is the event's own call. Phase order alone would put moved 1 first and cancelled 2 last.
    h.event(
      at: 0.4,
      [TouchInput(id: 2, phase: .moved, x: 25, y: 10), TouchInput(id: 1, phase: .moved, x: 15, y: 10)])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 view V touchesBegan 3",
        "0.3 view V touchesBegan 2",
        "0.4 state w possible → ended: recognized",
        "0.4 state a possible → failed: prevented by w",
        "0.4 action w ended at (25, 10)",
        "0.4 view V touchesCancelled 2",
        "0.4 view V touchesEnded 3",
        "0.4 view V touchesMoved 1",
        "0.4 reset w",
        "0.4 reset a",
      ])
  }

  @Test("5 A released touchesEnded of an old touch comes before a new touch's touchesBegan")
  func releasedEndBeforeNewBegan() {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    a.onBegan = [[], [.failed]]
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 20, 10, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.2 state a possible → failed: failed",
        "0.2 view V touchesEnded 1",
        "0.2 view V touchesBegan 2",
        "0.2 reset a",
      ])
  }

  @Test(
    "2.7 A view with isMultipleTouchEnabled false gets the touch a decision releases before a touch the event brings"
  )
  func singleTouchViewHearsTheReleaseFirst() {
    let h = Harness()
    h.view.isMultipleTouchEnabled = false
    let a = h.add(ScriptedRecognizer(), "a")
    a.delaysTouchesBegan = true
    a.onBegan = [[], [.failed]]
    h.down(1, 10, 10, at: 0)
    h.down(2, 20, 10, at: 0.1)
    h.up(2, 20, 10, at: 0.2)
    h.up(1, 10, 10, at: 0.3)
    #expect(
      h.decisions == [
        "0.1 state a possible → failed: failed",
        "0.1 view V touchesBegan 1",
        "0.1 reset a",
        "0.3 view V touchesEnded 1",
      ])
  }

  @Test("5 The event's own calls list their touches in the order the event lists them")
  func eventOrderWithinOneCall() {
    let h = Harness()
    h.event(
      at: 0,
      [TouchInput(id: 2, phase: .began, x: 20, y: 10), TouchInput(id: 1, phase: .began, x: 10, y: 10)])
    h.event(
      at: 0.1,
      [TouchInput(id: 1, phase: .ended, x: 10, y: 10), TouchInput(id: 2, phase: .ended, x: 20, y: 10)])
    #expect(h.decisions == ["0 view V touchesBegan 2,1", "0.1 view V touchesEnded 1,2"])
  }

  @Test(
    "2.9 A withheld touch that the input cancels: when its recognizer fails the view gets touchesBegan, the one touchesMoved, then touchesCancelled"
  )
  func withheldTouchCancelledByInput() {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    a.delaysTouchesBegan = true
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.move(1, 30, 10, at: 0.2)
    h.cancel(1, 30, 10, at: 0.3)
    #expect(
      h.decisions == [
        "0.3 state a possible → failed: its touches were cancelled",
        "0.3 view V touchesBegan 1",
        "0.3 view V touchesMoved 1",
        "0.3 view V touchesCancelled 1",
        "0.3 reset a",
      ])
  }

  @Test(
    "2.9 A withheld touch the input cancels waits for its recognizers: released with touchesCancelled if they fail, never heard of if one recognizes"
  )
  func cancelledTouchWaitsForTheDecision() {
    for recognizes in [false, true] {
      let h = Harness()
      let a = h.add(ScriptedRecognizer(), "a")
      a.delaysTouchesBegan = true
      a.onMoved = [[recognizes ? .ended : .failed]]
      h.down(1, 10, 10, at: 0)
      h.down(2, 50, 10, at: 0.1)
      h.cancel(2, 50, 10, at: 0.2)  // a still tracks touch 1: undecided, touch 2 stays withheld
      h.move(1, 20, 10, at: 0.3)
      h.up(1, 20, 10, at: 0.4)
      #expect(
        h.decisions
          == (recognizes
            ? [
              "0.3 state a possible → ended: recognized",
              "0.3 action a ended at (20, 10)",
              "0.3 reset a",
            ]
            : [
              "0.3 state a possible → failed: failed",
              "0.3 view V touchesBegan 1,2",
              "0.3 view V touchesMoved 1",
              "0.3 view V touchesCancelled 2",
              "0.3 reset a",
              "0.4 view V touchesEnded 1",
            ]))
    }
  }

  @Test(
    "2.9 A cancelled withheld touch whose recognizer recognizes with cancelsTouchesInView false is released like any withheld touch (choice)"
  )
  func cancelledTouchReleasedByRecognitionWithoutCancelling() {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    a.delaysTouchesBegan = true
    a.cancelsTouchesInView = false
    a.onMoved = [[], [.ended]]
    h.down(1, 10, 10, at: 0)
    h.down(2, 50, 10, at: 0.1)
    h.move(2, 60, 10, at: 0.2)
    h.cancel(2, 60, 10, at: 0.3)
    h.move(1, 20, 10, at: 0.4)
    #expect(
      h.decisions == [
        "0.4 state a possible → ended: recognized",
        "0.4 action a ended at (20, 10)",
        "0.4 view V touchesBegan 1,2",
        "0.4 view V touchesMoved 1,2",
        "0.4 view V touchesCancelled 2",
        "0.4 reset a",
      ])
  }

  @Test(
    "2.5 A touch that a began recognizer ignores in the touchesBegan that brings it causes no changed and reaches the view"
  )
  func ignoredTouchReachesTheView() {
    let h = Harness()
    h.add(IgnoringLateTouchesRecognizer(), "g")
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.down(2, 100, 10, at: 0.2)
    h.move(2, 110, 10, at: 0.3)
    h.up(2, 110, 10, at: 0.4)
    h.move(1, 30, 10, at: 0.5)
    h.up(1, 30, 10, at: 0.6)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state g possible → began: began",
        "0.1 action g began at (20, 10)",
        "0.1 view V touchesCancelled 1",
        "0.2 view V touchesBegan 2",
        "0.3 view V touchesMoved 2",
        "0.4 view V touchesEnded 2",
        "0.5 state g began → changed: changed",
        "0.5 action g changed at (30, 10)",
        "0.6 state g changed → ended: ended",
        "0.6 action g ended at (30, 10)",
        "0.6 reset g",
      ])
  }
}
