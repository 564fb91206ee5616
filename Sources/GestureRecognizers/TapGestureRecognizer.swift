public import GestureCore

/// Recognizes one or more taps of one or more fingers (UIKit's `UITapGestureRecognizer`);
/// discrete (<doc:BehaviourReference> §4).
///
/// It recognizes at the lift of the last finger of the last required tap. It fails when more of
/// its own fingers than required are down, when a tap's fingers all lift before enough were down,
/// when a finger moves more than ``allowableMovement``, when a tap lasts longer than
/// ``maximumTapDuration``, when the next tap does not begin within
/// ``maximumIntervalBetweenSuccessiveTaps`` of a lift, or when a later tap begins too far from the
/// first.
open class TapGestureRecognizer: GestureRecognizer {
  /// Default for ``allowableMovement``: 45 points.
  public static let defaultAllowableMovement = 45.0
  /// Default for ``maximumIntervalBetweenSuccessiveTaps``: 0.35 s.
  public static let defaultMaximumIntervalBetweenSuccessiveTaps: Duration = .milliseconds(350)
  /// Default for ``maximumTapDuration``: 0.75 s (**choice**).
  public static let defaultMaximumTapDuration: Duration = .milliseconds(750)
  /// Default for ``allowableTouchTimeSeparation``: 0.15 s (**choice**).
  public static let defaultAllowableTouchTimeSeparation: Duration = .milliseconds(150)

  /// How many taps make the gesture (default 1).
  public var numberOfTapsRequired = 1
  /// How many fingers each tap needs (default 1).
  public var numberOfTouchesRequired = 1
  /// How far, in points, a finger may move from the first tap's touch-down point (for one
  /// finger) or from its own touch-down point (for several), and how far a later tap may begin
  /// from the first.
  public var allowableMovement = TapGestureRecognizer.defaultAllowableMovement
  /// The longest pause between a lift and the next tap's touch-down.
  public var maximumIntervalBetweenSuccessiveTaps = TapGestureRecognizer.defaultMaximumIntervalBetweenSuccessiveTaps
  /// The longest a tap may last, from its first touch-down.
  public var maximumTapDuration = TapGestureRecognizer.defaultMaximumTapDuration
  /// The longest the fingers of a multi-finger tap may take to land, from its first touch-down.
  public var allowableTouchTimeSeparation = TapGestureRecognizer.defaultAllowableTouchTimeSeparation

  private enum Timer: Int {
    case interval = 0, duration, landing
  }

  private var tapsCompleted = 0
  private var fingersDown = 0
  private var fingersInTap = 0
  private var firstTapPoints: [Point] = []
  private var firstTapCentroid: Point?

  /// Creates a tap recognizer.
  public init(name: String = "", numberOfTapsRequired: Int = 1, numberOfTouchesRequired: Int = 1) {
    self.numberOfTapsRequired = numberOfTapsRequired
    self.numberOfTouchesRequired = numberOfTouchesRequired
    super.init(name: name)
  }

  /// False: built-in recognizers decide no failure requirements themselves.
  open override var asksForDynamicFailureRequirements: Bool { false }

  private func fail(_ reason: @autoclosure () -> String) {
    if requestedState == .possible { setState(.failed, reason: reason()) }
  }

  /// Where the first tap's fingers touched down (their centroid), in `view`'s coordinates.
  open override func location(in view: View?) -> Point {
    guard !firstTapPoints.isEmpty else { return super.location(in: view) }
    let point = firstTapCentroid ?? GestureRecognizer.centroid(firstTapPoints)
    return view?.convert(point, from: nil) ?? point
  }

  /// Counts fingers and starts the tap's timers.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    cancelTimer(Timer.interval.rawValue)
    if fingersDown == 0 {
      fingersInTap = 0
      startTimer(Timer.duration.rawValue, after: maximumTapDuration)
      if numberOfTouchesRequired > 1 {
        startTimer(Timer.landing.rawValue, after: allowableTouchTimeSeparation)
      }
    }
    for touch in touches {
      fingersDown += 1
      fingersInTap += 1
      if fingersDown > numberOfTouchesRequired {
        fail("\(fingersDown) fingers down, \(numberOfTouchesRequired) required")
        return
      }
      if tapsCompleted == 0 {
        firstTapPoints.append(touch.locationInWindow)
      } else {
        let distance = distanceFromFirstTap(touch.locationInWindow)
        if distance > allowableMovement {
          fail(
            "tap \(tapsCompleted + 1) began \(formatNumber(distance.rounded())) pt from the first, more than \(formatNumber(allowableMovement)) pt allowed"
          )
          return
        }
      }
    }
  }

  private func distanceFromFirstTap(_ point: Point) -> Double {
    if numberOfTouchesRequired == 1, let first = firstTapCentroid ?? firstTapPoints.first {
      return point.distance(to: first)
    }
    return firstTapPoints.map { $0.distance(to: point) }.min() ?? 0
  }

  /// Fails when a finger moves too far.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    // By index, reading two plain values per touch: no reference counting per move.
    for index in touches.indices {
      let anchor: Point
      if numberOfTouchesRequired == 1, let first = firstTapPoints.first {
        anchor = first
      } else {
        anchor = touches[index].initialLocationInWindow
      }
      let distance = touches[index].locationInWindow.distance(to: anchor)
      if distance > allowableMovement {
        fail("moved \(formatNumber(distance.rounded())) pt, more than \(formatNumber(allowableMovement)) pt allowed")
        return
      }
    }
  }

  /// Counts a completed tap; recognizes at the last one.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    fingersDown -= touches.count
    guard fingersDown <= 0 else { return }
    fingersDown = 0
    cancelTimer(Timer.duration.rawValue)
    cancelTimer(Timer.landing.rawValue)
    if fingersInTap < numberOfTouchesRequired {
      fail("only \(fingersInTap) of \(numberOfTouchesRequired) fingers touched down")
      return
    }
    tapsCompleted += 1
    if tapsCompleted == 1 { firstTapCentroid = GestureRecognizer.centroid(firstTapPoints) }
    if tapsCompleted >= numberOfTapsRequired {
      setState(
        .ended,
        reason: numberOfTapsRequired == 1 ? "recognized" : "tap \(tapsCompleted) of \(numberOfTapsRequired) ended")
    } else {
      startTimer(Timer.interval.rawValue, after: maximumIntervalBetweenSuccessiveTaps)
    }
  }

  /// Fails.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    fail("its touch was cancelled")
  }

  /// Handles the interval, duration and landing timers.
  open override func timerFired(_ id: Int) {
    switch Timer(rawValue: id) {
    case .interval:
      fail(
        "tap \(tapsCompleted + 1) did not begin within \(formatNumber(maximumIntervalBetweenSuccessiveTaps.secondsValue)) s"
      )
    case .duration:
      fail("the tap lasted longer than \(formatNumber(maximumTapDuration.secondsValue)) s")
    case .landing:
      if fingersInTap < numberOfTouchesRequired {
        fail(
          "only \(fingersInTap) of \(numberOfTouchesRequired) fingers landed within \(formatNumber(allowableTouchTimeSeparation.secondsValue)) s"
        )
      }
    case nil:
      break
    }
  }

  /// Clears the taps counted so far.
  open override func reset() {
    tapsCompleted = 0
    fingersDown = 0
    fingersInTap = 0
    firstTapPoints.removeAllKeepingStorage()
    firstTapCentroid = nil
  }

  /// A tap cannot prevent a tap with the same number of touches and more taps, nor a long press
  /// with the same number of touches and as many or more taps (<doc:BehaviourReference> §3.5).
  open override func canPrevent(_ other: GestureRecognizer) -> Bool {
    if let tap = other as? TapGestureRecognizer, tap.numberOfTouchesRequired == numberOfTouchesRequired,
      tap.numberOfTapsRequired > numberOfTapsRequired
    {
      return false
    }
    if let press = other as? LongPressGestureRecognizer,
      press.numberOfTouchesRequired == numberOfTouchesRequired,
      press.numberOfTapsRequired >= numberOfTapsRequired
    {
      return false
    }
    return true
  }
}
