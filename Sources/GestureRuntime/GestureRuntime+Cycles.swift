import GestureCore

/// Cycles of failure requirements (<doc:BehaviourReference> §3.11): found when an attempt's
/// edges are added, reported, and ignored until both of their ends have been reset.
extension GestureRuntime {
  /// Finds cycles among the requirements of the participants and ignores their edges for this
  /// attempt, with a diagnostic naming them (<doc:BehaviourReference> §3.11). Iterative (Tarjan), so deep
  /// chains cannot overflow the stack.
  /// Whether an edge among the participants can close a cycle: some participant's requirement
  /// target itself requires a participant. Cheap, and false for most scenes, so the full search
  /// below runs only when a cycle is possible.
  func cycleIsPossible() -> Bool {
    for index in 0..<participants.count {
      let participant = participants[index]
      for edgeIndex in participant.requires.indices {
        let edge = participant.requires[edgeIndex]
        if !edge.onCycle && slots[slot(edge.target)].participating && !edge.target.requires.isEmpty { return true }
      }
    }
    return false
  }

  func detectCycles() {
    assertNoUserCode(in: "detectCycles")
    guard cycleIsPossible() else { return }
    let nodes = participants.elements.filter { slots[slot($0)].participating }
    var index: [ObjectIdentifier: Int] = [:]
    index.reserveCapacity(nodes.count)
    for (i, node) in nodes.enumerated() { index[ObjectIdentifier(node)] = i }
    let (component, componentSizes) = stronglyConnectedComponents(count: nodes.count) { node in
      var successors: [Int] = []
      for edge in nodes[node].requires.indices {
        if let successor = index[ObjectIdentifier(nodes[node].requires[edge].target)] { successors.append(successor) }
      }
      return successors
    }
    var reported: [Int] = []
    for (i, node) in nodes.enumerated() {
      let c = component[i]
      guard componentSizes[c] > 1 else { continue }
      for e in node.requires.indices {
        guard let j = index[ObjectIdentifier(node.requires[e].target)], component[j] == c,
          !node.requires[e].onCycle
        else { continue }
        node.requires[e].onCycle = true
        if !reported.contains(c) { reported.append(c) }
      }
    }
    for c in reported {
      let names = nodes.indices.filter { component[$0] == c }.map { nodes[$0].displayName }
      diagnose(
        "cycle of failure requirements among \(names.joined(separator: ", ")); those requirements are ignored for this attempt",
        names)
    }
  }
}
