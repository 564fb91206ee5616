/// A moment on the runtime's clock, counted in whole microseconds (<doc:BehaviourReference> §5).
///
/// Whole microseconds make sums exact: `0.1 s + 0.35 s` is exactly `0.45 s`, so a trace is the same
/// on every machine.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Microseconds since the clock's origin.
  public var microseconds: Int64

  /// Creates a timestamp from microseconds since the clock's origin.
  @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

  /// Creates a timestamp from seconds, rounded to the nearest microsecond.
  ///
  /// Values beyond about ±292,000 years are clamped.
  public init(seconds: Double) {
    let micro = (seconds * 1_000_000).rounded()
    if micro.isNaN {
      self.microseconds = 0
    } else if micro >= 9.2e18 {
      self.microseconds = Int64.max / 2
    } else if micro <= -9.2e18 {
      self.microseconds = Int64.min / 2
    } else {
      self.microseconds = Int64(micro)
    }
  }

  /// The clock's origin.
  public static let zero = Timestamp(microseconds: 0)

  /// The timestamp in seconds.
  @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

  /// Orders timestamps by time.
  @inlinable public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.microseconds < rhs.microseconds
  }

  /// The timestamp `duration` later, truncated to whole microseconds.
  @inlinable public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp {
    Timestamp(microseconds: lhs.microseconds &+ rhs.wholeMicroseconds)
  }

  /// The span from `rhs` to `lhs`.
  @inlinable public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
    .microseconds(lhs.microseconds &- rhs.microseconds)
  }

  /// Seconds with at most six decimals, such as `0.43`.
  public var description: String { formatNumber(seconds) }
}

extension Duration {
  /// The duration in whole microseconds, truncated toward zero.
  @inlinable public var wholeMicroseconds: Int64 {
    let parts = components
    return parts.seconds &* 1_000_000 &+ parts.attoseconds / 1_000_000_000_000
  }

  /// The duration in seconds, as a floating-point number.
  @inlinable public var secondsValue: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  /// Creates a duration from seconds given as a floating-point number, rounded to microseconds.
  public static func seconds(exactly value: Double) -> Duration {
    .microseconds(Timestamp(seconds: value).microseconds)
  }
}

/// A source of the current time for a ``GestureRecognizer`` runtime (<doc:BehaviourReference> §5).
///
/// The runtime owns its clock. A manual clock moves only when the runtime is told to move it
/// (tests and replay); a real clock follows the system's monotonic clock (apps).
public protocol GestureClock: AnyObject {
  /// The current time.
  var now: Timestamp { get }

  /// Called by the runtime each time it moves its notion of time to `time` (never backwards).
  ///
  /// A manual clock moves to `time`; a real clock ignores the call.
  func runtimeDidAdvance(to time: Timestamp)
}
