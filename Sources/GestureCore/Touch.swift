/// The phase of a touch within an event (UIKit's `UITouch.Phase`).
public enum TouchPhase: String, Sendable, CaseIterable {
  /// A finger touched the surface.
  case began
  /// A finger moved.
  case moved
  /// A finger is down but did not move (never delivered to recognizers, <doc:BehaviourReference> §1.4).
  case stationary
  /// A finger left the surface.
  case ended
  /// The system cancelled the touch.
  case cancelled
}

/// The kind of input that produced a touch (UIKit's `UITouch.TouchType`).
public enum TouchType: String, Sendable, CaseIterable {
  /// A finger on the screen.
  case direct
  /// An indirect pointer, such as a trackpad.
  case indirect
  /// A stylus.
  case pencil
  /// A pointer (mouse or trackpad) pressing a button: the touch begins when the first button goes
  /// down and ends when the last one lifts (UIKit's `indirectPointer`, <doc:BehaviourReference> §6.1).
  case indirectPointer
}

/// One finger (or stylus, or pointer) from the moment it touches down until it lifts
/// (UIKit's `UITouch`).
///
/// A touch is one object for its whole life: the runtime updates its phase, location and timestamp
/// in place as events arrive, as UIKit does.
public final class Touch {
  /// The identifier the input stream gave this touch (the `id` of an event script).
  public let identifier: Int
  /// The kind of input.
  public let type: TouchType
  /// The phase of the most recent event that involved this touch.
  public package(set) var phase: TouchPhase {
    get { storedPhase }
    set { storedPhase = newValue }
  }
  /// The current location, in window coordinates.
  public package(set) var locationInWindow: Point {
    get { storedLocationInWindow }
    set { storedLocationInWindow = newValue }
  }
  /// The location before the most recent move, in window coordinates.
  public package(set) var previousLocationInWindow: Point {
    get { storedPreviousLocationInWindow }
    set { storedPreviousLocationInWindow = newValue }
  }
  /// Where the touch began, in window coordinates.
  public let initialLocationInWindow: Point
  /// The time of the most recent event that involved this touch.
  public package(set) var timestamp: Timestamp {
    get { storedTimestamp }
    set { storedTimestamp = newValue }
  }
  /// When the touch began.
  public let beganAt: Timestamp
  /// How many times in quick succession a finger touched this point (1 for a first touch).
  public package(set) var tapCount: Int {
    get { storedTapCount }
    set { storedTapCount = newValue }
  }
  /// The view the touch was hit-tested to when it began (nil when it hit no view).
  public package(set) var view: View? {
    get { storedView }
    set { storedView = newValue }
  }
  /// The force of the touch in the most recent event (UIKit's `force`): 1 is the force of an
  /// average touch; 0 when the device reports none.
  public package(set) var force: Double {
    get { storedForce }
    set { storedForce = newValue }
  }
  /// The highest value ``force`` can take on this device (UIKit's `maximumPossibleForce`); 0 when
  /// the device reports no force.
  public package(set) var maximumPossibleForce: Double {
    get { storedMaximumPossibleForce }
    set { storedMaximumPossibleForce = newValue }
  }
  /// The radius of the contact area along its major axis, in points, in the most recent event
  /// (UIKit's `majorRadius`); 0 when the device reports none.
  public package(set) var majorRadius: Double {
    get { storedMajorRadius }
    set { storedMajorRadius = newValue }
  }
  /// How far, in points, ``majorRadius`` may be off either way (UIKit's `majorRadiusTolerance`).
  public package(set) var majorRadiusTolerance: Double {
    get { storedMajorRadiusTolerance }
    set { storedMajorRadiusTolerance = newValue }
  }
  /// The number of the runtime's record of this touch in that runtime's table, while the runtime
  /// still needs it (owner 0: none).
  package var runtimeRecord: RuntimeSlotNumber {
    get { storedRuntimeRecord }
    set { storedRuntimeRecord = newValue }
  }

  // The storage of the public properties above and of `runtimeRecord`, private: see
  // `GestureRecognizer`'s.
  private var storedPhase: TouchPhase
  private var storedLocationInWindow: Point
  private var storedPreviousLocationInWindow: Point
  private var storedTimestamp: Timestamp
  private var storedTapCount: Int
  private var storedView: View?
  private var storedRuntimeRecord = RuntimeSlotNumber()
  private var storedForce: Double
  private var storedMaximumPossibleForce: Double
  private var storedMajorRadius: Double
  private var storedMajorRadiusTolerance: Double

  /// Creates a touch (the runtime creates them; tests of a single recognizer may too).
  ///
  /// Force and contact size are 0 (not reported) unless given; ``update(force:maximumPossibleForce:majorRadius:majorRadiusTolerance:)``
  /// changes them.
  public init(
    identifier: Int, location: Point, timestamp: Timestamp, type: TouchType = .direct,
    tapCount: Int = 1, view: View? = nil, force: Double = 0, maximumPossibleForce: Double = 0,
    majorRadius: Double = 0, majorRadiusTolerance: Double = 0
  ) {
    self.identifier = identifier
    self.type = type
    self.storedPhase = .began
    self.storedLocationInWindow = location
    self.storedPreviousLocationInWindow = location
    self.initialLocationInWindow = location
    self.storedTimestamp = timestamp
    self.beganAt = timestamp
    self.storedTapCount = tapCount
    self.storedView = view
    self.storedForce = force
    self.storedMaximumPossibleForce = maximumPossibleForce
    self.storedMajorRadius = majorRadius
    self.storedMajorRadiusTolerance = majorRadiusTolerance
  }

  /// The current location in `view`'s coordinates (window coordinates when `view` is nil).
  public func location(in view: View?) -> Point {
    view?.convert(locationInWindow, from: nil) ?? locationInWindow
  }

  /// The location before the most recent move, in `view`'s coordinates.
  public func previousLocation(in view: View?) -> Point {
    view?.convert(previousLocationInWindow, from: nil) ?? previousLocationInWindow
  }

  /// Moves the touch to a new phase and location (used by the runtime and by tests that drive a
  /// recognizer directly).
  public func update(phase: TouchPhase, location: Point, timestamp: Timestamp) {
    self.storedPhase = phase
    if phase == .moved || location != locationInWindow {
      previousLocationInWindow = locationInWindow
    }
    locationInWindow = location
    self.storedTimestamp = timestamp
  }

  /// A change of the touch in an event, in one call: its phase, location and time, and the force
  /// and contact size the device reported with it (a runtime's per-event path).
  package func update(
    phase: TouchPhase, location: Point, timestamp: Timestamp, force: Double, maximumPossibleForce: Double,
    majorRadius: Double, majorRadiusTolerance: Double
  ) {
    update(phase: phase, location: location, timestamp: timestamp)
    // Written only when one differs (as compared, so a zero of the other sign leaves them as
    // they were).
    if force != storedForce || maximumPossibleForce != storedMaximumPossibleForce
      || majorRadius != storedMajorRadius || majorRadiusTolerance != storedMajorRadiusTolerance
    {
      update(
        force: force, maximumPossibleForce: maximumPossibleForce, majorRadius: majorRadius,
        majorRadiusTolerance: majorRadiusTolerance)
    }
  }

  /// Sets the force and contact size the device reported in the most recent event (used by the
  /// runtime and by tests that drive a recognizer directly).
  public func update(force: Double, maximumPossibleForce: Double, majorRadius: Double, majorRadiusTolerance: Double) {
    self.storedForce = force
    self.storedMaximumPossibleForce = maximumPossibleForce
    self.storedMajorRadius = majorRadius
    self.storedMajorRadiusTolerance = majorRadiusTolerance
  }
}

/// One input event: the touches that are down at one moment (UIKit's `UIEvent` of type touches).
///
/// ``allTouches`` holds every touch of the event, as `UIEvent.allTouches` does: those that changed
/// (began, moved, ended or were cancelled) and those that are down and did not change
/// (stationary). A recognizer's or view's touch methods get only their own changed touches as
/// their first argument.
public struct TouchEvent {
  /// When the event happened.
  public var timestamp: Timestamp
  /// Every touch of the event, stationary ones included, in no particular order (UIKit's is a
  /// set).
  public var allTouches: [Touch]
  /// What kind of input the event carries: touches (the default), hover or scroll
  /// (<doc:BehaviourReference> §6).
  @inlinable public var type: EventType {
    get {
      switch kinds & 3 {
      case 0: return .touches
      case 1: return .hover
      default: return .scroll
      }
    }
    set {
      let bits: UInt8
      switch newValue {
      case .touches: bits = 0
      case .hover: bits = 1
      case .scroll: bits = 2
      }
      kinds = (kinds & ~3) | bits
    }
  }
  /// The pointer's buttons down after this event (UIKit's `UIEvent.buttonMask`).
  public var buttonMask: EventButtonMask = []
  /// The modifier keys down during this event (UIKit's `UIEvent.modifierFlags`).
  public var modifierFlags: ModifierFlags = []
  /// For a scroll event: a wheel tick or a trackpad scroll step; nil for other events.
  @inlinable public var scrollType: ScrollType? {
    get {
      switch kinds >> 2 {
      case 0: return nil
      case 1: return .discrete
      default: return .continuous
      }
    }
    set {
      let bits: UInt8
      switch newValue {
      case nil: bits = 0
      case .discrete: bits = 1
      case .continuous: bits = 2
      }
      kinds = (kinds & 3) | (bits << 2)
    }
  }
  /// For a scroll event: how far this step scrolls, in points (positive when the content
  /// should move right or down); zero for other events.
  public var scrollDelta = Point.zero
  /// ``type`` (bits 0 and 1) and ``scrollType`` (bits 2 and 3, 0 for none) in one stored byte.
  /// With one stored field fewer, the compiler destroys the event that a runtime hands to the
  /// recognizers of a one-touch event by releasing its touches, where it otherwise calls the
  /// type's destroy witness through the metadata, at every event. Read inline (`type` is read at
  /// every delivery to a pan).
  @usableFromInline var kinds: UInt8 = 0

  /// Creates an event.
  public init(timestamp: Timestamp, allTouches: [Touch]) {
    self.timestamp = timestamp
    self.allTouches = allTouches
  }

  /// The touches of the event that were hit-tested to `view` or to one of its subviews (UIKit's
  /// `touches(for:)`).
  public func touches(for view: View) -> [Touch] {
    allTouches.filter { $0.view?.isDescendant(of: view) ?? false }
  }

  /// The touches of the event that `recognizer` is tracking (UIKit's `touches(for:)`).
  public func touches(for recognizer: GestureRecognizer) -> [Touch] {
    allTouches.filter { touch in recognizer.storedTrackedTouches.contains { $0 === touch } }
  }
}
