@_spi(GestureRuntime) import GestureCore

extension GestureRuntime {
  /// Resets finished recognizers; recognizers joined by failure requirements whose two ends both
  /// received touches since their last reset are reset together, once the last of them has
  /// finished (<doc:BehaviourReference> §3.10).
  func runResets() {
    var passes = 0
    while !finished.isEmpty && passes < 1_000 {
      passes += 1
      runResetPass()
    }
    compactParticipants()
  }

  func runResetPass() {
    finished.swapContents(with: finishedBatch)
    resetPass &+= 1
    let mark = resetPass
    do {
      // The batch holds every recognizer of the pass until it is emptied below (the pass adds
      // to `finished`, never to the batch).
      let batch = finishedBatch
      for index in 0..<batch.count {
        resetPassStep(batch[index], mark: mark)
      }
    }
    finishedBatch.removeAll()
  }

  /// One recognizer of a reset pass: reset it, its pair, or its group once all of them finished.
  private func resetPassStep(_ recognizer: GestureRecognizer, mark: UInt64) {
    guard recognizer.runtime.participating && recognizer.runtime.resetMark != mark else { return }
    // Most recognizers have no requirement with another participant: reset them alone.
    if recognizer.requires.isEmpty && recognizer.dependents.isEmpty {
      recognizer.runtime.resetMark = mark
      if recognizer.publishedState.isTerminal { resetRecognizer(recognizer) }
      return
    }
    // Most groups are a pair (a tap and the double tap it waits for): no walk needed.
    if let partner = solePartner(of: recognizer), partner.runtime.participating {
      recognizer.runtime.resetMark = mark
      partner.runtime.resetMark = mark
      if recognizer.publishedState.isTerminal && partner.publishedState.isTerminal {
        // The one requirement between the two is all the edges either has, and it ends with
        // both attempts: cleared here, without dropAttemptEdges' searches (which would also list
        // the partner as finished again, for a pass that finds it reset).
        recognizer.requires.removeAll()
        recognizer.dependents.removeAll()
        partner.requires.removeAll()
        partner.dependents.removeAll()
        let partnerFirst = partner.additionOrder < recognizer.additionOrder
        resetRecognizer(partnerFirst ? partner : recognizer)
        resetRecognizer(partnerFirst ? recognizer : partner)
      }
      return
    }
    var group = groupScratch
    groupScratch = []
    fillResetGroup(of: recognizer, into: &group)
    var allFinished = true
    for member in group {
      member.runtime.resetMark = mark
      if !member.publishedState.isTerminal { allFinished = false }
    }
    if allFinished {
      if group.count > 1 { group.sort { $0.additionOrder < $1.additionOrder } }
      for member in group { resetRecognizer(member) }
    }
    group.clear()
    groupScratch = group
  }

  /// The other end when `recognizer` and one other recognizer are joined by a single
  /// requirement edge and neither has any other edge: their requirement component is exactly that
  /// pair (a tap and the double tap it waits for, a pan and its swipe). Nil otherwise. Reset
  /// groups and exclusion use it to skip their walks (`fillResetGroup`,
  /// `markRequirementComponent`): keep it in step with them.
  func solePartner(of recognizer: GestureRecognizer) -> GestureRecognizer? {
    let me = ObjectIdentifier(recognizer)
    if recognizer.requires.count == 1 && recognizer.dependents.isEmpty {
      let target = recognizer.requires[0].target
      guard target !== recognizer, !recognizer.requires[0].onCycle, target.requires.isEmpty,
        target.dependents.count == 1,
        ObjectIdentifier(target.dependents[0]) == me
      else { return nil }
      return target
    }
    if recognizer.requires.isEmpty && recognizer.dependents.count == 1 {
      let dependent = recognizer.dependents[0]
      guard dependent !== recognizer, dependent.dependents.isEmpty, dependent.requires.count == 1,
        ObjectIdentifier(dependent.requires[0].target) == me, !dependent.requires[0].onCycle
      else { return nil }
      return dependent
    }
    return nil
  }

  /// Drops reset recognizers from the participants in one pass, keeping the order of the rest.
  func compactParticipants() {
    // Amortized: loops over the participants skip reset ones, so compact only once they are
    // at least half of the list.
    guard removedParticipants > 0, removedParticipants * 2 >= participants.count else { return }
    removedParticipants = 0
    // In place and in order: those still participating move forward over the reset ones.
    var kept = 0
    for index in 0..<participants.count {
      if participants[index].runtime.participating {
        if kept != index { participants.swapAt(kept, index) }
        kept += 1
      } else {
        participants[index].runtime.listed = false
      }
    }
    while participants.count > kept { participants.removeLast() }
  }

  /// The recognizers joined to `recognizer` by requirements between participants, leaving out
  /// edges ignored as part of a cycle (until both their ends have been reset, <doc:BehaviourReference> §3.11).
  /// (`solePartner` finds the common pair without this walk: keep the two in step.)
  func fillResetGroup(of recognizer: GestureRecognizer, into group: inout [GestureRecognizer]) {
    // A mark of its own keeps this walk linear; the caller re-marks the members afterwards.
    passMark &+= 1
    let seen = passMark
    recognizer.runtime.mark = seen
    group.append(recognizer)
    var index = 0
    while index < group.count {
      let current = group[index]
      index += 1
      // An edge ignored as part of a cycle ties no resets (behaviour reference §3.11).
      for edgeIndex in current.requires.indices {
        let edge = current.requires[edgeIndex]
        guard !edge.onCycle && edge.target.runtime.participating && edge.target.runtime.mark != seen else { continue }
        edge.target.runtime.mark = seen
        group.append(edge.target)
      }
      for dependentIndex in current.dependents.indices {
        let dependent = current.dependents[dependentIndex]
        guard
          dependent.runtime.participating && dependent.runtime.mark != seen
            && dependent.requires.contains(where: { $0.target === current && !$0.onCycle })
        else { continue }
        dependent.runtime.mark = seen
        group.append(dependent)
      }
    }
  }

  /// Ends the recognizer's attempt: clears the runtime's bookkeeping, calls `reset()` and traces
  /// it. The touches it tracked are never delivered to it again (<doc:BehaviourReference> §2.4).
  func resetRecognizer(_ recognizer: GestureRecognizer) {
    guard recognizer.runtime.participating else { return }
    if !recognizer.requires.isEmpty || !recognizer.dependents.isEmpty {
      dropAttemptEdges(of: recognizer)
    }
    recognizer.runtime.attempt &+= 1
    recognizer.runtime.participating = false
    setHeld(recognizer, false)
    recognizer.runtime.wants = .possible
    recognizer.runtime.firstWanted = .possible
    recognizer.runtime.sentAction = false
    recognizer.runtime.recognized = false
    recognizer.runtime.shouldBeginAsked = false
    recognizer.runtime.touchType = nil
    recognizer.runtime.inputKind = .touches
    recognizer.runtime.watchdogPending = false
    recognizer.runtime.candidate = nil
    recognizer.runtime.excludedBy = nil
    stopWithholding(recognizer)
    if !recognizer.attemptTouches.isEmpty { recognizer.attemptTouches.removeAll() }
    recognizer.cancelAllTimers()
    if !recognizer.trackedTouches.isEmpty { recognizer.trackedTouches.removeAll() }
    if !recognizer.lastTouchLocations.isEmpty { recognizer.lastTouchLocations.removeAll() }
    if !recognizer.runtime.followUps.isEmpty { recognizer.runtime.followUps.removeAll() }
    removedParticipants += 1
    recognizer.requestedState = .possible
    recognizer.publishedState = .possible
    recognizer.reset()
    if trace != nil { emit(.reset(recognizer: recognizer.displayName)) }
  }

  /// Ends the requirement edges of a recognizer being reset, on both sides; static ones are
  /// rebuilt at its next attempt. Partners that finished and waited to be reset with this one are
  /// looked at again. Index loops, no closures: this runs for most resets.
  func dropAttemptEdges(of recognizer: GestureRecognizer) {
    let me = ObjectIdentifier(recognizer)
    let requireCount = recognizer.requires.count
    for index in 0..<requireCount {
      let target = recognizer.requires[index].target
      if target.runtime.participating && target.publishedState.isTerminal { finished.append(target) }
    }
    for index in recognizer.dependents.indices {
      let dependent = recognizer.dependents[index]
      if dependent.runtime.participating && dependent.publishedState.isTerminal { finished.append(dependent) }
    }
    for index in 0..<requireCount {
      let target = recognizer.requires[index].target
      // addEdge lists a dependent once.
      if let at = target.dependents.firstIndex(where: { ObjectIdentifier($0) == me }) {
        target.dependents.remove(at: at)
      }
    }
    var index = 0
    while index < recognizer.dependents.count {
      let dependent = recognizer.dependents[index]
      // addEdge keeps one edge per target; a static one stays for the dependent's attempt.
      var keeps = false
      if let at = dependent.requires.firstIndex(where: { ObjectIdentifier($0.target) == me }) {
        if dependent.requires[at].origin == .requireToFail {
          keeps = dependent.runtime.participating
        } else {
          dependent.requires.remove(at: at)
        }
      }
      if keeps {
        index += 1
      } else {
        recognizer.dependents.remove(at: index)
      }
    }
    if requireCount > 0 { recognizer.requires.removeAll() }
  }

  /// Arms the watchdog of every recognizer that is undecided with no touch down
  /// (<doc:BehaviourReference> §3.12).
  func scheduleWatchdogs() {
    guard !watchdogCandidates.isEmpty else { return }
    for index in 0..<watchdogCandidates.count {
      let recognizer = watchdogCandidates[index]
      guard
        recognizer.runtime.participating && !recognizer.runtime.watchdogPending
          && recognizer.trackedTouches.isEmpty && !recognizer.publishedState.isTerminal
      else { continue }
      recognizer.runtime.watchdogPending = true
      startTimer(
        for: recognizer, id: Self.watchdogTimerID,
        deadline: Timestamp(microseconds: now.microseconds &+ Self.undecidedTimeoutMicroseconds))
    }
    watchdogCandidates.removeAll()
  }

  func startTimer(for recognizer: GestureRecognizer, id: Int, deadline: Timestamp) {
    timerGeneration &+= 1
    let generation = timerGeneration
    if let index = recognizer.timerSlots.firstIndex(where: { $0.id == id }) {
      recognizer.timerSlots[index].generation = generation
    } else {
      recognizer.timerSlots.append((id, generation))
    }
    timers.push(
      deadline: deadline, recognizer: recognizer, id: id, generation: generation, inOrder: id == Self.watchdogTimerID)
  }

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
        if !edge.onCycle && edge.target.runtime.participating && !edge.target.requires.isEmpty { return true }
      }
    }
    return false
  }

  func detectCycles() {
    guard cycleIsPossible() else { return }
    let nodes = participants.elements.filter { $0.runtime.participating }
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
