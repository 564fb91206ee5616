import GestureCore

/// Exclusion and simultaneity (<doc:BehaviourReference> §3.2–3.5): a recognizer that begins or
/// recognizes fails the undecided ones that share a touch with it, unless either may recognize
/// simultaneously with the other or cannot prevent it; recognizers joined by failure requirements
/// are judged as one component.
extension GestureRuntime {
  /// Marks every recognizer that `winner` excludes (<doc:BehaviourReference> §3.2, 3.10).
  func exclude(by winner: GestureRecognizer) {
    assertNoUserCode(in: "exclude")
    // Those tracking a touch that is down or ends now, gathered once per round…
    var componentMark: UInt64?
    for index in 0..<tables.excludableTracking.count {
      let other = recognizer(inSlot: tables.excludableTracking[index])
      guard other !== winner && tables.slots[slot(other)].excludedBy == 0 else { continue }
      considerExclusion(of: other, by: winner, componentMark: &componentMark)
    }
    // …and held recognizers joined to the winner through requirements (behaviour reference §3.10): a walk
    // of the winner's component, so a dispatch costs what it touches, not every participant.
    // A winner without requirements has no component to walk.
    // With no recognizer held at all (a pan that changes after its swipe failed), neither.
    let winnerSlot = slot(winner)
    guard heldCount > 0, !tables.slots[winnerSlot].requires.isEmpty || !tables.slots[winnerSlot].dependents.isEmpty
    else { return }
    // A component that is a pair (a swipe and the pan that waits for it) has nobody to exclude:
    // its one other member waits for the winner or is waited for by it, through the one edge, and
    // considerExclusion never excludes either (the requirement decides instead). No walk.
    if solePartner(of: winner, slot: winnerSlot) != nil { return }
    var members: [GestureRecognizer] = []
    swap(&members, &componentMembers)
    let mark = markRequirementComponent(of: winner, into: &members, depthFirst: true)
    for other in members
    where other !== winner && tables.slots[slot(other)].excludedBy == 0 && tables.slots[slot(other)].held
      && other.numberOfTouches == 0 && !touchEndedNow(other)
    {
      considerExclusion(of: other, by: winner, componentMark: mark)
    }
    members.clear()
    swap(&members, &componentMembers)
  }

  /// The participants that exclusion can reach through a touch: undecided, no action sent, and
  /// tracking a touch that is down or ends in this dispatch (<doc:BehaviourReference> §3.2).
  func gatherExcludableTracking() {
    assertNoUserCode(in: "gatherExcludableTracking")
    tables.excludableTracking.clear()
    // With no finger down and none lifting in this dispatch (a timer after the lift), nobody
    // tracks a touch: skip the scan, so such a dispatch costs what it touches.
    guard tables.live.count > 0 || eventFinishes else { return }
    for index in 0..<tables.participants.count {
      // The listed slot's own flags first: one that fails them is not excludable, whether or
      // not it is still the recognizer's. Then the recognizer, read once: once another runtime
      // has given it a slot, it is not excludable here (its slot to read is slot 0).
      let number = tables.participants[index]
      guard tables.slots[number].participating && !tables.slots[number].sentAction else { continue }
      let other = recognizer(inListed: number)
      if other.runtimeSlot.owner == runtimeNumber && other.publishedState == .possible
        && (other.numberOfTouches > 0 || touchEndedNow(other))
      {
        tables.excludableTracking.append(number)
      }
    }
  }

  func considerExclusion(of other: GestureRecognizer, by winner: GestureRecognizer, componentMark: UInt64) {
    var mark: UInt64? = componentMark
    considerExclusion(of: other, by: winner, componentMark: &mark)
  }

  func considerExclusion(of other: GestureRecognizer, by winner: GestureRecognizer, componentMark: inout UInt64?) {
    assertNoUserCode(in: "considerExclusion")
    let otherSlot = ownSlot(other)
    // Recognizers of touches, of hover and of scroll never exclude each other (behaviour reference §6.3–6.4).
    guard tables.slots[otherSlot].participating,
      tables.slots[otherSlot].inputKind == tables.slots[slot(winner)].inputKind
    else {
      return
    }
    do {
      guard other.publishedState == .possible, !tables.slots[otherSlot].sentAction else { return }
      // V must be tracking a touch that is down or ends now; a held recognizer joined to the
      // winner through requirements is reached even after its touches ended (behaviour reference §3.10).
      if other.numberOfTouches == 0 && !touchEndedNow(other) {
        guard tables.slots[otherSlot].held else { return }
        if componentMark == nil { componentMark = markRequirementComponent(of: winner) }
        guard tables.slots[otherSlot].mark == componentMark else { return }
      }
      // The same view (the common case) is told by identity, without loading either view.
      guard let winnerView = winner.viewIdentifier, let otherView = other.viewIdentifier,
        winnerView == otherView || viewsRelated(winner.view, other.view)
      else { return }
      // One that waits for the winner fails through that requirement instead (behaviour reference §3.9).
      if tables.slots[otherSlot].requires.contains(where: { $0.target === winner && !$0.onCycle }) { return }
      if tables.slots[slot(winner)].requires.contains(where: { $0.target === other && !$0.onCycle }) { return }
      guard askCanPrevent(winner, other), askCanBePrevented(other, by: winner) else { return }
      if askShouldRecognizeSimultaneously(other, with: winner) { return }
      if askShouldRecognizeSimultaneously(winner, with: other) { return }
      tables.slots[otherSlot].excludedBy = ownSlot(winner)
      tables.excluded.append(otherSlot)
    }
  }

  /// Whether one of the recognizer's touches ended in this dispatch (it still counts as tracking
  /// for exclusion, <doc:BehaviourReference> §3.2).
  func touchEndedNow(_ recognizer: GestureRecognizer) -> Bool {
    // The recognizer's own touches, not every record's recognizers: linear in what it tracks.
    let number = slot(recognizer)
    for attemptIndex in tables.slots[number].attemptTouches.indices {
      guard let record = tables.record(of: tables.slots[number].attemptTouches[attemptIndex]),
        tables.records[record].isFinished,
        tables.records[record].finishedInDispatch == dispatchNumber
      else { continue }
      return true
    }
    return false
  }

  /// Marks the recognizers joined to `recognizer` through failure requirements, in either
  /// direction, with a fresh mark, which it returns. Linear in the component's size.
  func markRequirementComponent(of recognizer: GestureRecognizer) -> UInt64 {
    var members: [GestureRecognizer] = []
    swap(&members, &componentMembers)
    defer {
      members.clear()
      swap(&members, &componentMembers)
    }
    return markRequirementComponent(of: recognizer, into: &members, depthFirst: true)
  }

  /// Marks the component as above and appends its members to `members`, the recognizer first:
  /// the one walk of a requirement component, which exclusion and reset groups share. Edges
  /// ignored as part of a cycle join no one (<doc:BehaviourReference> §3.11). Exclusion visits
  /// depth first, reset groups breadth first, each in the order it always did (which orders the
  /// delegates' calls and the resets).
  func markRequirementComponent(
    of recognizer: GestureRecognizer, into members: inout [GestureRecognizer], depthFirst: Bool
  ) -> UInt64 {
    passMark &+= 1
    let mark = passMark
    tables.slots[ownSlot(recognizer)].mark = mark
    var next = members.count
    members.append(recognizer)
    var stack: [GestureRecognizer] = []
    swap(&stack, &componentStack)
    defer { swap(&stack, &componentStack) }
    if depthFirst { stack.append(recognizer) }
    while true {
      let current: GestureRecognizer
      if depthFirst {
        guard let top = stack.popLast() else { break }
        current = top
      } else {
        guard next < members.count else { break }
        current = members[next]
        next += 1
      }
      let currentSlot = slot(current)
      for edgeIndex in tables.slots[currentSlot].requires.indices {
        let edge = tables.slots[currentSlot].requires[edgeIndex]
        let targetSlot = slot(edge.target)
        guard !edge.onCycle && joinedByRequirement(currentSlot, targetSlot) && tables.slots[targetSlot].mark != mark
        else { continue }
        tables.slots[ownSlot(edge.target)].mark = mark
        if depthFirst { stack.append(edge.target) }
        members.append(edge.target)
      }
      for dependentIndex in tables.slots[currentSlot].dependents.indices {
        let dependent = self.recognizer(inSlot: tables.slots[currentSlot].dependents[dependentIndex])
        let dependentSlot = slot(dependent)
        guard
          joinedByRequirement(dependentSlot, currentSlot) && tables.slots[dependentSlot].mark != mark
            && tables.slots[dependentSlot].requires.contains(where: { $0.target === current && !$0.onCycle })
        else { continue }
        tables.slots[dependentSlot].mark = mark
        if depthFirst { stack.append(dependent) }
        members.append(dependent)
      }
    }
    return mark
  }

  /// Whether two views are the same or one contains the other.
  func viewsRelated(_ a: View?, _ b: View?) -> Bool {
    guard let a, let b else { return false }
    if a === b { return true }
    return a.isDescendant(of: b) || b.isDescendant(of: a)
  }
}
