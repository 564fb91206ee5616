public import GestureCore

/// Recognizes fingers held still for a while (UIKit's `UILongPressGestureRecognizer`); continuous
/// (<doc:BehaviourReference> §4).
///
/// It begins from a timer once ``numberOfTouchesRequired`` fingers have been down for
/// ``minimumPressDuration``. The timer starts when the last required finger lands; from that
/// moment the centroid of the fingers must stay within ``allowableMovement`` of where it was then
/// (movement before that moment is not judged). A required finger lifting before it began fails
/// it, and so does a finger beyond the required ones that lands before it began. Afterwards
/// movement never fails it (`changed` on every move, even outside its view), fingers that land are
/// ignored (`ignore(_:for:)`: their views get their whole sequences), and it ends when one of its
/// fingers lifts.
///
/// With ``numberOfTapsRequired`` n, n taps come first, each following every rule of
/// ``TapGestureRecognizer`` with this recognizer's tap settings (``allowableTapMovement``,
/// ``maximumTapDuration``, ``allowableTouchTimeSeparation``,
/// ``maximumIntervalBetweenSuccessiveTaps``); the press must land within
/// ``maximumIntervalBetweenSuccessiveTaps`` of the last tap's lift, and its fingers' centroid, when
/// its last required finger lands, within ``allowableTapMovement`` of the taps' reference point.
open class LongPressGestureRecognizer: GestureRecognizer {
  /// Default for ``minimumPressDuration``: 0.5 s.
  public static let defaultMinimumPressDuration: Duration = .milliseconds(500)
  /// Default for ``allowableMovement``: 10 points.
  public static let defaultAllowableMovement = 10.0

  /// How long the fingers must be held, from the moment the last required finger lands.
  public var minimumPressDuration: Duration {
    get { storedMinimumPressDuration }
    set { storedMinimumPressDuration = newValue }
  }
  /// How far, in points, the fingers' centroid may move, from where it was when the last required
  /// finger landed, before the press begins.
  public var allowableMovement: Double {
    get { storedAllowableMovement }
    set { storedAllowableMovement = newValue }
  }
  /// How many fingers must be held (default 1), and how many each preceding tap needs. Below
  /// one, the recognizer fails at every touch-down.
  public var numberOfTouchesRequired: Int {
    get { storedNumberOfTouchesRequired }
    set { storedNumberOfTouchesRequired = newValue }
  }
  /// How many taps come before the press (default 0; below zero counts as zero).
  public var numberOfTapsRequired: Int {
    get { storedNumberOfTapsRequired }
    set { storedNumberOfTapsRequired = newValue }
  }
  /// The longest pause between a tap's lift and the next touch-down (tap rules; default
  /// ``TapGestureRecognizer/defaultMaximumIntervalBetweenSuccessiveTaps``).
  public var maximumIntervalBetweenSuccessiveTaps: Duration {
    get { storedMaximumIntervalBetweenSuccessiveTaps }
    set { storedMaximumIntervalBetweenSuccessiveTaps = newValue }
  }
  /// The longest a preceding tap may last (tap rules; default
  /// ``TapGestureRecognizer/defaultMaximumTapDuration``).
  public var maximumTapDuration: Duration {
    get { storedMaximumTapDuration }
    set { storedMaximumTapDuration = newValue }
  }
  /// The longest the fingers of a preceding multi-finger tap may take to land, from its first
  /// touch-down (tap rules; default ``TapGestureRecognizer/defaultAllowableTouchTimeSeparation``).
  public var allowableTouchTimeSeparation: Duration {
    get { storedAllowableTouchTimeSeparation }
    set { storedAllowableTouchTimeSeparation = newValue }
  }
  /// How far, in points, the fingers of the preceding taps and the press may be from the taps'
  /// reference point (tap rules, as ``TapGestureRecognizer/allowableMovement``; default
  /// ``TapGestureRecognizer/defaultAllowableMovement``).
  public var allowableTapMovement: Double {
    get { storedAllowableTapMovement }
    set { storedAllowableTapMovement = newValue }
  }

  /// The press timer.
  private static let pressTimer = 0
  /// The preceding taps; their timers are 1 (interval), 2 (duration) and 3 (landing). Copied
  /// out around a rule that calls the recognizer back, as ``TapGestureRecognizer`` does with its
  /// own.
  private var taps = TapSequence(timersFrom: 1)
  /// Fingers of the press that are down.
  private var fingersDown = 0
  /// The centroid of the press's fingers when the last required one landed.
  private var pressOrigin: Point?

  private var tapSettings: TapSequence.Settings {
    TapSequence.Settings(
      numberOfTouchesRequired: numberOfTouchesRequired, allowableMovement: allowableTapMovement,
      maximumTapDuration: maximumTapDuration, allowableTouchTimeSeparation: allowableTouchTimeSeparation)
  }

  // The settings' storage, private, so that this module sees every access to it and proves
  // those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  // checked at run time at every access).
  private var storedMinimumPressDuration: Duration = LongPressGestureRecognizer.defaultMinimumPressDuration
  private var storedAllowableMovement: Double = LongPressGestureRecognizer.defaultAllowableMovement
  private var storedNumberOfTouchesRequired: Int = 1
  private var storedNumberOfTapsRequired: Int = 0
  private var storedMaximumIntervalBetweenSuccessiveTaps: Duration = TapGestureRecognizer
    .defaultMaximumIntervalBetweenSuccessiveTaps
  private var storedMaximumTapDuration: Duration = TapGestureRecognizer.defaultMaximumTapDuration
  private var storedAllowableTouchTimeSeparation: Duration = TapGestureRecognizer.defaultAllowableTouchTimeSeparation
  private var storedAllowableTapMovement: Double = TapGestureRecognizer.defaultAllowableMovement

  /// Creates a long-press recognizer.
  public init(
    name: String = "", minimumPressDuration: Duration = LongPressGestureRecognizer.defaultMinimumPressDuration
  ) {
    self.storedMinimumPressDuration = minimumPressDuration
    super.init(name: name)
  }

  /// False for this class, which decides no failure requirements itself; true for a subclass,
  /// which may override ``GestureCore/GestureRecognizer/shouldRequireFailure(of:)`` or
  /// ``GestureCore/GestureRecognizer/shouldBeRequiredToFail(by:)`` (one that overrides neither
  /// may return false, to save the runtime two calls per pair of recognizers).
  open override var asksForDynamicFailureRequirements: Bool { type(of: self) != LongPressGestureRecognizer.self }

  private func fail(_ reason: @autoclosure () -> String) {
    if requestedState == .possible { setState(.failed, reason: reason()) }
  }

  private var inTapPhase: Bool { taps.tapsCompleted < numberOfTapsRequired }

  /// Counts fingers and starts the press timer when the last required one lands; once begun,
  /// ignores new fingers (<doc:BehaviourReference> §2.5).
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .began, .changed:
      for touch in touches { ignore(touch, for: event) }
      return
    case .possible: break
    default: return
    }
    if inTapPhase {
      var rules = taps
      _ = rules.touchesBegan(touches.count, on: self, tapSettings)
      taps.storeBack(rules)
      return
    }
    cancelTimer(taps.intervalTimer)
    fingersDown += touches.count
    if fingersDown > numberOfTouchesRequired {
      fail("\(fingersDown) fingers down, \(numberOfTouchesRequired) required")
      return
    }
    guard fingersDown == numberOfTouchesRequired else { return }
    let origin = TapSequence.centroid(of: self)
    if let reference = taps.referencePoint {
      let distance = origin.distance(to: reference)
      if distance > allowableTapMovement {
        fail(
          "began \(formatNumber(distance.rounded())) pt from the first tap, more than \(formatNumber(allowableTapMovement)) pt allowed"
        )
        return
      }
    }
    pressOrigin = origin
    startTimer(Self.pressTimer, after: minimumPressDuration)
  }

  /// Before the press begins: in a tap, the tap rules; then, once the last required finger is
  /// down, fails when the fingers' centroid moves too far. Once begun, `changed`.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .possible:
      if inTapPhase {
        let rules = taps
        _ = rules.touchesMoved(touches, on: self, tapSettings)
        return
      }
      guard let origin = pressOrigin else { return }
      let distance = TapSequence.centroid(of: self).distance(to: origin)
      if distance > allowableMovement {
        fail("moved \(formatNumber(distance.rounded())) pt, more than \(formatNumber(allowableMovement)) pt allowed")
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
      var rules = taps
      let completed = rules.touchesEnded(touches.count, on: self, tapSettings)
      taps.storeBack(rules)
      if completed {
        startTimer(rules.intervalTimer, after: maximumIntervalBetweenSuccessiveTaps)
      }
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

  /// Begins when the press timer fires; fails when a tap's interval, duration or landing window
  /// runs out.
  open override func timerFired(_ id: Int) {
    if id == Self.pressTimer {
      if requestedState == .possible && fingersDown >= numberOfTouchesRequired {
        setState(.began, reason: "held \(formatNumber(minimumPressDuration.secondsValue)) s")
      }
    } else if id == taps.intervalTimer {
      fail(
        "the press did not begin within \(formatNumber(maximumIntervalBetweenSuccessiveTaps.secondsValue)) s of the tap"
      )
    } else {
      let rules = taps
      _ = rules.timerFired(id, on: self, tapSettings)
    }
  }

  /// Clears the attempt's bookkeeping.
  open override func reset() {
    taps.reset()
    fingersDown = 0
    pressOrigin = nil
  }

  /// A long press cannot prevent a long press that requires more taps (<doc:BehaviourReference> §3.5).
  /// Counts below 0 are compared as 0, as the long press takes them.
  open override func canPrevent(_ other: GestureRecognizer) -> Bool {
    if let press = other as? LongPressGestureRecognizer,
      max(0, press.numberOfTapsRequired) > max(0, numberOfTapsRequired)
    {
      return false
    }
    return true
  }
}
