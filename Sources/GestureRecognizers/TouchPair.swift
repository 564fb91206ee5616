import GestureCore

/// The two fingers a pinch or a rotation follows, the value it derives from them (a scale or an
/// angle) with that value's velocity, and the states they lead to: everything the two
/// recognizers share, so that each keeps only its measure, its threshold and its names.
///
/// The recognizer's tracked touches are its fingers: the first two of its touches; a third one
/// that lands while two are down is ignored (<doc:BehaviourReference> §2.5). When the second
/// finger lands, the measure between the two (a distance or an angle) becomes the reference, and
/// the value goes on from what it was then, so fingers lifting and landing again make no jump.
/// The recognizer begins once the measure has changed by more than its threshold since the
/// second finger first landed, sends `changed` on every later move of the two, ends when its last
/// finger lifts and fails if that happens before it began.
struct TouchPair {
  /// Whether the value is a ratio of measures (a scale) or a sum of their changes (an angle).
  let multiplies: Bool
  /// The measure between the first finger and the second (a distance or an angle).
  let measure: (Point, Point) -> Double
  /// The value now: a scale (1 at the start) or an angle (0 at the start).
  private(set) var value: Double
  /// The value when the reference measure was taken.
  private var valueAtReference: Double
  /// The measure when the value was last set or the second finger landed.
  private var referenceMeasure = 0.0
  /// The measure of the last move (angles: unwrapped, so that turning past half a turn goes on).
  private var lastMeasure = 0.0
  /// The measure when the second finger landed, and how far it has changed since.
  private var landingMeasure = 0.0
  private var measureSinceLanding = 0.0
  /// Whether two fingers are down, and whether they have been before (a finger landing then
  /// lands again).
  private var isComplete = false
  private var wasComplete = false
  /// Samples of the value, for its velocity.
  private var tracker = VelocityTracker()

  init(multiplies: Bool, measure: @escaping (Point, Point) -> Double) {
    self.multiplies = multiplies
    self.measure = measure
    value = multiplies ? 1 : 0
    valueAtReference = value
  }

  /// How fast the value changes, per second, smoothed over recent samples.
  var velocity: Double { tracker.velocity.x }

  /// Makes the current measure stand for `newValue` and restarts the velocity from it.
  mutating func setValue(_ newValue: Double, at time: Timestamp) {
    value = newValue
    valueAtReference = newValue
    referenceMeasure = lastMeasure
    tracker.removeAll()
    sample(at: time)
  }

  /// Forgets the fingers, the value (back to its start) and the velocity samples.
  mutating func reset() {
    self = TouchPair(multiplies: multiplies, measure: measure)
  }

  /// Ignores the touches beyond the first two; takes the reference when the second lands. When
  /// that second finger lands again, after one of the two had lifted, the samples from before
  /// the lift are forgotten: they would give a speed across the gap.
  mutating func began(_ recognizer: GestureRecognizer, _ touches: [Touch], _ event: TouchEvent) {
    guard !recognizer.requestedState.isTerminal else { return }
    if recognizer.numberOfTouches > 2 {
      var excess = recognizer.numberOfTouches - 2
      for touch in touches.reversed() where excess > 0 {
        recognizer.ignore(touch, for: event)
        excess -= 1
      }
    }
    if completes(recognizer) {
      tracker.removeAll()
      sample(at: event.timestamp)
    } else if tracker.velocity == .zero {
      // Any other landing adds a sample only while the value is at rest (the first finger's
      // landing starts the samples).
      sample(at: event.timestamp)
    }
  }

  /// Follows the fingers and samples the value; returns how far the measure has changed since
  /// the second finger landed, or nil unless two fingers are down and the recognizer goes on.
  mutating func moved(_ recognizer: GestureRecognizer, _ event: TouchEvent) -> Double? {
    guard !recognizer.requestedState.isTerminal, follow(recognizer) else { return nil }
    sample(at: event.timestamp)
    return measureSinceLanding
  }

  /// A finger lifted: with one left the value holds until another lands. Returns whether no
  /// finger is left.
  mutating func ended(_ recognizer: GestureRecognizer, _ touches: [Touch]) -> Bool {
    if recognizer.numberOfTouches - touches.count < 2 { isComplete = false }
    return recognizer.numberOfTouches - touches.count <= 0
  }

  // The states are asked for outside the pair's mutations (static, not touching the pair), so
  // whatever reads the recognizer's value in response finds it settled.

  /// After a move of the two fingers whose measure has changed by `change` since the second
  /// landed: begins once that is more than `threshold` (`beginReason` is given the change), and
  /// sends `changed` afterwards.
  static func advance(
    _ recognizer: GestureRecognizer, change: Double, threshold: Double, beginReason: (Double) -> String
  ) {
    switch recognizer.requestedState {
    case .possible:
      let change = abs(change)
      guard change > threshold else { return }
      recognizer.setState(.began, reason: beginReason(change))
    case .began, .changed:
      recognizer.setState(.changed)
    default:
      break
    }
  }

  /// After the last finger lifted: ends, or fails (`failReason`) if it had not begun.
  static func lastFingerLifted(_ recognizer: GestureRecognizer, failReason: () -> String) {
    switch recognizer.requestedState {
    case .possible: recognizer.setState(.failed, reason: failReason())
    case .began, .changed: recognizer.setState(.ended, reason: "all fingers lifted")
    default: break
    }
  }

  /// Its touches were cancelled: fails, or cancels once begun.
  static func cancelled(_ recognizer: GestureRecognizer) {
    switch recognizer.requestedState {
    case .possible: recognizer.setState(.failed, reason: "its touches were cancelled")
    case .began, .changed: recognizer.setState(.cancelled, reason: "its touches were cancelled")
    default: break
    }
  }

  /// Takes the reference if the second finger has just landed; returns whether it landed again,
  /// after one of the two had lifted.
  private mutating func completes(_ recognizer: GestureRecognizer) -> Bool {
    guard !isComplete, recognizer.numberOfTouches == 2 else { return false }
    let landsAgain = wasComplete
    isComplete = true
    wasComplete = true
    let now = current(recognizer)
    referenceMeasure = now
    lastMeasure = now
    landingMeasure = now
    measureSinceLanding = 0
    valueAtReference = value
    return landsAgain
  }

  /// Updates the value from the two fingers; returns whether two fingers are down.
  private mutating func follow(_ recognizer: GestureRecognizer) -> Bool {
    guard isComplete, recognizer.numberOfTouches == 2 else { return false }
    var now = current(recognizer)
    if multiplies {
      if referenceMeasure > 0 {
        value = valueAtReference * now / referenceMeasure
      } else if now > 0 {
        // The fingers landed on one point: the first distance they reach is the reference.
        referenceMeasure = now
        landingMeasure = now
      }
    } else {
      // Unwrap the angle: the change since the last move is taken the short way round.
      var delta = now - lastMeasure
      while delta > Double.pi { delta -= 2 * Double.pi }
      while delta <= -Double.pi { delta += 2 * Double.pi }
      now = lastMeasure + delta
      value = valueAtReference + (now - referenceMeasure)
    }
    lastMeasure = now
    measureSinceLanding = now - landingMeasure
    return true
  }

  private mutating func sample(at time: Timestamp) {
    tracker.add(Point(x: value, y: 0), at: time)
  }

  private func current(_ recognizer: GestureRecognizer) -> Double {
    measure(recognizer.touch(at: 0).locationInWindow, recognizer.touch(at: 1).locationInWindow)
  }
}
