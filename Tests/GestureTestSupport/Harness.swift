public import GestureCore
import GestureRecognizers
public import GestureRuntime

/// A test fixture: a window with one subview `V`, a runtime on a manual clock with a trace
/// recorder, and helpers that script touches the way event scripts do.
public final class Harness {
  /// The root view `R` (0, 0, 400, 800).
  public let window: View
  /// The subview `V` (0, 0, 400, 400).
  public let view: View
  /// The runtime under test.
  public let runtime: GestureRuntime
  /// Everything the runtime traced.
  public let recorder = TraceRecorder()

  /// Creates the fixture; strict transition checking is off unless asked for.
  public init(strict: Bool = false) {
    window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    view = View(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(view)
    runtime = GestureRuntime(window: window, clock: ManualClock(), trace: recorder)
    runtime.strictTransitions = strict
  }

  /// Creates the fixture around an existing tree.
  public init(window: View, strict: Bool = false) {
    self.window = window
    self.view = window.subviews.first ?? window
    runtime = GestureRuntime(window: window, clock: ManualClock(), trace: recorder)
    runtime.strictTransitions = strict
  }

  /// Adds a recognizer to `view` (default `V`), naming it.
  @discardableResult
  public func add<R: GestureRecognizer>(_ recognizer: R, _ name: String, to target: View? = nil) -> R {
    recognizer.name = name
    (target ?? view).addGestureRecognizer(recognizer)
    return recognizer
  }

  public func down(_ id: Int, _ x: Double, _ y: Double, at t: Double, type: TouchType = .direct) {
    runtime.send(TouchInput(id: id, phase: .began, x: x, y: y, type: type), at: Timestamp(seconds: t))
  }

  public func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) {
    runtime.send(TouchInput(id: id, phase: .moved, x: x, y: y), at: Timestamp(seconds: t))
  }

  public func stay(_ id: Int, _ x: Double, _ y: Double, at t: Double) {
    runtime.send(TouchInput(id: id, phase: .stationary, x: x, y: y), at: Timestamp(seconds: t))
  }

  public func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) {
    runtime.send(TouchInput(id: id, phase: .ended, x: x, y: y), at: Timestamp(seconds: t))
  }

  public func cancel(_ id: Int, _ x: Double, _ y: Double, at t: Double) {
    runtime.send(TouchInput(id: id, phase: .cancelled, x: x, y: y), at: Timestamp(seconds: t))
  }

  /// Sends several touch changes as one event.
  public func event(at t: Double, _ touches: [TouchInput]) {
    runtime.send(touches, at: Timestamp(seconds: t))
  }

  public func advance(to t: Double) {
    runtime.advance(to: Timestamp(seconds: t))
  }

  /// Fires every pending timer.
  public func finish() {
    runtime.runUntilIdle()
  }

  /// The whole trace, one line per event.
  public var lines: [String] { recorder.lines }

  /// The trace without `touch` lines (the input is in the test already).
  public var decisions: [String] {
    recorder.events.compactMap { event in
      if case .touch = event.kind { return nil }
      return event.description
    }
  }

  /// Keeps an object (a delegate: the recognizer holds it weakly) alive as long as the harness.
  public func keep(_ object: AnyObject) { kept.append(object) }
  private var kept: [AnyObject] = []

  /// Forgets the trace so far.
  public func clearTrace() { recorder.removeAll() }
}

/// A view that records its touch callbacks, for tests that need the calls themselves.
public final class RecordingView: View {
  public private(set) var calls: [String] = []

  public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    calls.append("began \(touches.map(\.identifier))")
  }
  public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    calls.append("moved \(touches.map(\.identifier))")
  }
  public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    calls.append("ended \(touches.map(\.identifier))")
  }
  public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    calls.append("cancelled \(touches.map(\.identifier))")
  }

  public var vetoed: Set<String> = []
  public override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    !vetoed.contains(gestureRecognizer.name)
  }
}

/// A delegate whose answers are set per test.
public final class TestDelegate: GestureRecognizerDelegate {
  public var shouldBegin: (GestureRecognizer) -> Bool = { _ in true }
  public var simultaneous: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
  public var requireFailureOf: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
  public var beRequiredToFailBy: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
  public var receive: (GestureRecognizer, Touch) -> Bool = { _, _ in true }
  public private(set) var log: [String] = []

  public init() {}

  public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    log.append("shouldBegin \(gestureRecognizer.name)")
    return shouldBegin(gestureRecognizer)
  }
  public func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool
  {
    simultaneous(g, o)
  }
  public func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
    requireFailureOf(g, o)
  }
  public func gestureRecognizer(_ g: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
    beRequiredToFailBy(g, o)
  }
  public func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    receive(g, touch)
  }
}

/// Begins at its first touch; runs `onMoved` from the first `touchesMoved` after it is set, and
/// counts the moves it gets.
public final class MoveHook: GestureRecognizer {
  public var onMoved: (MoveHook) -> Void = { _ in }
  public private(set) var moves = 0

  public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { setState(.began) }
  public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    moves += 1
    let hook = onMoved
    onMoved = { _ in }
    hook(self)
  }
}

/// A recognizer scripted by the test: it asks for the states queued for each callback, so a
/// test can drive the runtime through any sequence, legal or not.
public final class ScriptedRecognizer: GestureRecognizer {
  /// States to ask for on the next touchesBegan / Moved / Ended, in order, one list per call.
  public var onBegan: [[State]] = []
  public var onMoved: [[State]] = []
  public var onEnded: [[State]] = []
  public var onTimer: [[State]] = []
  public var onCancelled: [State] = []
  public private(set) var received: [String] = []
  public private(set) var resets = 0
  public var preventable = true
  public var prevents = true
  public var requiresFailureOf: Set<String> = []
  public var requiredToFailBy: Set<String> = []
  /// The kinds of event it takes (its answer to `shouldReceive(_:)` for an event).
  public var eventTypes: Set<EventType> = [.touches]

  public override func shouldReceive(_ event: TouchEvent) -> Bool { eventTypes.contains(event.type) }
  public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    received.append("began \(touches.map(\.identifier))")
    if !onBegan.isEmpty { for state in onBegan.removeFirst() { setState(state) } }
  }
  public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    received.append("moved \(touches.map(\.identifier))")
    if !onMoved.isEmpty { for state in onMoved.removeFirst() { setState(state) } }
  }
  public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    received.append("ended \(touches.map(\.identifier))")
    if !onEnded.isEmpty { for state in onEnded.removeFirst() { setState(state) } }
  }
  public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    received.append("cancelled \(touches.map(\.identifier))")
    for state in onCancelled { setState(state) }
  }
  public override func timerFired(_ id: Int) {
    received.append("timer \(id)")
    if !onTimer.isEmpty { for state in onTimer.removeFirst() { setState(state) } }
  }
  public override func reset() { resets += 1 }
  public override func canBePrevented(by other: GestureRecognizer) -> Bool { preventable }
  public override func canPrevent(_ other: GestureRecognizer) -> Bool { prevents }
  public override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
    requiresFailureOf.contains(other.name)
  }
  public override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
    requiredToFailBy.contains(other.name)
  }
}
