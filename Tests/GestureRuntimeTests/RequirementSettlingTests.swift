import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Requirements settled within a dispatch, reach, and cycles at reset (behaviour reference §3.7, 3.9–3.11)")
struct RequirementSettlingTests {
  /// The order in which the recognizers are added (and so see the event).
  enum Order: String, CaseIterable, CustomStringConvertible {
    case dependentFirst, requirementFirst
    var description: String { rawValue }

    /// Adds `dependent` and the recognizer it requires to fail to the harness's view, in this
    /// order, and makes the requirement.
    func add(
      _ dependent: GestureRecognizer, _ dependentName: String, requiring requirement: GestureRecognizer,
      _ requirementName: String, to h: Harness
    ) {
      if self == .dependentFirst {
        h.add(dependent, dependentName)
        h.add(requirement, requirementName)
      } else {
        h.add(requirement, requirementName)
        h.add(dependent, dependentName)
      }
      dependent.require(toFail: requirement)
    }

    /// The trace lines of the two recognizers' resets at time `t`: in the order they were added.
    func resets(at t: String, _ dependent: String, _ requirement: String) -> [String] {
      (self == .dependentFirst ? [dependent, requirement] : [requirement, dependent]).map { "\(t) reset \($0)" }
    }
  }

  @Test(
    "3.7 A requirement that fails in the dispatch in which its dependent asks is settled first: the dependent begins as if it had never waited",
    arguments: Order.allCases)
  func requirementFailsInTheSameDispatch(_ order: Order) {
    let h = Harness()
    let b = ScriptedRecognizer()
    let pan = PanGestureRecognizer()
    order.add(pan, "pan", requiring: b, "b", to: h)
    b.onMoved = [[.failed]]
    h.down(1, 100, 100, at: 0)
    h.move(1, 112, 103, at: 0.1)
    h.up(1, 112, 103, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state b possible → failed: failed",
        "0.1 state pan possible → began: moved 12 pt, at least 10 pt",
        "0.1 action pan began at (112, 103) translation (2, 0) velocity (120, 30)",
        "0.1 view V touchesCancelled 1",
        "0.2 state pan began → ended: all fingers lifted",
        "0.2 action pan ended at (112, 103) translation (2, 0) velocity (120, 30)",
      ] + order.resets(at: "0.2", "pan", "b"))
  }

  @Test(
    "3.7 A dependent that asks for began, then ended, in the dispatch in which its requirement fails begins and ends with the reasons it gave",
    arguments: Order.allCases)
  func beganThenEndedWhileTheRequirementFails(_ order: Order) {
    let h = Harness()
    let b = ScriptedRecognizer()
    let dependent = BeginsAndEndsOnMove()
    order.add(dependent, "a", requiring: b, "b", to: h)
    b.onMoved = [[.failed]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.up(1, 20, 10, at: 0.2)
    // Added first, it asks before its requirement fails: both requests wait for the dispatch's
    // other changes and are then decided together, each with its own reason.
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state b possible → failed: failed",
        "0.1 state a possible → began: first move",
        "0.1 state a began → ended: done at once",
        "0.1 action a began at (20, 10)",
        "0.1 action a ended at (20, 10)",
        "0.1 view V touchesCancelled 1",
      ] + order.resets(at: "0.1", "a", "b"))
  }

  @Test(
    "3.7 A requirement excluded by another recognizer's recognition in the same dispatch is settled first, whatever the order",
    arguments: Order.allCases)
  func requirementExcludedInTheSameDispatch(_ order: Order) {
    let h = Harness()
    let b = ScriptedRecognizer()
    let w = ScriptedRecognizer()
    let dependent = ScriptedRecognizer()
    if order == .dependentFirst {
      h.add(dependent, "a")
      h.add(b, "b")
      h.add(w, "w")
    } else {
      h.add(w, "w")
      h.add(b, "b")
      h.add(dependent, "a")
    }
    dependent.require(toFail: b)
    let delegate = TestDelegate()
    h.keep(delegate)
    delegate.simultaneous = { x, y in (x === w && y === dependent) || (x === dependent && y === w) }
    w.delegate = delegate
    w.onMoved = [[.ended]]
    dependent.onMoved = [[.ended]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    let lines = h.decisions
    #expect(
      lines == [
        "0 view V touchesBegan 1",
        "0.1 state w possible → ended: recognized",
        "0.1 state b possible → failed: prevented by w",
        "0.1 state a possible → ended: recognized",
        "0.1 action w ended at (20, 10)",
        "0.1 action a ended at (20, 10)",
        "0.1 view V touchesCancelled 1",
      ]
        + (order == .dependentFirst
          ? ["0.1 reset w", "0.1 reset a", "0.1 reset b"] : ["0.1 reset w", "0.1 reset b", "0.1 reset a"]))
  }

  @Test(
    "3.9 A recognition fails only dependents that received a touch since their last reset; a requirement that saw no touch of the sequence holds no one"
  )
  func reachOnlyParticipants() {
    let h = Harness()
    let b = h.add(TapGestureRecognizer(), "b")
    let a = h.add(TapGestureRecognizer(), "a")
    a.require(toFail: b)
    let delegate = TestDelegate()
    h.keep(delegate)
    var receiver: GestureRecognizer = b
    delegate.receive = { recognizer, _ in recognizer === receiver }
    a.delegate = delegate
    b.delegate = delegate
    // Only b takes part: its recognition leaves a silent.
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    // Only a takes part: b saw no touch of the sequence, so a is not held.
    receiver = a
    h.down(2, 200, 200, at: 1)
    h.up(2, 200, 200, at: 1.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state b possible → ended: recognized",
        "0.1 action b ended at (10, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset b",
        "1 view V touchesBegan 2",
        "1.1 state a possible → ended: recognized",
        "1.1 action a ended at (200, 200)",
        "1.1 view V touchesCancelled 2",
        "1.1 reset a",
      ])
  }

  @Test(
    "3.11 A member of a cycle that fails is reset on its own and gets the sequence's next touches; the cycle's edges exclude no one"
  )
  func cycleMemberResetsAlone() {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    let b = h.add(ScriptedRecognizer(), "b")
    a.require(toFail: b)
    b.require(toFail: a)
    a.onBegan = [[.failed], [.ended]]
    h.down(1, 10, 10, at: 0)
    h.down(2, 30, 10, at: 0.1)
    h.up(1, 10, 10, at: 0.2)
    h.up(2, 30, 10, at: 0.3)
    #expect(
      h.decisions == [
        "0 diagnostic [a, b] cycle of failure requirements among a, b; those requirements are ignored for this attempt",
        "0 state a possible → failed: failed",
        "0 view V touchesBegan 1",
        "0 reset a",
        // Found again when a's new attempt gathers its edge to b, which is still in its attempt.
        "0.1 diagnostic [b, a] cycle of failure requirements among b, a; those requirements are ignored for this attempt",
        "0.1 state a possible → ended: recognized",
        "0.1 state b possible → failed: prevented by a",
        "0.1 action a ended at (30, 10)",
        "0.1 reset a",
        "0.1 reset b",
        "0.2 view V touchesEnded 1",
      ])
  }

  @Test(
    "3.11 A hold in place when a cycle is found later stays: the held recognizer fails when what it waits for recognizes"
  )
  func holdOutlivesALaterCycle() {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    let b = h.add(ScriptedRecognizer(), "b")
    a.require(toFail: b)
    a.onEnded = [[.ended]]
    b.onBegan = [[], [.ended]]
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    b.require(toFail: a)
    h.down(2, 20, 10, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 wait a wants ended, waiting for b",
        "0.1 diagnostic [a, b] cycle of failure requirements among a, b; those requirements are ignored for this attempt",
        "0.2 state b possible → ended: recognized",
        "0.2 state a possible → failed: required failure of b, which recognized",
        "0.2 action b ended at (20, 10)",
        "0.2 view V touchesCancelled 1",
        "0.2 reset b",
        "0.2 reset a",
      ])
  }

  @Test(
    "3.10 A group of more than 20 joined across two views is reset in the order each was added to its view, the walk's order among equals"
  )
  func longGroupResetOrder() {
    let h = Harness()
    // A chain alternating between the window and V: r1 → v1 → r2 → v2 → … → v12, each failing at
    // the lift, so all 24 are reset together; r_i and v_i were each added i-th to their view.
    var chain: [ScriptedRecognizer] = []
    for index in 1...12 {
      chain.append(h.add(ScriptedRecognizer(), "r\(index)", to: h.window))
      chain.append(h.add(ScriptedRecognizer(), "v\(index)"))
    }
    for (recognizer, next) in zip(chain, chain.dropFirst()) { recognizer.require(toFail: next) }
    for recognizer in chain { recognizer.onEnded = [[.failed]] }
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    // Reset in the order each was added to its view; v1 before r1 and r2 before v2 as the walk
    // from v1, the first to finish, reaches them.
    let order = ["v1", "r1"] + (2...12).flatMap { ["r\($0)", "v\($0)"] }
    #expect(h.decisions.filter { $0.contains(" reset ") } == order.map { "0.1 reset \($0)" })
  }
}

/// A recognizer that, on its first move, asks for `began` and then `ended`, each with a reason of
/// its own.
private final class BeginsAndEndsOnMove: GestureRecognizer {
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    setState(.began, reason: "first move")
    setState(.ended, reason: "done at once")
  }
}
