/// The scroll types a recognizer follows (UIKit's `UIScrollTypeMask`, <doc:BehaviourReference> §6.4).
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
  /// One bit per ``ScrollType``.
  public let rawValue: Int

  /// Creates a mask from its bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Mouse wheel ticks.
  public static let discrete = ScrollTypeMask(rawValue: 1 << 0)
  /// Trackpad two-finger scrolls.
  public static let continuous = ScrollTypeMask(rawValue: 1 << 1)
  /// Both kinds.
  public static let all: ScrollTypeMask = [.discrete, .continuous]

  /// The mask holding just `type`.
  public init(_ type: ScrollType) {
    switch type {
    case .discrete: self = .discrete
    case .continuous: self = .continuous
    }
  }

  /// Whether the mask allows `type`.
  public func allows(_ type: ScrollType) -> Bool {
    contains(ScrollTypeMask(type))
  }
}
