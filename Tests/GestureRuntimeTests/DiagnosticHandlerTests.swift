import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Diagnostics without a trace: the runtime's diagnosticHandler")
struct DiagnosticHandlerTests {
  /// A window with one view and a runtime without a trace.
  func untraced() -> (GestureRuntime, View) {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let view = View(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(view)
    return (GestureRuntime(window: window), view)
  }

  @Test("Input the runtime drops is reported with its time, after the dispatch, with no trace attached")
  func droppedInput() {
    let (runtime, _) = untraced()
    var seen: [GestureRuntime.Diagnostic] = []
    runtime.diagnosticHandler = { seen.append($0) }
    runtime.send(TouchInput(id: 7, phase: .moved, x: 10, y: 10), at: Timestamp(seconds: 1))
    runtime.send(TouchInput(id: 1, phase: .began, x: 10, y: 10), at: Timestamp(seconds: 2))
    runtime.send(TouchInput(id: 1, phase: .began, x: 10, y: 10), at: Timestamp(seconds: 0.5))
    #expect(
      seen == [
        GestureRuntime.Diagnostic(time: Timestamp(seconds: 1), message: "touch 7 moved but it is not down; dropped"),
        GestureRuntime.Diagnostic(
          time: Timestamp(seconds: 2), message: "input at 0.5 s is earlier than the runtime's time 2 s; treated as 2 s"),
        GestureRuntime.Diagnostic(time: Timestamp(seconds: 2), message: "touch 1 began while already down; dropped"),
      ])
    #expect(seen.map(\.description).last == "touch 1 began while already down; dropped")
  }

  @Test("A recognizer's diagnostic made by app code outside a dispatch is reported at once, naming it")
  func outsideADispatch() {
    let (runtime, view) = untraced()
    var seen: [String] = []
    runtime.diagnosticHandler = { seen.append($0.description) }
    let tap = TapGestureRecognizer(name: "tap")
    view.addGestureRecognizer(tap)
    tap.require(toFail: tap)
    #expect(seen == ["[tap] tap cannot require itself to fail; ignored"])
  }

  @Test(
    "A state app code sets illegally outside a dispatch is reported after the dispatch that publishes its mapped state, not while it is being set"
  )
  func illegalStateOutsideADispatch() {
    let (runtime, view) = untraced()
    runtime.strictTransitions = false
    let pan = PanGestureRecognizer(name: "pan")
    view.addGestureRecognizer(pan)
    var seen: [String] = []
    runtime.diagnosticHandler = { seen.append("\(pan.state): \($0)") }
    // possible → changed is mapped to began.
    pan.setState(.changed)
    #expect(seen == ["began: [pan] illegal transition possible → changed requested by pan; mapped to began"])
    // An ignored one is followed by nothing: reported as the call's last step.
    seen.removeAll()
    pan.setState(.possible)
    #expect(seen.count == 1)
    #expect(seen.allSatisfy { $0.hasPrefix("began: [pan] illegal transition began → possible") })
  }

  @Test("The handler gets what the trace's diagnostic lines say, in the same order")
  func sameAsTheTrace() {
    let h = Harness()
    let a = h.add(TapGestureRecognizer(), "a")
    let b = h.add(TapGestureRecognizer(), "b")
    a.require(toFail: b)
    b.require(toFail: a)
    var seen: [String] = []
    h.runtime.diagnosticHandler = { seen.append("\($0.time) diagnostic \($0)") }
    h.down(1, 10, 10, at: 0)
    h.move(2, 10, 10, at: 0.05)
    h.up(1, 10, 10, at: 0.1)
    let traced = h.lines.filter { $0.contains(" diagnostic ") }
    #expect(traced.count == 2)
    #expect(seen == traced)
  }

  @Test("Diagnostics of input the handler sends wait for those made before, and none is reported twice")
  func reentrantHandler() {
    let (runtime, _) = untraced()
    var seen: [String] = []
    var sent = false
    // Weak, so that the runtime and its handler do not keep each other alive.
    runtime.diagnosticHandler = { [weak runtime] diagnostic in
      seen.append(diagnostic.message)
      if !sent, let runtime {
        sent = true
        // Makes a diagnostic of its own, in a dispatch that runs now.
        runtime.send(TouchInput(id: 9, phase: .ended, x: 0, y: 0), at: runtime.now)
      }
    }
    runtime.send(
      [TouchInput(id: 3, phase: .moved, x: 0, y: 0), TouchInput(id: 4, phase: .cancelled, x: 0, y: 0)],
      at: Timestamp(seconds: 1))
    #expect(
      seen == [
        "touch 3 moved but it is not down; dropped", "touch 4 cancelled but it is not down; dropped",
        "touch 9 ended but it is not down; dropped",
      ])
  }

  @Test("Without a handler nothing is kept; a handler set later gets only what follows")
  func keptOnlyWithAHandler() {
    let (runtime, _) = untraced()
    runtime.send(TouchInput(id: 5, phase: .moved, x: 0, y: 0), at: Timestamp(seconds: 1))
    var seen: [String] = []
    runtime.diagnosticHandler = { seen.append($0.message) }
    runtime.send(TouchInput(id: 6, phase: .moved, x: 0, y: 0), at: Timestamp(seconds: 2))
    #expect(seen == ["touch 6 moved but it is not down; dropped"])
  }
}
