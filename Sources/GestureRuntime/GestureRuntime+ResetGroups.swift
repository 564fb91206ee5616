import GestureCore

/// Resets (<doc:BehaviourReference> §3.10): a finished recognizer is reset, alone or with the
/// recognizers joined to it by requirements once the last of them has finished; reset ones leave
/// the participant list.
extension GestureRuntime {
  /// Resets finished recognizers; recognizers joined by failure requirements whose two ends both
  /// received touches since their last reset are reset together, once the last of them has
  /// finished (<doc:BehaviourReference> §3.10).
  func runResets() {
    assertNoUserCode(in: "runResets")
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
    guard slots[slot(recognizer)].participating && slots[slot(recognizer)].resetMark != mark else { return }
    // Most recognizers have no requirement with another participant: reset them alone.
    if recognizer.requires.isEmpty && recognizer.dependents.isEmpty {
      slots[ownSlot(recognizer)].resetMark = mark
      if recognizer.publishedState.isTerminal { resetRecognizer(recognizer) }
      return
    }
    // Most groups are a pair (a tap and the double tap it waits for): no walk needed.
    if let partner = solePartner(of: recognizer), slots[slot(partner)].participating {
      slots[ownSlot(recognizer)].resetMark = mark
      slots[ownSlot(partner)].resetMark = mark
      if recognizer.publishedState.isTerminal && partner.publishedState.isTerminal {
        // The one requirement between the two is all the edges either has, and it ends with
        // both attempts: cleared here, without dropAttemptEdges' searches (which would also list
        // the partner as finished again, for a pass that finds it reset).
        recognizer.requires.clear()
        recognizer.dependents.clear()
        partner.requires.clear()
        partner.dependents.clear()
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
      slots[ownSlot(member)].resetMark = mark
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
    removeParticipants { !slots[slot($0)].participating }
  }

  /// Drops the participants `leaving` picks, unlisting them, in place and keeping the order of
  /// the rest (which move forward over them); then counts the reset ones left.
  func removeParticipants(where leaving: (GestureRecognizer) -> Bool) {
    assertNoUserCode(in: "removeParticipants")
    var kept = 0
    for index in 0..<participants.count {
      if leaving(participants[index]) {
        slots[ownSlot(participants[index])].listed = false
      } else {
        if kept != index { participants.swapAt(kept, index) }
        kept += 1
      }
    }
    while participants.count > kept { participants.removeLast() }
    removedParticipants = 0
    for index in 0..<participants.count where !slots[slot(participants[index])].participating {
      removedParticipants += 1
    }
  }

  /// The recognizers joined to `recognizer` by requirements between participants, leaving out
  /// edges ignored as part of a cycle (until both their ends have been reset, <doc:BehaviourReference> §3.11).
  /// (`solePartner` finds the common pair without this walk: keep the two in step.)
  func fillResetGroup(of recognizer: GestureRecognizer, into group: inout [GestureRecognizer]) {
    // A mark of its own keeps this walk linear; the caller re-marks the members afterwards.
    passMark &+= 1
    let seen = passMark
    slots[ownSlot(recognizer)].mark = seen
    group.append(recognizer)
    var index = 0
    while index < group.count {
      let current = group[index]
      index += 1
      // An edge ignored as part of a cycle ties no resets (behaviour reference §3.11).
      for edgeIndex in current.requires.indices {
        let edge = current.requires[edgeIndex]
        guard !edge.onCycle && slots[slot(edge.target)].participating && slots[slot(edge.target)].mark != seen else {
          continue
        }
        slots[ownSlot(edge.target)].mark = seen
        group.append(edge.target)
      }
      for dependentIndex in current.dependents.indices {
        let dependent = current.dependents[dependentIndex]
        guard
          slots[slot(dependent)].participating && slots[slot(dependent)].mark != seen
            && dependent.requires.contains(where: { $0.target === current && !$0.onCycle })
        else { continue }
        slots[ownSlot(dependent)].mark = seen
        group.append(dependent)
      }
    }
  }

  /// Ends the recognizer's attempt: clears the runtime's bookkeeping, calls `reset()` and traces
  /// it. The touches it tracked are never delivered to it again (<doc:BehaviourReference> §2.4).
  func resetRecognizer(_ recognizer: GestureRecognizer) {
    assertNoUserCode(in: "resetRecognizer")
    guard slots[slot(recognizer)].participating else { return }
    if !recognizer.requires.isEmpty || !recognizer.dependents.isEmpty {
      dropAttemptEdges(of: recognizer)
    }
    recognizer.attempt &+= 1
    setHeld(recognizer, false)
    slots[ownSlot(recognizer)].endAttempt()
    stopWithholding(recognizer)
    if !recognizer.attemptTouches.isEmpty { recognizer.attemptTouches.clear() }
    recognizer.cancelAllTimers()
    if !recognizer.trackedTouches.isEmpty { recognizer.trackedTouches.clear() }
    if !recognizer.lastTouchLocations.isEmpty { recognizer.lastTouchLocations.clear() }
    removedParticipants += 1
    recognizer.requestedState = .possible
    recognizer.publishedState = .possible
    callReset(recognizer)
    if trace != nil { emit(.reset(recognizer: recognizer.displayName)) }
  }
}
