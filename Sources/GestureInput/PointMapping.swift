public import GestureCore

/// Maps a device's position axes onto the root view's frame (<doc:FileFormats>, device
/// recordings): a value is normalized by its axis's range, passed through the calibration
/// matrix, then scaled onto the frame.
///
/// `x = frame.x + (value − min) / (max − min) × frame.width`, and likewise for `y`.
public struct PointMapping: Hashable, Sendable {
  /// The device's x axis.
  public var xAxis: AbsoluteAxis
  /// The device's y axis.
  public var yAxis: AbsoluteAxis
  /// The window's frame that the axes span (the root view's frame).
  public var frame: Rect
  /// The calibration applied to normalized coordinates first.
  public var calibration: CalibrationMatrix

  /// Creates a mapping.
  public init(xAxis: AbsoluteAxis, yAxis: AbsoluteAxis, frame: Rect, calibration: CalibrationMatrix = .identity) {
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.frame = frame
    self.calibration = calibration
  }

  /// The window point of a device position.
  public func point(x: Int32, y: Int32) -> Point {
    if calibration == .identity {
      // Multiplying before dividing keeps whole device units on whole points where it can.
      return Point(
        x: frame.origin.x + (xAxis.span > 0 ? (Double(x) - Double(xAxis.minimum)) * frame.size.width / xAxis.span : 0),
        y: frame.origin.y + (yAxis.span > 0 ? (Double(y) - Double(yAxis.minimum)) * frame.size.height / yAxis.span : 0))
    }
    let normalizedX = xAxis.span > 0 ? (Double(x) - Double(xAxis.minimum)) / xAxis.span : 0
    let normalizedY = yAxis.span > 0 ? (Double(y) - Double(yAxis.minimum)) / yAxis.span : 0
    let calibrated = calibration.apply(x: normalizedX, y: normalizedY)
    return Point(
      x: frame.origin.x + calibrated.x * frame.size.width, y: frame.origin.y + calibrated.y * frame.size.height)
  }

  /// Points per device unit along x: the scale `majorRadius` is converted with.
  public var pointsPerUnitX: Double { xAxis.span > 0 ? frame.size.width / xAxis.span : 0 }
}
