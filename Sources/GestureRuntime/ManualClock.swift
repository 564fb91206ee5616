public import GestureCore

/// A clock that moves only when the runtime moves it: tests and replays run on it, so a trace is
/// the same on every run and every machine (<doc:BehaviourReference> §5).
public final class ManualClock: GestureClock {
  /// The current time.
  public var now: Timestamp { storedNow }
  /// The storage of ``now``, private, so that this module sees every access to it and proves
  /// those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  /// checked at run time at every access).
  private var storedNow: Timestamp

  /// Creates a clock at `start` (default zero).
  public init(start: Timestamp = .zero) {
    self.storedNow = start
  }

  /// Moves to `time`; the runtime calls this as it dispatches, never backwards.
  public func runtimeDidAdvance(to time: Timestamp) {
    if time > storedNow { storedNow = time }
  }
}
