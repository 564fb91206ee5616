import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Deadline API")
struct DeadlineTests {
  @Test("The runtime reports each change of its next timer deadline, after the dispatch that made it")
  func deadlineChanges() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "tap")
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    h.add(LongPressGestureRecognizer(), "press")
    var reported: [String] = []
    h.runtime.nextTimerDeadlineDidChange = { deadline in
      reported.append("\(h.runtime.now): \(deadline.map { "\($0)" } ?? "none")")
    }
    #expect(h.runtime.timeUntilNextTimer(from: .zero) == nil)
    h.down(1, 100, 100, at: 0)
    #expect(h.runtime.timeUntilNextTimer(from: Timestamp(seconds: 0.1)) == .milliseconds(400))
    h.up(1, 100, 100, at: 0.08)
    h.advance(to: 1)
    #expect(h.runtime.timeUntilNextTimer(from: .zero) == nil)
    // Setting the hook does not call it.
    h.runtime.nextTimerDeadlineDidChange = { _ in reported.append("unexpected") }
    #expect(
      reported == [
        // The long press's 0.5 s timer, then the double tap's 0.35 s window after the lift.
        "0: 0.5", "0.08: 0.43", "0.43: none",
      ])
  }
}
