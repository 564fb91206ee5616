extension GestureRecognizer {
  /// The states of a recognizer (UIKit's `UIGestureRecognizer.State`, <doc:BehaviourReference> §1.1).
  ///
  /// Discrete recognizers go `possible → ended | failed`; continuous ones
  /// `possible → began → changed* → ended | cancelled`, or `possible → failed`.
  public enum State: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Not yet decided; the state between attempts.
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture changed.
    case changed
    /// The gesture ended; for a discrete recognizer, it was recognized.
    case ended
    /// A continuous gesture was cancelled after it began.
    case cancelled
    /// The gesture did not happen.
    case failed

    /// UIKit's name for `ended` in discrete recognizers.
    public static let recognized = State.ended

    /// Whether the state ends an attempt (`ended`, `cancelled`, `failed`).
    @inlinable public var isTerminal: Bool { rawValue >= State.ended.rawValue }

    /// Whether the state means the gesture has been recognized (`began`, `changed`, `ended`).
    @inlinable public var isRecognition: Bool {
      self == .began || self == .changed || self == .ended
    }

    /// The state's name as traces print it.
    public var description: String {
      switch self {
      case .possible: return "possible"
      case .began: return "began"
      case .changed: return "changed"
      case .ended: return "ended"
      case .cancelled: return "cancelled"
      case .failed: return "failed"
      }
    }

    /// Parses a state name as traces print it (`recognized` is accepted for `ended`).
    public init?(name: String) {
      if name == "recognized" {
        self = .ended
        return
      }
      guard let state = State.allCases.first(where: { $0.description == name }) else { return nil }
      self = state
    }

    /// Whether `from → to` is in the transition table (<doc:BehaviourReference> §1.1).
    public static func isLegal(from: State, to: State) -> Bool {
      switch (from, to) {
      case (.possible, .began), (.possible, .ended), (.possible, .failed): return true
      case (.began, .changed), (.began, .ended), (.began, .cancelled): return true
      case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return true
      default: return false
      }
    }

    /// What an illegal transition becomes when strict checking is off, as UIKit maps it
    /// (<doc:BehaviourReference> §1.2); nil when it is ignored.
    public static func mapIllegal(from: State, to: State) -> State? {
      if from.isTerminal || to == .possible { return nil }
      switch (from, to) {
      case (.possible, .changed): return .began
      case (.possible, .cancelled): return .failed
      case (.began, .began): return .changed
      case (.began, .failed), (.changed, .failed): return .cancelled
      default: return nil
      }
    }
  }
}
