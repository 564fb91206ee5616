import GestureCore

/// The two fingers a pinch or a rotation follows, and the value it derives from them (a scale or
/// an angle), kept so that fingers lifting and landing again make no jump.
///
/// The recognizer's tracked touches are its fingers: the first two of its touches; a third one
/// that lands while two are down is ignored (<doc:BehaviourReference> §2.5). When the second
/// finger lands, the measure between the two (a distance or an angle) becomes the reference, and
/// the value goes on from what it was then.
struct TouchPair {
  /// Whether the value is a ratio of measures (a scale) or a sum of their changes (an angle).
  var multiplies = true
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
  private(set) var measureSinceLanding = 0.0
  /// Whether two fingers are down, and whether they have been before (a finger landing then
  /// lands again).
  private(set) var isComplete = false
  private var wasComplete = false

  init(multiplies: Bool = true) {
    self.multiplies = multiplies
    value = multiplies ? 1 : 0
    valueAtReference = value
  }

  /// Ignores the touches beyond the first two; takes the reference when the second lands.
  /// Returns true when that second finger lands again, after one of the two had lifted.
  @discardableResult
  mutating func began(
    _ recognizer: GestureRecognizer, _ touches: [Touch], _ event: TouchEvent,
    measure: (Point, Point) -> Double
  ) -> Bool {
    if recognizer.numberOfTouches > 2 {
      var excess = recognizer.numberOfTouches - 2
      for touch in touches.reversed() where excess > 0 {
        recognizer.ignore(touch, for: event)
        excess -= 1
      }
    }
    guard !isComplete, recognizer.numberOfTouches == 2 else { return false }
    let landsAgain = wasComplete
    isComplete = true
    wasComplete = true
    let now = current(recognizer, measure)
    referenceMeasure = now
    lastMeasure = now
    landingMeasure = now
    measureSinceLanding = 0
    valueAtReference = value
    return landsAgain
  }

  /// Updates the value from the two fingers; returns whether two fingers are down.
  mutating func moved(_ recognizer: GestureRecognizer, measure: (Point, Point) -> Double) -> Bool {
    guard isComplete, recognizer.numberOfTouches == 2 else { return false }
    var now = current(recognizer, measure)
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

  /// A finger lifted: with one left the value holds until another lands.
  mutating func ended(_ recognizer: GestureRecognizer, _ touches: [Touch]) {
    if recognizer.numberOfTouches - touches.count < 2 { isComplete = false }
  }

  /// Makes the current measure stand for `newValue`.
  mutating func setValue(_ newValue: Double) {
    value = newValue
    valueAtReference = newValue
    referenceMeasure = lastMeasure
  }

  private func current(_ recognizer: GestureRecognizer, _ measure: (Point, Point) -> Double) -> Double {
    measure(recognizer.touch(at: 0).locationInWindow, recognizer.touch(at: 1).locationInWindow)
  }
}
