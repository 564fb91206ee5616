/// libinput's calibration matrix: an affine map of device coordinates normalized to 0…1, applied
/// before they are mapped to window points, for rotated and mirrored panels.
///
/// The matrix is the top two rows `[a, b, c; d, e, f]`: a normalized position `(x, y)` becomes
/// `(a·x + b·y + c, d·x + e·y + f)`. The identity `1,0,0,0,1,0` changes nothing; `0,1,0,-1,0,1`
/// turns a panel mounted 90° clockwise back upright; `-1,0,1,0,1,0` mirrors it left to right. It
/// is the value of the `LIBINPUT_CALIBRATION_MATRIX` udev property, so a panel's existing setting
/// can be copied as it is.
public struct CalibrationMatrix: Hashable, Sendable {
  /// The six values `a, b, c, d, e, f`.
  public var values: [Double]

  /// The matrix that changes nothing.
  public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

  /// Creates a matrix from its six values.
  public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
    values = [a, b, c, d, e, f]
  }

  /// Parses `a,b,c,d,e,f` (commas or spaces between six finite numbers); nil when malformed.
  public init?(parsing text: String) {
    let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map { Double(String($0)) }
    guard parts.count == 6, parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
    values = parts.map { $0! }
  }

  /// Applies the matrix to a normalized position.
  public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
    (values[0] * x + values[1] * y + values[2], values[3] * x + values[4] * y + values[5])
  }
}
