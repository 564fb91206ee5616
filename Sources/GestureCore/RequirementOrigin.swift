/// Which runtime gave a recognizer a slot of its table (or a touch a record of its table), and
/// which one: one value, read at once.
package struct RuntimeSlotNumber: Equatable {
  /// The number of the runtime (0: none).
  package var owner: UInt64 = 0
  /// The index of the slot in that runtime's table (0: none).
  package var index = 0

  package init() {}

  package init(owner: UInt64, index: Int) {
    self.owner = owner
    self.index = index
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
