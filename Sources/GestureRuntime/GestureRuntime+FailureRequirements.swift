import GestureCore

/// Failure requirements (<doc:BehaviourReference> §3.6–3.9): the edges of an attempt, static
/// and asked of delegates and subclasses; requests held while a requirement is active, settled
/// once the dispatch's other changes are; and the release of a held recognizer once everything it
/// waited for failed.
extension GestureRuntime {
  func addEdge(from recognizer: GestureRecognizer, to target: GestureRecognizer, origin: RequirementOrigin) {
    assertNoUserCode(in: "addEdge")
    // Given its slot first: a new slot, like slot 0 (which stays pristine), has no edge yet.
    let number = ownSlot(recognizer)
    if tables.slots[number].requires.contains(where: { $0.target === target }) { return }
    tables.slots[number].requires.append(RequirementEdge(target: target, origin: origin))
    if origin != .requireToFail { askedEdgeAdded = true }
    // The target lists its dependents in its slot here. A target outside this tree that another
    // runtime gave a slot (a recognizer of another window) keeps it there: it never takes part in
    // this runtime's attempts, so nothing here waits for it or needs to find its dependents. One
    // outside the tree with no slot anywhere gets one here, given back once its dependents are
    // done (it may join the tree while they wait). One of this tree still in another runtime's
    // attempt, or hosted by another runtime (`isInAnotherAttempt`, `isHostedElsewhere`), is that
    // runtime's, as one outside the tree.
    let targetNumber = target.runtimeSlot
    let owner = targetNumber.owner
    let inTree =
      owner == runtimeNumber
      || (isInTree(target) && !isInAnotherAttempt(target) && !isHostedElsewhere(target))
    guard inTree || owner == 0 else { return }
    let targetSlot = ownSlot(target, number: targetNumber)
    if !inTree { listDetached(target, slot: targetSlot) }
    for index in 0..<tables.slots[targetSlot].dependents.count
    where self.recognizer(inSlot: tables.slots[targetSlot].dependents[index]) === recognizer {
      return
    }
    tables.slots[targetSlot].dependents.append(number)
  }

  /// Asks the delegates and subclasses about each ordered pair first collected together for this
  /// touch (<doc:BehaviourReference> §3.6). Returns whether an edge was added.
  func gatherDynamicRequirements(_ collected: [GestureRecognizer], _ touch: Touch) -> Bool {
    assertNoUserCode(in: "gatherDynamicRequirements")
    // Only pairs with a delegate or a subclass that answers can gain an edge: find those first,
    // so that a touch collected by many plain recognizers costs linear time, not quadratic.
    var hooked = 0
    for recognizer in collected
    where recognizer.delegateIfAny != nil || readAsksForDynamicFailureRequirements(recognizer) {
      hooked += 1
    }
    guard hooked > 0 else { return false }
    var added = false
    for a in collected {
      let aHooked = a.delegateIfAny != nil || readAsksForDynamicFailureRequirements(a)
      for b in collected where a !== b {
        guard aHooked || b.delegateIfAny != nil || readAsksForDynamicFailureRequirements(b) else { continue }
        if alreadyCollectedTogether(a, b) { continue }
        var origin: RequirementOrigin?
        if askShouldRequireFailureOf(a, b) {
          origin = .shouldRequireFailureOf
        } else if askShouldBeRequiredToFailBy(b, a) {
          origin = .shouldBeRequiredToFailBy
        } else if readAsksForDynamicFailureRequirements(a) && askShouldRequireFailure(a, of: b) {
          origin = .subclassShouldRequireFailure
        } else if readAsksForDynamicFailureRequirements(b) && askShouldBeRequiredToFail(b, by: a) {
          origin = .subclassShouldBeRequiredToFail
        }
        guard let origin, !tables.slots[slot(a)].requires.contains(where: { $0.target === b }) else { continue }
        addEdge(from: a, to: b, origin: origin)
        added = true
        if tables.slots[slot(b)].recognized && !tables.slots[slot(a)].sentAction && !a.requestedState.isTerminal {
          a.requestedState = .failed
          tables.request(
            slot: ownSlot(a), .failed, reason: "required failure of \(b.displayName), which already recognized")
        }
      }
    }
    return added
  }

  /// Whether the two were already collected for a common touch in their current attempts.
  func alreadyCollectedTogether(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    let (aSlot, bSlot) = (slot(a), slot(b))
    if tables.slots[aSlot].attemptTouches.isEmpty || tables.slots[bSlot].attemptTouches.isEmpty { return false }
    for index in tables.slots[aSlot].attemptTouches.indices {
      let touch = tables.slots[aSlot].attemptTouches[index].touch
      if tables.slots[bSlot].attemptTouches.contains(where: { $0.touch === touch }) { return true }
    }
    return false
  }

  /// Notes that the recognizer asked to leave `possible` (for `wants`) while a requirement of
  /// it is active; `settlePendingHolds` decides once the dispatch's other changes are resolved
  /// (<doc:BehaviourReference> §3.7).
  func deferHold(_ recognizer: GestureRecognizer, _ wants: GestureRecognizer.State, reason: String?) {
    assertNoUserCode(in: "deferHold")
    // A recognizer is listed once; where, its slot says (checked before it is trusted: a place
    // left from an earlier list is harmless). No search of the list: a chain of N recognizers
    // that all wait would make it quadratic.
    let number = ownSlot(recognizer)
    let index = tables.slots[number].pendingHoldIndex
    if index >= 0 && index < tables.pendingHolds.count && tables.pendingHolds[index].slot == number {
      if wants == .ended && tables.pendingHolds[index].endedReason == RuntimeTables.PendingHold.notEnded {
        tables.pendingHolds[index].endedReason = tables.holdReasonIndex(reason)
      }
      return
    }
    tables.slots[number].pendingHoldIndex = tables.pendingHolds.count
    let reasonIndex = tables.holdReasonIndex(reason)
    tables.pendingHolds.append(
      RuntimeTables.PendingHold(
        slot: number, first: wants, reason: reasonIndex,
        endedReason: wants == .ended ? reasonIndex : RuntimeTables.PendingHold.notEnded))
  }

  /// Decides the requests of `tables.pendingHolds`, once nothing else is left to resolve: a recognizer
  /// whose requirement is still active is held (its `wait` line), one whose requirement
  /// recognized fails, and one whose requirements all failed meanwhile enters the state it asked
  /// for as if it had never waited (a pan's translation does not restart at zero; <doc:BehaviourReference> §3.7).
  func settlePendingHolds() {
    assertNoUserCode(in: "settlePendingHolds")
    var holds: [RuntimeTables.PendingHold] = []
    swap(&holds, &tables.pendingHolds)
    var reasons: [String] = []
    swap(&reasons, &tables.holdReasons)
    /// A reason of a hold (`PendingHold.reason`).
    func reason(_ index: Int32) -> String? {
      index < 0 ? nil : reasons[Int(index)]
    }
    tables.candidates.clear()
    for hold in holds {
      let recognizer = recognizer(inSlot: hold.slot)
      // Its slot number and its published state in one call.
      let (slotNumber, published) = recognizer.resolutionState
      let number = slotIndex(slotNumber)
      guard
        tables.slots[number].participating && published == .possible && !tables.slots[number].held
          && tables.slots[number].candidate == nil
      else { continue }
      var waiting = false
      var recognizedTarget: GestureRecognizer?
      for edgeIndex in tables.slots[number].requires.indices {
        let edge = tables.slots[number].requires[edgeIndex]
        let targetSlot = slot(edge.target)
        guard !edge.onCycle, joinedByRequirement(number, targetSlot) else { continue }
        if tables.slots[targetSlot].recognized {
          recognizedTarget = edge.target
          break
        }
        if tables.slots[targetSlot].sequence == currentSequence(ofSlot: number)
          && edge.target.publishedState == .possible
        {
          waiting = true
        }
      }
      if let target = recognizedTarget {
        recognizer.requestedState = .failed
        publish(recognizer, .failed, reason: "required failure of \(target.displayName), which recognized")
        continue
      }
      if waiting {
        setHeld(recognizer, true)
        tables.slots[number].wants = hold.first
        tables.slots[number].firstWanted = hold.first
        if trace != nil { emitWait(recognizer) }
        if hold.first != .ended && hold.endedReason != RuntimeTables.PendingHold.notEnded {
          tables.slots[number].wants = .ended
          if trace != nil { emitWait(recognizer) }
        }
        continue
      }
      addCandidate(recognizer, hold.first, reason: reason(hold.reason))
      if hold.first != .ended && hold.endedReason != RuntimeTables.PendingHold.notEnded {
        // An empty reason given for `ended` is none.
        let endedReason = reason(hold.endedReason)
        tables.slots[number].followUps.append((.ended, endedReason?.isEmpty == false ? endedReason : nil))
      }
    }
    holds.clear()
    swap(&holds, &tables.pendingHolds)
    if !reasons.isEmpty { reasons.clear() }
    swap(&reasons, &tables.holdReasons)
    if !tables.candidates.isEmpty { resolveCandidates() }
  }

  func emitWait(_ recognizer: GestureRecognizer) {
    var names: [String] = []
    let number = slot(recognizer)
    for edgeIndex in tables.slots[number].requires.indices {
      let edge = tables.slots[number].requires[edgeIndex]
      guard isPendingTarget(edge.target, of: number) else { continue }
      names.append(edge.target.displayName)
    }
    emit(.wait(recognizer: recognizer.displayName, wants: tables.slots[slot(recognizer)].wants, waitingFor: names))
  }

  /// Whether a requirement's target is still undecided, so that the held recognizer in slot
  /// `number` keeps waiting.
  func isPendingTarget(_ target: GestureRecognizer, of number: Int) -> Bool {
    joinedByRequirement(number, slot(target)) && target.publishedState == .possible
  }

  /// Whether a requirement between the recognizers in slots `dependent` and `target` counts now
  /// (<doc:BehaviourReference> §6.3–6.4): both are in attempts, of the same kind of input
  /// (touches, hover or scroll). As they never exclude one another, recognizers of different
  /// kinds of input never hold, fail or join one another through a requirement: each kind's
  /// sequences are apart.
  @inline(__always)
  func joinedByRequirement(_ dependent: Int, _ target: Int) -> Bool {
    tables.slots[target].participating && tables.slots[dependent].participating
      && tables.slots[target].inputKind == tables.slots[dependent].inputKind
  }

  /// A held recognizer whose requirements all failed enters the state it asked for
  /// (<doc:BehaviourReference> §3.9): a continuous one `began` first, then `ended` if it already finished.
  func release(_ recognizer: GestureRecognizer) {
    assertNoUserCode(in: "release")
    let number = slot(recognizer)
    guard tables.slots[number].held, !recognizer.publishedState.isTerminal else { return }
    // Index loops, not a closure over the tables (which would copy them).
    for index in 0..<tables.slots[number].requires.count
    where isPendingTarget(tables.slots[number].requires[index].target, of: number) {
      return
    }
    setHeld(recognizer, false)
    callDidFinishWaiting(recognizer)
    let logical = recognizer.requestedState
    let first = tables.slots[slot(recognizer)].firstWanted
    var reason: String?
    if trace != nil {
      var names: [String] = []
      for edgeIndex in tables.slots[number].requires.indices {
        let edge = tables.slots[number].requires[edgeIndex]
        guard edge.target.publishedState == .failed, joinedByRequirement(number, slot(edge.target)) else { continue }
        names.append(edge.target.displayName)
      }
      reason = "released: \(names.joined(separator: ", ")) failed"
    }
    if logical == .cancelled || logical == .failed {
      publish(recognizer, .failed, reason: reason ?? "failed")
      return
    }
    addCandidate(recognizer, first, reason: reason)
    if first == .began && logical == .ended {
      tables.slots[ownSlot(recognizer)].followUps.append((.ended, "ended while waiting"))
    }
  }

  /// Sets whether a recognizer is held, keeping `heldCount` (each runtime has its own slots, so
  /// the flag and the count always agree).
  @inline(__always)
  func setHeld(_ recognizer: GestureRecognizer, _ held: Bool) {
    setHeld(slot: ownSlot(recognizer), held)
  }

  /// ``setHeld(_:_:)`` of the recognizer whose own slot here is `number` (read already: no
  /// second read of the recognizer's slot number).
  @inline(__always)
  func setHeld(slot number: Int, _ held: Bool) {
    guard tables.slots[number].held != held else { return }
    tables.slots[number].held = held
    heldCount += held ? 1 : -1
  }

  /// Ends the requirement edges of a recognizer being reset, on both sides; static ones are
  /// rebuilt at its next attempt. Partners that finished and waited to be reset with this one are
  /// looked at again. Index loops, no closures: this runs for most resets.
  func dropAttemptEdges(of recognizer: GestureRecognizer) {
    assertNoUserCode(in: "dropAttemptEdges")
    let me = ObjectIdentifier(recognizer)
    // Slot 0 (no slot) has no edges: nothing below writes it.
    let number = slot(recognizer)
    let requireCount = tables.slots[number].requires.count
    for index in 0..<requireCount {
      let target = tables.slots[number].requires[index].target
      let targetSlot = slot(target)
      if tables.slots[targetSlot].participating && target.publishedState.isTerminal {
        tables.finished.append(targetSlot)
      }
    }
    for index in tables.slots[number].dependents.indices {
      let dependent = self.recognizer(inSlot: tables.slots[number].dependents[index])
      let dependentSlot = slot(dependent)
      if tables.slots[dependentSlot].participating && dependent.publishedState.isTerminal {
        tables.finished.append(dependentSlot)
      }
    }
    for index in 0..<requireCount {
      let target = tables.slots[number].requires[index].target
      // addEdge lists a dependent once.
      let targetSlot = slot(target)
      for at in 0..<tables.slots[targetSlot].dependents.count
      where ObjectIdentifier(self.recognizer(inSlot: tables.slots[targetSlot].dependents[at])) == me {
        tables.slots[targetSlot].dependents.remove(at: at)
        break
      }
    }
    var index = 0
    while index < tables.slots[number].dependents.count {
      let dependent = self.recognizer(inSlot: tables.slots[number].dependents[index])
      // addEdge keeps one edge per target; a static one stays for the dependent's attempt.
      var keeps = false
      let dependentSlot = slot(dependent)
      if let at = tables.slots[dependentSlot].requires.firstIndex(where: { ObjectIdentifier($0.target) == me }) {
        if tables.slots[dependentSlot].requires[at].origin == .requireToFail {
          keeps = tables.slots[dependentSlot].participating
        } else {
          tables.slots[dependentSlot].requires.remove(at: at)
        }
      }
      if keeps {
        index += 1
      } else {
        tables.slots[number].dependents.remove(at: index)
      }
    }
    if requireCount > 0 {
      // Let go of outside the tables' access: an edge may hold the last reference to its target
      // (one another runtime has let go of), whose deinit is user code. Taken out while in use,
      // as the runtime's other lists; the two lists trade storage, so nothing allocates.
      var edges: [RequirementEdge] = []
      swap(&edges, &endedEdges)
      assert(edges.isEmpty)
      swap(&edges, &tables.slots[number].requires)
      edges.clear()
      swap(&edges, &endedEdges)
    }
  }
}
