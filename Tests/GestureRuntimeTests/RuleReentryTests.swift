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
  }
#endif
