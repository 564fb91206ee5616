@_spi(GestureRuntime) public import GestureCore

/// One touch's change in an input event, as an app or a script hands it to the runtime.
public struct TouchInput: Hashable, Sendable {
  /// The touch's identifier: the same number from `began` to `ended` or `cancelled`.
  public var id: Int
  /// What happened to the touch.
  public var phase: TouchPhase
  /// Where the touch is, in window coordinates.
  public var location: Point
  /// The kind of input.
  public var type: TouchType

  /// Creates a touch change.
  public init(id: Int, phase: TouchPhase, location: Point, type: TouchType = .direct) {
    self.id = id
    self.phase = phase
    self.location = location
    self.type = type
  }

  /// Creates a touch change from coordinates.
  public init(id: Int, phase: TouchPhase, x: Double, y: Double, type: TouchType = .direct) {
    self.init(id: id, phase: phase, location: Point(x: x, y: y), type: type)
  }
}
