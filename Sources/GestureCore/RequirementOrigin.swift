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
