public import GestureCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Recognizes two fingers turning about each other (UIKit's `UIRotationGestureRecognizer`);
/// continuous (<doc:BehaviourReference> §4).
///
/// The same shape as ``PinchGestureRecognizer``, with the angle of the line from its first finger
/// to its second instead of their distance: it begins once that angle has turned by more than
/// ``minimumRotation`` radians from where it was when the second finger landed, and
/// ``rotation`` is then the angle turned, in radians, positive clockwise on the screen (y grows
/// downwards), as in UIKit. Turning past half a turn goes on counting; one finger lifting holds
/// the rotation, and a finger that lands again continues it without a jump.
///
/// Open for subclassing: the touch methods and ``reset()`` can be overridden (an override calls
/// `super`), as can ``rotation`` and ``velocity``.
open class RotationGestureRecognizer: GestureRecognizer {
  /// Default for ``minimumRotation``: π/36 radians (5°).
  public static let defaultMinimumRotation = Double.pi / 36

  /// How far, in radians, the line between the fingers must turn, from where it was when the
  /// second finger landed, before the rotation begins (a threshold UIKit does not expose).
  public var minimumRotation: Double {
    get { storedMinimumRotation }
    set { storedMinimumRotation = newValue }
  }

  private var pair = TouchPair(multiplies: false, measure: RotationGestureRecognizer.angle)

  // The settings' storage, private, so that this module sees every access to it and proves
  // those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  // checked at run time at every access).
  private var storedMinimumRotation: Double = RotationGestureRecognizer.defaultMinimumRotation

  /// Creates a rotation recognizer.
  public init(name: String = "", minimumRotation: Double = RotationGestureRecognizer.defaultMinimumRotation) {
    self.storedMinimumRotation = minimumRotation
    super.init(name: name)
  }

  /// False for this class, which decides no failure requirements itself; true for a subclass,
  /// which may override ``GestureCore/GestureRecognizer/shouldRequireFailure(of:)`` or
  /// ``GestureCore/GestureRecognizer/shouldBeRequiredToFail(by:)`` (one that overrides neither
  /// may return false, to save the runtime two calls per pair of recognizers).
  open override var asksForDynamicFailureRequirements: Bool { type(of: self) != RotationGestureRecognizer.self }

  /// The angle the fingers have turned, in radians, clockwise on the screen (UIKit's
  /// `rotation`). Setting it makes the current angle stand for the new value and resets
  /// ``velocity``.
  open var rotation: Double {
    get { pair.value }
    set { pair.setValue(newValue, at: currentTime) }
  }

  /// How fast ``rotation`` changes, in radians per second, smoothed over recent samples (UIKit's
  /// `velocity`).
  ///
  /// With one finger left it keeps the value of the last motion; after a finger lands again it
  /// counts only the motion since that landing (0 until the next move).
  open var velocity: Double { pair.velocity }

  /// Tracks the first two fingers (a finger landing while only one is left becomes the second);
  /// ignores the rest.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    pair.began(self, touches, event)
  }

  /// Follows the angle and begins once it has turned by more than ``minimumRotation``.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let change = pair.moved(self, event) else { return }
    TouchPair.advance(self, change: change, threshold: minimumRotation) { turned in
      "turned \(formatNumber(turned)) rad, more than \(formatNumber(self.minimumRotation)) rad"
    }
  }

  /// Ends when the last finger lifts; fails if it had not begun. One finger lifting holds the
  /// rotation.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard pair.ended(self, touches) else { return }
    TouchPair.lastFingerLifted(self) { "lifted before the fingers turned \(formatNumber(self.minimumRotation)) rad" }
  }

  /// Fails, or cancels once begun.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    TouchPair.cancelled(self)
  }

  /// Adds `rotation` and `velocity` to the trace.
  open override func traceAttributes(in view: View?) -> [TraceAttribute] {
    [TraceAttribute(name: "rotation", values: [rotation]), TraceAttribute(name: "velocity", values: [velocity])]
  }

  /// True: rotations add attributes.
  open override var providesTraceAttributes: Bool { true }

  /// Forgets the fingers, the rotation (back to 0) and the velocity samples.
  open override func reset() {
    pair.reset()
  }

  /// The angle of the line from `a` to `b`, in radians, clockwise from the x axis on the screen.
  static func angle(_ a: Point, _ b: Point) -> Double { atan2(b.y - a.y, b.x - a.x) }
}
