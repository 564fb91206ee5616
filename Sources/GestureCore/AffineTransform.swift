#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A two-dimensional affine transform with the semantics of Core Graphics'
/// `CGAffineTransform`, which UIKit's `UIView.transform` is.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. The builders follow Core
/// Graphics: ``scaledBy(x:y:)``, ``rotated(by:)`` and ``translatedBy(x:y:)`` apply the new
/// operation *before* the existing transform, and ``concatenating(_:)`` applies `self` first and
/// then the other. Angles are in radians; with y growing downwards a positive angle turns
/// clockwise on the screen, as in UIKit.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  /// The entry that scales x (first row, first column).
  public var a: Double
  /// The entry that adds x to y (first row, second column).
  public var b: Double
  /// The entry that adds y to x (second row, first column).
  public var c: Double
  /// The entry that scales y (second row, second column).
  public var d: Double
  /// The horizontal translation, in points.
  public var tx: Double
  /// The vertical translation, in points.
  public var ty: Double

  /// Creates a transform from its six entries.
  @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A scale by `sx` horizontally and `sy` vertically (`CGAffineTransform(scaleX:y:)`).
  @inlinable public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians, clockwise on the screen (`CGAffineTransform(rotationAngle:)`).
  public init(rotationAngle angle: Double) {
    let (sine, cosine) = (sin(angle), cos(angle))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// A translation by `tx`, `ty` points (`CGAffineTransform(translationX:y:)`).
  @inlinable public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// Whether the transform changes nothing.
  @inlinable public var isIdentity: Bool { self == .identity }

  /// `self` first, then `other` (`concatenating(_:)`).
  @inlinable public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A scale applied before this transform (`scaledBy(x:y:)`).
  @inlinable public func scaledBy(x sx: Double, y sy: Double) -> AffineTransform {
    AffineTransform(scaleX: sx, y: sy).concatenating(self)
  }

  /// A rotation applied before this transform (`rotated(by:)`).
  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// A translation applied before this transform (`translatedBy(x:y:)`).
  @inlinable public func translatedBy(x tx: Double, y ty: Double) -> AffineTransform {
    AffineTransform(translationX: tx, y: ty).concatenating(self)
  }

  /// The transform that undoes this one; a transform that cannot be inverted (its determinant is
  /// 0) is returned unchanged, as Core Graphics does.
  @inlinable public func inverted() -> AffineTransform {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return self }
    return AffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
  }

  /// A textual form such as `[a b c d tx ty]`.
  public var description: String {
    "[" + [a, b, c, d, tx, ty].map(formatNumber).joined(separator: " ") + "]"
  }
}

extension Point {
  /// The point mapped by `transform` (`CGPoint.applying(_:)`).
  @inlinable public func applying(_ transform: AffineTransform) -> Point {
    Point(
      x: transform.a * x + transform.c * y + transform.tx, y: transform.b * x + transform.d * y + transform.ty)
  }
}

extension Rect {
  /// The smallest rectangle that contains this one mapped by `transform` (`CGRect.applying(_:)`).
  public func applying(_ transform: AffineTransform) -> Rect {
    let corners = [
      origin.applying(transform), Point(x: maxX, y: minY).applying(transform),
      Point(x: minX, y: maxY).applying(transform), Point(x: maxX, y: maxY).applying(transform),
    ]
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let minimum = Point(x: xs.min()!, y: ys.min()!)
    return Rect(x: minimum.x, y: minimum.y, width: xs.max()! - minimum.x, height: ys.max()! - minimum.y)
  }

  /// The centre point.
  @inlinable public var mid: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
}

extension Rect {
  /// The rectangle covering this one transformed about its centre, as a view's frame covers its
  /// transformed bounds.
  func applyingAboutCenter(_ transform: AffineTransform) -> Rect {
    let center = mid
    let local = AffineTransform(translationX: -center.x, y: -center.y).concatenating(transform)
      .concatenating(AffineTransform(translationX: center.x, y: center.y))
    return applying(local)
  }
}
