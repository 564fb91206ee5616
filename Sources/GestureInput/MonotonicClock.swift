#if os(Linux)
  public import GestureCore
  import Glibc

  /// A clock on `CLOCK_MONOTONIC`, the clock ``InputDevice`` sets its device's timestamps to, so
  /// that kernel timestamps and the runtime's time agree.
  ///
  /// Its origin is the moment it was created: ``now`` counts from zero, and
  /// ``timestamp(kernelTime:)`` turns a kernel timestamp (microseconds on `CLOCK_MONOTONIC`)
  /// into the runtime's time. ``GestureRuntime/RealClock`` follows Swift's `ContinuousClock`, which on Linux
  /// also counts while the machine is suspended (`CLOCK_BOOTTIME`), and so drifts from the
  /// device's timestamps after a suspend; this clock does not.
  public final class MonotonicClock: GestureClock {
    /// The clock's origin on `CLOCK_MONOTONIC`, in microseconds.
    public let origin: Timestamp

    /// Creates a clock whose origin is now.
    public init() {
      origin = Self.kernelNow()
    }

    /// Microseconds since the clock was created.
    public var now: Timestamp {
      Timestamp(microseconds: Self.kernelNow().microseconds - origin.microseconds)
    }

    /// Ignored: the clock moves by itself.
    public func runtimeDidAdvance(to time: Timestamp) {}

    /// The runtime's time of a kernel timestamp on `CLOCK_MONOTONIC` (the earliest or latest
    /// time there is for a stamp so far off that the difference does not fit).
    public func timestamp(kernelTime: Timestamp) -> Timestamp {
      let (difference, overflow) = kernelTime.microseconds.subtractingReportingOverflow(origin.microseconds)
      if overflow { return Timestamp(microseconds: kernelTime.microseconds < 0 ? .min : .max) }
      return Timestamp(microseconds: difference)
    }

    /// `CLOCK_MONOTONIC` now, in microseconds since the system's boot (the kernel's stamp for
    /// input events).
    public static func kernelNow() -> Timestamp {
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Timestamp(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000)
    }
  }
#endif
