public import GestureCore

/// Recognizes a drag of one or more fingers (UIKit's `UIPanGestureRecognizer`); continuous
/// (<doc:BehaviourReference> §4).
///
/// It begins when at least ``minimumNumberOfTouches`` fingers are down and their centroid has
/// moved ``hysteresis`` points on either axis; at `began` the hysteresis is removed per axis, so a
/// move of (+12, +3) reports a translation of (2, 0). It sends `changed` on every later event,
/// ends when all its fingers lift, and fails if they lift before it began. Fingers beyond
/// ``maximumNumberOfTouches`` are ignored; adding or lifting fingers does not make the
/// translation jump.
///
/// Open for subclassing, as in UIKit: the touch methods, ``reset()``, ``translation(in:)``,
/// ``setTranslation(_:in:)``, ``velocity(in:)`` and the override point
/// ``shouldBegin(afterMoving:)`` can be overridden (an override of a touch method or of `reset()`
/// calls `super`). ``ScreenEdgePanGestureRecognizer`` is such a subclass.
open class PanGestureRecognizer: GestureRecognizer {
  /// Default for ``hysteresis``: 10 points.
  public static let defaultHysteresis = 10.0

  /// The fewest fingers that can pan (default 1).
  public var minimumNumberOfTouches: Int {
    get { storedMinimumNumberOfTouches }
    set { storedMinimumNumberOfTouches = newValue }
  }
  /// The most fingers tracked (default unlimited, `Int.max`).
  public var maximumNumberOfTouches: Int {
    get { storedMaximumNumberOfTouches }
    set { storedMaximumNumberOfTouches = newValue }
  }
  /// How far, in points, the centroid must move on either axis before the pan begins.
  public var hysteresis: Double {
    get { storedHysteresis }
    set { storedHysteresis = newValue }
  }
  /// The scrolls the pan follows, a mouse wheel's and a trackpad's (UIKit's
  /// `allowedScrollTypesMask`; default none, <doc:BehaviourReference> §6.4).
  public var allowedScrollTypesMask: ScrollTypeMask {
    get { storedAllowedScrollTypesMask }
    set { storedAllowedScrollTypesMask = newValue }
  }

  private var raw = Point.zero
  private var offset = Point.zero
  private var tracker = VelocityTracker()
  /// The fingers that lifted or were cancelled in the latest event that took some, with where.
  /// Changed out of place, as ``SwipeGestureRecognizer``'s lists are.
  private var gone: [(identifier: Int, point: Point)] = []

  // The settings' storage, private, so that this module sees every access to it and proves
  // those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  // checked at run time at every access).
  private var storedMinimumNumberOfTouches: Int = 1
  private var storedMaximumNumberOfTouches: Int = Int.max
  private var storedHysteresis: Double = PanGestureRecognizer.defaultHysteresis
  private var storedAllowedScrollTypesMask: ScrollTypeMask = []

  /// Creates a pan recognizer.
  public init(name: String = "", minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int = .max) {
    self.storedMinimumNumberOfTouches = minimumNumberOfTouches
    self.storedMaximumNumberOfTouches = maximumNumberOfTouches
    super.init(name: name)
  }

  /// False for this class, which decides no failure requirements itself; true for a subclass,
  /// which may override ``GestureCore/GestureRecognizer/shouldRequireFailure(of:)`` or
  /// ``GestureCore/GestureRecognizer/shouldBeRequiredToFail(by:)`` (one that overrides neither
  /// may return false, to save the runtime two calls per pair of recognizers).
  open override var asksForDynamicFailureRequirements: Bool { type(of: self) != PanGestureRecognizer.self }

  /// The translation since the pan began (or since the last ``setTranslation(_:in:)``), in
  /// `view`'s coordinates (window coordinates when nil): the window's displacement seen through
  /// the view's bounds and transforms (a view scaled by 2 sees half the distance). Overridable.
  open func translation(in view: View?) -> Point {
    let inWindow = raw - offset
    return view?.convertDisplacement(inWindow, from: nil) ?? inWindow
  }

  /// Sets the translation reported from now on, given in `view`'s coordinates, and resets the
  /// velocity. Overridable; an override calls `super`.
  open func setTranslation(_ translation: Point, in view: View?) {
    let inWindow = view?.convertDisplacement(translation, to: nil) ?? translation
    offset = raw - inWindow
    tracker.removeAll()
    tracker.add(raw, at: currentTime)
  }

  /// The velocity of the centroid, in points per second in `view`'s coordinates, smoothed over
  /// recent samples. Overridable.
  open func velocity(in view: View?) -> Point {
    let inWindow = tracker.velocity
    return view?.convertDisplacement(inWindow, from: nil) ?? inWindow
  }

  /// True for touches, and for scrolls whose type ``allowedScrollTypesMask`` contains.
  public override func shouldReceive(_ event: TouchEvent) -> Bool {
    switch event.type {
    case .touches: return true
    case .hover: return false
    case .scroll: return event.scrollType.map(allowedScrollTypesMask.allows) ?? false
    }
  }

  /// Moves the translation by a scroll step (`PanGestureRecognizer+Scroll.swift`).
  func scrollBy(_ delta: Point, at time: Timestamp) {
    raw = raw + delta
    tracker.add(raw, at: time)
  }

  /// Override point: asked when the centroid has moved ``hysteresis`` points on an axis and the
  /// pan is about to begin, with its displacement in window coordinates since the pan's
  /// fingers landed. Return false to keep it from beginning on this move (a subclass may fail
  /// itself with `setState(.failed)` first, as the screen-edge pan does when the move points the
  /// wrong way). The default returns true.
  open func shouldBegin(afterMoving displacement: Point) -> Bool { true }

  /// Tracks new fingers up to the maximum; ignores the rest in this call
  /// (`ignore(_:for:)`: no `changed` for them, and their views get their whole sequences,
  /// <doc:BehaviourReference> §2.5).
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    if event.type == .scroll { return handleScroll(.began, event) }
    guard !requestedState.isTerminal else { return }
    if numberOfTouches > maximumNumberOfTouches {
      var excess = numberOfTouches - maximumNumberOfTouches
      for touch in touches.reversed() where excess > 0 {
        ignore(touch, for: event)
        excess -= 1
      }
    }
    if tracker.velocity == .zero { tracker.add(raw, at: event.timestamp) }
  }

  /// Moves the translation by the centroid's displacement and begins past the hysteresis.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    if event.type == .scroll { return handleScroll(.moved, event) }
    let count = numberOfTouches
    // Read once: nothing below asks for a state before the switch.
    let state = requestedState
    guard count > 0, !state.isTerminal else { return }
    // A literal, not `Point.zero`: a static of another module is reached through a call.
    var sum = Point(x: 0, y: 0)
    // By index, reading plain values per touch: no reference counting per move.
    for index in touches.indices {
      sum = sum + (touches[index].locationInWindow - touches[index].previousLocationInWindow)
    }
    raw = raw + Point(x: sum.x / Double(count), y: sum.y / Double(count))
    tracker.add(raw, at: event.timestamp)
    switch state {
    case .possible:
      guard count >= minimumNumberOfTouches,
        abs(raw.x) >= hysteresis || abs(raw.y) >= hysteresis,
        shouldBegin(afterMoving: raw), !requestedState.isTerminal
      else { return }
      offset = Point(x: clamp(raw.x), y: clamp(raw.y))
      setState(
        .began,
        reason:
          "moved \(formatNumber(max(abs(raw.x), abs(raw.y)).rounded())) pt, at least \(formatNumber(hysteresis)) pt")
    case .began, .changed:
      setState(.changed)
    default:
      break
    }
  }

  private func clamp(_ value: Double) -> Double {
    min(max(value, -hysteresis), hysteresis)
  }

  /// The centroid of the pan's fingers, in `view`'s coordinates; in an action sent as its last
  /// fingers go, the centroid of where they went, even when some lifted and others were cancelled
  /// in the same event (<doc:BehaviourReference> §4).
  open override func location(in view: View?) -> Point {
    guard numberOfTouches == 0, !gone.isEmpty else { return super.location(in: view) }
    var sum = Point.zero
    for index in gone.indices { sum = sum + gone[index].point }
    let point = Point(x: sum.x / Double(gone.count), y: sum.y / Double(gone.count))
    return view?.convert(point, from: nil) ?? point
  }

  /// Remembers where `touches` went, with the fingers that went earlier in the same event.
  private func noteGone(_ touches: [Touch], _ event: TouchEvent) {
    // An earlier entry belongs to this event only if the event lists that touch: the event is the
    // one whose earlier phase (ended before cancelled) removed it.
    var list: [(identifier: Int, point: Point)] = []
    swap(&list, &gone)
    if !list.isEmpty {
      let sameEvent = event.allTouches.contains { touch in
        (touch.phase == .ended || touch.phase == .cancelled) && list.contains { $0.identifier == touch.identifier }
      }
      if !sameEvent { list.removeAllKeepingStorage() }
    }
    for touch in touches { list.append((touch.identifier, touch.locationInWindow)) }
    swap(&list, &gone)
  }

  /// Ends when the last finger lifts; fails if it had not begun.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    if event.type == .scroll { return handleScroll(.ended, event) }
    noteGone(touches, event)
    guard numberOfTouches - touches.count <= 0 else { return }
    switch requestedState {
    case .possible: setState(.failed, reason: "lifted before moving \(formatNumber(hysteresis)) pt")
    case .began, .changed: setState(.ended, reason: "all fingers lifted")
    default: break
    }
  }

  /// Fails, or cancels once begun.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    if event.type == .scroll { return handleScroll(.cancelled, event) }
    noteGone(touches, event)
    switch requestedState {
    case .possible: setState(.failed, reason: "its touches were cancelled")
    case .began, .changed: setState(.cancelled, reason: "its touches were cancelled")
    default: break
    }
  }

  /// Restarts the translation at zero when released by a failure requirement (<doc:BehaviourReference> §3.9).
  open override func didFinishWaiting() {
    offset = raw
  }

  /// Adds `translation` and `velocity` to the trace.
  open override func traceAttributes(in view: View?) -> [TraceAttribute] {
    [
      TraceAttribute(name: "translation", point: translation(in: view)),
      TraceAttribute(name: "velocity", point: velocity(in: view)),
    ]
  }

  /// True: pans add attributes.
  open override var providesTraceAttributes: Bool { true }

  /// Clears the translation and the velocity samples.
  open override func reset() {
    raw = .zero
    offset = .zero
    tracker.removeAll()
    var list: [(identifier: Int, point: Point)] = []
    swap(&list, &gone)
    list.removeAllKeepingStorage()
    swap(&list, &gone)
  }
}
