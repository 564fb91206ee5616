/// A set of rectangle edges (UIKit's `UIRectEdge`).
public struct RectEdge: OptionSet, Hashable, Sendable {
  /// The bits of the set.
  public let rawValue: Int
  /// Creates a set from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The top edge.
  public static let top = RectEdge(rawValue: 1 << 0)
  /// The left edge.
  public static let left = RectEdge(rawValue: 1 << 1)
  /// The bottom edge.
  public static let bottom = RectEdge(rawValue: 1 << 2)
  /// The right edge.
  public static let right = RectEdge(rawValue: 1 << 3)
  /// Every edge.
  public static let all: RectEdge = [.top, .left, .bottom, .right]

  /// The edges with their scene-file names, in the order `gesturectl list` shows them.
  public static let named: [(name: String, edge: RectEdge)] = [
    ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
  ]
}
