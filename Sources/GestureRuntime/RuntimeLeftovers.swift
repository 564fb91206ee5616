public import GestureCore

/// What a runtime still holds: touches down, timers pending, recognizers undecided
/// (``GestureRuntime/finish()``).
///
/// A test that ends with every gesture decided expects it to be empty; one that stops in the
/// middle of a gesture sees exactly what it left behind, by name.
public struct RuntimeLeftovers: Hashable, Sendable, CustomStringConvertible {
  /// A timer that has not fired.
  public struct PendingTimer: Hashable, Sendable, CustomStringConvertible {
    /// The display name of the recognizer that started it.
    public let recognizer: String
    /// The timer's identifier, as given to `startTimer(_:after:)`; nil for the runtime's own
    /// timers (the watchdog of an undecided recognizer, the end of a discrete scroll).
    public let id: Int?
    /// When it will fire.
    public let deadline: Timestamp

    /// Creates a description of a pending timer.
    public init(recognizer: String, id: Int?, deadline: Timestamp) {
      self.recognizer = recognizer
      self.id = id
      self.deadline = deadline
    }

    /// `name timer 0 at 1.25 s`, or `name runtime timer at 1.25 s`.
    public var description: String {
      "\(recognizer) \(id.map { "timer \($0)" } ?? "runtime timer") at \(deadline) s"
    }
  }

  /// The identifiers of the touches still down, in the order they began (the pointer's own
  /// hover and scroll sequences are not touches and are not listed).
  public var touches: [Int]
  /// The timers that have not fired, in the order they will fire.
  public var timers: [PendingTimer]
  /// The display names of the recognizers that received a touch since their last reset and have
  /// not been reset yet (undecided, or decided and waiting for the recognizers they are reset
  /// with), in the order they joined.
  public var recognizers: [String]

  /// Creates a set of leftovers.
  public init(touches: [Int] = [], timers: [PendingTimer] = [], recognizers: [String] = []) {
    self.touches = touches
    self.timers = timers
    self.recognizers = recognizers
  }

  /// Whether nothing is left.
  public var isEmpty: Bool { touches.isEmpty && timers.isEmpty && recognizers.isEmpty }

  /// One line: `nothing left`, or what is left, by kind.
  public var description: String {
    if isEmpty { return "nothing left" }
    var parts: [String] = []
    if !touches.isEmpty { parts.append("touches down: \(touches.map(String.init).joined(separator: ", "))") }
    if !timers.isEmpty { parts.append("timers pending: \(timers.map(\.description).joined(separator: ", "))") }
    if !recognizers.isEmpty { parts.append("recognizers in an attempt: \(recognizers.joined(separator: ", "))") }
    return parts.joined(separator: "; ")
  }
}

extension GestureRuntime {
  /// Reports what the runtime still holds, without changing anything: the touches still down,
  /// the timers still pending and the recognizers still in an attempt.
  ///
  /// Call it where a test ends, as an embedded event loop's `finish()` is called, to check that
  /// the script left nothing behind: `#expect(runtime.finish().isEmpty)`. To let pending timers
  /// decide first, call ``runUntilIdle(limit:)`` (or ``advance(by:)``) before it. The runtime
  /// stays usable afterwards.
  public func finish() -> RuntimeLeftovers {
    var leftovers = RuntimeLeftovers()
    let down = tables.live.numbers.filter { !pointer.isSynthetic($0) }.map { tables.records[$0] }
    leftovers.touches = down.sorted { $0.serial < $1.serial }.map(\.touch.identifier)
    // Read from user code that started or cancelled timers, they count as applied.
    leftovers.timers = pendingTimersInOrder().map { timer in
      RuntimeLeftovers.PendingTimer(
        recognizer: timer.recognizer?.displayName ?? "?",
        id: timer.id == Self.watchdogTimerID || timer.id == Self.scrollIdleTimerID ? nil : timer.id,
        deadline: timer.deadline)
    }
    leftovers.recognizers = activeRecognizers.map(\.displayName)
    return leftovers
  }
}
