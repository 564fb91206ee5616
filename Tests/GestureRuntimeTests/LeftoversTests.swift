import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// `finish()` reports what a runtime still holds, as an embedded event loop does at the end of a
/// test; and the runtime's own bookkeeping stays consistent when views leave and come back.
@Suite("Leftovers and the runtime's bookkeeping")
struct LeftoversTests {
  @Test("After a script whose gestures were all decided, nothing is left")
  func cleanAfterDecidedGestures() {
    let h = Harness()
    let doubleTap = h.add(TapGestureRecognizer(), "doubleTap")
    doubleTap.numberOfTapsRequired = 2
    let tap = h.add(TapGestureRecognizer(), "tap")
    tap.require(toFail: doubleTap)
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.finish()
    let leftovers = h.runtime.finish()
    #expect(leftovers == RuntimeLeftovers())
    #expect(leftovers.isEmpty)
    #expect(leftovers.description == "nothing left")
    #expect(h.decisions.last == "0.45 reset tap")
  }

  @Test("In the middle of a gesture: the touch down, the live timers and the recognizers in an attempt, by name")
  func midGesture() {
    let h = Harness()
    h.add(LongPressGestureRecognizer(), "press")
    let doubleTap = h.add(TapGestureRecognizer(), "doubleTap")
    doubleTap.numberOfTapsRequired = 2
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 20, 10, at: 0.2)
    let before = h.lines
    let leftovers = h.runtime.finish()
    // The press failed when the first finger lifted and began again with the second (0.5 s from
    // 0.2); the double tap's timer for its second tap's duration (0.75 s) runs; its timer for the
    // interval between taps was cancelled when the second finger landed, and is not listed.
    #expect(
      leftovers
        == RuntimeLeftovers(
          touches: [2],
          timers: [
            .init(recognizer: "press", id: 0, deadline: Timestamp(seconds: 0.7)),
            .init(recognizer: "doubleTap", id: 1, deadline: Timestamp(seconds: 0.95)),
          ],
          recognizers: ["doubleTap", "press"]))
    #expect(
      leftovers.description
        == "touches down: 2; timers pending: press timer 0 at 0.7 s, doubleTap timer 1 at 0.95 s; recognizers in an attempt: doubleTap, press"
    )
    // Reporting changes nothing: no trace line, and the gestures go on as before.
    #expect(h.lines == before)
    h.advance(to: 0.7)
    #expect(h.decisions.contains("0.7 state press possible → began: held 0.5 s"))
    #expect(h.runtime.finish().description == "touches down: 2; recognizers in an attempt: press")
  }

  @Test("The runtime's own timer (the watchdog of a recognizer left undecided) is listed without an id")
  func watchdogLeftover() {
    let h = Harness()
    h.add(ScriptedRecognizer(), "undecided")
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(
      h.runtime.finish()
        == RuntimeLeftovers(
          timers: [.init(recognizer: "undecided", id: nil, deadline: Timestamp(seconds: 5.1))],
          recognizers: ["undecided"]))
    #expect(h.runtime.finish().timers.map(\.description) == ["undecided runtime timer at 5.1 s"])
    h.finish()
    #expect(h.runtime.finish().isEmpty)
  }

  @Test("A recognizer whose view left the tree mid-attempt and came back joins its next attempt once")
  func viewRemovedAndAddedBack() {
    let h = Harness()
    for name in ["press1", "press2", "press3"] { h.add(LongPressGestureRecognizer(), name) }
    let side = View(name: "S", frame: Rect(x: 0, y: 400, width: 400, height: 400))
    h.window.addSubview(side)
    let tap = h.add(TapGestureRecognizer(), "tap", to: side)
    h.down(1, 10, 10, at: 0)
    h.down(2, 10, 500, at: 0.01)
    side.removeFromSuperview()
    h.window.addSubview(side)
    h.down(3, 20, 500, at: 0.02)
    #expect(h.runtime.activeRecognizers.map(\.displayName) == ["press1", "press2", "press3", "tap"])
    h.up(3, 20, 500, at: 0.05)
    #expect(tap.state == .possible)
    #expect(
      h.decisions.filter { $0.contains("tap") } == [
        "0.01 state tap possible → failed: its view was removed", "0.01 reset tap",
        "0.05 state tap possible → ended: recognized", "0.05 action tap ended at (20, 100)", "0.05 reset tap",
      ])
    h.runtime._checkInvariants()
  }
}
