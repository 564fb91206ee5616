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
    weak var runtime: GestureRuntime?
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
      for touch in touches { if let runtime, let record = runtime.record(of: touch) { runtime.markDirty(record) } }
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
  }
#endif

/// Moving time from inside a callback waits for the dispatch, in every build.
@Suite("Time moved from inside a callback")
struct TimeFromCallbackTests {
  /// A pan whose first action fires every pending timer (a long press on another view is
  /// waiting for its 0.5 s), or the same scene with the test firing them after the move.
  private func trace(firingFromAction: Bool) -> [String] {
    let h = Harness()
    let other = View(name: "W", frame: Rect(x: 0, y: 500, width: 400, height: 200))
    h.window.addSubview(other)
    let pan = h.add(PanGestureRecognizer(), "pan")
    h.add(LongPressGestureRecognizer(), "press", to: other)
    if firingFromAction {
      let runtime = h.runtime
      var fired = false
      pan.addAction { [unowned runtime] _ in
        guard !fired else { return }
        fired = true
        runtime.runUntilIdle()
      }
    }
    h.down(2, 10, 600, at: 0)
    h.down(1, 10, 10, at: 0.05)
    h.move(1, 40, 10, at: 0.1)
    h.finish()
    return h.lines
  }

  @Test("runUntilIdle() from an action runs right after the dispatch, as the same call after it does")
  func runUntilIdleFromAction() {
    let fromAction = trace(firingFromAction: true)
    #expect(fromAction == trace(firingFromAction: false))
    #expect(fromAction.contains { $0.contains("press possible → began") })
  }
}
