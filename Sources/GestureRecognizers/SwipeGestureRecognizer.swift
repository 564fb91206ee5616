public import GestureCore

/// Recognizes a quick stroke in one of the allowed directions (UIKit's
/// `UISwipeGestureRecognizer`); discrete (<doc:BehaviourReference> §4).
///
/// It recognizes during a move, as soon as every required finger has moved far enough in one
/// allowed direction within ``maximumDuration`` and the off-axis limit. The distance it needs
/// decays linearly from ``minimumPrimaryMovement`` at the start to
/// ``minimumPrimaryMovementAtMaximumDuration`` at ``maximumDuration``; the off-axis limit from
/// ``maximumSecondaryMovement`` to ``maximumSecondaryMovementAtMaximumDuration``. It fails on a
/// lift before that, on too many fingers, on a move after ``maximumDuration`` (whatever that
/// move's distance), or when every allowed direction has been ruled out.
///
/// Movement is measured per finger and per allowed direction from the finger's touch-down point;
/// with several required fingers, from where each was when the last required finger landed, and
/// before that moment only the time limit (counted from the first touch-down) is judged. A
/// direction is ruled out for the rest of the attempt as soon as a finger's movement across it
/// exceeds the off-axis limit (decayed as at that moment), or a finger has moved back more than
/// ``reverseTolerance`` against it.
open class SwipeGestureRecognizer: GestureRecognizer {
  /// Directions of a swipe (UIKit's `UISwipeGestureRecognizer.Direction`).
  public struct Direction: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public let rawValue: Int
    /// Creates a set from its bit mask.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Towards increasing x.
    public static let right = Direction(rawValue: 1)
    /// Towards decreasing x.
    public static let left = Direction(rawValue: 2)
    /// Towards decreasing y.
    public static let up = Direction(rawValue: 4)
    /// Towards increasing y.
    public static let down = Direction(rawValue: 8)
    /// The four directions with their names and unit vectors, in a fixed order.
    public static let all: [(direction: Direction, name: String, unit: Point)] = [
      (.right, "right", Point(x: 1, y: 0)), (.left, "left", Point(x: -1, y: 0)),
      (.up, "up", Point(x: 0, y: -1)), (.down, "down", Point(x: 0, y: 1)),
    ]
  }

  /// Default for ``minimumPrimaryMovement``: 50 points.
  public static let defaultMinimumPrimaryMovement = 50.0
  /// Default for ``minimumPrimaryMovementAtMaximumDuration``: 26 points.
  public static let defaultMinimumPrimaryMovementAtMaximumDuration = 26.0
  /// Default for ``maximumSecondaryMovement``: 200 points.
  public static let defaultMaximumSecondaryMovement = 200.0
  /// Default for ``maximumSecondaryMovementAtMaximumDuration``: 102 points.
  public static let defaultMaximumSecondaryMovementAtMaximumDuration = 102.0
  /// Default for ``maximumDuration``: 0.5 s.
  public static let defaultMaximumDuration: Duration = .milliseconds(500)
  /// Default for ``reverseTolerance``: 10 points (**choice**).
  public static let defaultReverseTolerance = 10.0

  /// The allowed directions (default right).
  public var direction: Direction {
    get { storedDirection }
    set { storedDirection = newValue }
  }
  /// How many fingers the swipe needs (default 1). Below one, the recognizer fails at every
  /// touch-down.
  public var numberOfTouchesRequired: Int {
    get { storedNumberOfTouchesRequired }
    set { storedNumberOfTouchesRequired = newValue }
  }
  /// The distance along the direction needed at the start, in points.
  public var minimumPrimaryMovement: Double {
    get { movement.minimumPrimary }
    set { movement.minimumPrimary = newValue }
  }
  /// The distance along the direction needed at ``maximumDuration``, in points.
  public var minimumPrimaryMovementAtMaximumDuration: Double {
    get { movement.minimumPrimaryAtMaximumDuration }
    set { movement.minimumPrimaryAtMaximumDuration = newValue }
  }
  /// The largest movement across the direction at the start, in points.
  public var maximumSecondaryMovement: Double {
    get { movement.maximumSecondary }
    set { movement.maximumSecondary = newValue }
  }
  /// The largest movement across the direction at ``maximumDuration``, in points.
  public var maximumSecondaryMovementAtMaximumDuration: Double {
    get { movement.maximumSecondaryAtMaximumDuration }
    set { movement.maximumSecondaryAtMaximumDuration = newValue }
  }
  /// The four movement limits above, stored together: one private property, which the compiler
  /// sees every access to, read once per move instead of four public ones read twice.
  private var movement = MovementLimits()
  /// The longest a swipe may take, from its first touch-down; checked when a move arrives.
  public var maximumDuration: Duration {
    get { storedMaximumDuration }
    set {
      storedMaximumDuration = newValue
      maximumDurationMicroseconds = newValue.wholeMicroseconds
    }
  }
  private var maximumDurationMicroseconds = SwipeGestureRecognizer.defaultMaximumDuration.wholeMicroseconds
  /// How far, in points, a finger may move back against a direction, from where its movement is
  /// measured, before the direction is ruled out.
  public var reverseTolerance: Double {
    get { storedReverseTolerance }
    set { storedReverseTolerance = newValue }
  }

  private var startTime = Timestamp.zero
  private var fingers = 0
  private var ruledOut: Direction = []
  /// Where each finger of the attempt touched down. This list and the next are changed out of
  /// place (taken out, changed, put back), as the runtime's own lists are: an access open across a
  /// change that may grow the list could overlap another, and the compiler would then check every
  /// access to the property at run time, in a build with exclusivity checks on.
  private var startPoints: [Point] = []
  /// With several required fingers: where each tracked finger was (in the order of
  /// ``GestureCore/GestureRecognizer/touch(at:)``) when the last required one landed. Empty
  /// before that moment. One finger is measured from its touch-down point and needs no entry.
  private var origins: [Point] = []
  /// Whether every required finger is down, so that movement is judged.
  private var measuring = false

  // The settings' storage, private, so that this module sees every access to it and proves
  // those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  // checked at run time at every access).
  private var storedDirection: Direction = .right
  private var storedNumberOfTouchesRequired: Int = 1
  private var storedReverseTolerance: Double = SwipeGestureRecognizer.defaultReverseTolerance
  private var storedMaximumDuration = SwipeGestureRecognizer.defaultMaximumDuration

  /// Creates a swipe recognizer for `direction`.
  public init(name: String = "", direction: Direction = .right, numberOfTouchesRequired: Int = 1) {
    self.storedDirection = direction
    self.storedNumberOfTouchesRequired = numberOfTouchesRequired
    super.init(name: name)
  }

  /// False for this class, which decides no failure requirements itself; true for a subclass,
  /// which may override ``GestureCore/GestureRecognizer/shouldRequireFailure(of:)`` or
  /// ``GestureCore/GestureRecognizer/shouldBeRequiredToFail(by:)`` (one that overrides neither
  /// may return false, to save the runtime two calls per pair of recognizers).
  open override var asksForDynamicFailureRequirements: Bool { type(of: self) != SwipeGestureRecognizer.self }

  private func fail(_ reason: @autoclosure () -> String) {
    if requestedState == .possible { setState(.failed, reason: reason()) }
  }

  /// Where the swipe began (the centroid of its fingers' touch-down points).
  open override func location(in view: View?) -> Point {
    guard !startPoints.isEmpty else { return super.location(in: view) }
    let point = GestureRecognizer.centroid(startPoints)
    return view?.convert(point, from: nil) ?? point
  }

  /// Counts fingers; when the last required one lands, movement starts being measured from where
  /// each finger is.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    if fingers == 0 { startTime = event.timestamp }
    fingers += touches.count
    var points: [Point] = []
    swap(&points, &startPoints)
    for touch in touches { points.append(touch.initialLocationInWindow) }
    swap(&points, &startPoints)
    if fingers > numberOfTouchesRequired {
      fail("\(fingers) fingers down, \(numberOfTouchesRequired) required")
      return
    }
    guard fingers == numberOfTouchesRequired, numberOfTouches == numberOfTouchesRequired else { return }
    measuring = true
    if numberOfTouchesRequired > 1 {
      var points: [Point] = []
      swap(&points, &origins)
      for index in 0..<numberOfTouches { points.append(location(ofTouch: index, in: nil)) }
      swap(&points, &origins)
    }
  }

  /// Checks the time limit; once every required finger is down, per allowed direction and per
  /// finger, reversal and off-axis movement (which rule the direction out) and then the distance.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    let elapsedMicroseconds = event.timestamp.microseconds - startTime.microseconds
    if elapsedMicroseconds > maximumDurationMicroseconds {
      fail(
        "moved after \(formatNumber((event.timestamp - self.startTime).secondsValue)) s, longer than \(formatNumber(self.maximumDuration.secondsValue)) s allowed"
      )
      return
    }
    // Before the last required finger lands only the time limit is judged.
    let fingerCount = numberOfTouches
    guard measuring, fingerCount == numberOfTouchesRequired else { return }
    let fraction = min(1, max(0, Double(elapsedMicroseconds) / Double(max(1, maximumDurationMicroseconds))))
    let limits = movement
    let needed =
      limits.minimumPrimary - (limits.minimumPrimary - limits.minimumPrimaryAtMaximumDuration) * fraction
    let allowedOff =
      limits.maximumSecondary - (limits.maximumSecondary - limits.maximumSecondaryAtMaximumDuration) * fraction
    // Why the last direction was ruled out, as numbers: the sentence is built only when traced.
    // Directions go by index (right, left, up, down, the order of Direction.all) with plain
    // numbers, so that a move touches no array of strings.
    var lastRuledOut: (index: Int, reversed: Bool, amount: Double, limit: Double)?
    // The directions still open (none: nothing to judge); only the one judged is ruled out in
    // the loop below.
    let open = direction.subtracting(ruledOut)
    if open.isEmpty { return }
    // Per direction, in the order of Direction.all (right, left, up, down: the unit vectors'
    // components below), the least progress of the fingers along it (negative: moved back
    // against it) and the most movement across it (its absolute value is taken when judged).
    // All four at once: a few vector operations cost less than a pass per direction.
    let unitX = SIMD4<Double>(1, -1, 0, 0)
    let unitY = SIMD4<Double>(0, 0, -1, 1)
    var primary: SIMD4<Double>
    var secondary: SIMD4<Double>
    if fingerCount == 1 {
      // One finger (the common case): its displacement from its touch-down point. Still possible
      // with one finger required and down, the swipe has counted one finger, whose touch-down
      // point is the one start point; read so, the move retains no touch (`touch(at:)` hands it
      // out retained, to be read through calls).
      let displacement = location(ofTouch: 0, in: nil) - startPoints[0]
      primary = displacement.x * unitX + displacement.y * unitY
      secondary = displacement.x * unitY - displacement.y * unitX
    } else {
      primary = SIMD4(repeating: .infinity)
      secondary = SIMD4(repeating: 0)
      for finger in 0..<fingerCount {
        let displacement = location(ofTouch: finger, in: nil) - origins[finger]
        for index in 0..<4 {
          primary[index] = min(primary[index], displacement.x * unitX[index] + displacement.y * unitY[index])
          secondary[index] = max(secondary[index], abs(displacement.x * unitY[index] - displacement.y * unitX[index]))
        }
      }
    }
    for index in 0..<4 {
      let bit = Direction(rawValue: 1 << index)
      guard open.contains(bit) else { continue }
      let smallestPrimary = primary[index]
      let largestSecondary = abs(secondary[index])
      if -smallestPrimary > reverseTolerance {
        ruledOut.insert(bit)
        lastRuledOut = (index, true, -smallestPrimary, reverseTolerance)
        continue
      }
      if largestSecondary > allowedOff {
        ruledOut.insert(bit)
        lastRuledOut = (index, false, largestSecondary, allowedOff)
        continue
      }
      if smallestPrimary >= needed {
        setState(
          .ended,
          reason:
            "moved \(formatNumber(smallestPrimary.rounded())) pt \(Direction.all[index].name) in \(formatNumber(Double(elapsedMicroseconds) / 1_000_000)) s"
        )
        return
      }
    }
    if direction.subtracting(ruledOut).isEmpty, let why = lastRuledOut {
      fail(
        why.reversed
          ? "reversed \(formatNumber(why.amount.rounded())) pt against \(Direction.all[why.index].name), more than \(formatNumber(why.limit)) pt allowed"
          : "moved \(formatNumber(why.amount.rounded())) pt across \(Direction.all[why.index].name), more than \(formatNumber(why.limit.rounded())) pt allowed"
      )
    }
  }

  /// Fails: a swipe recognizes during a move, never at the lift.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    fail("lifted before moving far enough")
  }

  /// Fails.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    fail("its touch was cancelled")
  }

  /// Clears the attempt's bookkeeping.
  open override func reset() {
    fingers = 0
    ruledOut = []
    measuring = false
    var points: [Point] = []
    swap(&points, &startPoints)
    points.removeAllKeepingStorage()
    swap(&points, &startPoints)
    swap(&points, &origins)
    points.removeAllKeepingStorage()
    swap(&points, &origins)
  }
}

/// A swipe's movement limits (``SwipeGestureRecognizer/minimumPrimaryMovement`` and the three
/// beside it), with their defaults.
private struct MovementLimits {
  var minimumPrimary = SwipeGestureRecognizer.defaultMinimumPrimaryMovement
  var minimumPrimaryAtMaximumDuration = SwipeGestureRecognizer.defaultMinimumPrimaryMovementAtMaximumDuration
  var maximumSecondary = SwipeGestureRecognizer.defaultMaximumSecondaryMovement
  var maximumSecondaryAtMaximumDuration = SwipeGestureRecognizer.defaultMaximumSecondaryMovementAtMaximumDuration
}
