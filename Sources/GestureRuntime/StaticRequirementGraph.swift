/// What the runtime keeps of the static requirement graph, the requirements made with
/// `require(toFail:)`, between touch-downs: which recognizers lie on a cycle of it.
///
/// A touch-down whose attempts hold only static requirements can close a cycle only through
/// recognizers on a static cycle (<doc:BehaviourReference> §3.11): with none among them, it needs
/// no search. The graph is read when a touch-down first needs it and read again only after the
/// scene reported a change (`GestureHost.staticRequirementsDidChange()`: a requirement added, a
/// recognizer or a view added to or removed from the tree), so a scene that does not change is
/// read once.
struct StaticRequirementGraph {
  /// Counts the changes the scene reported.
  var generation: UInt64 = 1
  /// The generation the members below were found for (0: never).
  var readGeneration: UInt64 = 0
  /// The recognizers that lie on a cycle of static requirements: those of the tree, the
  /// participants, and every recognizer their requirements reach.
  var cycleMembers: Set<ObjectIdentifier> = []

  /// Whether the members were found after the last change the scene reported.
  var isCurrent: Bool { readGeneration == generation }
}
