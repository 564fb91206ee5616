import GestureCore

/// Cycles of failure requirements (<doc:BehaviourReference> §3.11): found when an attempt's
/// edges are added, reported, and ignored until both of their ends have been reset.
extension GestureRuntime {
  /// Whether an edge among the participants can close a cycle: some participant's requirement
  /// target itself requires a participant. Cheap, and false for most scenes, so the full search
  /// below runs only when a cycle is possible.
  func cycleIsPossible() -> Bool {
    for index in 0..<participants.count {
      let participant = participants[index]
      for edgeIndex in participant.requires.indices {
        let edge = participant.requires[edgeIndex]
        if !edge.onCycle && edge.target.runtime.participating && !edge.target.requires.isEmpty { return true }
      }
    }
    return false
  }

  /// Where `recognizer` is listed among the nodes of a search, if it is.
  @inline(__always)
  static func node(_ recognizer: GestureRecognizer, in nodes: [GestureRecognizer]) -> Int? {
    let index = recognizer.runtime.graphIndex
    return index >= 0 && index < nodes.count && nodes[index] === recognizer ? index : nil
  }

  /// Finds cycles among the requirements of the participants and ignores their edges for this
  /// attempt, with a diagnostic naming them (<doc:BehaviourReference> §3.11). Iterative (Tarjan), so
  /// deep chains cannot overflow the stack; its working storage is kept, so a search allocates
  /// nothing once it has run on as many participants.
  func detectCycles() {
    guard cycleIsPossible() else { return }
    var nodes: [GestureRecognizer] = []
    swap(&nodes, &graphNodes)
    var search = StronglyConnectedComponents()
    swap(&search, &graphSearch)
    defer {
      nodes.clear()
      swap(&nodes, &graphNodes)
      swap(&search, &graphSearch)
    }
    for index in 0..<participants.count where participants[index].runtime.participating {
      participants[index].runtime.graphIndex = nodes.count
      nodes.append(participants[index])
    }
    search.search(count: nodes.count, edgeCount: { nodes[$0].requires.count }) { node, edge in
      Self.node(nodes[node].requires[edge].target, in: nodes)
    }
    var reported: [Int] = []
    for i in nodes.indices {
      let node = nodes[i]
      let c = search.component[i]
      guard search.sizes[c] > 1 else { continue }
      for e in node.requires.indices {
        guard let j = Self.node(node.requires[e].target, in: nodes), search.component[j] == c,
          !node.requires[e].onCycle
        else { continue }
        node.requires[e].onCycle = true
        if !reported.contains(c) { reported.append(c) }
      }
    }
    for c in reported {
      let names = nodes.indices.filter { search.component[$0] == c }.map { nodes[$0].displayName }
      diagnose(
        "cycle of failure requirements among \(names.joined(separator: ", ")); those requirements are ignored for this attempt",
        names)
    }
  }
}
