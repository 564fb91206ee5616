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
