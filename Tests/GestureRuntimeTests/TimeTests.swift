import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// A recognizer that starts timers when its touch begins and logs the order they fire in.
final class TimerRecognizer: GestureRecognizer {
  var schedule: [(id: Int, after: Duration)] = []
  var fired: [Int] = []
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    for entry in schedule { startTimer(entry.id, after: entry.after) }
  }
  override func timerFired(_ id: Int) { fired.append(id) }
}

/// A recognizer that starts timer 1 when its touch begins and fails when it fires.
final class DecidingTimerRecognizer: GestureRecognizer {
  let delay: Duration
  var fired: [Int] = []
  init(after delay: Duration) {
    self.delay = delay
    super.init()
  }
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { startTimer(1, after: delay) }
  override func timerFired(_ id: Int) {
    fired.append(id)
    setState(.failed, reason: "timer \(id) fired")
  }
}

@Suite("Time (behaviour reference §5)")
struct TimeTests {
  @Test("The clock counts whole microseconds, so 0.1 s + 0.35 s is exactly 0.45 s")
  func microseconds() {
    #expect(Timestamp(seconds: 0.1) + .milliseconds(350) == Timestamp(seconds: 0.45))
    #expect(Timestamp(seconds: 0.45).microseconds == 450_000)
    #expect((Timestamp(seconds: 1.5) - Timestamp(seconds: 0.25)) == .milliseconds(1250))
    #expect(Timestamp(seconds: 0.1234564).microseconds == 123_456)
  }

  @Test("Timers fire in deadline order, then in the order they were scheduled; cancelled ones never")
  func timerOrder() {
    let h = Harness()
    let r = h.add(TimerRecognizer(), "timers")
    r.delaysTouchesEnded = false
    r.schedule = [(1, .milliseconds(200)), (2, .milliseconds(100)), (3, .milliseconds(200)), (4, .milliseconds(100))]
    h.down(1, 10, 10, at: 0)
    r.cancelTimer(4)
    h.advance(to: 1)
    #expect(r.fired == [2, 1, 3])
  }

  @Test(
    "Cancelling a timer by its id cancels that timer only, for every id (those past 62 included), and a timer started again after its cancellation fires"
  )
  func cancellingByIdentifier() {
    let h = Harness()
    let r = h.add(TimerRecognizer(), "timers")
    r.delaysTouchesEnded = false
    r.schedule = [
      (5, .milliseconds(100)), (63, .milliseconds(100)), (100, .milliseconds(100)), (-1, .milliseconds(100)),
      (7, .milliseconds(100)),
    ]
    h.down(1, 10, 10, at: 0)
    r.cancelTimer(63)
    // Still pending after the cancellation of another id past 62: cancelled too.
    r.cancelTimer(100)
    r.cancelTimer(5)
    r.cancelTimer(5)
    r.cancelTimer(8)
    r.startTimer(5, after: .milliseconds(200))
    h.advance(to: 1)
    #expect(r.fired == [-1, 7, 5])
  }

  @Test(
    "Watchdogs and recognizer timers share one order: deadline, then scheduling; a decided recognizer's timers never fire"
  )
  func watchdogsAmongTimers() {
    let h = Harness()
    let early = h.add(DecidingTimerRecognizer(after: .milliseconds(5050)), "early")
    let tied = h.add(DecidingTimerRecognizer(after: .milliseconds(5100)), "tied")
    let b = h.add(ScriptedRecognizer(), "b")
    let late = h.add(DecidingTimerRecognizer(after: .milliseconds(5200)), "late")
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.finish()
    // early's timer (5.05) comes before every watchdog (5.1); tied's (5.1, scheduled at 0) before
    // the watchdogs armed at the lift (5.1, scheduled at 0.1), in the order they were armed; late
    // fails by its watchdog, so its own timer (5.2) never fires.
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "5.05 state early possible → failed: timer 1 fired",
        "5.05 reset early",
        "5.1 state tied possible → failed: timer 1 fired",
        "5.1 reset tied",
        "5.1 diagnostic [b] b was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.1 state b possible → failed: undecided 5 s after its touches ended",
        "5.1 reset b",
        "5.1 diagnostic [late] late was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.1 state late possible → failed: undecided 5 s after its touches ended",
        "5.1 view V touchesEnded 1",
        "5.1 reset late",
      ])
    #expect(early.fired == [1] && tied.fired == [1] && late.fired.isEmpty)
    #expect(b.resets == 1)
    #expect(!h.runtime.hasPendingTimers)
  }

  @Test("Every timer due at or before an event's time fires before the event")
  func timersBeforeEvent() {
    let h = Harness()
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 10, 10, at: 0.45)
    #expect(
      Array(h.lines.suffix(5)) == [
        "0.45 state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
        "0.45 view V touchesEnded 1",
        "0.45 reset doubleTap",
        "0.45 touch 2 began (10, 10) V",
        "0.45 view V touchesBegan 2",
      ])
  }

  @Test("A timer's work runs through a full dispatch; time moves only when the runtime is told")
  func timerDispatch() {
    let h = Harness()
    h.add(LongPressGestureRecognizer(), "press")
    h.down(1, 10, 10, at: 0)
    h.advance(to: 0.499999)
    #expect(h.decisions == ["0 view V touchesBegan 1"])
    #expect(h.runtime.nextTimerDeadline == Timestamp(seconds: 0.5))
    h.advance(to: 0.5)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 action press began at (10, 10)",
        "0.5 view V touchesCancelled 1",
      ])
    #expect(h.runtime.now == Timestamp(seconds: 0.5))
    #expect((h.runtime.clock as? ManualClock)?.now == Timestamp(seconds: 0.5))
  }

  @Test("Input stamped before the runtime's time is treated as now, with a diagnostic")
  func timeGoingBackwards() {
    let h = Harness()
    h.advance(to: 1)
    h.down(1, 10, 10, at: 0.5)
    #expect(h.lines.first == "1 diagnostic input at 0.5 s is earlier than the runtime's time 1 s; treated as 1 s")
    #expect(h.lines.dropFirst().first == "1 touch 1 began (10, 10) V")
  }

  @Test("A real clock reads the system's monotonic time and never goes backwards")
  func realClock() {
    let clock = RealClock()
    let first = clock.now
    let second = clock.now
    #expect(first >= .zero)
    #expect(second >= first)
  }
}
