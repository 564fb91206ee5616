import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// Scene changes made from inside callbacks run as dispatches of their own, right after the
/// current one (behaviour reference §5: scene changes from inside callbacks are safe).
@Suite("Changes from inside callbacks")
struct ReentrancyTests {
  @Test("An action that removes its own recognizer: the dispatch finishes, and later touches do not reach it")
  func removeOwnRecognizer() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    let view = h.view
    tap.addAction { recognizer in view.removeGestureRecognizer(recognizer) }
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 10, 10, at: 0.2)
    h.up(2, 10, 10, at: 0.3)
    #expect(tap.view == nil)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (10, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset tap",
        "0.2 view V touchesBegan 2",
        "0.3 view V touchesEnded 2",
      ])
  }

  @Test(
    "A recognizer that removes itself while handling a move, held by nobody else, finishes that call and is freed"
  )
  func removeSelfDuringDelivery() {
    // The runtime delivers through the touch record's own reference to the recognizer: the
    // recognizer must stay alive through its call even after its view let go of it (the address
    // sanitizer run of the suite checks this), and be freed once the attempt is over.
    final class SelfRemoving: GestureRecognizer {
      var moves = 0
      override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        view?.removeGestureRecognizer(self)
        // Still usable after the view let go of it, within this call.
        setState(.failed, reason: "removed itself after \(moves) move")
      }
    }
    let h = Harness()
    let other = h.add(ScriptedRecognizer(), "other")
    weak var removed: SelfRemoving?
    do {
      let recognizer = SelfRemoving()
      h.add(recognizer, "selfRemoving")
      removed = recognizer
    }
    h.down(1, 10, 10, at: 0)
    h.move(1, 12, 10, at: 0.1)
    h.move(1, 14, 10, at: 0.2)
    h.up(1, 14, 10, at: 0.3)
    h.finish()
    #expect(removed == nil)
    #expect(other.received == ["began [1]", "moved [1]", "moved [1]", "ended [1]"])
    #expect(
      h.decisions == [
        // Detached, its own request reaches no runtime (no state line); the removal resets it.
        "0 view V touchesBegan 1",
        "0.1 view V touchesMoved 1",
        "0.1 reset selfRemoving",
        "0.2 view V touchesMoved 1",
        "5.3 diagnostic [other] other was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.3 state other possible → failed: undecided 5 s after its touches ended",
        "5.3 view V touchesEnded 1",
        "5.3 reset other",
      ])
  }

  @Test("An action that removes its own view: the recognizer is cancelled in a dispatch of its own")
  func removeOwnView() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    let view = h.view
    // Unowned: a closure that holds its own recognizer's view strongly is a reference cycle
    // (the view holds the recognizer, which holds the closure); the sanitizer run checks leaks.
    pan.addAction { [unowned view] recognizer in
      if recognizer.state == .began { view.removeFromSuperview() }
    }
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.1)
    h.move(1, 140, 100, at: 0.2)
    h.up(1, 140, 100, at: 0.3)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "0.1 action pan began at (130, 100) translation (20, 0) velocity (300, 0)",
        "0.1 view V touchesCancelled 1",
        "0.1 state pan began → cancelled: its view was removed",
        "0.1 action pan cancelled at (130, 100) translation (20, 0) velocity (300, 0)",
        "0.1 reset pan",
      ])
  }

  @Test("An action that disables another tracking recognizer fails it right after the current dispatch")
  func disableAnother() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan", to: h.window)
    let press = h.add(LongPressGestureRecognizer(), "press")
    press.addAction { _ in pan.isEnabled = false }
    h.down(1, 100, 100, at: 0)
    h.advance(to: 0.5)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 state pan possible → failed: prevented by press",
        "0.5 action press began at (100, 100)",
        "0.5 view V touchesCancelled 1",
        "0.5 reset pan",
      ])
    // pan was excluded before the action ran; disabling it then changes nothing more.
    #expect(!pan.isEnabled)
    h.clearTrace()
    h.down(2, 200, 100, at: 0.6)
    h.move(2, 260, 100, at: 0.7)
    #expect(!h.decisions.contains { $0.contains("pan") })
  }

  @Test("An action that adds a requirement mid-gesture: the new requirement holds the next request")
  func addRequirement() {
    let h = Harness()
    let first = h.add(ScriptedRecognizer(), "first")
    let second = h.add(ScriptedRecognizer(), "second")
    let third = h.add(ScriptedRecognizer(), "third")
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    first.delegate = delegate
    second.delegate = delegate
    first.onMoved = [[.began]]
    second.onMoved = [[], [.began]]
    first.addAction { _ in second.require(toFail: third) }
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.move(1, 30, 10, at: 0.2)
    let lines = h.decisions.filter { !$0.contains(" view ") && !$0.contains(" action ") }
    #expect(
      lines == [
        "0.1 state first possible → began: began",
        // A hold is settled once the dispatch's other changes are resolved (behaviour reference §3.7).
        "0.2 state first began → changed: changed",
        "0.2 wait second wants began, waiting for third",
      ])
  }

  @Test("Input sent from an action is dispatched right after the current dispatch, in order")
  func nestedInput() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    let runtime = h.runtime
    final class Once { var done = false }
    let once = Once()
    tap.addAction { [unowned runtime] _ in
      guard !once.done else { return }
      once.done = true
      runtime.send([TouchInput(id: 9, phase: .began, x: 50, y: 50)], at: runtime.now)
    }
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(
      h.lines == [
        "0 touch 1 began (10, 10) V",
        "0 view V touchesBegan 1",
        "0.1 touch 1 ended (10, 10) V",
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (10, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset tap",
        "0.1 touch 9 began (50, 50) V",
        "0.1 view V touchesBegan 9",
      ])
  }

  @Test("A delegate that removes recognizers while being asked does not disturb the dispatch")
  func delegateRemoves() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    let pan = h.add(PanGestureRecognizer(), "pan")
    let view = h.view
    let delegate = TestDelegate()
    delegate.receive = { recognizer, _ in
      if recognizer === tap { view.removeGestureRecognizer(pan) }
      return true
    }
    tap.delegate = delegate
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(pan.view == nil)
    #expect(h.decisions.contains("0.1 state tap possible → ended: recognized"))
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (10, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset tap",
      ])
  }
}
