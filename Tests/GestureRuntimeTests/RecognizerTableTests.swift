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
    #expect(h.runtime.tables.slots.count == 3)
    #expect(h.runtime.tables.freeSlots.count == 2)
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
    #expect(first.runtime.tables.freeSlots.isEmpty)
    first.down(1, 300, 600, at: 2)
    #expect(first.runtime.tables.freeSlots == [1])
    #expect(first.runtime.detachedRecognizers.isEmpty)
    first.runtime._checkInvariants()
    second.runtime._checkInvariants()
  }

  @Test(
    "A recognizer moved to another runtime's window between dispatches while others of its window are undecided: the first runtime lists its old slot until it compacts its participants"
  )
  func movedWhileOthersAreUndecided() {
    let first = Harness()
    let second = Harness()
    let moved = first.add(ScriptedRecognizer(), "moved")
    let others = (0..<4).map { first.add(ScriptedRecognizer(), "other\($0)") }
    first.down(1, 10, 10, at: 0)
    first.view.removeGestureRecognizer(moved)
    second.view.addGestureRecognizer(moved)
    second.down(5, 10, 10, at: 0.1)
    // One reset participant of five is not enough to compact the list: the old slot stays
    // listed, naming a recognizer that names a slot of the other runtime.
    first.move(1, 20, 10, at: 0.2)
    #expect(first.runtime.tables.participants.count == 5)
    #expect(first.runtime.firstInvariantViolation() == nil)
    #expect(others.allSatisfy { $0.received == ["began [1]", "moved [1]"] })
    #expect(moved.received == ["began [1]", "cancelled [1]", "began [5]"])
    second.runtime._checkInvariants()
  }

  @Test(
    "A runtime that goes away leaves alone the touches of a recognizer it still lists but that moved to another runtime and tracks a touch there"
  )
  func runtimeGoesWhileAMovedRecognizerTracksElsewhere() {
    let second = Harness()
    let moved = ScriptedRecognizer(name: "moved")
    do {
      let first = Harness()
      first.add(moved, "moved")
      for index in 0..<4 { first.add(ScriptedRecognizer(), "other\(index)") }
      first.down(1, 10, 10, at: 0)
      first.view.removeGestureRecognizer(moved)
      second.view.addGestureRecognizer(moved)
      second.down(5, 10, 10, at: 0.1)
      // Still listed there (reset, one of five: not compacted yet).
      #expect(first.runtime.tables.participants.count == 5)
      #expect(moved.touches.map(\.identifier) == [5])
    }
    #expect(moved.touches.map(\.identifier) == [5])
    second.up(5, 10, 10, at: 0.2)
    #expect(moved.received == ["began [1]", "cancelled [1]", "began [5]", "ended [5]"])
    second.runtime._checkInvariants()
  }

  @Test(
    "A recognizer that comes back from another runtime's window and gets a new slot before the next dispatch leaves its old slot to be given back"
  )
  func comesBackWithANewSlot() {
    let first = Harness()
    let second = Harness()
    let tap = first.add(TapGestureRecognizer(), "tap")
    let press = first.add(LongPressGestureRecognizer(), "press")
    // A finger stays down in the first window: the press waits, the tap has its slot.
    first.down(1, 10, 10, at: 0)
    let oldSlot = tap.runtimeSlot.index
    first.view.removeGestureRecognizer(tap)
    second.view.addGestureRecognizer(tap)
    second.down(1, 10, 10, at: 1)
    second.up(1, 10, 10, at: 1.05)
    second.view.removeGestureRecognizer(tap)
    first.view.addGestureRecognizer(tap)
    // Between dispatches, the waiting press comes to require the tap: the tap gets a new slot here.
    press.require(toFail: tap)
    #expect(tap.runtimeSlot.owner == first.runtime.runtimeNumber)
    #expect(tap.runtimeSlot.index != oldSlot)
    // The next dispatch gives the old slot back, and the tap keeps its new one.
    let newSlot = tap.runtimeSlot
    first.up(1, 10, 10, at: 0.1)
    first.advance(to: 1)
    #expect(first.runtime.tables.freeSlots.contains(oldSlot))
    #expect(first.runtime.tables.slots[oldSlot].recognizer == nil)
    #expect(first.runtime.detachedRecognizers.isEmpty)
    #expect(tap.runtimeSlot == newSlot)
    first.runtime._checkInvariants()
  }

  @Test(
    "A requirement target removed and added again while its dependent waits keeps listing the dependent, which its failure releases"
  )
  func targetLeavesAndComesBackMidAttempt() {
    let h = Harness()
    let target = h.add(ScriptedRecognizer(), "target")
    let waiter = h.add(ScriptedRecognizer(), "waiter")
    waiter.require(toFail: target)
    // The target fails at once and is reset; the waiter's attempt goes on.
    target.onBegan = [[.failed], []]
    target.onEnded = [[.failed]]
    waiter.onBegan = [[], []]
    waiter.onMoved = [[], [.ended]]
    h.down(1, 10, 10, at: 0)
    h.view.removeGestureRecognizer(target)
    // A dispatch while the target is out of the tree: its slot, which lists the waiter, stays.
    h.move(1, 12, 10, at: 0.2)
    h.view.addGestureRecognizer(target)
    // The target's next attempt: the waiter waits for it, and its failure releases the waiter.
    h.down(2, 50, 50, at: 0.4)
    h.move(1, 14, 10, at: 0.5)
    h.up(2, 50, 50, at: 0.6)
    h.up(1, 14, 10, at: 0.7)
    h.finish()
    #expect(
      h.decisions == [
        "0 state target possible → failed: failed",
        "0 view V touchesBegan 1",
        "0 reset target",
        "0.2 view V touchesMoved 1",
        "0.4 view V touchesBegan 2",
        "0.5 wait waiter wants ended, waiting for target",
        "0.5 view V touchesMoved 1",
        "0.6 state target possible → failed: failed",
        "0.6 state waiter possible → ended: released: target failed",
        "0.6 action waiter ended at (32, 30)",
        "0.6 view V touchesCancelled 1,2",
        "0.6 reset waiter",
        "0.6 reset target",
      ])
    h.runtime._checkInvariants()
  }

  @Test("A recognizer removed, added and removed again before a dispatch gives its slot back once")
  func removedTwiceBeforeADispatch() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.05)
    h.finish()
    h.view.removeGestureRecognizer(tap)
    h.view.addGestureRecognizer(tap)
    h.view.removeGestureRecognizer(tap)
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.05)
    #expect(h.runtime.tables.freeSlots == [1])
    // Two recognizers that join now get two slots, not one shared.
    let first = h.add(TapGestureRecognizer(), "first")
    let second = h.add(LongPressGestureRecognizer(), "second")
    h.down(3, 10, 10, at: 2)
    h.up(3, 10, 10, at: 2.05)
    h.finish()
    #expect(first.runtimeSlot.index != second.runtimeSlot.index)
    h.runtime._checkInvariants()
  }

  @Test(
    "A requirement on a recognizer in no tree holds a slot only for its dependent's attempts, and none once another runtime has it"
  )
  func targetOutsideAnyTree() {
    let h = Harness()
    let outside = TapGestureRecognizer()
    outside.name = "outside"
    let waiter = h.add(TapGestureRecognizer(), "waiter")
    waiter.require(toFail: outside)
    var first: [String] = []
    for round in 0..<50 {
      let t = Double(round)
      h.clearTrace()
      h.down(1, 10, 10, at: t)
      h.up(1, 10, 10, at: t + 0.05)
      h.finish()
      let decisions = h.decisions.map { line in String(line.drop { $0 != " " }.dropFirst()) }
      if round == 0 { first = decisions }
      #expect(decisions == first, "round \(round)")
    }
    #expect(
      first == [
        "view V touchesBegan 1", "state waiter possible → ended: recognized", "action waiter ended at (10, 10)",
        "view V touchesCancelled 1", "reset waiter",
      ])
    // The waiter's slot and the target's, given back after each attempt and taken again.
    #expect(h.runtime.tables.slots.count == 3)
    // Once another runtime gives the target a slot, this one gives its own back and gives none.
    let other = Harness()
    other.view.addGestureRecognizer(outside)
    other.down(1, 10, 10, at: 0)
    other.up(1, 10, 10, at: 0.05)
    other.finish()
    h.down(1, 10, 10, at: 60)
    h.up(1, 10, 10, at: 60.05)
    h.finish()
    #expect(h.runtime.tables.slots.count == 3)
    #expect(h.runtime.tables.freeSlots == [2])
    #expect(h.runtime.detachedRecognizers.isEmpty)
    #expect(outside.runtimeSlot.owner == other.runtime.runtimeNumber)
    h.runtime._checkInvariants()
    other.runtime._checkInvariants()
  }

  /// Where the second runtime gets input from inside the first's callback.
  private enum SecondInput: CaseIterable { case fingerOnQ, fingerOnWaiter, pointerOverQ }

  /// A recognizer `x` on view Q is in an attempt of the first runtime (finger 1 on Q); a pan's
  /// action moves Q to a second runtime's window (or, `movesView` false, moves `x` to a view of
  /// that window where Q is), and, still inside the action, sends that runtime input: a finger
  /// where Q is, a finger on a view whose tap requires `x` to fail, or the pointer over where Q
  /// is; `x` then asks for a timer. Once both are done, a finger lands where Q is in the second
  /// runtime. Returns both runtimes' decisions and what `x` received.
  private func movedInsideACallback(
    movesView: Bool, _ input: SecondInput
  ) -> (first: [String], second: [String], received: [String]) {
    let onQ = input != .fingerOnWaiter
    let h = Harness()
    let q = View(name: "Q", frame: Rect(x: 300, y: 0, width: 100, height: 100))
    h.window.addSubview(q)
    let x = h.add(ScriptedRecognizer(), "x", to: q)
    x.onEnded = [[.failed]]
    x.eventTypes = [.touches, .hover]
    let pan = h.add(PanGestureRecognizer(), "pan")
    let second = Harness()
    let otherQ = View(name: "Q", frame: q.frame)
    if !movesView { second.window.addSubview(otherQ) }
    if !onQ { second.add(TapGestureRecognizer(), "waiter").require(toFail: x) }
    pan.addAction { recognizer in
      guard recognizer.state == .began else { return }
      if movesView {
        q.removeFromSuperview()
        second.window.addSubview(q)
      } else {
        q.removeGestureRecognizer(x)
        otherQ.addGestureRecognizer(x)
      }
      if input == .pointerOverQ {
        second.hover(310, 10, at: 1.1)
      } else {
        second.down(1, onQ ? 310 : 10, 10, at: 1.1)
      }
      // Asked through the first runtime while it still hosts it (when its view moved).
      x.startTimer(7, after: .milliseconds(50))
    }
    h.down(1, 310, 10, at: 0)
    h.down(2, 10, 10, at: 1)
    h.move(2, 40, 10, at: 1.1)
    if input == .pointerOverQ {
      second.hoverExit(at: 1.15)
    } else {
      second.up(1, onQ ? 310 : 10, 10, at: 1.15)
    }
    h.up(2, 40, 10, at: 1.2)
    h.up(1, 310, 10, at: 1.3)
    h.advance(to: 5)
    #expect(h.runtime.finish().isEmpty)
    // Let go of by the first runtime, it is the second's.
    second.down(3, 310, 10, at: 6)
    second.up(3, 310, 10, at: 6.05)
    second.advance(to: 10)
    #expect(second.runtime.finish().isEmpty)
    h.runtime._checkInvariants()
    second.runtime._checkInvariants()
    return (h.decisions, second.decisions, x.received)
  }

  @Test(
    "A recognizer that moves to another runtime's window inside a callback, with its view or alone, is not that runtime's until the first has ended its attempt"
  )
  func movedToAnotherRuntimeInsideACallback() {
    for movesView in [true, false] {
      for input in SecondInput.allCases {
        // Taken by the second runtime at once, it would be in two attempts, in a slot of the
        // first it no longer names, and would ask the first for a timer without a slot there.
        let (first, second, received) = movedInsideACallback(movesView: movesView, input)
        let label = "\(movesView ? "view" : "recognizer") moved, \(input)"
        let before = [
          "0 view Q touchesBegan 1",
          "1 view V touchesBegan 2",
          "1.1 state pan possible → began: moved 30 pt, at least 10 pt",
          "1.1 action pan began at (40, 10) translation (20, 0) velocity (300, 0)",
          "1.1 view V touchesCancelled 2",
        ]
        let after = [
          "1.2 state pan began → ended: all fingers lifted",
          "1.2 action pan ended at (40, 10) translation (20, 0) velocity (300, 0)",
          "1.2 reset pan",
        ]
        #expect(
          first
            == before
            + (movesView
              // The removal, once the action returned: the timer goes with the attempt.
              ? ["1.1 state x possible → failed: its view was removed", "1.1 reset x", "1.1 view Q touchesCancelled 1"]
              : ["1.1 state x possible → failed: removed from its view", "1.1 reset x"]) + after
            + (movesView ? [] : ["1.3 view Q touchesEnded 1"]), "\(label)")
        let later = [
          "6 view Q touchesBegan 3",
          "6.05 state x possible → failed: failed",
          "6.05 view Q touchesEnded 3",
          "6.05 reset x",
        ]
        #expect(
          second
            == (input == .pointerOverQ
              ? ["1.1 hover entered (310, 10) Q", "1.15 hover exited (310, 10) -"]
              : input == .fingerOnQ
                ? ["1.1 view Q touchesBegan 1", "1.15 view Q touchesEnded 1"]
                : [
                  // The waiter does not wait for a recognizer in another runtime's attempt.
                  "1.1 view V touchesBegan 1",
                  "1.15 state waiter possible → ended: recognized",
                  "1.15 action waiter ended at (10, 10)",
                  "1.15 view V touchesCancelled 1",
                  "1.15 reset waiter",
                ]) + later,
          "\(label)")
        #expect(received == ["began [1]", "cancelled [1]", "began [3]", "ended [3]"], "\(label)")
      }
    }
  }

  /// Fails on a timer it starts when its touches lift.
  private final class FailsAfterLift: GestureRecognizer {
    var received: [String] = []
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { received.append("began") }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
      received.append("ended")
      startTimer(after: .milliseconds(100))
    }
    override func timerFired(_ id: Int) {
      received.append("timer")
      setState(.failed)
    }
  }

  /// View Q, with subviews Top (recognizer `x`, which failed an earlier attempt here and keeps
  /// its host) and Bottom (recognizer `y`, undecided with finger 2), is moved by a pan's action to
  /// a second runtime's window; still inside the action that runtime gets finger 1, on Top or
  /// (`onWaiter`) on a view whose tap requires `x` to fail, and then `x` asks for a timer.
  /// Returns both runtimes' decisions, what `x` received, and whether the runtime that gave `x`
  /// its slot was its host right after the second runtime got the finger.
  private func movedWithAnUndecidedNeighbour(
    onWaiter: Bool
  ) -> (first: [String], second: [String], received: [String], slotOfHost: Bool) {
    let h = Harness()
    let q = View(name: "Q", frame: Rect(x: 300, y: 0, width: 100, height: 200))
    let top = View(name: "Top", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let bottom = View(name: "Bottom", frame: Rect(x: 0, y: 100, width: 100, height: 100))
    q.addSubview(top)
    q.addSubview(bottom)
    h.window.addSubview(q)
    let x = h.add(FailsAfterLift(), "x", to: top)
    h.add(ScriptedRecognizer(), "y", to: bottom)
    let pan = h.add(PanGestureRecognizer(), "pan")
    let second = Harness()
    if onWaiter { second.add(TapGestureRecognizer(), "waiter").require(toFail: x) }
    var slotOfHost = false
    // The runtime expected to host x once the second runtime got the finger, named without
    // capturing a harness in the action (a pan of the first harness holds the action).
    let expectedHost = onWaiter ? h.runtime : second.runtime
    let expected = (number: expectedHost.runtimeNumber, identity: ObjectIdentifier(expectedHost))
    // A first gesture gives x its host here; it fails on its timer and is reset.
    h.down(1, 310, 10, at: 0)
    h.up(1, 310, 10, at: 0.05)
    h.advance(to: 0.5)
    // y stays undecided: moving Q ends its attempt, and detaches Q, once the action has returned.
    h.down(2, 310, 110, at: 1)
    pan.addAction { recognizer in
      guard recognizer.state == .began else { return }
      q.removeFromSuperview()
      second.window.addSubview(q)
      second.down(1, onWaiter ? 10 : 310, 10, at: 1.1)
      slotOfHost = x.runtimeSlot.owner == expected.number && x.hostIdentifier == expected.identity
      x.startTimer(5, after: .seconds(1))
    }
    h.down(3, 10, 10, at: 1.05)
    h.move(3, 40, 10, at: 1.1)
    h.up(3, 40, 10, at: 1.2)
    h.up(2, 310, 110, at: 1.3)
    h.advance(to: 5)
    second.up(1, onWaiter ? 10 : 310, 10, at: 1.6)
    second.advance(to: 10)
    #expect(h.runtime.finish().isEmpty)
    #expect(second.runtime.finish().isEmpty)
    h.runtime._checkInvariants()
    second.runtime._checkInvariants()
    return (h.decisions, second.decisions, x.received, slotOfHost)
  }

  @Test(
    "A runtime that lets go of a view moved from inside a callback leaves alone a recognizer there that another runtime took meanwhile, and one it still hosts is not another runtime's requirement target"
  )
  func detachLeavesAnotherRuntimesHost() {
    for onWaiter in [false, true] {
      let (first, second, received, slotOfHost) = movedWithAnUndecidedNeighbour(onWaiter: onWaiter)
      #expect(
        first == [
          "0 view Top touchesBegan 1",
          "0.15 state x possible → failed: failed",
          "0.15 view Top touchesEnded 1",
          "0.15 reset x",
          "1 view Bottom touchesBegan 2",
          "1.05 view V touchesBegan 3",
          "1.1 state pan possible → began: moved 30 pt, at least 10 pt",
          "1.1 action pan began at (40, 10) translation (20, 0) velocity (600, 0)",
          "1.1 view V touchesCancelled 3",
          "1.1 state y possible → failed: its view was removed",
          "1.1 reset y",
          "1.1 view Bottom touchesCancelled 2",
          "1.2 state pan began → ended: all fingers lifted",
          "1.2 action pan ended at (40, 10) translation (20, 0) velocity (600, 0)",
          "1.2 reset pan",
        ], "on the waiter: \(onWaiter)")
      // Collected by the second runtime, x is its host's: the first runtime, detaching Q once the
      // action returned, leaves that host alone, and the timer x starts as its finger lifts goes
      // there (the one asked from the action would fail it later). Required to fail there, x is
      // still the first runtime's, which forgets its timer as it detaches Q.
      #expect(slotOfHost, "on the waiter: \(onWaiter)")
      #expect(
        second
          == (onWaiter
            ? [
              "1.1 view V touchesBegan 1",
              "1.6 state waiter possible → ended: recognized",
              "1.6 action waiter ended at (10, 10)",
              "1.6 view V touchesCancelled 1",
              "1.6 reset waiter",
            ]
            : [
              "1.1 view Top touchesBegan 1", "1.7 state x possible → failed: failed", "1.7 view Top touchesEnded 1",
              "1.7 reset x",
            ]),
        "on the waiter: \(onWaiter)")
      #expect(
        received == ["began", "ended", "timer"] + (onWaiter ? [] : ["began", "ended", "timer"]),
        "on the waiter: \(onWaiter)")
    }
  }

  @Test(
    "A recognizer moved alone to another runtime's window inside a callback, that then asks for a state, has it dropped: it is still in the first runtime's attempt"
  )
  func stateAskedWhileInAnotherAttempt() {
    let h = Harness()
    let q = View(name: "Q", frame: Rect(x: 300, y: 0, width: 100, height: 100))
    h.window.addSubview(q)
    let x = h.add(ScriptedRecognizer(), "x", to: q)
    let pan = h.add(PanGestureRecognizer(), "pan")
    let second = Harness()
    let otherQ = View(name: "Q", frame: q.frame)
    second.window.addSubview(otherQ)
    pan.addAction { recognizer in
      guard recognizer.state == .began else { return }
      q.removeGestureRecognizer(x)
      otherQ.addGestureRecognizer(x)
      // Through the second runtime, the runtime of its new window: it has no host any more.
      x.setState(.began)
    }
    h.down(1, 310, 10, at: 0)
    h.down(2, 10, 10, at: 1)
    h.move(2, 40, 10, at: 1.1)
    h.up(2, 40, 10, at: 1.2)
    h.up(1, 310, 10, at: 1.3)
    h.advance(to: 5)
    second.advance(to: 5)
    #expect(
      h.decisions == [
        "0 view Q touchesBegan 1",
        "1 view V touchesBegan 2",
        "1.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "1.1 action pan began at (40, 10) translation (20, 0) velocity (300, 0)",
        "1.1 view V touchesCancelled 2",
        "1.1 state x possible → failed: removed from its view",
        "1.1 reset x",
        "1.2 state pan began → ended: all fingers lifted",
        "1.2 action pan ended at (40, 10) translation (20, 0) velocity (300, 0)",
        "1.2 reset pan",
        "1.3 view Q touchesEnded 1",
      ])
    #expect(second.decisions.isEmpty)
    #expect(x.state == .possible)
    #expect(h.runtime.finish().isEmpty)
    #expect(second.runtime.finish().isEmpty)
    h.runtime._checkInvariants()
    second.runtime._checkInvariants()
  }

  @Test(
    "A delegate asked at a touch-down that moves a collected recognizer to another runtime's window, which takes it: the first runtime leaves it to that one"
  )
  func delegateMovesACollectedRecognizer() {
    let h = Harness()
    let q = View(name: "Q", frame: Rect(x: 300, y: 0, width: 100, height: 100))
    h.window.addSubview(q)
    let x = h.add(ScriptedRecognizer(), "x", to: q)
    x.onEnded = [[.failed]]
    // Asked after x, which is on the view hit, was collected.
    let asking = h.add(ScriptedRecognizer(), "asking", to: h.window)
    asking.onEnded = [[.failed]]
    let second = Harness()
    let delegate = TestDelegate()
    delegate.receive = { _, _ in
      if q.superview !== second.window {
        q.removeFromSuperview()
        second.window.addSubview(q)
        second.down(1, 310, 10, at: 0)
      }
      return true
    }
    asking.delegate = delegate
    h.down(1, 310, 10, at: 0)
    second.up(1, 310, 10, at: 0.05)
    h.up(1, 310, 10, at: 0.1)
    h.advance(to: 5)
    second.advance(to: 5)
    #expect(x.received == ["began [1]", "ended [1]"])
    #expect(
      second.decisions == [
        "0 view Q touchesBegan 1", "0.05 state x possible → failed: failed", "0.05 view Q touchesEnded 1",
        "0.05 reset x",
      ])
    // Q left the first runtime's window with the touch on it.
    #expect(
      h.decisions == [
        "0 view Q touchesBegan 1", "0 view Q touchesCancelled 1", "0.1 state asking possible → failed: failed",
        "0.1 reset asking",
      ])
    #expect(h.runtime.finish().isEmpty)
    #expect(second.runtime.finish().isEmpty)
    h.runtime._checkInvariants()
    second.runtime._checkInvariants()
  }

  @Test(
    "Reading the failure requirements of its scene, a runtime gives no slot to the recognizers of another runtime or of no tree that they reach"
  )
  func staticGraphGivesNoSlots() {
    let h = Harness()
    let x = h.add(TapGestureRecognizer(), "x")
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.05)
    h.advance(to: 1)
    let first = h.decisions
    let second = Harness()
    let a = second.add(TapGestureRecognizer(), "a")
    let b = second.add(TapGestureRecognizer(), "b")
    let outside = TapGestureRecognizer()
    outside.name = "outside"
    // Two requirements on each other make the runtime read the scene's requirements, which reach
    // x (another runtime's) and, through the recognizer in no tree, one held by nothing else.
    a.require(toFail: b)
    b.require(toFail: a)
    a.require(toFail: x)
    a.require(toFail: outside)
    var beyond: TapGestureRecognizer? = TapGestureRecognizer()
    weak let unheld = beyond
    outside.require(toFail: beyond!)
    second.down(1, 10, 10, at: 0)
    second.up(1, 10, 10, at: 0.05)
    second.advance(to: 1)
    #expect(x.runtimeSlot.owner == h.runtime.runtimeNumber)
    h.runtime._checkInvariants()
    second.runtime._checkInvariants()
    #expect(
      second.decisions == [
        "0 diagnostic [a, b] cycle of failure requirements among a, b; those requirements are ignored for this attempt",
        "0 view V touchesBegan 1",
        "0.05 state a possible → ended: recognized",
        "0.05 state b possible → failed: prevented by a",
        "0.05 action a ended at (10, 10)",
        "0.05 view V touchesCancelled 1",
        "0.05 reset a",
        "0.05 reset b",
      ])
    // Let go of by the app, nothing of the runtime's keeps it.
    beyond = nil
    #expect(unheld == nil)
    // x's next gesture, in its slot here, goes as its first.
    h.clearTrace()
    h.down(1, 10, 10, at: 2)
    h.up(1, 10, 10, at: 2.05)
    h.advance(to: 3)
    let withoutTimes = { (lines: [String]) in lines.map { String($0.drop { $0 != " " }.dropFirst()) } }
    #expect(withoutTimes(h.decisions) == withoutTimes(first))
    #expect(h.runtime.tables.slots.count == 2)
  }

  /// A finger stays down while its recognizer leaves; a recognizer added above another view then
  /// gets the slot given back, and a second finger on that view, which a recognizer there with a
  /// slot of its own gets first. Returns the deliveries to those two, in order, and whether the
  /// added one got the first one's slot (without `withFirst`, the first finger lands on a view
  /// without recognizers instead).
  private func slotReusedWhileATouchIsDown(withFirst: Bool) -> (deliveries: [String], reused: Bool) {
    let h = Harness()
    let other = View(name: "B", frame: Rect(x: 0, y: 400, width: 400, height: 400))
    h.window.addSubview(other)
    let log = LoggingRecognizer.Log()
    h.add(LoggingRecognizer("x", log), "x", to: other)
    // The recognizer on B gets its slot now.
    h.down(3, 10, 500, at: 0)
    h.up(3, 10, 500, at: 0.01)
    let first = LoggingRecognizer("one", log)
    if withFirst { h.add(first, "one") }
    h.down(1, 10, 10, at: 0.02)
    let oldSlot = first.runtimeSlot
    if withFirst { h.view.removeGestureRecognizer(first) }
    // This dispatch gives the first recognizer's slot back.
    h.move(1, 12, 10, at: 0.1)
    let second = h.add(LoggingRecognizer("two", log), "two", to: h.window)
    log.entries.removeAll()
    h.down(2, 10, 500, at: 0.2)
    let reused = second.runtimeSlot == oldSlot
    // Both fingers in one event, then the first alone: only the second finger is the added
    // recognizer's, and it comes after the one on B, which was collected first.
    h.event(
      at: 0.3, [TouchInput(id: 1, phase: .moved, x: 14, y: 10), TouchInput(id: 2, phase: .moved, x: 12, y: 500)])
    h.move(1, 16, 10, at: 0.4)
    h.up(1, 16, 10, at: 0.5)
    h.up(2, 12, 500, at: 0.6)
    h.finish()
    h.runtime._checkInvariants()
    return (log.entries, reused)
  }

  @Test(
    "A touch still down when its recognizer left gives nothing to the recognizer that gets the slot next, nor moves it up the delivery order"
  )
  func slotReusedWhileATouchIsDown() {
    let reused = slotReusedWhileATouchIsDown(withFirst: true)
    let fresh = slotReusedWhileATouchIsDown(withFirst: false)
    // The case at hand: the slot the first recognizer had is the added one's.
    #expect(reused.reused)
    #expect(reused.deliveries == fresh.deliveries)
    #expect(
      reused.deliveries == [
        "x began [2]", "two began [2]", "x moved [2]", "two moved [2]", "x ended [2]", "two ended [2]",
      ])
  }

  /// A recognizer leaves its view while a finger it was collected for stays down; a dispatch
  /// runs, and it comes back (`again`), or a new one joins instead. In an event that moves the
  /// old finger and a new one, the touch collected for it before it left does not count for its
  /// place in the delivery order: it comes where a new recognizer would.
  private func orderAfterComingBack(again: Bool) -> [String] {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let r = h.add(LoggingRecognizer("r", log), "r")
    h.add(LoggingRecognizer("q", log), "q")
    h.down(1, 10, 10, at: 0)
    h.view.removeGestureRecognizer(r)
    h.move(1, 12, 10, at: 0.1)
    h.view.addGestureRecognizer(again ? r : LoggingRecognizer("r", log))
    h.down(2, 100, 100, at: 0.2)
    log.entries.removeAll()
    h.event(
      at: 0.3, [TouchInput(id: 1, phase: .moved, x: 14, y: 10), TouchInput(id: 2, phase: .moved, x: 102, y: 100)])
    h.runtime._checkInvariants()
    return log.entries
  }

  @Test("A recognizer that left while its finger stayed down and came back is called in the order a new one would be")
  func orderAfterComingBack() {
    let back = orderAfterComingBack(again: true)
    #expect(back == orderAfterComingBack(again: false))
    #expect(back == ["q moved [1, 2]", "r moved [2]"])
  }

  @Test("A view whose last reference goes with a reset recognizer's touches can use the runtime in its deinit")
  func viewDeinitAtReset() {
    // W's last reference goes with a double tap's reset (`viewGoingWithTapReset`), and its
    // deinit removes another view from the window.
    let h = Harness()
    let overlay = View(name: "O", frame: Rect(x: 0, y: 700, width: 10, height: 10))
    h.window.addSubview(overlay)
    var deinitRan = false
    h.viewGoingWithTapReset {
      let w = DeinitView(name: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
      w.onDeinit = {
        deinitRan = true
        overlay.removeFromSuperview()
      }
      return w
    }
    #expect(!deinitRan)
    h.advance(to: 2)
    #expect(deinitRan)
    #expect(overlay.superview == nil)
    h.runtime._checkInvariants()
  }

  @Test("A requirement's target whose last reference goes with its dependent's reset can use the runtime in its deinit")
  func targetDeinitAtReset() {
    // A tap in one window requires a recognizer of another window to fail. The other runtime
    // lets go of it (it left its view and its slot was given back), and so does the app: the
    // tap's requirement edge holds the last reference. When the tap recognizes and is reset, the
    // target goes, and its deinit removes a view from the tap's window.
    let a = Harness()
    let b = Harness()
    let tap = a.add(TapGestureRecognizer(), "tap")
    let overlay = View(name: "O", frame: Rect(x: 0, y: 700, width: 10, height: 10))
    a.window.addSubview(overlay)
    var deinitRan = false
    do {
      let target = b.add(DeinitTap(), "target")
      target.onDeinit = {
        deinitRan = true
        overlay.removeFromSuperview()
      }
      tap.require(toFail: target)
      b.down(1, 10, 10, at: 0)
      a.down(1, 10, 10, at: 0)
      b.up(1, 10, 10, at: 0.05)
      #expect(target.runtimeSlot.owner == b.runtime.runtimeNumber)
      b.view.removeGestureRecognizer(target)
      // The next dispatch of the other runtime gives the slot back.
      b.down(2, 10, 10, at: 0.1)
      b.up(2, 10, 10, at: 0.15)
      #expect(target.runtimeSlot.owner == 0)
    }
    #expect(!deinitRan)
    a.up(1, 10, 10, at: 0.05)
    #expect(deinitRan)
    #expect(overlay.superview == nil)
    #expect(a.decisions.contains("0.05 state tap possible → ended: recognized"))
    a.runtime._checkInvariants()
    b.runtime._checkInvariants()
  }

  /// A window with the view `V`, whose `touchesEnded` runs `onEnded`, and a view `W` below it
  /// with a tap, which has had an attempt of its own (so the runtime is its host). `onEnded` runs
  /// after the dispatch's first resolution: what it asks of the tap is resolved in a second round
  /// of the same dispatch (behaviour reference §5), and a scene change it makes waits for the
  /// dispatch to end.
  private func stateAskedAfterResolution(
    _ onEnded: @escaping (_ runtime: GestureRuntime, _ tap: TapGestureRecognizer, _ w: View) -> Void
  ) -> Harness {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let v = EndingView(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let w = View(name: "W", frame: Rect(x: 0, y: 500, width: 400, height: 200))
    window.addSubview(v)
    window.addSubview(w)
    let h = Harness(window: window)
    let tap = h.add(TapGestureRecognizer(), "tap", to: w)
    h.down(1, 10, 600, at: 0)
    h.up(1, 10, 600, at: 0.05)
    #expect(tap.runtimeSlot.owner == h.runtime.runtimeNumber)
    var once = true
    v.onEnded = { [unowned runtime = h.runtime] in
      guard once else { return }
      once = false
      onEnded(runtime, tap, w)
    }
    h.down(2, 10, 10, at: 0.1)
    h.up(2, 10, 10, at: 0.15)
    h.runtime._checkInvariants()
    return h
  }

  @Test(
    "A state asked for after a dispatch's resolution, by a recognizer then removed (or its view), is dropped, and the slot given back",
    arguments: [false, true])
  func stateAskedAfterResolutionByRemovedRecognizer(removingTheView: Bool) {
    // Asked outside an attempt, the state would start one, but when it is resolved (in the same
    // dispatch) the recognizer is no longer in the window: it is dropped, the recognizer stays
    // as its removal leaves it, and the next dispatch gives its slot back.
    var removed: TapGestureRecognizer?
    let h = stateAskedAfterResolution { runtime, tap, w in
      removed = tap
      tap.setState(.began)
      if removingTheView { w.removeFromSuperview() } else { w.removeGestureRecognizer(tap) }
      runtime.send(TouchInput(id: 9, phase: .began, x: 10, y: 300), at: Timestamp(seconds: 0.2))
    }
    #expect(
      h.decisions.suffix(3) == ["0.1 view V touchesBegan 2", "0.15 view V touchesEnded 2", "0.2 view V touchesBegan 9"])
    #expect(removed?.state == .possible)
    // It asks anew as a recognizer that was never in an attempt.
    removed?.setState(.began)
    #expect(removed?.state == .began)
    #expect(removed?.runtimeSlot.owner == 0)
    h.up(9, 10, 300, at: 0.3)
    h.runtime._checkInvariants()
  }

  @Test(
    "A state asked for after a dispatch's resolution, by a recognizer that then went to another runtime, is left to that one"
  )
  func stateAskedAfterResolutionByRecognizerGoneElsewhere() {
    let other = Harness()
    var moved: TapGestureRecognizer?
    let h = stateAskedAfterResolution { runtime, tap, w in
      moved = tap
      tap.setState(.failed)
      w.removeGestureRecognizer(tap)
      other.view.addGestureRecognizer(tap)
      // The other runtime gives it a slot before this one resolves the request.
      other.down(1, 10, 10, at: 0.12)
      runtime.send(TouchInput(id: 9, phase: .began, x: 10, y: 300), at: Timestamp(seconds: 0.2))
    }
    #expect(moved?.runtimeSlot.owner == other.runtime.runtimeNumber)
    #expect(!h.decisions.contains { $0.hasPrefix("0.2 state tap") })
    other.runtime._checkInvariants()
  }

  @Test("A state asked for after a dispatch's resolution is not given to the recognizer that gets the next slot")
  func stateAskedAfterResolutionStaysWithItsRecognizer() {
    var fresh: PanGestureRecognizer?
    let h = stateAskedAfterResolution { runtime, tap, w in
      tap.setState(.failed)
      w.removeGestureRecognizer(tap)
      // A new recognizer under the next touch: the removed tap's slot is not free for it yet.
      let pan = PanGestureRecognizer(name: "fresh")
      w.addGestureRecognizer(pan)
      fresh = pan
      runtime.send(TouchInput(id: 9, phase: .began, x: 10, y: 600), at: Timestamp(seconds: 0.2))
    }
    #expect(
      h.decisions.suffix(3) == ["0.1 view V touchesBegan 2", "0.15 view V touchesEnded 2", "0.2 view W touchesBegan 9"])
    #expect(fresh?.state == .possible)
  }

  @Test(
    "A recognizer taken off a view that already left the window gets nothing more of the touches it is being delivered",
    arguments: [[1], [1, 2]])
  func removedOutsideTheTreeDuringADelivery(touches ids: [Int]) {
    // Both recognizers of V hold the touches (one: the one-touch delivery; two: the several-touch
    // one); while the first is told of the move, V leaves the window and then loses the second
    // recognizer. The runtime is not told of the second removal (V is no longer in its tree):
    // the delivery must still see that the second recognizer has no view.
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let first = h.add(MoveHookRecognizer(), "first")
    let second = h.add(LoggingRecognizer("second", log), "second")
    // Weakly: the view holds the recognizer that holds this closure.
    first.onMoved = { [weak view = h.view] in
      view?.removeFromSuperview()
      view?.removeGestureRecognizer(second)
    }
    h.event(at: 0, ids.map { TouchInput(id: $0, phase: .began, x: Double(20 * $0 - 10), y: 10) })
    h.event(at: 0.1, ids.map { TouchInput(id: $0, phase: .moved, x: Double(20 * $0), y: 10) })
    #expect(second.view == nil)
    // Not moved; cancelled once the dispatch is over, as every recognizer of a removed view is.
    #expect(log.entries == ["second began \(ids)", "second cancelled \(ids)"])
    h.runtime._checkInvariants()
  }

  @Test("A recognizer removed from its view while its finger is down is let go of by the next dispatch")
  func removedRecognizerIsLetGo() {
    let h = Harness()
    weak var removed: LoggingRecognizer?
    do {
      let r = h.add(LoggingRecognizer("r", LoggingRecognizer.Log()), "r")
      removed = r
      h.down(1, 10, 10, at: 0)
      h.view.removeGestureRecognizer(r)
      #expect(removed != nil)
    }
    h.move(1, 12, 10, at: 0.1)
    #expect(removed == nil)
    h.up(1, 12, 10, at: 0.2)
    h.runtime._checkInvariants()
  }

  /// Y (0, 0, 50, 50), a new subview of the harness's V.
  private func addY(to h: Harness) -> View {
    let y = View(name: "Y", frame: Rect(x: 0, y: 0, width: 50, height: 50))
    h.view.addSubview(y)
    return y
  }

  /// The watchdog's lines at `time` for `name`, still undecided 5 s after its touches ended.
  private func failedUndecided(_ name: String, at time: String) -> [String] {
    [
      "\(time) diagnostic [\(name)] \(name) was still undecided 5 s after its last touch ended; the runtime failed it",
      "\(time) state \(name) possible → failed: undecided 5 s after its touches ended",
    ]
  }

  @Test(
    "A view split off a removed subtree inside a callback, before the runtime lets go of the subtree, is let go of too",
    arguments: [false, true])
  func splitOffARemovedSubtree(intoAnotherRuntime: Bool) {
    // V leaves the window while a finger is down on Y, its subview, and Y leaves V at once: the
    // runtime lets go of the removed subtree once the dispatch is over, when Y is no longer in it.
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let hook = h.add(MoveHookRecognizer(), "hook", to: h.window)
    let second = Harness()
    weak var gone: LoggingRecognizer?
    do {
      let y = addY(to: h)
      let r = h.add(LoggingRecognizer("r", log), "r", to: y)
      gone = r
      hook.onMoved = { [weak view = h.view, weak y, weak window = second.window] in
        view?.removeFromSuperview()
        y?.removeFromSuperview()
        if intoAnotherRuntime, let y { window?.addSubview(y) }
      }
      h.down(1, 10, 10, at: 0)
      h.move(1, 12, 10, at: 0.1)
      #expect(log.entries == ["r began [1]", "r moved [1]", "r cancelled [1]"])
      #expect(r.hostIdentifier == nil)
      if intoAnotherRuntime {
        // The second runtime takes it in an attempt of its own, while the first keeps its slot
        // there until its next dispatch.
        second.down(5, 10, 10, at: 0.2)
        second.up(5, 10, 10, at: 0.3)
        #expect(log.entries.suffix(2) == ["r began [5]", "r ended [5]"])
        #expect(r.runtimeSlot.owner == second.runtime.runtimeNumber)
      }
      y.removeFromSuperview()
      hook.onMoved = nil
    }
    // Each runtime gives back its slot; the last reference goes with the touch, once the hook,
    // which never decides, has failed (the runtime gives up on it) and a new touch came down.
    h.up(1, 12, 10, at: 0.4)
    second.down(6, 10, 10, at: 0.5)
    second.up(6, 10, 10, at: 0.6)
    h.advance(to: 6)
    h.down(7, 300, 700, at: 7)
    h.up(7, 300, 700, at: 7.05)
    h.advance(to: 20)
    #expect(gone == nil)
    #expect(
      h.decisions == [
        "0 view Y touchesBegan 1", "0.1 view Y touchesMoved 1", "0.1 state r possible → failed: its view was removed",
        "0.1 reset r", "0.1 view Y touchesCancelled 1",
      ] + failedUndecided("hook", at: "5.4") + ["5.4 reset hook", "7 view R touchesBegan 7"]
        + failedUndecided("hook", at: "12.05") + ["12.05 view R touchesEnded 7", "12.05 reset hook"])
    // (r, undecided after its finger lifted, fails when Y leaves the second window.)
    #expect(
      second.decisions
        == (intoAnotherRuntime
          ? [
            "0.2 view Y touchesBegan 5", "0.3 state r possible → failed: its view was removed",
            "0.3 view Y touchesEnded 5", "0.3 reset r",
          ] : []) + ["0.5 view V touchesBegan 6", "0.6 view V touchesEnded 6"])
    #expect(h.runtime.finish().isEmpty)
    h.runtime._checkInvariants()
    second.runtime._checkInvariants()
  }

  @Test(
    "A view split off a removed subtree and put back in the window before the runtime lets go of the subtree keeps what it began meanwhile",
    arguments: [false, true])
  func splitOffAndBackInTheWindow(theRemovedView: Bool) {
    // The callback that sends a finger onto Y removes V and puts Y (or V itself) back into the
    // window: that touch-down runs before the runtime lets go of V's subtree, which must leave
    // Y's double tap, which has a slot from an earlier tap, in the attempt it began.
    let h = Harness()
    let y = addY(to: h)
    let double = h.add(TapGestureRecognizer(), "double", to: y)
    double.numberOfTapsRequired = 2
    h.down(9, 10, 10, at: 0)
    h.up(9, 10, 10, at: 0.05)
    h.advance(to: 1)
    let hook = h.add(MoveHookRecognizer(), "hook", to: h.view)
    hook.onMoved = { [weak runtime = h.runtime, weak view = h.view, weak window = h.window, weak y] in
      guard let view, let y, let window else { return }
      runtime?.send(TouchInput(id: 2, phase: .began, x: 10, y: 10), at: Timestamp(seconds: 1.1))
      view.removeFromSuperview()
      window.addSubview(theRemovedView ? view : y)
    }
    h.down(1, 300, 300, at: 1)
    h.move(1, 310, 300, at: 1.1)
    hook.onMoved = nil
    h.up(2, 10, 10, at: 1.15)
    h.up(1, 310, 300, at: 1.2)
    h.advance(to: 3)
    #expect(
      h.decisions == [
        "0 view Y touchesBegan 9", "0.4 state double possible → failed: tap 2 did not begin within 0.35 s",
        "0.4 view Y touchesEnded 9", "0.4 reset double", "1 view V touchesBegan 1", "1.1 view V touchesMoved 1",
        "1.1 view Y touchesBegan 2", "1.1 state hook possible → failed: its view was removed", "1.1 reset hook",
        "1.1 view V touchesCancelled 1",
        // Its timer still reaches it: it waits 0.35 s for a second tap (let go of, it would get
        // no timer, and fail only when the tap took too long).
        "1.5 state double possible → failed: tap 2 did not begin within 0.35 s", "1.5 view Y touchesEnded 2",
        "1.5 reset double",
      ])
    #expect(h.runtime.finish().isEmpty)
    h.runtime._checkInvariants()
  }

  @Test("A recognizer taken off a view of a removed subtree before the runtime lets go of the subtree is let go of too")
  func recognizerTakenOffARemovedSubtree() {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let hook = h.add(MoveHookRecognizer(), "hook", to: h.window)
    weak var gone: LoggingRecognizer?
    do {
      let r = h.add(LoggingRecognizer("r", log), "r")
      gone = r
      hook.onMoved = { [weak view = h.view, weak r] in
        view?.removeFromSuperview()
        if let r { view?.removeGestureRecognizer(r) }
      }
      h.down(1, 10, 10, at: 0)
      h.move(1, 12, 10, at: 0.1)
      hook.onMoved = nil
      #expect(log.entries == ["r began [1]", "r moved [1]", "r cancelled [1]"])
    }
    h.up(1, 12, 10, at: 0.2)
    h.advance(to: 6)
    h.down(2, 300, 700, at: 7)
    h.up(2, 300, 700, at: 7.05)
    #expect(gone == nil)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1", "0.1 view V touchesMoved 1", "0.1 state r possible → failed: its view was removed",
        "0.1 reset r", "0.1 view V touchesCancelled 1",
      ] + failedUndecided("hook", at: "5.2") + [
        // The hook, undecided again, holds back the view's touchesEnded.
        "5.2 reset hook", "7 view R touchesBegan 2",
      ])
    h.runtime._checkInvariants()
  }

  @Test(
    "A recognizer of a removed subtree that another runtime takes before the first lets go of the subtree is let go of by the first, also when it comes back",
    arguments: [false, true])
  func removedSubtreeTakenByAnotherRuntime(comesBack: Bool) {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let hook = h.add(MoveHookRecognizer(), "hook")
    let second = Harness()
    weak var gone: LoggingRecognizer?
    do {
      let y = addY(to: h)
      let r = h.add(LoggingRecognizer("r", log), "r", to: y)
      gone = r
      // An attempt of its own first: it has a slot here, and is in no attempt when it moves.
      h.down(1, 10, 10, at: 0)
      h.up(1, 10, 10, at: 0.05)
      h.advance(to: 6)
      hook.onMoved = { [weak view = h.view, weak window = h.window, weak y, weak second] in
        guard let second, let y else { return }
        view?.removeFromSuperview()
        second.window.addSubview(y)
        second.down(5, 10, 10, at: 6.1)
        second.up(5, 10, 10, at: 6.15)
        // Back with the slot the second runtime gave it: its first slot here is not the one
        // it names.
        if comesBack { window?.addSubview(y) }
      }
      h.down(2, 300, 300, at: 6)
      h.move(2, 310, 300, at: 6.1)
      hook.onMoved = nil
      if comesBack {
        h.down(4, 10, 10, at: 6.2)
        h.up(4, 10, 10, at: 6.25)
        #expect(r.runtimeSlot.owner == h.runtime.runtimeNumber)
      } else {
        #expect(r.runtimeSlot.owner == second.runtime.runtimeNumber)
      }
      y.removeFromSuperview()
    }
    h.up(2, 310, 300, at: 6.3)
    second.down(6, 10, 10, at: 6.3)
    second.up(6, 10, 10, at: 6.35)
    h.down(3, 300, 700, at: 7)
    h.up(3, 300, 700, at: 7.05)
    h.advance(to: 20)
    second.advance(to: 20)
    #expect(gone == nil)
    #expect(
      log.entries
        == ["r began [1]", "r ended [1]", "r began [5]", "r ended [5]"]
        + (comesBack ? ["r began [4]", "r ended [4]"] : []))
    #expect(
      h.decisions
        == ["0 view Y touchesBegan 1"] + failedUndecided("r", at: "5.05") + ["5.05 reset r"]
        + failedUndecided("hook", at: "5.05") + [
          "5.05 view Y touchesEnded 1", "5.05 reset hook", "6 view V touchesBegan 2", "6.1 view V touchesMoved 2",
          "6.1 state hook possible → failed: its view was removed", "6.1 reset hook", "6.1 view V touchesCancelled 2",
        ]
        + (comesBack
          ? [
            "6.2 view Y touchesBegan 4", "6.25 state r possible → failed: its view was removed",
            "6.25 view Y touchesEnded 4", "6.25 reset r",
          ] : []) + ["7 view R touchesBegan 3", "7.05 view R touchesEnded 3"])
    // (r, undecided after its finger lifted, fails when Y leaves the second window.)
    #expect(
      second.decisions == [
        "6.1 view Y touchesBegan 5", "6.15 state r possible → failed: its view was removed",
        "6.15 view Y touchesEnded 5",
        "6.15 reset r", "6.3 view V touchesBegan 6", "6.35 view V touchesEnded 6",
      ])
    h.runtime._checkInvariants()
    second.runtime._checkInvariants()
  }

  @Test("A several-touch event leaves a recognizer that moved to another runtime its slot there")
  func severalTouchEventKeepsOtherRuntimesSlot() {
    // A finger stays down in the first window while its recognizer leaves and joins a second
    // runtime's window, where it takes part in a touch.
    let a = Harness()
    let b = Harness()
    let r = a.add(LoggingRecognizer("r", LoggingRecognizer.Log()), "r")
    a.down(1, 10, 10, at: 0)
    a.view.removeGestureRecognizer(r)
    a.down(2, 10, 600, at: 0.1)
    b.view.addGestureRecognizer(r)
    b.down(5, 10, 10, at: 0.2)
    #expect(r.runtimeSlot.owner == b.runtime.runtimeNumber)
    a.event(at: 0.3, [TouchInput(id: 1, phase: .moved, x: 12, y: 10), TouchInput(id: 2, phase: .moved, x: 12, y: 600)])
    #expect(r.runtimeSlot.owner == b.runtime.runtimeNumber)
    a.runtime._checkInvariants()
    b.runtime._checkInvariants()
  }
}

/// A recognizer that runs `onMoved` in its `touchesMoved`.
private final class MoveHookRecognizer: GestureRecognizer {
  var onMoved: (() -> Void)?
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { onMoved?() }
}

/// A view that runs `onEnded` in its `touchesEnded`.
private final class EndingView: View {
  var onEnded: (() -> Void)?
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { onEnded?() }
}

/// A tap that runs `onDeinit` when it goes.
private final class DeinitTap: TapGestureRecognizer {
  var onDeinit: (() -> Void)?
  deinit { onDeinit?() }
}

/// A view that runs `onDeinit` when it goes.
private final class DeinitView: View {
  var onDeinit: (() -> Void)?
  deinit { onDeinit?() }
}
