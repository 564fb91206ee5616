/// A named number or vector that a recognizer adds to the trace's `action` lines, such as a pan's
/// `translation` (<doc:FileFormats>, trace).
public struct TraceAttribute: Hashable, Sendable {
  /// The field name, such as `translation`.
  public var name: String
  /// One number, or the two components of a vector.
  public var values: [Double]

  /// Creates an attribute from a name and its numbers.
  public init(name: String, values: [Double]) {
    self.name = name
    self.values = values
  }

  /// Creates a vector attribute from a point.
  public init(name: String, point: Point) {
    self.init(name: name, values: [point.x, point.y])
  }
}
