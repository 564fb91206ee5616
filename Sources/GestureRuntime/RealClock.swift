public import GestureCore

/// A clock that follows the system's monotonic clock, for apps.
///
/// Its origin is the moment it was created. An app stamps its input events with ``now`` and, from
/// its event loop, calls ``GestureRuntime/advance(to:)`` with ``now`` (or at
/// ``GestureRuntime/nextTimerDeadline``) so that the recognizers' timers fire.
public final class RealClock: GestureClock {
  private let origin = ContinuousClock.now

  /// Creates a clock whose origin is now.
  public init() {}

  /// Microseconds since the clock was created.
  public var now: Timestamp {
    Timestamp(microseconds: (ContinuousClock.now - origin).wholeMicroseconds)
  }

  /// Ignored: a real clock moves by itself.
  public func runtimeDidAdvance(to time: Timestamp) {}
}
