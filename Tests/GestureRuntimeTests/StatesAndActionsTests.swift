import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// <doc:BehaviourReference> §1: states and actions.
@Suite("States and actions (behaviour reference §1)")
struct StatesAndActionsTests {
  typealias State = GestureRecognizer.State

  @Test("1.1 The transition table has exactly the legal moves of discrete and continuous gestures")
  func transitionTable() {
    var legal: [String] = []
    for from in State.allCases {
      for to in State.allCases where State.isLegal(from: from, to: to) {
        legal.append("\(from)→\(to)")
      }
    }
    #expect(
      legal == [
        "possible→began", "possible→ended", "possible→failed",
        "began→changed", "began→ended", "began→cancelled",
        "changed→changed", "changed→ended", "changed→cancelled",
      ])
    #expect(State.recognized == .ended)
  }

  @Test("1.1 A continuous recognizer goes possible → began → changed → changed → ended, each published")
  func continuousPath() {
    let h = Harness()
    let r = h.add(ScriptedRecognizer(), "s")
    r.onMoved = [[.began], [.changed], [.changed]]
    r.onEnded = [[.ended]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.move(1, 30, 10, at: 0.2)
    h.move(1, 40, 10, at: 0.3)
    h.up(1, 40, 10, at: 0.4)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state s possible → began: began",
        "0.1 action s began at (20, 10)",
        "0.1 view V touchesCancelled 1",
        "0.2 state s began → changed: changed",
        "0.2 action s changed at (30, 10)",
        "0.3 state s changed → changed: changed",
        "0.3 action s changed at (40, 10)",
        "0.4 state s changed → ended: ended",
        "0.4 action s ended at (40, 10)",
        "0.4 reset s",
      ])
  }

  @Test("1.1 began → ended is legal, and a discrete recognizer goes possible → ended")
  func shortPaths() {
    let h = Harness()
    let continuous = h.add(ScriptedRecognizer(), "c")
    let discrete = h.add(ScriptedRecognizer(), "d", to: h.window)
    continuous.onMoved = [[.began]]
    continuous.onEnded = [[.ended]]
    discrete.onEnded = [[.ended]]
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    discrete.delegate = delegate
    h.down(1, 10, 10, at: 0)
    h.move(1, 30, 10, at: 0.1)
    h.up(1, 30, 10, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state c possible → began: began",
        "0.1 action c began at (30, 10)",
        "0.1 view V touchesCancelled 1",
        "0.2 state c began → ended: ended",
        "0.2 state d possible → ended: recognized",
        "0.2 action c ended at (30, 10)",
        "0.2 action d ended at (30, 10)",
        "0.2 reset c",
        "0.2 reset d",
      ])
  }

  struct IllegalCase: CustomTestStringConvertible, Sendable {
    let setup: [State]
    let request: State
    let published: State?
    let message: String
    var testDescription: String { message }
  }

  static let illegalCases: [IllegalCase] = [
    IllegalCase(setup: [], request: .changed, published: .began, message: "possible → changed; mapped to began"),
    IllegalCase(setup: [], request: .cancelled, published: .failed, message: "possible → cancelled; mapped to failed"),
    IllegalCase(setup: [.began], request: .began, published: .changed, message: "began → began; mapped to changed"),
    IllegalCase(
      setup: [.began], request: .failed, published: .cancelled, message: "began → failed; mapped to cancelled"),
    IllegalCase(
      setup: [.began, .changed], request: .failed, published: .cancelled,
      message: "changed → failed; mapped to cancelled"),
    IllegalCase(setup: [.began], request: .possible, published: nil, message: "began → possible; ignored"),
    IllegalCase(setup: [], request: .possible, published: nil, message: "possible → possible; ignored"),
    IllegalCase(setup: [.began, .changed], request: .began, published: nil, message: "changed → began; ignored"),
    IllegalCase(setup: [.ended], request: .changed, published: nil, message: "ended → changed; ignored"),
    IllegalCase(setup: [.failed], request: .began, published: nil, message: "failed → began; ignored"),
  ]

  @Test(
    "1.2 With strict checking off, an illegal transition is mapped as UIKit maps it, with a diagnostic",
    arguments: illegalCases)
  func illegalMapped(_ c: IllegalCase) {
    let h = Harness(strict: false)
    let r = h.add(ScriptedRecognizer(), "s")
    r.onMoved = [c.setup + [c.request]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    let diagnostics = h.decisions.filter { $0.contains("diagnostic") }
    let parts = c.message.split(separator: ";", maxSplits: 1).map(String.init)
    #expect(diagnostics == ["0.1 diagnostic [s] illegal transition \(parts[0]) requested by s;\(parts[1])"])
    let states = h.recorder.events.compactMap { event -> State? in
      if case .state(_, _, let to, _) = event.kind { return to }
      return nil
    }
    var expected = c.setup
    if let published = c.published { expected.append(published) }
    // A mapped began → began becomes the changed of an already began recognizer.
    #expect(states == expected)
  }

  @Test("1.2 With strict checking on, an illegal transition traps naming the recognizer and both states")
  func illegalTraps() async {
    await #expect(processExitsWith: .failure) {
      let h = Harness(strict: true)
      let r = h.add(ScriptedRecognizer(), "s")
      r.onBegan = [[.changed]]
      h.down(1, 10, 10, at: 0)
    }
  }

  @Test("1.3 Actions run in registration order on began, changed, ended and cancelled, never on failed")
  func actionsOnStates() {
    let h = Harness()
    let r = h.add(ScriptedRecognizer(), "s")
    final class Log { var entries: [String] = [] }
    let log = Log()
    r.addAction { log.entries.append("first \($0.state)") }
    let second = r.addAction { log.entries.append("second \($0.state)") }
    r.onMoved = [[.began], [.changed]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.move(1, 30, 10, at: 0.2)
    r.removeAction(second)
    h.cancel(1, 30, 10, at: 0.3)
    #expect(log.entries == ["first began", "second began", "first changed", "second changed", "first cancelled"])
    // A recognizer that fails sends nothing.
    let failing = h.add(ScriptedRecognizer(), "f")
    failing.addAction { _ in log.entries.append("failed action") }
    failing.onEnded = [[.failed]]
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    #expect(!log.entries.contains("failed action"))
    #expect(h.decisions.contains("1.1 state f possible → failed: failed"))
  }

  @Test("1.3 Actions added or removed by an action take effect from the next state change")
  func actionsChangedDuringDispatch() {
    let h = Harness()
    let r = h.add(ScriptedRecognizer(), "s")
    final class Log { var entries: [String] = [] }
    let log = Log()
    // One action (the runtime's single-action path) that removes itself and adds another.
    var onlyID: ActionIdentifier?
    onlyID = r.addAction { recognizer in
      log.entries.append("only \(recognizer.state)")
      recognizer.removeAction(onlyID!)
      recognizer.addAction { log.entries.append("added \($0.state)") }
    }
    r.onMoved = [[.began], [.changed], [.changed]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.move(1, 30, 10, at: 0.2)
    #expect(log.entries == ["only began", "added changed"])
    // Two actions (the snapshot path): the first removes the second, which still runs this time.
    var secondID: ActionIdentifier?
    r.addAction { recognizer in
      log.entries.append("remover \(recognizer.state)")
      if let secondID { recognizer.removeAction(secondID) }
    }
    secondID = r.addAction { log.entries.append("removed \($0.state)") }
    log.entries.removeAll()
    h.move(1, 40, 10, at: 0.3)
    h.move(1, 50, 10, at: 0.4)
    #expect(
      log.entries == [
        "added changed", "remover changed", "removed changed", "added changed", "remover changed",
      ])
  }

  @Test(
    "1.4 A began recognizer gets a changed action for every event with a touch it tracks; stationary touches are not delivered"
  )
  func implicitChanged() {
    let h = Harness()
    let r = h.add(ScriptedRecognizer(), "s")
    r.onBegan = [[.began]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 15, 10, at: 0.1)
    h.stay(1, 15, 10, at: 0.15)
    h.move(1, 20, 10, at: 0.2)
    #expect(r.received == ["began [1]", "moved [1]", "moved [1]"])
    #expect(
      h.decisions == [
        "0 state s possible → began: began",
        "0 action s began at (10, 10)",
        "0.1 state s began → changed: changed",
        "0.1 action s changed at (15, 10)",
        "0.2 state s changed → changed: changed",
        "0.2 action s changed at (20, 10)",
      ])
  }

  @Test("1.4 A state asked for another recognizer during a delivery leaves the implicit changed in place")
  func implicitChangedAfterAskingForAnother() {
    let h = Harness()
    let other = h.add(ScriptedRecognizer(), "other")
    other.onBegan = [[.began]]
    let hook = h.add(MoveHook(), "hook")
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    hook.delegate = delegate
    // `other` asks nothing when it moves: it gets a `changed` of its own anyway.
    hook.onMoved = { _ in other.setState(.ended) }
    h.down(1, 10, 10, at: 0)
    h.move(1, 15, 10, at: 0.1)
    #expect(
      h.decisions == [
        "0 state other possible → began: began",
        "0 state hook possible → began: began",
        "0 action other began at (10, 10)",
        "0 action hook began at (10, 10)",
        "0.1 state other began → changed: changed",
        "0.1 state other changed → ended: ended",
        "0.1 state hook began → changed: changed",
        "0.1 action other changed at (15, 10)",
        "0.1 action other ended at (15, 10)",
        "0.1 action hook changed at (15, 10)",
        "0.1 reset other",
      ])
  }

  @Test(
    "1.4 A recognizer removed from its view during its delivery, that then asks for a state, gets no implicit changed"
  )
  func noImplicitChangedAfterAskingWithoutHost() {
    let h = Harness()
    let hook = h.add(MoveHook(), "hook")
    hook.onMoved = { hook in
      hook.view?.removeGestureRecognizer(hook)
      // No host any more: the state is the recognizer's own (no runtime publishes it), and the
      // runtime then cancels the attempt.
      hook.setState(.changed)
    }
    h.down(1, 10, 10, at: 0)
    h.move(1, 15, 10, at: 0.1)
    #expect(
      h.decisions == [
        "0 state hook possible → began: began",
        "0 action hook began at (10, 10)",
        "0.1 state hook changed → cancelled: removed from its view",
        "0.1 action hook cancelled at (15, 10)",
        "0.1 reset hook",
      ])
  }

  @Test("1.4 A recognizer removed from its view during its delivery, that asks for nothing, gets the implicit changed")
  func implicitChangedAfterRemovalWithoutAsking() {
    let h = Harness()
    let hook = h.add(MoveHook(), "hook")
    hook.onMoved = { hook in hook.view?.removeGestureRecognizer(hook) }
    h.down(1, 10, 10, at: 0)
    h.move(1, 15, 10, at: 0.1)
    #expect(
      h.decisions == [
        "0 state hook possible → began: began",
        "0 action hook began at (10, 10)",
        "0.1 state hook began → changed: changed",
        "0.1 action hook changed at (15, 10)",
        "0.1 state hook changed → cancelled: removed from its view",
        "0.1 action hook cancelled at (15, 10)",
        "0.1 reset hook",
      ])
  }

  @Test("1.5 Actions go out after every recognizer has seen the event and before the views are told")
  func actionOrder() {
    let h = Harness()
    let first = h.add(ScriptedRecognizer(), "first")
    let second = h.add(ScriptedRecognizer(), "second")
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    first.delegate = delegate
    first.onEnded = [[.ended]]
    second.onEnded = [[.ended]]
    final class Box { var seenBySecond = -1 }
    let box = Box()
    first.addAction { _ in box.seenBySecond = second.received.count }
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(box.seenBySecond == 2)
    #expect(
      Array(h.decisions.suffix(7)) == [
        "0.1 state first possible → ended: recognized",
        "0.1 state second possible → ended: recognized",
        "0.1 action first ended at (10, 10)",
        "0.1 action second ended at (10, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset first",
        "0.1 reset second",
      ])
  }

  @Test("1.6 A recognizer stopped before sending any action ends as failed, silently; after an action, as cancelled")
  func cancelledOnlyAfterAction() {
    let h = Harness()
    h.add(ScriptedRecognizer(), "quiet")
    let active = h.add(ScriptedRecognizer(), "active", to: h.window)
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    active.delegate = delegate
    active.onMoved = [[.began]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 30, 10, at: 0.1)
    h.cancel(1, 30, 10, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state active possible → began: began",
        "0.1 action active began at (30, 10)",
        "0.1 view V touchesCancelled 1",
        "0.2 state quiet possible → failed: its touches were cancelled",
        "0.2 state active began → cancelled: its touches were cancelled",
        "0.2 action active cancelled at (30, 10)",
        "0.2 reset quiet",
        "0.2 reset active",
      ])
  }
}
