public import GestureCore

/// Recognizes one or more taps of one or more fingers (UIKit's `UITapGestureRecognizer`);
/// discrete (<doc:BehaviourReference> §4).
///
/// It recognizes at the lift of the last finger of the last required tap. It fails when more of
/// its own fingers than required are down (fingers it is not tracking do not count), when a tap's
/// fingers all lift before enough were down, when the fingers of a multi-finger tap do not all
/// land within ``allowableTouchTimeSeparation``, when the fingers move more than
/// ``allowableMovement``, when a tap lasts longer than ``maximumTapDuration``, when the next tap
/// does not begin within ``maximumIntervalBetweenSuccessiveTaps`` of a lift, or when a later tap
/// begins too far from the first.
///
/// Movement is judged against the *reference point*: the centroid of the first tap's fingers at
/// the moment all its required fingers are down. While a tap has all its required fingers down,
/// their centroid must stay within ``allowableMovement`` of the reference point (for a later tap
/// this is how "begins too far" is judged, from the moment its last required finger lands); while
/// it has fewer, each finger must stay within ``allowableMovement`` of where it landed. With one
/// finger this is: movement from the first tap's touch-down point. ``location(in:)`` is the
/// reference point.
open class TapGestureRecognizer: GestureRecognizer {
  /// Default for ``allowableMovement``: 45 points.
  public static let defaultAllowableMovement = 45.0
  /// Default for ``maximumIntervalBetweenSuccessiveTaps``: 0.35 s.
  public static let defaultMaximumIntervalBetweenSuccessiveTaps: Duration = .milliseconds(350)
  /// Default for ``maximumTapDuration``: 0.75 s (**choice**).
  public static let defaultMaximumTapDuration: Duration = .milliseconds(750)
  /// Default for ``allowableTouchTimeSeparation``: 0.15 s (**choice**).
  public static let defaultAllowableTouchTimeSeparation: Duration = .milliseconds(150)

  /// How many taps make the gesture (default 1). Fewer than one counts as one: the tap
  /// recognizes at the first lift.
  public var numberOfTapsRequired: Int {
    get { storedNumberOfTapsRequired }
    set { storedNumberOfTapsRequired = newValue }
  }
  /// How many fingers each tap needs (default 1). No tap has fewer than one finger: below one,
  /// the recognizer fails at every touch-down.
  public var numberOfTouchesRequired: Int {
    get { settings.numberOfTouchesRequired }
    set { settings.numberOfTouchesRequired = newValue }
  }
  /// How far, in points, the fingers' centroid may be from the reference point while all the
  /// required fingers are down (which is also how far a later tap may begin from the first), and
  /// each finger from where it landed while fewer are down.
  public var allowableMovement: Double {
    get { settings.allowableMovement }
    set { settings.allowableMovement = newValue }
  }
  /// The longest pause between a lift and the next tap's touch-down.
  public var maximumIntervalBetweenSuccessiveTaps: Duration {
    get { storedMaximumIntervalBetweenSuccessiveTaps }
    set { storedMaximumIntervalBetweenSuccessiveTaps = newValue }
  }
  /// The longest a tap may last, from its first touch-down.
  public var maximumTapDuration: Duration {
    get { settings.maximumTapDuration }
    set { settings.maximumTapDuration = newValue }
  }
  /// The longest the fingers of a multi-finger tap may take to land, from its first touch-down.
  public var allowableTouchTimeSeparation: Duration {
    get { settings.allowableTouchTimeSeparation }
    set { settings.allowableTouchTimeSeparation = newValue }
  }

  /// The tap rules; its timers are 0 (interval), 1 (duration) and 2 (landing). Copied out
  /// before a rule that calls the recognizer back (`on: self`), and stored again after one that
  /// changes it unless a reset came in between (``TapSequence/storeBack(_:)``): an access to the
  /// property open across such a call would make the compiler check every access to it at run
  /// time, in a build with exclusivity checks on.
  private var sequence = TapSequence(timersFrom: 0)

  /// The buttons a pointer press must use, exactly (UIKit's `buttonMaskRequired`; default
  /// ``GestureCore/EventButtonMask/primary``, <doc:BehaviourReference> §6.2). Only touches of type
  /// `indirectPointer` are judged by it.
  public var buttonMaskRequired: EventButtonMask {
    get { storedButtonMaskRequired }
    set { storedButtonMaskRequired = newValue }
  }
  /// The buttons seen down during the current pointer press.
  var pressedButtons: EventButtonMask = []

  /// The four settings the tap rules read, stored together (the public properties above read and
  /// write them): one private property, which the compiler sees every access to, instead of four
  /// public ones read at each touch.
  private var settings = TapSequence.Settings(
    numberOfTouchesRequired: 1, allowableMovement: TapGestureRecognizer.defaultAllowableMovement,
    maximumTapDuration: TapGestureRecognizer.defaultMaximumTapDuration,
    allowableTouchTimeSeparation: TapGestureRecognizer.defaultAllowableTouchTimeSeparation)

  // The settings' storage, private, so that this module sees every access to it and proves
  // those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  // checked at run time at every access).
  private var storedNumberOfTapsRequired: Int = 1
  private var storedMaximumIntervalBetweenSuccessiveTaps: Duration = TapGestureRecognizer
    .defaultMaximumIntervalBetweenSuccessiveTaps
  private var storedButtonMaskRequired: EventButtonMask = .primary

  /// Creates a tap recognizer.
  public init(name: String = "", numberOfTapsRequired: Int = 1, numberOfTouchesRequired: Int = 1) {
    self.storedNumberOfTapsRequired = numberOfTapsRequired
    settings.numberOfTouchesRequired = numberOfTouchesRequired
    super.init(name: name)
  }

  /// False for this class, which decides no failure requirements itself; true for a subclass,
  /// which may override ``GestureCore/GestureRecognizer/shouldRequireFailure(of:)`` or
  /// ``GestureCore/GestureRecognizer/shouldBeRequiredToFail(by:)`` (one that overrides neither
  /// may return false, to save the runtime two calls per pair of recognizers).
  open override var asksForDynamicFailureRequirements: Bool { type(of: self) != TapGestureRecognizer.self }

  /// The reference point, in `view`'s coordinates: the centroid of the first tap's fingers at the
  /// moment all its required fingers were down (for one finger, its touch-down point). Before
  /// that moment, the centroid of the touches.
  open override func location(in view: View?) -> Point {
    guard let point = sequence.referencePoint else { return super.location(in: view) }
    return view?.convert(point, from: nil) ?? point
  }

  /// Counts fingers, starts the tap's timers, and judges where a later tap began.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    if touches.contains(where: { $0.type == .indirectPointer }) {
      pressedButtons = []
      if !judgeButtons(event) { return }
    }
    var rules = sequence
    _ = rules.touchesBegan(touches.count, on: self, settings)
    sequence.storeBack(rules)
  }

  /// Fails when the fingers move too far (<doc:BehaviourReference> §4).
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    if touches.contains(where: { $0.type == .indirectPointer }) && !judgeButtons(event) { return }
    let rules = sequence
    _ = rules.touchesMoved(touches, on: self, settings)
  }

  /// Counts a completed tap; recognizes at the last one.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    if touches.contains(where: { $0.type == .indirectPointer }) && !judgeButtonsAtLift(event) { return }
    var rules = sequence
    let completed = rules.touchesEnded(touches.count, on: self, settings)
    sequence.storeBack(rules)
    guard completed else { return }
    let taps = rules.tapsCompleted
    if taps >= numberOfTapsRequired {
      setState(
        .ended, reason: numberOfTapsRequired <= 1 ? "recognized" : "tap \(taps) of \(numberOfTapsRequired) ended")
    } else {
      startTimer(rules.intervalTimer, after: maximumIntervalBetweenSuccessiveTaps)
    }
  }

  /// Fails.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    let rules = sequence
    rules.fail(self, "its touch was cancelled")
  }

  /// Handles the interval, duration and landing timers.
  open override func timerFired(_ id: Int) {
    let rules = sequence
    if rules.timerFired(id, on: self, settings) { return }
    if id == rules.intervalTimer {
      let next = rules.tapsCompleted + 1
      rules.fail(
        self,
        "tap \(next) did not begin within \(formatNumber(maximumIntervalBetweenSuccessiveTaps.secondsValue)) s")
    }
  }

  /// Clears the taps counted so far.
  open override func reset() {
    sequence.reset()
    pressedButtons = []
  }

  /// A tap cannot prevent a tap with the same number of touches and more taps, nor a long press
  /// with the same number of touches and as many or more taps (<doc:BehaviourReference> §3.5).
  /// Counts are compared as the recognizers take them: a tap's below 1 as 1, a long press's
  /// below 0 as 0.
  open override func canPrevent(_ other: GestureRecognizer) -> Bool {
    let taps = max(1, numberOfTapsRequired)
    if let tap = other as? TapGestureRecognizer, tap.numberOfTouchesRequired == numberOfTouchesRequired,
      max(1, tap.numberOfTapsRequired) > taps
    {
      return false
    }
    if let press = other as? LongPressGestureRecognizer,
      press.numberOfTouchesRequired == numberOfTouchesRequired,
      max(0, press.numberOfTapsRequired) >= taps
    {
      return false
    }
    return true
  }
}
