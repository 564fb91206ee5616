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

  @Test(
    "A recognizer taken off a view that left the tree, before the queued input that precedes its cancellation, gets none of that input"
  )
  func recognizerOffRemovedViewGetsNoQueuedInput() {
    let h = Harness()
    let hook = h.add(MoveHook(), "hook")
    let view = h.view
    hook.onMoved = { hook in
      // Queued first: this input is dispatched before the change below cancels the attempt.
      h.runtime.send(TouchInput(id: 1, phase: .moved, x: 30, y: 10), at: Timestamp(seconds: 0.1))
      view.removeFromSuperview()
      // The view is out of the tree: no runtime hears of this.
      view.removeGestureRecognizer(hook)
    }
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    #expect(hook.moves == 1)
    #expect(hook.view == nil)
    #expect(
      h.decisions == [
        "0 state hook possible → began: began",
        "0 action hook began at (10, 10)",
        "0.1 state hook began → changed: changed",
        "0.1 action hook changed at (20, 10)",
        "0.1 state hook changed → cancelled: its view was removed",
        "0.1 action hook cancelled at (30, 10)",
        "0.1 reset hook",
      ])
  }

  @Test(
    "A recognizer moved to another view of its window in its touch method, that asks for a state, then gets a queued move without asking: the implicit changed"
  )
  func implicitChangedAfterMoveWithinWindow() {
    let h = Harness()
    let other = View(name: "W", frame: Rect(x: 0, y: 400, width: 400, height: 400))
    h.window.addSubview(other)
    let hook = h.add(MoveHook(), "hook")
    let view = h.view
    hook.onMoved = { hook in
      // Queued ahead of the cancellation the removal below queues.
      h.runtime.send(TouchInput(id: 1, phase: .moved, x: 30, y: 10), at: Timestamp(seconds: 0.1))
      view.removeGestureRecognizer(hook)
      other.addGestureRecognizer(hook)
      hook.setState(.changed)
    }
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    #expect(hook.moves == 2)
    #expect(
      h.decisions == [
        "0 state hook possible → began: began",
        "0 action hook began at (10, 10)",
        "0.1 state hook began → changed: changed",
        "0.1 action hook changed at (20, -390)",
        "0.1 state hook changed → changed: changed",
        "0.1 action hook changed at (30, -390)",
        "0.1 state hook changed → cancelled: removed from its view",
        "0.1 action hook cancelled at (30, -390)",
        "0.1 reset hook",
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

/// A recognizer that, in its first `touchesBegan`, ignores the event's second touch, adds failure
/// requirements (one closes a cycle, one names itself), starts a timer and notes what it sees of
/// those right away; the timer asks to begin.
private final class AskingRecognizer: GestureRecognizer {
  var slow: GestureRecognizer?
  var loop: GestureRecognizer?
  weak var dispatcher: GestureRuntime?
  var seen: [String] = []

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard seen.isEmpty, touches.count == 2, let slow, let loop else { return }
    ignore(touches[1], for: event)
    seen.append("touches after ignore: \(numberOfTouches)")
    require(toFail: slow)
    require(toFail: loop)
    require(toFail: self)
    seen.append("requirements: \(failureRequirements.map(\.displayName))")
    startTimer(after: .milliseconds(200))
    startTimer(1, after: .milliseconds(100))
    cancelTimer(1)
    seen.append("next deadline: \(dispatcher?.nextTimerDeadline.map { "\($0)" } ?? "none")")
    seen.append("left: \(dispatcher?.finish().timers.map(\.description) ?? [])")
  }

  override func timerFired(_ id: Int) {
    setState(.began, reason: "timer \(id)")
  }

  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    if requestedState == .began || requestedState == .changed { setState(.ended, reason: "lifted") }
  }
}

/// A recognizer that starts two timers when its touch begins and, on the first move, cancels one
/// of them, starts the other again for later, and starts and cancels a third; it reads the
/// runtime's pending timers back from inside that callback.
private final class Retiming: GestureRecognizer {
  weak var dispatcher: GestureRuntime?
  var seen: [String] = []

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    startTimer(1, after: .milliseconds(500))
    startTimer(2, after: .milliseconds(300))
    seen.append("began: next \(dispatcher?.nextTimerDeadline.map { "\($0)" } ?? "none")")
  }

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard seen.count == 1 else { return }
    cancelTimer(2)
    startTimer(1, after: .milliseconds(600))
    startTimer(3, after: .milliseconds(50))
    cancelTimer(3)
    seen.append("moved: next \(dispatcher?.nextTimerDeadline.map { "\($0)" } ?? "none")")
    seen.append("left: \(dispatcher?.finish().timers.map(\.description) ?? [])")
  }

  override func timerFired(_ id: Int) {
    seen.append("timer \(id) fired")
    setState(.failed, reason: "timer \(id)")
  }
}

/// A trace sink that, on the first line ending with `trigger`, runs `reaction` (code that is not
/// a callback of the runtime, but runs during its dispatch).
private final class ReactingSink: TraceSink {
  let recorder: TraceRecorder
  let trigger: String
  var reaction: (() -> Void)?

  init(recorder: TraceRecorder, trigger: String) {
    self.recorder = recorder
    self.trigger = trigger
  }

  func record(_ event: TraceEvent) {
    recorder.record(event)
    if event.description.hasSuffix(trigger), let reaction {
      self.reaction = nil
      reaction()
    }
  }
}

/// A recognizer that starts a timer with the identifier the runtime's watchdog uses, and reads
/// the pending timers back.
private final class WatchdogNumbered: GestureRecognizer {
  weak var dispatcher: GestureRuntime?
  var seen: [String] = []

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    startTimer(.min, after: .milliseconds(100))
    seen.append("next \(dispatcher?.nextTimerDeadline.map { "\($0)" } ?? "none")")
    seen.append("left: \(dispatcher?.finish().timers.map(\.description) ?? [])")
  }
}

/// A recognizer that begins on its first move and, once it has begun, ignores every further
/// touch in the `touchesBegan` that brings it, then stops cancelling touches in its view and
/// removes a view it was given from the tree.
private final class IgnoringLateTouches: GestureRecognizer {
  var removes: View?
  var seen: [String] = []

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard state == .began || state == .changed else { return }
    for touch in touches { ignore(touch, for: event) }
    cancelsTouchesInView = false
    removes?.removeFromSuperview()
    seen.append("touches after ignore: \(numberOfTouches)")
  }

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    if state == .possible { setState(.began, reason: "moved") }
  }

  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    if numberOfTouches == touches.count { setState(.ended, reason: "lifted") }
  }
}

@Suite("What a recognizer asks of the runtime from inside its callbacks")
struct CallbackRequestTests {
  @Test(
    "A recognizer that ignores a touch, requires failures and starts timers in touchesBegan sees them at once, and the runtime applies them as if it had at once"
  )
  func askingFromTouchesBegan() {
    let h = Harness()
    let asker = h.add(AskingRecognizer(), "asker")
    asker.delaysTouchesBegan = true
    let slow = h.add(ScriptedRecognizer(), "slow")
    slow.onEnded = [[.failed]]
    let loop = h.add(ScriptedRecognizer(), "loop")
    loop.require(toFail: asker)
    asker.slow = slow
    asker.loop = loop
    asker.dispatcher = h.runtime
    h.event(
      at: 0,
      [TouchInput(id: 1, phase: .began, x: 10, y: 10), TouchInput(id: 2, phase: .began, x: 50, y: 10)])
    h.advance(to: 0.25)
    h.event(
      at: 0.3,
      [TouchInput(id: 1, phase: .ended, x: 10, y: 10), TouchInput(id: 2, phase: .ended, x: 50, y: 10)])
    h.finish()
    #expect(
      asker.seen == [
        "touches after ignore: 1", "requirements: [\"slow\", \"loop\"]", "next deadline: 0.2",
        "left: [\"asker timer 0 at 0.2 s\"]",
      ])
    #expect(
      h.lines == [
        "0 touch 1 began (10, 10) V",
        "0 touch 2 began (50, 10) V",
        // The requirements asked for in touchesBegan, in the order asked: one closes a cycle.
        "0 diagnostic [asker, loop] cycle of failure requirements among asker, loop; those requirements are ignored for this attempt",
        "0 diagnostic [asker] asker cannot require itself to fail; ignored",
        // The ignored touch is no longer withheld from its view; the other one still is.
        "0 view V touchesBegan 2",
        "0.2 wait asker wants began, waiting for slow, loop",
        "0.3 touch 1 ended (10, 10) V",
        "0.3 touch 2 ended (50, 10) V",
        "0.3 wait asker wants ended, waiting for slow, loop",
        "0.3 state slow possible → failed: failed",
        "5.3 diagnostic [loop] loop was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.3 state loop possible → failed: undecided 5 s after its touches ended",
        "5.3 state asker possible → began: released: slow, loop failed",
        "5.3 state asker began → ended: ended while waiting",
        "5.3 action asker began at (10, 10)",
        "5.3 action asker ended at (10, 10)",
        "5.3 view V touchesEnded 2",
        "5.3 reset loop",
        "5.3 reset asker",
        "5.3 reset slow",
      ])
  }

  @Test(
    "A recognizer that has begun and ignores a new touch in touchesBegan no longer keeps it from its view, as judged when it asked"
  )
  func ignoringAfterBeginning() {
    let h = Harness()
    let late = h.add(IgnoringLateTouches(), "late")
    let other = h.add(ScriptedRecognizer(), "other")
    let empty = View(name: "empty", frame: Rect(x: 300, y: 700, width: 10, height: 10))
    h.window.addSubview(empty)
    late.removes = empty
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.down(2, 60, 10, at: 0.2)
    h.move(2, 70, 10, at: 0.3)
    h.up(2, 70, 10, at: 0.4)
    h.up(1, 20, 10, at: 0.5)
    h.finish()
    #expect(empty.superview == nil)
    #expect(late.seen == ["touches after ignore: 1"])
    #expect(other.received == ["began [1]", "moved [1]", "began [2]", "moved [2]", "ended [2]"])
    #expect(
      h.lines == [
        "0 touch 1 began (10, 10) V",
        "0 view V touchesBegan 1",
        "0.1 touch 1 moved (20, 10) V",
        "0.1 state late possible → began: moved",
        "0.1 state other possible → failed: prevented by late",
        "0.1 action late began at (20, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset other",
        "0.2 touch 2 began (60, 10) V",
        // It cancelled touches in its view when it ignored touch 2, so the view gets the touch.
        "0.2 view V touchesBegan 2",
        "0.3 touch 2 moved (70, 10) V",
        "0.3 view V touchesMoved 2",
        "0.4 touch 2 ended (70, 10) V",
        "0.5 touch 1 ended (20, 10) V",
        "0.5 state late began → ended: lifted",
        "0.5 action late ended at (20, 10)",
        "0.5 reset late",
        "5.4 diagnostic [other] other was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.4 state other possible → failed: undecided 5 s after its touches ended",
        "5.4 view V touchesEnded 2",
        "5.4 reset other",
      ])
  }

  @Test(
    "Timers cancelled and started again from a callback: read back from inside it, they are already as asked, and only the last start fires"
  )
  func retimingFromACallback() {
    let h = Harness()
    let retiming = h.add(Retiming(), "retiming")
    retiming.dispatcher = h.runtime
    h.down(1, 10, 10, at: 0)
    h.move(1, 12, 10, at: 0.1)
    h.advance(to: 1)
    h.up(1, 12, 10, at: 1.1)
    h.finish()
    #expect(h.runtime.finish().isEmpty)
    #expect(
      retiming.seen == [
        // Started in this callback: pending, though queued only once it returns.
        "began: next 0.3",
        // Timer 2 cancelled, timer 1 moved to 0.7, timer 3 started and cancelled.
        "moved: next 0.7",
        "left: [\"retiming timer 1 at 0.7 s\"]",
        "timer 1 fired",
      ])
    #expect(
      h.lines == [
        "0 touch 1 began (10, 10) V",
        "0 view V touchesBegan 1",
        "0.1 touch 1 moved (12, 10) V",
        "0.1 view V touchesMoved 1",
        "0.7 state retiming possible → failed: timer 1",
        "0.7 reset retiming",
        "1.1 touch 1 ended (12, 10) V",
        "1.1 view V touchesEnded 1",
      ])
  }

  @Test(
    "An action that starts another recognizer's timer and then removes that recognizer, out of any attempt: the timer never fires"
  )
  func timerOfARecognizerRemovedInTheSameAction() {
    let h = Harness()
    let other = View(name: "Q", frame: Rect(x: 300, y: 0, width: 100, height: 100))
    h.window.addSubview(other)
    let quiet = h.add(ScriptedRecognizer(), "quiet", to: other)
    quiet.onEnded = [[.failed]]
    let pan = h.add(PanGestureRecognizer(), "pan")
    // A first gesture on Q gives quiet its host; it ends and is reset.
    h.down(1, 310, 10, at: 0)
    h.up(1, 310, 10, at: 0.1)
    pan.addAction { recognizer in
      guard recognizer.state == .began else { return }
      // Due before the next event: nothing but the removal keeps it from firing.
      quiet.startTimer(7, after: .milliseconds(50))
      other.removeGestureRecognizer(quiet)
      // Removed (with its host gone), it can start nothing more.
      quiet.startTimer(8, after: .seconds(1))
    }
    h.down(2, 10, 10, at: 1)
    h.move(2, 40, 10, at: 1.1)
    h.up(2, 40, 10, at: 1.2)
    h.advance(to: 5)
    h.finish()
    #expect(h.runtime.finish().isEmpty)
    #expect(quiet.received == ["began [1]", "ended [1]"])
    #expect(
      h.decisions == [
        "0 view Q touchesBegan 1",
        "0.1 state quiet possible → failed: failed",
        "0.1 view Q touchesEnded 1",
        "0.1 reset quiet",
        "1 view V touchesBegan 2",
        "1.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "1.1 action pan began at (40, 10) translation (20, 0) velocity (300, 0)",
        "1.1 view V touchesCancelled 2",
        "1.2 state pan began → ended: all fingers lifted",
        "1.2 action pan ended at (40, 10) translation (20, 0) velocity (300, 0)",
        "1.2 reset pan",
      ])
  }

  @Test(
    "A trace sink that cancels a timer after the dispatch's last callback, then moves time: the timer does not fire"
  )
  func sinkCancelsThenAdvances() {
    let h = Harness()
    let waiting = h.add(ScriptedRecognizer(), "waiting")
    let quitter = h.add(ScriptedRecognizer(), "quitter")
    quitter.onEnded = [[.failed]]
    let sink = ReactingSink(recorder: h.recorder, trigger: "reset quitter")
    h.runtime.trace = sink
    h.down(1, 10, 10, at: 0)
    waiting.startTimer(1, after: .milliseconds(500))
    let runtime = h.runtime
    sink.reaction = {
      waiting.cancelTimer(1)
      runtime.advance(to: Timestamp(seconds: 1))
    }
    h.up(1, 10, 10, at: 0.1)
    #expect(waiting.received == ["began [1]", "ended [1]"])
    // What is left is the watchdog of `waiting`, still undecided.
    #expect(runtime.nextTimerDeadline == Timestamp(seconds: 5.1))
  }

  @Test(
    "A trace sink that turns off cancelsTouchesInView on the line of a recognition: the recognizer does not claim the view's touch"
  )
  func sinkTurnsOffCancelling() {
    for turnsOff in [false, true] {
      let h = Harness()
      let r = h.add(ScriptedRecognizer(), "r")
      r.onMoved = [[.began]]
      let sink = ReactingSink(recorder: h.recorder, trigger: "state r possible → began: began")
      if turnsOff { sink.reaction = { r.cancelsTouchesInView = false } }
      h.runtime.trace = sink
      h.down(1, 10, 10, at: 0)
      h.move(1, 30, 10, at: 0.1)
      // The setting is read once the trace line is recorded, as when the recognizer changes it
      // anywhere else before the runtime acts on its state.
      #expect(
        h.decisions == [
          "0 view V touchesBegan 1",
          "0.1 state r possible → began: began",
          "0.1 action r began at (30, 10)",
          turnsOff ? "0.1 view V touchesMoved 1" : "0.1 view V touchesCancelled 1",
        ])
    }
  }

  @Test("A timer started from a callback with the watchdog's identifier is not reported as pending, as it never fires")
  func watchdogIdentifierReadBack() {
    let h = Harness()
    let numbered = h.add(WatchdogNumbered(), "numbered")
    numbered.dispatcher = h.runtime
    h.down(1, 10, 10, at: 0)
    #expect(numbered.seen == ["next none", "left: []"])
  }

  @Test("An action that requires a failure and starts a timer: both take effect once it returns, and nothing traps")
  func requestsFromAnAction() {
    // Debug builds trap a rule entered from user code: these requests wait until it returns.
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    let other = h.add(TapGestureRecognizer(), "other")
    pan.addAction { recognizer in
      recognizer.require(toFail: other)
      recognizer.startTimer(after: .seconds(1))
    }
    h.down(1, 10, 10, at: 0)
    h.move(1, 40, 10, at: 0.1)
    h.up(1, 40, 10, at: 0.2)
    h.finish()
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "0.1 state other possible → failed: prevented by pan",
        "0.1 action pan began at (40, 10) translation (20, 0) velocity (300, 0)",
        "0.1 view V touchesCancelled 1",
        "0.2 state pan began → ended: all fingers lifted",
        "0.2 action pan ended at (40, 10) translation (20, 0) velocity (300, 0)",
        // Joined by the requirement added in the action, the two are reset together.
        "0.2 reset pan",
        "0.2 reset other",
      ])
  }

  /// Runs `onCancelled` (once) from its `touchesCancelled`.
  final class CancelHook: GestureRecognizer {
    var onCancelled: () -> Void = {}
    /// The touches it got in `touchesBegan`, by identifier.
    var began: [Int] = []
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
      began += touches.map(\.identifier)
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
      let hook = onCancelled
      onCancelled = {}
      hook()
    }
  }

  /// The scene of the tests below: the harness's window R, its view V (the top half) with a
  /// `CancelHook`, and a view W (the bottom half) to move things to.
  func hookScene() -> (h: Harness, other: View, hook: CancelHook) {
    let h = Harness()
    let other = View(name: "W", frame: Rect(x: 0, y: 400, width: 400, height: 400))
    h.window.addSubview(other)
    let hook = h.add(CancelHook(), "hook")
    return (h, other, hook)
  }

  @Test(
    "App code removes a recognizer whose touchesCancelled sends a touch: the touch is dispatched once the recognizer is off its view, and does not reach it"
  )
  func inputSentWhileAppCodeRemovesARecognizer() {
    let (h, _, hook) = hookScene()
    hook.onCancelled = {
      h.runtime.send(TouchInput(id: 2, phase: .began, x: 20, y: 20), at: Timestamp(seconds: 0.2))
    }
    h.down(1, 10, 10, at: 0)
    h.view.removeGestureRecognizer(hook)
    h.up(1, 10, 10, at: 0.3)
    h.up(2, 20, 20, at: 0.3)
    h.finish()
    #expect(hook.view == nil)
    #expect(hook.began == [1])
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state hook possible → failed: removed from its view",
        "0 reset hook",
        // Sent from touchesCancelled inside the removal: dispatched when the removal is done.
        "0.2 view V touchesBegan 2",
        "0.3 view V touchesEnded 1",
        "0.3 view V touchesEnded 2",
      ])
  }

  @Test(
    "App code removes a view whose recognizer's touchesCancelled sends a touch there: the touch is dispatched once the view is out of the tree, and hits its superview"
  )
  func inputSentWhileAppCodeRemovesAView() {
    let (h, _, hook) = hookScene()
    hook.onCancelled = {
      h.runtime.send(TouchInput(id: 2, phase: .began, x: 20, y: 20), at: Timestamp(seconds: 0.2))
    }
    h.down(1, 10, 10, at: 0)
    h.view.removeFromSuperview()
    h.up(1, 10, 10, at: 0.3)
    h.up(2, 20, 20, at: 0.3)
    h.finish()
    #expect(h.view.superview == nil)
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state hook possible → failed: its view was removed",
        "0 reset hook",
        "0 view V touchesCancelled 1",
        // Sent from touchesCancelled inside the removal: dispatched once V is out of the tree, it
        // hits the window.
        "0.2 view R touchesBegan 2",
        "0.3 view R touchesEnded 2",
      ])
  }

  @Test(
    "App code moves a recognizer to another view while its touchesCancelled sends a touch there: the touch is dispatched once the recognizer is on its new view, and reaches it"
  )
  func inputSentWhileAppCodeMovesARecognizer() {
    let (h, other, hook) = hookScene()
    hook.onCancelled = {
      h.runtime.send(TouchInput(id: 2, phase: .began, x: 20, y: 420), at: Timestamp(seconds: 0.2))
    }
    h.down(1, 10, 10, at: 0)
    other.addGestureRecognizer(hook)
    #expect(hook.began == [1, 2])
    h.runtime.send(TouchInput(id: 2, phase: .cancelled, x: 20, y: 420), at: Timestamp(seconds: 0.3))
    h.up(1, 10, 10, at: 0.3)
    h.finish()
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state hook possible → failed: removed from its view",
        "0 reset hook",
        // Sent from touchesCancelled inside the move: dispatched once the recognizer is on W.
        "0.2 view W touchesBegan 2",
        "0.3 state hook possible → failed: its touches were cancelled",
        "0.3 view W touchesCancelled 2",
        "0.3 reset hook",
        "0.3 view V touchesEnded 1",
      ])
  }

  @Test(
    "App code moves a view into another while its recognizer's touchesCancelled sends a touch there: the touch is dispatched once the view is in its new place, and reaches the recognizer"
  )
  func inputSentWhileAppCodeMovesAView() {
    let (h, other, hook) = hookScene()
    hook.onCancelled = {
      // Where V will be once it is in W.
      h.runtime.send(TouchInput(id: 2, phase: .began, x: 20, y: 420), at: Timestamp(seconds: 0.2))
    }
    h.down(1, 10, 10, at: 0)
    other.addSubview(h.view)
    #expect(hook.began == [1, 2])
    h.runtime.send(TouchInput(id: 2, phase: .cancelled, x: 20, y: 420), at: Timestamp(seconds: 0.3))
    h.up(1, 10, 10, at: 0.3)
    h.finish()
    #expect(h.view.superview === other)
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state hook possible → failed: its view was removed",
        "0 reset hook",
        "0 view V touchesCancelled 1",
        // Sent from touchesCancelled inside the move: dispatched once V is in W.
        "0.2 view V touchesBegan 2",
        "0.3 state hook possible → failed: its touches were cancelled",
        "0.3 view V touchesCancelled 2",
        "0.3 reset hook",
      ])
  }

  @Test(
    "App code removes a view whose recognizer's touchesCancelled moves that view into another: the removal, begun first, has the last word, and the view is listed by no view"
  )
  func viewMovedWhileAppCodeRemovesIt() {
    let (h, other, hook) = hookScene()
    hook.onCancelled = {
      other.addSubview(h.view)
      // Dispatched only once every removal the runtime was told of is done.
      h.runtime.send(TouchInput(id: 9, phase: .began, x: 10, y: 10), at: Timestamp(seconds: 0.05))
    }
    h.down(1, 10, 10, at: 0)
    h.view.removeFromSuperview()
    h.up(9, 10, 10, at: 0.06)
    #expect(h.view.superview == nil)
    #expect(other.subviews.isEmpty)
    #expect(h.window.subviews.map(\.name) == ["W"])
    h.up(1, 10, 10, at: 0.1)
    // V's old place and its place in W are the window's and W's now.
    h.down(2, 10, 10, at: 0.2)
    h.up(2, 10, 10, at: 0.25)
    h.down(3, 20, 420, at: 0.3)
    h.up(3, 20, 420, at: 0.35)
    h.finish()
    #expect(hook.began == [1])
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state hook possible → failed: its view was removed",
        "0 reset hook",
        "0 view V touchesCancelled 1",
        "0.05 view R touchesBegan 9",
        "0.06 view R touchesEnded 9",
        "0.2 view R touchesBegan 2",
        "0.25 view R touchesEnded 2",
        "0.3 view W touchesBegan 3",
        "0.35 view W touchesEnded 3",
      ])
  }

  @Test(
    "App code moves a recognizer to another view while its touchesCancelled moves it to a third: it ends on the view the app chose, listed once, and gets that view's touches"
  )
  func recognizerMovedWhileAppCodeMovesIt() {
    let (h, other, hook) = hookScene()
    let third = View(name: "X", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    other.addSubview(third)
    hook.onCancelled = { third.addGestureRecognizer(hook) }
    h.down(1, 10, 10, at: 0)
    other.addGestureRecognizer(hook)
    #expect(hook.view === other)
    #expect(other.gestureRecognizers.count == 1)
    #expect(third.gestureRecognizers.isEmpty)
    #expect(h.view.gestureRecognizers.isEmpty)
    h.up(1, 10, 10, at: 0.1)
    // Outside X, inside W.
    h.down(2, 200, 420, at: 0.2)
    h.up(2, 200, 420, at: 0.25)
    h.finish()
    #expect(hook.began == [1, 2])
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state hook possible → failed: removed from its view",
        "0 reset hook",
        "0.1 view V touchesEnded 1",
        "0.2 view W touchesBegan 2",
        // The hook never decides: the watchdog fails it (§3.12).
        "5.25 diagnostic [hook] hook was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.25 state hook possible → failed: undecided 5 s after its touches ended",
        "5.25 view W touchesEnded 2",
        "5.25 reset hook",
      ])
  }

  @Test(
    "App code removes a recognizer whose touchesCancelled moves it to another view: the recognizer is off the view it was removed from, and stays where the callback put it"
  )
  func recognizerMovedWhileAppCodeRemovesIt() {
    let (h, other, hook) = hookScene()
    hook.onCancelled = { other.addGestureRecognizer(hook) }
    h.down(1, 10, 10, at: 0)
    h.view.removeGestureRecognizer(hook)
    #expect(hook.view === other)
    #expect(other.gestureRecognizers.count == 1)
    #expect(h.view.gestureRecognizers.isEmpty)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 20, 420, at: 0.2)
    h.up(2, 20, 420, at: 0.25)
    h.finish()
    #expect(hook.began == [1, 2])
    #expect(h.runtime.finish().isEmpty)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state hook possible → failed: removed from its view",
        "0 reset hook",
        "0.1 view V touchesEnded 1",
        "0.2 view W touchesBegan 2",
        // The hook never decides: the watchdog fails it (§3.12).
        "5.25 diagnostic [hook] hook was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.25 state hook possible → failed: undecided 5 s after its touches ended",
        "5.25 view W touchesEnded 2",
        "5.25 reset hook",
      ])
  }

  @Test(
    "App code removes a long press whose timer was the next deadline, and the app sends a touch from the deadline report: the report comes once the recognizer is off its view"
  )
  func deadlineReportedAfterARemoval() {
    let h = Harness()
    let press = h.add(LongPressGestureRecognizer(), "press")
    var reported: [String] = []
    var sent = false
    h.runtime.nextTimerDeadlineDidChange = { deadline in
      reported.append("\(h.runtime.now): \(deadline.map { "\($0)" } ?? "none") on \(press.view?.name ?? "no view")")
      // App code driving the runtime from the report, as an event loop does.
      if deadline == nil && !sent {
        sent = true
        h.runtime.send(TouchInput(id: 2, phase: .began, x: 20, y: 20), at: Timestamp(seconds: 0.1))
      }
    }
    h.down(1, 10, 10, at: 0)
    h.view.removeGestureRecognizer(press)
    h.up(1, 10, 10, at: 0.3)
    h.up(2, 20, 20, at: 0.3)
    h.finish()
    // The hook holds the harness, which holds the runtime, which holds the hook.
    h.runtime.nextTimerDeadlineDidChange = nil
    #expect(press.view == nil)
    #expect(h.runtime.finish().isEmpty)
    #expect(reported == ["0: 0.5 on V", "0: none on no view"])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0 state press possible → failed: removed from its view",
        "0 reset press",
        // Sent from the report, which comes once the removal is done: the press is not there.
        "0.1 view V touchesBegan 2",
        "0.3 view V touchesEnded 1",
        "0.3 view V touchesEnded 2",
      ])
  }
}
