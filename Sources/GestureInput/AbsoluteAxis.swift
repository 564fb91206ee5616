/// The range of one absolute axis of a device (`struct input_absinfo`, an evemu `A:` line).
public struct AbsoluteAxis: Hashable, Sendable {
  /// The smallest value the axis reports.
  public var minimum: Int32
  /// The largest value the axis reports.
  public var maximum: Int32
  /// The noise the kernel filters out.
  public var fuzz: Int32
  /// The dead zone around the centre (joysticks).
  public var flat: Int32
  /// Units per millimetre (0 when the device does not say).
  public var resolution: Int32

  /// Creates an axis range.
  public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
    self.minimum = minimum
    self.maximum = maximum
    self.fuzz = fuzz
    self.flat = flat
    self.resolution = resolution
  }

  /// `maximum − minimum`, the span the mapping divides by.
  public var span: Double { Double(maximum) - Double(minimum) }
}
