public import GestureCore

/// One step of a scroll at the pointer's position: a mouse wheel tick or a step of a trackpad's
/// two-finger scroll, as an app or a script hands it to the runtime with
/// ``GestureRuntime/send(_:at:)-(ScrollInput,_)`` (<doc:BehaviourReference> §6.4).
public struct ScrollInput: Hashable, Sendable {
  /// Where the pointer is, in window coordinates.
  public var location: Point
  /// How far this step scrolls, in points: positive when the content should move right or down.
  public var delta: Point
  /// A wheel tick or a trackpad step.
  public var type: ScrollType
  /// For a ``GestureCore/ScrollType/continuous`` scroll, where the step is in its sequence; ignored for a
  /// discrete one (a wheel's sequence ends after
  /// ``GestureRuntime/discreteScrollIdleTimeout`` without a tick).
  public var phase: Phase

  /// Where a step of a continuous scroll is in its sequence.
  public enum Phase: String, Hashable, Sendable, CaseIterable {
    /// The fingers started scrolling.
    case began
    /// The fingers scrolled further.
    case changed
    /// The fingers lifted (the step may still carry a last delta).
    case ended
  }

  /// The modifier keys down.
  public var modifierFlags: ModifierFlags

  /// Creates a scroll step.
  public init(
    location: Point, delta: Point, type: ScrollType, phase: Phase = .changed, modifierFlags: ModifierFlags = []
  ) {
    self.location = location
    self.delta = delta
    self.type = type
    self.phase = phase
    self.modifierFlags = modifierFlags
  }

  /// Creates a scroll step from coordinates.
  public init(
    x: Double, y: Double, dx: Double, dy: Double, type: ScrollType, phase: Phase = .changed,
    modifierFlags: ModifierFlags = []
  ) {
    self.init(
      location: Point(x: x, y: y), delta: Point(x: dx, y: dy), type: type, phase: phase,
      modifierFlags: modifierFlags)
  }
}
