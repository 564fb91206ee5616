import GestureCore
import GestureRecognizers

/// A view built from a scene file: it vetoes the recognizers its `vetoes` names
/// (<doc:FileFormats>; <doc:BehaviourReference> §2.12).
final class SceneView: View {
  var vetoes: Set<String> = []

  override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    // Most views veto nothing: no hashing of the name for them.
    vetoes.isEmpty || !vetoes.contains(gestureRecognizer.name)
  }
}

/// The declarative delegate of a scene file: each relational method returns true for the listed
/// pairs, and the protocol's default otherwise (<doc:FileFormats>, delegates).
final class SceneDelegate: GestureRecognizerDelegate {
  let name: String
  var requireFailureOf: [(String, String)] = []
  var beRequiredToFailBy: [(String, String)] = []
  var simultaneousWith: [(String, String)] = []
  var shouldNotBegin: Set<String> = []
  var notInViews: [String: [View]] = [:]

  init(name: String) { self.name = name }

  private static func matches(_ pairs: [(String, String)], _ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    pairs.contains { $0.0 == a.name && ($0.1 == "*" || $0.1 == b.name) }
  }

  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    shouldNotBegin.isEmpty || !shouldNotBegin.contains(gestureRecognizer.name)
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    Self.matches(simultaneousWith, gestureRecognizer, other)
  }

  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer)
    -> Bool
  {
    Self.matches(requireFailureOf, gestureRecognizer, other)
  }

  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer)
    -> Bool
  {
    Self.matches(beRequiredToFailBy, gestureRecognizer, other)
  }

  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    guard let views = notInViews[gestureRecognizer.name], let hit = touch.view else { return true }
    return !views.contains { hit.isDescendant(of: $0) }
  }
}

/// A loaded scene: the view tree, the recognizers and delegates, by name.
final class Scene {
  /// A place in the scene file, for the findings that are about it.
  struct Location: Equatable {
    let line: Int
    let column: Int
  }

  /// Something a developer should know that does not stop the scene from loading, and where the
  /// file says it.
  struct Warning {
    let message: String
    let location: Location?
  }

  /// Where the file declares a failure requirement: a name in a recognizer's `requireToFail`, or
  /// a delegate's pair.
  enum RequirementSource: Hashable {
    case requireToFail(waiter: String, target: String)
    /// The pair at `index` of the delegate's `method` list.
    case delegate(String, method: String, index: Int)
  }

  struct RecognizerInfo {
    let recognizer: GestureRecognizer
    let kind: String
    let delegateName: String?
  }

  let root: View
  /// Views in file order (depth first).
  let views: [View]
  let recognizers: [RecognizerInfo]
  let delegates: [SceneDelegate]
  /// Things a developer should know that do not stop the scene from loading.
  let warnings: [Warning]
  /// Where the file declares each failure requirement.
  let requirementLocations: [RequirementSource: Location]

  init(
    root: View, views: [View], recognizers: [RecognizerInfo], delegates: [SceneDelegate], warnings: [Warning],
    requirementLocations: [RequirementSource: Location]
  ) {
    self.root = root
    self.views = views
    self.recognizers = recognizers
    self.delegates = delegates
    self.warnings = warnings
    self.requirementLocations = requirementLocations
  }

  func view(named name: String) -> View? { views.first { $0.name == name } }

  func recognizer(named name: String) -> GestureRecognizer? {
    recognizers.first { $0.recognizer.name == name }?.recognizer
  }

}
