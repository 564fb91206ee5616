public import GestureCore

/// A clock that moves only when the runtime moves it: tests and replays run on it, so a trace is
/// the same on every run and every machine (<doc:BehaviourReference> §5).
public final class ManualClock: GestureClock {
  /// The current time.
  public private(set) var now: Timestamp

  /// Creates a clock at `start` (default zero).
  public init(start: Timestamp = .zero) {
    self.now = start
  }

  /// Moves to `time`; the runtime calls this as it dispatches, never backwards.
  public func runtimeDidAdvance(to time: Timestamp) {
    if time > now { now = time }
  }
}
