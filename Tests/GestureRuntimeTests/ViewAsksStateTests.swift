import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// A state asked for outside the recognizers' own touch methods: from a view's touch method, it
/// is settled in the same dispatch, with the view calls it causes, before resets (behaviour
/// reference §5); outside an attempt, it starts one of its own (§1.7).
@Suite("A state asked from a view's touch method or from app code")
struct ViewAsksStateTests {
  /// A recognizer that decides only when its view tells it to.
  final class Driven: GestureRecognizer {
    var asked: State = .ended
    func decide() { setState(asked, reason: "told to") }
  }

  /// A view that tells its recognizer to decide from its `touchesMoved` or `touchesEnded`.
  final class DrivingView: View {
    var driven: Driven?
    var onMove = false
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
      if onMove { driven?.decide() }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
      if !onMove { driven?.decide() }
    }
  }

  func fixture(_ state: GestureRecognizer.State, onMove: Bool) -> (Harness, DrivingView) {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let view = DrivingView(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(view)
    let h = Harness(window: window)
    let driven = h.add(Driven(), "driven")
    driven.asked = state
    driven.delaysTouchesEnded = false
    view.driven = driven
    view.onMove = onMove
    return (h, view)
  }

  @Test("Asked from touchesEnded with no input after it: recognized, its action sent and reset in that dispatch")
  func fromTouchesEnded() {
    let (h, _) = fixture(.ended, onMove: false)
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 view V touchesEnded 1",
        "0.1 state driven possible → ended: told to",
        "0.1 action driven ended at (10, 10)",
        "0.1 reset driven",
      ])
  }

  @Test("Asked to begin from touchesMoved: the view's touch is cancelled in that dispatch (§2.8), not at the next move")
  func beganFromTouchesMoved() {
    let (h, _) = fixture(.began, onMove: true)
    h.down(1, 10, 10, at: 0)
    h.move(1, 12, 10, at: 0.05)
    h.move(1, 14, 10, at: 0.07)
    h.cancel(1, 14, 10, at: 0.1)
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.05 view V touchesMoved 1",
        "0.05 state driven possible → began: told to",
        "0.05 action driven began at (12, 10)",
        "0.05 view V touchesCancelled 1",
        "0.07 state driven began → changed: changed",
        "0.07 action driven changed at (14, 10)",
        "0.1 state driven changed → cancelled: its touches were cancelled",
        "0.1 action driven cancelled at (14, 10)",
        "0.1 reset driven",
      ])
  }

  @Test(
    "Asked from app code outside any attempt, before any touch: published at once with its action, reset once terminal"
  )
  func outsideAnAttempt() {
    let (h, view) = fixture(.began, onMove: true)
    let driven = view.driven!
    h.advance(to: 1)
    driven.decide()
    #expect(driven.state == .began)
    driven.asked = .ended
    h.advance(to: 2)
    driven.decide()
    #expect(driven.state == .possible)
    // Reset, it takes part in the next touch's attempt as usual.
    h.down(1, 10, 10, at: 3)
    h.move(1, 12, 10, at: 3.1)
    h.up(1, 12, 10, at: 3.2)
    h.finish()
    #expect(
      h.decisions == [
        "1 state driven possible → began: told to", "1 action driven began at (0, 0)",
        "2 state driven began → ended: told to", "2 action driven ended at (0, 0)", "2 reset driven",
        "3 view V touchesBegan 1", "3.1 view V touchesMoved 1",
        "3.1 state driven possible → ended: told to", "3.1 action driven ended at (12, 10)",
        "3.1 view V touchesCancelled 1", "3.1 reset driven",
      ])
  }

  @Test(
    "A view removed while a recognizer on it is undecided: its touch is cancelled on it in the removal's dispatch, whether or not a recognizer was in an attempt",
    arguments: [false, true])
  func viewRemovedWhileUndecided(withRecognizer: Bool) {
    let h = Harness()
    if withRecognizer { h.add(LongPressGestureRecognizer(), "press") }
    h.down(1, 10, 10, at: 0)
    h.advance(to: 0.1)
    h.view.removeFromSuperview()
    h.up(1, 10, 10, at: 0.2)
    h.finish()
    // The recognizer's failure, and its reset, come first: its attempt is stopped before the
    // view's touches are cancelled. Nothing reaches the view after its removal.
    let pressLines = ["0.1 state press possible → failed: its view was removed", "0.1 reset press"]
    #expect(
      h.decisions
        == ["0 view V touchesBegan 1"] + (withRecognizer ? pressLines : []) + ["0.1 view V touchesCancelled 1"])
  }

  @Test("Asked to begin from a touchesMoved with two touches: both are cancelled on the view in that dispatch")
  func beganFromTouchesMovedWithTwoTouches() {
    let (h, _) = fixture(.began, onMove: true)
    h.event(at: 0, [TouchInput(id: 1, phase: .began, x: 10, y: 10), TouchInput(id: 2, phase: .began, x: 30, y: 10)])
    h.event(at: 0.05, [TouchInput(id: 1, phase: .moved, x: 12, y: 10), TouchInput(id: 2, phase: .moved, x: 32, y: 10)])
    h.event(at: 0.1, [TouchInput(id: 1, phase: .ended, x: 12, y: 10), TouchInput(id: 2, phase: .ended, x: 32, y: 10)])
    h.advance(to: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2", "0.05 view V touchesMoved 1,2",
        "0.05 state driven possible → began: told to", "0.05 action driven began at (22, 10)",
        "0.05 view V touchesCancelled 1,2",
      ])
  }

  @Test(
    "Asked from touchesEnded: the state excludes a recognizer whose touch ended in that dispatch, as one asked by a recognizer would (§3.2)"
  )
  func excludesFromTheViewRound() {
    let (h, _) = fixture(.ended, onMove: false)
    let other = h.add(ScriptedRecognizer(), "other")
    other.delaysTouchesEnded = false
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1", "0.1 view V touchesEnded 1",
        "0.1 state driven possible → ended: told to", "0.1 state other possible → failed: prevented by driven",
        "0.1 action driven ended at (10, 10)", "0.1 reset driven", "0.1 reset other",
      ])
  }

  /// A recognizer that recognizes when its touch ends and asks, from its `reset()`, for the
  /// states in `asks` (one per reset, the first first).
  final class AskingInReset: GestureRecognizer {
    var asks: [State] = []
    var resets = 0
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { setState(.ended) }
    override func reset() {
      resets += 1
      if !asks.isEmpty { setState(asks.removeFirst(), reason: "asked from reset") }
    }
  }

  @Test(
    "Asked from reset(): settled in that dispatch as an attempt of its own (§1.7), with its action and its own reset"
  )
  func fromReset() {
    let h = Harness()
    let asking = h.add(AskingInReset(), "asking")
    asking.asks = [.ended]
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    // Nothing waits for a later dispatch: no request is left over, and no input or time is
    // needed for it.
    h.runtime._checkInvariants()
    #expect(asking.resets == 2)
    #expect(asking.state == .possible)
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state asking possible → ended: recognized",
        "0.1 action asking ended at (10, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset asking",
        "0.1 state asking possible → ended: asked from reset",
        // An attempt without touches: no location to report.
        "0.1 action asking ended at (0, 0)",
        "0.1 reset asking",
      ])
  }

  @Test(
    "A recognizer that asks for a state at every reset: the dispatch stops after 1,000 rounds, with a diagnostic, and the next input finds the runtime settled"
  )
  func askingAtEveryReset() {
    let h = Harness()
    let asking = h.add(AskingInReset(), "asking")
    asking.asks = Array(repeating: .failed, count: 2_000)
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.runtime._checkInvariants()
    #expect(asking.resets == 1_001)
    let decisions = h.decisions
    #expect(decisions.filter { $0 == "0.1 state asking possible → failed: asked from reset" }.count == 1_000)
    #expect(
      decisions.suffix(2) == [
        "0.1 reset asking",
        "0.1 diagnostic [asking] states asked from reset() kept the dispatch from settling; dropped",
      ])
    h.down(2, 10, 10, at: 0.2)
    h.up(2, 10, 10, at: 0.3)
    #expect(h.decisions.contains("0.3 state asking possible → ended: recognized"))
    h.runtime._checkInvariants()
  }

  /// A view that asks `target` for a state from its `deinit`.
  final class AskingOnDeinit: View {
    weak var target: Driven?
    deinit { target?.decide() }
  }

  @Test(
    "Asked from a deinit that a reset runs: settled in that dispatch, as one asked from reset() is"
  )
  func fromDeinitAtReset() {
    // W's last reference goes with a double tap's reset (`viewGoingWithTapReset`), and its
    // deinit asks another recognizer to end.
    let h = Harness()
    // Out of the touches' way.
    let side = View(name: "D", frame: Rect(x: 0, y: 700, width: 10, height: 10))
    h.window.addSubview(side)
    let driven = h.add(Driven(), "driven", to: side)
    driven.asked = .ended
    h.viewGoingWithTapReset {
      let w = AskingOnDeinit(name: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
      w.target = driven
      return w
    }
    h.clearTrace()
    h.advance(to: 2)
    h.runtime._checkInvariants()
    #expect(
      h.decisions == [
        "0.4 state tap possible → failed: tap 2 did not begin within 0.35 s",
        "0.4 reset tap",
        // W went with the tap's reset, and asked from its deinit: an attempt of its own.
        "0.4 state driven possible → ended: told to",
        "0.4 action driven ended at (0, 0)",
        "0.4 reset driven",
      ])
  }
}
