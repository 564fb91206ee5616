import GestureCore
import GestureRecognizers
import GestureTestSupport
import Testing

@testable import GestureRuntime

/// The runtime keeps what it knows of each recognizer in a table of its own, indexed by a slot
/// number the recognizer carries: slots are reused once a recognizer has left the tree and its
/// attempt has ended, and a slot number is read only by the runtime that gave it.
@Suite("The runtime's table of recognizers")
struct RecognizerTableTests {
  /// A view with a tap and a long press joins the window; it is tapped, then pressed, and removed
  /// while the press is recognized. Returns the decisions of the round, without their times.
  private func round(_ h: Harness, _ index: Int) -> [String] {
    let t = Double(index) * 10
    let view = View(name: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    h.add(TapGestureRecognizer(), "tap", to: view)
    h.add(LongPressGestureRecognizer(), "press", to: view)
    h.window.addSubview(view)
    h.clearTrace()
    h.down(1, 10, 10, at: t)
    h.up(1, 10, 10, at: t + 0.05)
    h.down(2, 20, 20, at: t + 1)
    h.advance(to: t + 2)
    view.removeFromSuperview()
    h.up(2, 20, 20, at: t + 2.1)
    h.advance(to: t + 9)
    h.runtime._checkInvariants()
    return h.decisions.map { line in String(line.drop { $0 != " " }.dropFirst()) }
  }

  @Test("Views and recognizers that come and go reuse the slots of those that left, and each round traces as the first")
  func slotsAreReused() {
    let h = Harness()
    let first = round(h, 0)
    #expect(first.contains("state press possible → began: held 0.5 s"))
    #expect(first.contains("state press began → cancelled: its view was removed"))
    #expect(first.last == "reset press")
    for index in 1..<200 {
      let later = round(h, index)
      guard later == first else {
        Issue.record("round \(index) traced \(later), the first \(first)")
        return
      }
    }
    // Slot 0 is never given out; the two recognizers of each round take the two slots the
    // previous round's gave back.
    #expect(h.runtime.slots.count == 3)
    #expect(h.runtime.freeSlots.count == 2)
    #expect(h.runtime.detachedRecognizers.isEmpty)
  }

  @Test(
    "A recognizer moved to another runtime's window starts there as in a new scene, and the first runtime gives its slot back"
  )
  func movedBetweenRuntimes() {
    let first = Harness()
    let second = Harness()
    let fresh = Harness()
    let doubleTap = first.add(TapGestureRecognizer(), "doubleTap")
    doubleTap.numberOfTapsRequired = 2
    // Half a double tap in the first window: the recognizer is left undecided when it moves.
    first.down(1, 10, 10, at: 0)
    first.up(1, 10, 10, at: 0.05)
    first.view.removeGestureRecognizer(doubleTap)
    first.finish()
    second.view.addGestureRecognizer(doubleTap)
    let again = fresh.add(TapGestureRecognizer(), "doubleTap")
    again.numberOfTapsRequired = 2
    for h in [second, fresh] {
      h.down(1, 10, 10, at: 1)
      h.up(1, 10, 10, at: 1.05)
      h.down(1, 10, 10, at: 1.2)
      h.up(1, 10, 10, at: 1.25)
      h.finish()
    }
    #expect(second.lines == fresh.lines)
    #expect(second.decisions.contains("1.25 state doubleTap possible → ended: tap 2 of 2 ended"))
    #expect(doubleTap.runtimeSlot.owner == second.runtime.runtimeNumber)
    // The first runtime gives the slot back at its next dispatch.
    #expect(first.runtime.freeSlots.isEmpty)
    first.down(1, 300, 600, at: 2)
    #expect(first.runtime.freeSlots == [1])
    #expect(first.runtime.detachedRecognizers.isEmpty)
    first.runtime._checkInvariants()
    second.runtime._checkInvariants()
  }
}
