/// The runtime's bookkeeping for one recognizer, stored inline in the recognizer so that the hot
/// path needs no dictionary look-ups. Only GestureRuntime reads or writes it.
package struct RecognizerRuntimeRecord {
  /// Counts attempts; a touch is delivered only within the attempt that collected it.
  package var attempt: UInt32 = 1
  /// Whether the recognizer has received a touch since its last reset.
  package var participating = false
  /// Whether it is in the runtime's list of participants (which drops reset ones lazily).
  package var listed = false
  /// The touch sequence in which it last received a touch.
  package var sequence = 0
  /// Whether a requested transition is held by a failure requirement (<doc:BehaviourReference> §3.8).
  package var held = false
  /// The runtime that counted this recognizer as held (see GestureRuntime's `heldCount`).
  package var heldIn: ObjectIdentifier?
  /// What it will publish when released: `began` or `ended`.
  package var wants: GestureRecognizer.State = .possible
  /// Whether it has sent an action in the current attempt.
  package var sentAction = false
  /// Whether it has published `began` or `ended` in the current attempt.
  package var recognized = false
  /// Whether the view and delegate were asked `shouldBegin` in this attempt.
  package var shouldBeginAsked = false
  /// Whether the subclass asked for a state during the current delivery (<doc:BehaviourReference> §1.4).
  package var requestedThisDelivery = false
  /// The state an action being sent reports as ``GestureRecognizer/state``.
  package var actionState: GestureRecognizer.State?
  /// The depth of the view when the attempt began (tie order, <doc:BehaviourReference> §3.4).
  package var depth = 0
  /// Scratch marks for the runtime's passes.
  package var mark: UInt64 = 0
  package var resetMark: UInt64 = 0
  /// Where the recognizer was last listed among the nodes of a search of the requirement graph
  /// (the runtime checks the node at that place before trusting it: a stale value is harmless).
  package var graphIndex = -1
  package var candidate: GestureRecognizer.State?
  package var candidateReason: String?
  /// States asked for after the candidate state in the same round, published right after it.
  package var followUps: [(state: GestureRecognizer.State, reason: String?)] = []
  /// What it first asked for while held: `began` or `ended`.
  package var firstWanted: GestureRecognizer.State = .possible
  package var excludedBy: GestureRecognizer?
  /// The touch type of the attempt's first touch (``GestureRecognizer/requiresExclusiveTouchType``).
  package var touchType: TouchType?
  /// The kind of input of the attempt: touches, hover or scroll (<doc:BehaviourReference> §6.3–6.4).
  package var inputKind = EventType.touches
  /// Whether the runtime has a watchdog timer pending (<doc:BehaviourReference> §3.12).
  package var watchdogPending = false

  package init() {}
}

/// A touch a recognizer received in its current attempt.
package struct AttemptTouch {
  package let touch: Touch
  /// Whether the recognizer is counted as withholding the touch's `began` (bit 1) or end (bit 2)
  /// from its view while undecided (<doc:BehaviourReference> §2.9–2.11).
  package var withholds: UInt8

  package init(touch: Touch, withholds: UInt8) {
    self.touch = touch
    self.withholds = withholds
  }
}

/// Where a failure requirement comes from (<doc:BehaviourReference> §3.6).
public enum RequirementOrigin: Hashable, Sendable, CustomStringConvertible {
  /// `a.require(toFail: b)`, or `requireToFail` in a scene.
  case requireToFail
  /// a's delegate answered `gestureRecognizer(a, shouldRequireFailureOf: b)`.
  case shouldRequireFailureOf
  /// b's delegate answered `gestureRecognizer(b, shouldBeRequiredToFailBy: a)`.
  case shouldBeRequiredToFailBy
  /// a's subclass answered `shouldRequireFailure(of: b)`.
  case subclassShouldRequireFailure
  /// b's subclass answered `shouldBeRequiredToFail(by: a)`.
  case subclassShouldBeRequiredToFail

  /// The name shown in traces, `inspect` and graphs.
  public var description: String {
    switch self {
    case .requireToFail: return "requireToFail"
    case .shouldRequireFailureOf: return "shouldRequireFailureOf"
    case .shouldBeRequiredToFailBy: return "shouldBeRequiredToFailBy"
    case .subclassShouldRequireFailure: return "shouldRequireFailure(of:)"
    case .subclassShouldBeRequiredToFail: return "shouldBeRequiredToFail(by:)"
    }
  }
}

/// One failure requirement in force for an attempt: the owner waits for `target` to fail.
package struct RequirementEdge {
  package let target: GestureRecognizer
  package let origin: RequirementOrigin
  /// Ignored for this attempt because it lies on a cycle (<doc:BehaviourReference> §3.11).
  package var onCycle = false

  package init(target: GestureRecognizer, origin: RequirementOrigin) {
    self.target = target
    self.origin = origin
  }
}
