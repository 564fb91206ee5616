import GestureCore

/// The tap rules of <doc:BehaviourReference> §4, shared by ``TapGestureRecognizer`` and by the
/// taps that come before a ``LongPressGestureRecognizer``'s press: counting fingers and taps, the
/// reference point and the movement limit, and the duration and landing timers.
///
/// The owner passes its thresholds on each call, so they stay the recognizer's own (overridable)
/// properties. The owner fails through ``fail(_:_:)`` and handles the interval timer itself (its
/// failure reads differently for a tap and for a press).
struct TapSequence {
  /// The owner's thresholds.
  struct Settings {
    var numberOfTouchesRequired: Int
    var allowableMovement: Double
    var maximumTapDuration: Duration
    var allowableTouchTimeSeparation: Duration
  }

  /// The timer ids the sequence uses: the owner's `base`, `base + 1` and `base + 2`.
  let intervalTimer: Int
  let durationTimer: Int
  let landingTimer: Int

  /// Taps completed in this attempt.
  private(set) var tapsCompleted = 0
  /// Fingers of the current tap that are down.
  private(set) var fingersDown = 0
  /// The most fingers of the current tap that were down at once.
  private var mostDown = 0
  /// Whether the current tap has had all its required fingers down (and so has begun).
  private var beganInTap = false
  /// The centroid of the first tap's fingers at the moment all its required fingers were down,
  /// in window coordinates.
  private(set) var referencePoint: Point?
  /// How many times the sequence was reset: tells ``storeBack(_:)`` that a copy is out of date.
  private var generation: UInt32 = 0

  init(timersFrom base: Int) {
    intervalTimer = base
    durationTimer = base + 1
    landingTimer = base + 2
  }

  /// Fails `recognizer` unless it has already asked for another state.
  func fail(_ recognizer: GestureRecognizer, _ reason: @autoclosure () -> String) {
    if recognizer.requestedState == .possible { recognizer.setState(.failed, reason: reason()) }
  }

  /// The centroid of the fingers `recognizer` is tracking, where they are now. Inlined, as
  /// ``touchesMoved(_:on:_:)`` is: called on every move, its own call would cost more than its
  /// one-finger case.
  @inline(__always)
  static func centroid(of recognizer: GestureRecognizer) -> Point {
    let count = recognizer.numberOfTouches
    // Read in place (`location(ofTouch:in:)`): `touch(at:)` would hand out each touch retained.
    if count == 1 { return recognizer.location(ofTouch: 0, in: nil) }
    var sum = Point.zero
    for index in 0..<count { sum = sum + recognizer.location(ofTouch: index, in: nil) }
    return Point(x: sum.x / Double(count), y: sum.y / Double(count))
  }

  /// New fingers of a tap: starts a tap's timers at its first finger, fails on too many fingers,
  /// and once all the required fingers are down fixes the reference point (first tap) or judges
  /// how far from it the tap began (later taps). Returns false when it failed the recognizer.
  /// Inlined, as ``touchesEnded(_:on:_:)`` is: the owner then passes no copy of its settings.
  @inline(__always)
  mutating func touchesBegan(_ count: Int, on recognizer: GestureRecognizer, _ settings: Settings) -> Bool {
    recognizer.cancelTimer(intervalTimer)
    if fingersDown == 0 {
      mostDown = 0
      beganInTap = false
      recognizer.startTimer(durationTimer, after: settings.maximumTapDuration)
      if settings.numberOfTouchesRequired > 1 {
        recognizer.startTimer(landingTimer, after: settings.allowableTouchTimeSeparation)
      }
    }
    // One at a time, as the fingers are listed: the count in the failure is the first that was
    // one too many. A while loop: over a range, the compiler works out the trip count of the
    // checked increments below with dozens of instructions at every touch-down.
    var remaining = count
    while remaining > 0 {
      remaining -= 1
      fingersDown += 1
      mostDown = max(mostDown, fingersDown)
      if fingersDown > settings.numberOfTouchesRequired {
        let down = fingersDown
        fail(recognizer, "\(down) fingers down, \(settings.numberOfTouchesRequired) required")
        return false
      }
    }
    guard fingersDown == settings.numberOfTouchesRequired else { return true }
    let centroid = Self.centroid(of: recognizer)
    guard let reference = referencePoint else {
      referencePoint = centroid
      beganInTap = true
      return true
    }
    let distance = centroid.distance(to: reference)
    if distance > settings.allowableMovement {
      if beganInTap {
        // All the required fingers were down in this tap before: a finger lifted and another
        // landed, so the tap's fingers moved rather than began.
        failMoved(recognizer, distance, settings)
      } else {
        let tap = tapsCompleted + 1
        fail(
          recognizer,
          "tap \(tap) began \(formatNumber(distance.rounded())) pt from the first, more than \(formatNumber(settings.allowableMovement)) pt allowed"
        )
      }
      return false
    }
    beganInTap = true
    return true
  }

  private func failMoved(_ recognizer: GestureRecognizer, _ distance: Double, _ settings: Settings) {
    fail(
      recognizer,
      settings.numberOfTouchesRequired == 1
        ? "moved \(formatNumber(distance.rounded())) pt, more than \(formatNumber(settings.allowableMovement)) pt allowed"
        : "the fingers' centroid moved \(formatNumber(distance.rounded())) pt from the first tap's, more than \(formatNumber(settings.allowableMovement)) pt allowed"
    )
  }

  /// Judges movement: with all the required fingers down, their centroid from the reference
  /// point; with fewer, each moved finger from where it landed. Returns false when it failed.
  /// Inlined into the owner's `touchesMoved`, which then reads only the few fields it needs of
  /// this value and of the settings instead of copying both whole for the call.
  @inline(__always)
  func touchesMoved(_ touches: [Touch], on recognizer: GestureRecognizer, _ settings: Settings) -> Bool {
    if let reference = referencePoint, fingersDown == settings.numberOfTouchesRequired {
      let distance = Self.centroid(of: recognizer).distance(to: reference)
      if distance > settings.allowableMovement {
        failMoved(recognizer, distance, settings)
        return false
      }
      return true
    }
    // By index, reading two plain values per touch: no reference counting per move.
    for index in touches.indices {
      let distance = touches[index].locationInWindow.distance(to: touches[index].initialLocationInWindow)
      if distance > settings.allowableMovement {
        fail(
          recognizer,
          "moved \(formatNumber(distance.rounded())) pt, more than \(formatNumber(settings.allowableMovement)) pt allowed"
        )
        return false
      }
    }
    return true
  }

  /// Lifted fingers: returns true when they complete a tap (its timers are then cancelled), and
  /// false otherwise, having failed the recognizer if the tap never had all its fingers down.
  @inline(__always)
  mutating func touchesEnded(_ count: Int, on recognizer: GestureRecognizer, _ settings: Settings) -> Bool {
    fingersDown -= count
    guard fingersDown <= 0 else { return false }
    fingersDown = 0
    recognizer.cancelTimer(durationTimer)
    recognizer.cancelTimer(landingTimer)
    if mostDown < settings.numberOfTouchesRequired {
      let down = mostDown
      fail(recognizer, "only \(down) of \(settings.numberOfTouchesRequired) fingers touched down")
      return false
    }
    tapsCompleted += 1
    return true
  }

  /// Handles the duration and landing timers; returns false for any other id.
  func timerFired(_ id: Int, on recognizer: GestureRecognizer, _ settings: Settings) -> Bool {
    if id == durationTimer {
      fail(recognizer, "the tap lasted longer than \(formatNumber(settings.maximumTapDuration.secondsValue)) s")
      return true
    }
    if id == landingTimer {
      if mostDown < settings.numberOfTouchesRequired {
        let down = mostDown
        fail(
          recognizer,
          "only \(down) of \(settings.numberOfTouchesRequired) fingers landed within \(formatNumber(settings.allowableTouchTimeSeparation.secondsValue)) s"
        )
      }
      return true
    }
    return false
  }

  /// Stores `changed`, a copy of this value taken out before a rule that calls the recognizer
  /// back and changed since, unless this value was reset meanwhile. A reset wins: it ends the
  /// attempt the copy belongs to. (That happens only when app code calls a touch method outside
  /// a dispatch: the failure the rule asks for is then resolved at once, and the recognizer reset,
  /// before the rule returns. Within a dispatch the request waits for the rule to return.)
  mutating func storeBack(_ changed: TapSequence) {
    if changed.generation == generation { self = changed }
  }

  /// Forgets the attempt.
  mutating func reset() {
    generation &+= 1
    tapsCompleted = 0
    fingersDown = 0
    mostDown = 0
    beganInTap = false
    referencePoint = nil
  }
}
