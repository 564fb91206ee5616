public import GestureCore

/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`);
/// continuous (<doc:BehaviourReference> §4).
///
/// It tracks the first two of its touches (later ones are ignored). It begins when both are down
/// and their distance has changed by more than ``minimumSpanChange`` points from the distance
/// when the second landed; ``scale`` is then the current distance over that distance, so the
/// first `began` reports the scale reached, not 1. It sends `changed` on every later event with a
/// tracked touch, ends when all its fingers have lifted, and fails if they lift before it began.
/// With one finger left the scale holds; a finger that lands again becomes the second finger and
/// the scale goes on from where it was, without a jump.
/// ``GestureCore/GestureRecognizer/location(in:)`` is the centroid of its fingers.
///
/// Open for subclassing: the touch methods and ``reset()`` can be overridden (an override calls
/// `super`), as can ``scale`` and ``velocity``.
open class PinchGestureRecognizer: GestureRecognizer {
  /// Default for ``minimumSpanChange``: 8 points.
  public static let defaultMinimumSpanChange = 8.0

  /// How far, in points, the distance between the two fingers must change, from what it was when
  /// the second landed, before the pinch begins (a threshold UIKit does not expose).
  public var minimumSpanChange: Double {
    get { storedMinimumSpanChange }
    set { storedMinimumSpanChange = newValue }
  }

  private var pair = TouchPair(multiplies: true, measure: PinchGestureRecognizer.span)

  // The settings' storage, private, so that this module sees every access to it and proves
  // those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  // checked at run time at every access).
  private var storedMinimumSpanChange: Double = PinchGestureRecognizer.defaultMinimumSpanChange

  /// Creates a pinch recognizer.
  public init(name: String = "", minimumSpanChange: Double = PinchGestureRecognizer.defaultMinimumSpanChange) {
    self.storedMinimumSpanChange = minimumSpanChange
    super.init(name: name)
  }

  /// False for this class, which decides no failure requirements itself; true for a subclass,
  /// which may override ``GestureCore/GestureRecognizer/shouldRequireFailure(of:)`` or
  /// ``GestureCore/GestureRecognizer/shouldBeRequiredToFail(by:)`` (one that overrides neither
  /// may return false, to save the runtime two calls per pair of recognizers).
  open override var asksForDynamicFailureRequirements: Bool { type(of: self) != PinchGestureRecognizer.self }

  /// The distance between the fingers now over their distance when the pinch's reference was
  /// taken (UIKit's `scale`). Setting it makes the current distance stand for the new value and
  /// resets ``velocity`` (`recognizer.scale = 1` after applying it, as UIKit code does).
  open var scale: Double {
    get { pair.value }
    set { pair.setValue(newValue, at: currentTime) }
  }

  /// How fast ``scale`` changes, in scale per second, smoothed over recent samples (UIKit's
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

  /// Follows the distance and begins once it has changed by more than ``minimumSpanChange``.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let change = pair.moved(self, event) else { return }
    TouchPair.advance(self, change: change, threshold: minimumSpanChange) { change in
      "fingers moved \(formatNumber(change)) pt apart or together, more than \(formatNumber(self.minimumSpanChange)) pt"
    }
  }

  /// Ends when the last finger lifts; fails if it had not begun. One finger lifting holds the
  /// scale.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard pair.ended(self, touches) else { return }
    TouchPair.lastFingerLifted(self) { "lifted before the fingers moved \(formatNumber(self.minimumSpanChange)) pt" }
  }

  /// Fails, or cancels once begun.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    TouchPair.cancelled(self)
  }

  /// Adds `scale` and `velocity` to the trace.
  open override func traceAttributes(in view: View?) -> [TraceAttribute] {
    [TraceAttribute(name: "scale", values: [scale]), TraceAttribute(name: "velocity", values: [velocity])]
  }

  /// True: pinches add attributes.
  open override var providesTraceAttributes: Bool { true }

  /// Forgets the fingers, the scale (back to 1) and the velocity samples.
  open override func reset() {
    pair.reset()
  }

  /// The distance between two points: what a pinch measures.
  static func span(_ a: Point, _ b: Point) -> Double { a.distance(to: b) }
}
