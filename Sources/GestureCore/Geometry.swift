/// A location or a displacement in a two-dimensional coordinate space, in points.
///
/// Used for touch locations, translations and velocities (points per second), as UIKit uses
/// `CGPoint` for all three.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate, in points; grows to the right.
  public var x: Double
  /// The vertical coordinate, in points; grows downwards.
  public var y: Double

  /// Creates a point from its two coordinates, in points.
  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// The Euclidean distance to `other`, in points.
  @inlinable public func distance(to other: Point) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The component-wise sum of two points.
  @inlinable public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  /// The component-wise difference of two points.
  @inlinable public static func - (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  /// A textual form such as `(12, 3.5)`.
  public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable {
  /// The horizontal extent, in points.
  public var width: Double
  /// The vertical extent, in points.
  public var height: Double

  /// Creates a size from its width and height, in points.
  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size.
  public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle: an origin and a size, in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The extent.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its four components, in points.
  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The smallest x-coordinate.
  @inlinable public var minX: Double { origin.x }
  /// The smallest y-coordinate.
  @inlinable public var minY: Double { origin.y }
  /// The x-coordinate of the right edge (exclusive for hit-testing).
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The y-coordinate of the bottom edge (exclusive for hit-testing).
  @inlinable public var maxY: Double { origin.y + size.height }
  /// The width, in points.
  @inlinable public var width: Double { size.width }
  /// The height, in points.
  @inlinable public var height: Double { size.height }

  /// Whether `point` lies inside: left and top edges inclusive, right and bottom edges exclusive
  /// (<doc:BehaviourReference> §2.1).
  @inlinable public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether the rectangle covers every point of `other`.
  @inlinable public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
  }

  /// Whether the two rectangles share any point.
  @inlinable public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// A textual form such as `[0, 0, 390, 844]`.
  public var description: String {
    "[\(formatNumber(minX)), \(formatNumber(minY)), \(formatNumber(width)), \(formatNumber(height))]"
  }
}

/// Formats a number the way traces and diagnostics show it: integers without a fraction,
/// others with at most six decimals and no trailing zeros.
public func formatNumber(_ value: Double) -> String {
  guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
  if value == value.rounded(), abs(value) < 1e15 {
    let integer = Int64(value)
    return integer == 0 ? "0" : String(integer)
  }
  let scaled = (value * 1_000_000).rounded()
  if abs(scaled) >= 9e18 { return String(value) }
  var micro = Int64(scaled)
  let negative = micro < 0
  if negative { micro = -micro }
  let whole = micro / 1_000_000
  var fraction = String(micro % 1_000_000)
  while fraction.count < 6 { fraction = "0" + fraction }
  while fraction.hasSuffix("0") { fraction.removeLast() }
  let body = fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
  return negative && (whole != 0 || !fraction.isEmpty) ? "-" + body : body
}
