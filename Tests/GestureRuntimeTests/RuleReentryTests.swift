import GestureCore
import GestureRecognizers
import GestureTestSupport
import Testing

@testable import GestureRuntime

// User code reaches the rules only through the host, whose requests wait until it returns, and
// through what waits for the dispatch to end (input, time, scene changes). Debug builds trap a
// rule entered from inside user code any other way; these tests enter one on purpose, through
// the runtime's internals, in a process of their own.
#if DEBUG
  /// Resolves the states asked for from inside its own touchesBegan.
  private final class ResolvingRecognizer: GestureRecognizer {
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
      (host as? GestureRuntime)?.resolve()
    }
  }

  /// Looks for requirement cycles from inside gestureRecognizerShouldBegin.
  private final class CycleSearchingDelegate: GestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
      (gestureRecognizer.host as? GestureRuntime)?.detectCycles()
      return true
    }
  }

  /// Marks its touches changed from inside its own touchesBegan.
  private final class MarkingView: View {
    var runtime: GestureRuntime?
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
      for touch in touches { if let record = touch.record { runtime?.markDirty(record) } }
    }
  }

  /// What the exited process wrote to its standard error (the trap's message).
  private func standardError(of result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Suite("Rules entered from inside user code")
  struct RuleReentryTests {
    @Test("A touch method that calls into the rules traps, naming the method, its recognizer and the rule")
    func fromTouchMethod() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let h = Harness()
        h.add(ResolvingRecognizer(), "resolving")
        h.down(1, 10, 10, at: 0)
      }
      let message = standardError(of: result)
      #expect(message.contains("the rules were reentered from user code (touchesBegan of resolving) during resolve"))
    }

    @Test("A delegate that calls into the rules traps, naming the delegate method, its recognizer and the rule")
    func fromDelegate() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let h = Harness()
        let tap = h.add(TapGestureRecognizer(), "tap")
        let delegate = CycleSearchingDelegate()
        tap.delegate = delegate
        h.down(1, 10, 10, at: 0)
        h.up(1, 10, 10, at: 0.05)
        withExtendedLifetime(delegate) {}
      }
      let message = standardError(of: result)
      #expect(
        message.contains(
          "the rules were reentered from user code (gestureRecognizerShouldBegin of the delegate of tap) during detectCycles"
        ))
    }

    @Test("A view's touch method that calls into the rules traps, naming the method, the view and the rule")
    func fromView() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let view = MarkingView(name: "marking", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(view)
        let h = Harness(window: window)
        view.runtime = h.runtime
        h.down(1, 10, 10, at: 0)
      }
      let message = standardError(of: result)
      #expect(
        message.contains("the rules were reentered from user code (touchesBegan of view marking) during markDirty"))
    }

    @Test("An action that fires the pending timers itself, in the middle of the dispatch, traps")
    func timersFromAction() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let h = Harness()
        let pan = h.add(PanGestureRecognizer(), "pan")
        h.add(LongPressGestureRecognizer(), "press", to: h.window)
        let runtime = h.runtime
        pan.addAction { [unowned runtime] _ in runtime.runUntilIdle() }
        h.down(1, 10, 10, at: 0)
        h.move(1, 40, 10, at: 0.1)
      }
      let message = standardError(of: result)
      #expect(message.contains("the rules were reentered from user code (the actions of pan) during fire"))
    }

    @Test("Requests through the host from inside user code do not trap: they wait until it returns")
    func hostRequestsWait() {
      // The same kinds of request as the traps above reach, made the supported way.
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
  }
#endif
