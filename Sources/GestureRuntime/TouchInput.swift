public import GestureCore

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
  /// The force the device reports (``GestureCore/Touch/force``: 1 is an average touch; 0 when not reported).
  public var force: Double
  /// The highest force the device can report (``GestureCore/Touch/maximumPossibleForce``; 0 when not reported).
  public var maximumPossibleForce: Double
  /// The contact's radius along its major axis, in points (``GestureCore/Touch/majorRadius``; 0 when not
  /// reported).
  public var majorRadius: Double
  /// How far ``majorRadius`` may be off, in points (``GestureCore/Touch/majorRadiusTolerance``).
  public var majorRadiusTolerance: Double

  /// Creates a touch change. Force and contact size are those of this event: the touch takes
  /// them on each change, 0 meaning that the device reports none.
  public init(
    id: Int, phase: TouchPhase, location: Point, type: TouchType = .direct, force: Double = 0,
    maximumPossibleForce: Double = 0, majorRadius: Double = 0, majorRadiusTolerance: Double = 0
  ) {
    self.id = id
    self.phase = phase
    self.location = location
    self.type = type
    self.force = force
    self.maximumPossibleForce = maximumPossibleForce
    self.majorRadius = majorRadius
    self.majorRadiusTolerance = majorRadiusTolerance
  }

  /// Creates a touch change from coordinates.
  public init(
    id: Int, phase: TouchPhase, x: Double, y: Double, type: TouchType = .direct, force: Double = 0,
    maximumPossibleForce: Double = 0, majorRadius: Double = 0, majorRadiusTolerance: Double = 0
  ) {
    self.init(
      id: id, phase: phase, location: Point(x: x, y: y), type: type, force: force,
      maximumPossibleForce: maximumPossibleForce, majorRadius: majorRadius, majorRadiusTolerance: majorRadiusTolerance)
  }
}
