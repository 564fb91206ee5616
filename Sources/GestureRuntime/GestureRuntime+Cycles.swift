import GestureCore

/// Cycles of failure requirements (<doc:BehaviourReference> §3.11): found when an attempt's
/// edges are added, reported, and ignored until both of their ends have been reset.
extension GestureRuntime {
  /// Whether an edge among the participants can close a cycle: some participant's requirement
  /// target itself requires a participant, and the edge was asked of a delegate or a subclass, or
  /// its owner lies on a cycle of the static requirements (`staticGraph`, kept between
  /// touch-downs): static requirements alone close a cycle nowhere else. Cheap, and false for most
  /// scenes, so the full search below runs only when a cycle is possible.
  func cycleIsPossible() -> Bool {
    for index in 0..<tables.participants.count {
      // Most participants require nothing: their listed slot says so without the recognizer
      // (the slot it is read by, the listed one or slot 0, has no edge then either). And an edge
      // closes a cycle of participants only if some participant requires its owner in turn,
      // which the owner's slot lists among its dependents (`addEdge`; `_checkInvariants`): a
      // recognizer that only waits (a tap for its double tap) is skipped without reading the slot
      // of what it waits for.
      let number = tables.participants[index]
      if tables.slots[number].requires.isEmpty || tables.slots[number].dependents.isEmpty { continue }
      for edgeIndex in tables.slots[number].requires.indices {
        // The edge's fields are read in place: a copy of the edge would retain its target.
        guard !tables.slots[number].requires[edgeIndex].onCycle else { continue }
        let target = slot(tables.slots[number].requires[edgeIndex].target)
        guard joinedByRequirement(number, target) && !tables.slots[target].requires.isEmpty else { continue }
        // The participant itself only here, where an edge of its listed slot could count: most
        // touch-downs never get this far. Its edges are read by `slot(ofListed:)`, which gives
        // slot 0, with none, once another runtime has given it a slot.
        if slot(ofListed: number) == 0 { break }
        if tables.slots[number].requires[edgeIndex].origin != .requireToFail
          || mayLieOnStaticCycle(recognizer(inListed: number))
        {
          return true
        }
      }
    }
    return false
  }

  /// Whether the recognizer lies on a cycle of static requirements, reading the scene's graph
  /// again first if it changed since it was last read.
  func mayLieOnStaticCycle(_ recognizer: GestureRecognizer) -> Bool {
    if !staticGraph.isCurrent { readStaticGraph() }
    return !staticGraph.cycleMembers.isEmpty && staticGraph.cycleMembers.contains(ObjectIdentifier(recognizer))
  }

  /// Finds the recognizers on cycles of static requirements, from every recognizer of the tree
  /// and every participant (one that left the tree mid-attempt included) through the
  /// requirements they reach. Those may be recognizers of other runtimes or of no tree: the nodes
  /// are numbered in a map of the search's own, and no recognizer is given a slot here.
  func readStaticGraph() {
    var nodes: [GestureRecognizer] = []
    swap(&nodes, &graphNodes)
    defer {
      nodes.clear()
      swap(&nodes, &graphNodes)
    }
    var numbers: [ObjectIdentifier: Int] = [:]
    func add(_ recognizer: GestureRecognizer) {
      guard numbers[ObjectIdentifier(recognizer)] == nil else { return }
      numbers[ObjectIdentifier(recognizer)] = nodes.count
      nodes.append(recognizer)
    }
    var views = [window]
    while let view = views.popLast() {
      for recognizer in view.gestureRecognizers { add(recognizer) }
      views.append(contentsOf: view.subviews)
    }
    for index in 0..<tables.participants.count { add(recognizer(inListed: tables.participants[index])) }
    var index = 0
    while index < nodes.count {
      let requirements = nodes[index].staticRequirements
      for requirement in requirements { add(requirement.value) }
      index += 1
    }
    var search = StronglyConnectedComponents()
    swap(&search, &graphSearch)
    defer { swap(&search, &graphSearch) }
    search.search(count: nodes.count, edgeCount: { nodes[$0].staticRequirements.count }) { node, edge in
      numbers[ObjectIdentifier(nodes[node].staticRequirements[edge].value)]
    }
    // Out of place, as the runtime's other lists (GestureRuntime.swift).
    var graph = StaticRequirementGraph()
    swap(&graph, &staticGraph)
    graph.cycleMembers.removeAll()
    for node in nodes.indices where search.sizes[search.component[node]] > 1 {
      graph.cycleMembers.insert(ObjectIdentifier(nodes[node]))
    }
    graph.readGeneration = graph.generation
    swap(&graph, &staticGraph)
  }

  /// Where `recognizer` is listed among the nodes of a search, if it is.
  @inline(__always)
  func node(_ recognizer: GestureRecognizer, in nodes: [GestureRecognizer]) -> Int? {
    let index = tables.slots[slot(recognizer)].graphIndex
    return index >= 0 && index < nodes.count && nodes[index] === recognizer ? index : nil
  }

  /// Finds cycles among the requirements of the participants and ignores their edges for this
  /// attempt, with a diagnostic naming them (<doc:BehaviourReference> §3.11). A cycle is one of
  /// recognizers of one kind of input: an edge to a recognizer of another kind closes none.
  /// Iterative (Tarjan), so deep chains cannot overflow the stack; its working storage is kept,
  /// so a search allocates nothing once it has run on as many participants.
  ///
  /// While every edge is a static requirement's (none was asked of a delegate or a subclass,
  /// `askedEdgeAdded`) and the static requirements have no cycle, `cycleIsPossible()` is false
  /// for every edge: that is checked first, inline, without the pass over the participants (the
  /// graph read once per change of the scene, as that pass would read it).
  @inline(__always)
  func detectCycles() {
    assertNoUserCode(in: "detectCycles")
    if !askedEdgeAdded && staticRequirementsAreAcyclic() { return }
    searchCycles()
  }

  /// Whether no recognizer lies on a cycle of static requirements, reading the scene's graph again
  /// first if it changed since it was last read.
  func staticRequirementsAreAcyclic() -> Bool {
    if !staticGraph.isCurrent { readStaticGraph() }
    return staticGraph.cycleMembers.isEmpty
  }

  /// ``detectCycles()`` once a cycle may have closed.
  func searchCycles() {
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
    for index in 0..<tables.participants.count
    where tables.slots[slot(ofListed: tables.participants[index])].participating {
      tables.slots[tables.participants[index]].graphIndex = nodes.count
      nodes.append(recognizer(inListed: tables.participants[index]))
    }
    // Only edges that count (between attempts of one kind of input, §6.3–6.4) close a cycle.
    search.search(count: nodes.count, edgeCount: { tables.slots[slot(nodes[$0])].requires.count }) { node, edge in
      let owner = slot(nodes[node])
      let target = tables.slots[owner].requires[edge].target
      return self.joinedByRequirement(owner, slot(target)) ? self.node(target, in: nodes) : nil
    }
    var reported: [Int] = []
    for i in nodes.indices {
      let node = nodes[i]
      let c = search.component[i]
      guard search.sizes[c] > 1 else { continue }
      let number = slot(node)
      for e in tables.slots[number].requires.indices {
        guard let j = self.node(tables.slots[number].requires[e].target, in: nodes), search.component[j] == c,
          !tables.slots[number].requires[e].onCycle
        else { continue }
        tables.slots[number].requires[e].onCycle = true
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
