public import GestureCore

/// Recognizes fingers held still for a while (UIKit's `UILongPressGestureRecognizer`); continuous
/// (<doc:BehaviourReference> §4).
///
/// It begins from a timer once ``numberOfTouchesRequired`` fingers have been down for
/// ``minimumPressDuration`` without moving more than ``allowableMovement``. Afterwards movement
/// never fails it (`changed` on every move), extra fingers are ignored, and it ends when one of
/// its fingers lifts. With ``numberOfTapsRequired`` n, n taps (tap rules) come first and the press
/// must land within the tap interval.
open class LongPressGestureRecognizer: GestureRecognizer {
  /// Default for ``minimumPressDuration``: 0.5 s.
  public static let defaultMinimumPressDuration: Duration = .milliseconds(500)
  /// Default for ``allowableMovement``: 10 points.
  public static let defaultAllowableMovement = 10.0

  /// How long the fingers must be held.
  public var minimumPressDuration = LongPressGestureRecognizer.defaultMinimumPressDuration
  /// How far, in points, a finger may move before the press begins.
  public var allowableMovement = LongPressGestureRecognizer.defaultAllowableMovement
  /// How many fingers must be held (default 1).
  public var numberOfTouchesRequired = 1
  /// How many taps come before the press (default 0).
  public var numberOfTapsRequired = 0
  /// The longest pause between a tap's lift and the next touch-down (tap rules).
  public var maximumIntervalBetweenSuccessiveTaps = TapGestureRecognizer.defaultMaximumIntervalBetweenSuccessiveTaps
  /// The longest a preceding tap may last (tap rules).
  public var maximumTapDuration = TapGestureRecognizer.defaultMaximumTapDuration

  private enum Timer: Int {
    case press = 0, interval, tapDuration
  }

  private var tapsCompleted = 0
  private var fingersDown = 0
  private var fingersInTap = 0
  private var firstPoint: Point?

  /// Creates a long-press recognizer.
  public init(
    name: String = "", minimumPressDuration: Duration = LongPressGestureRecognizer.defaultMinimumPressDuration
  ) {
    self.minimumPressDuration = minimumPressDuration
    super.init(name: name)
  }

  /// False: built-in recognizers decide no failure requirements themselves.
  open override var asksForDynamicFailureRequirements: Bool { false }

  private func fail(_ reason: @autoclosure () -> String) {
    if requestedState == .possible { setState(.failed, reason: reason()) }
  }

  private var inTapPhase: Bool { tapsCompleted < numberOfTapsRequired }

  /// Counts fingers and starts the press timer once enough are down.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .began, .changed:
      for touch in touches { ignore(touch, for: event) }
      return
    case .possible: break
    default: return
    }
    cancelTimer(Timer.interval.rawValue)
    if fingersDown == 0 {
      fingersInTap = 0
      if inTapPhase { startTimer(Timer.tapDuration.rawValue, after: maximumTapDuration) }
    }
    for touch in touches {
      if tapsCompleted > 0, let first = firstPoint {
        let distance = touch.locationInWindow.distance(to: first)
        if distance > TapGestureRecognizer.defaultAllowableMovement {
          fail(
            "began \(formatNumber(distance.rounded())) pt from the first tap, more than \(formatNumber(TapGestureRecognizer.defaultAllowableMovement)) pt allowed"
          )
          return
        }
      } else if firstPoint == nil {
        firstPoint = touch.locationInWindow
      }
    }
    fingersDown += touches.count
    fingersInTap += touches.count
    if fingersDown > numberOfTouchesRequired {
      fail("\(fingersDown) fingers down, \(numberOfTouchesRequired) required")
      return
    }
    if !inTapPhase && fingersDown == numberOfTouchesRequired {
      startTimer(Timer.press.rawValue, after: minimumPressDuration)
    }
  }

  /// Fails when a finger moves too far before the press begins; `changed` afterwards.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .possible:
      let limit = inTapPhase ? TapGestureRecognizer.defaultAllowableMovement : allowableMovement
      // By index, reading plain values per touch: no reference counting per move.
      for index in touches.indices {
        let distance = touches[index].locationInWindow.distance(to: touches[index].initialLocationInWindow)
        if distance > limit {
          fail("moved \(formatNumber(distance.rounded())) pt, more than \(formatNumber(limit)) pt allowed")
          return
        }
      }
    case .began, .changed:
      setState(.changed)
    default:
      break
    }
  }

  /// Ends once begun; before that, completes a tap or fails.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .began, .changed:
      setState(.ended, reason: "a finger lifted")
    case .possible:
      guard inTapPhase else {
        fail("lifted before \(formatNumber(minimumPressDuration.secondsValue)) s")
        return
      }
      fingersDown -= touches.count
      guard fingersDown <= 0 else { return }
      fingersDown = 0
      cancelTimer(Timer.tapDuration.rawValue)
      if fingersInTap < numberOfTouchesRequired {
        fail("only \(fingersInTap) of \(numberOfTouchesRequired) fingers touched down")
        return
      }
      tapsCompleted += 1
      startTimer(Timer.interval.rawValue, after: maximumIntervalBetweenSuccessiveTaps)
    default:
      break
    }
  }

  /// Fails, or cancels once begun.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .possible: setState(.failed, reason: "its touches were cancelled")
    case .began, .changed: setState(.cancelled, reason: "its touches were cancelled")
    default: break
    }
  }

  /// Begins when the press timer fires; fails when a tap interval or duration runs out.
  open override func timerFired(_ id: Int) {
    switch Timer(rawValue: id) {
    case .press:
      if requestedState == .possible && fingersDown >= numberOfTouchesRequired {
        setState(.began, reason: "held \(formatNumber(minimumPressDuration.secondsValue)) s")
      }
    case .interval:
      fail(
        "the press did not begin within \(formatNumber(maximumIntervalBetweenSuccessiveTaps.secondsValue)) s of the tap"
      )
    case .tapDuration:
      fail("the tap lasted longer than \(formatNumber(maximumTapDuration.secondsValue)) s")
    case nil:
      break
    }
  }

  /// Clears the attempt's bookkeeping.
  open override func reset() {
    tapsCompleted = 0
    fingersDown = 0
    fingersInTap = 0
    firstPoint = nil
  }

  /// A long press cannot prevent a long press that requires more taps (<doc:BehaviourReference> §3.5).
  open override func canPrevent(_ other: GestureRecognizer) -> Bool {
    if let press = other as? LongPressGestureRecognizer, press.numberOfTapsRequired > numberOfTapsRequired {
      return false
    }
    return true
  }
}
