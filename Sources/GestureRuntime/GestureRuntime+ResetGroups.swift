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
    while !tables.finished.isEmpty && passes < 1_000 {
      passes += 1
      runResetPass()
    }
    compactParticipants()
  }

  func runResetPass() {
    tables.nextResetBatch()
    resetPass &+= 1
    let mark = resetPass
    // The batch names every recognizer of the pass until it is emptied below (the pass adds to
    // `tables.finished`, never to the batch).
    for index in 0..<tables.finishedBatch.count {
      let number = tables.finishedBatch[index]
      // A slot this pass has marked (the partner of a pair reset just before, a member of a
      // group) is passed over without its recognizer, a retain and a call: it was marked as the
      // slot its recognizer has here, which it keeps through the pass, so `resetPassStep` would
      // find it seen.
      if tables.slots[number].resetMark == mark { continue }
      resetPassStep(recognizer(inSlot: number), mark: mark)
    }
    tables.finishedBatch.clear()
  }

  /// One recognizer of a reset pass: reset it, its pair, or its group once all of them finished.
  private func resetPassStep(_ recognizer: GestureRecognizer, mark: UInt64) {
    let number = slot(recognizer)
    guard let alone = tables.entersResetPass(slot: number, mark: mark) else { return }
    // Most recognizers have no requirement with another participant: reset them alone.
    if alone {
      if recognizer.publishedState.isTerminal { resetRecognizer(recognizer, slot: number) }
      return
    }
    // Most groups are a pair (a tap and the double tap it waits for): no walk needed.
    // A participating slot is one this runtime gave (slot 0 never participates): the partner's
    // slot is looked up once.
    if let (partner, partnerSlot) = solePartner(of: recognizer, slot: number),
      joinedByRequirement(number, partnerSlot)
    {
      // `number` is the recognizer's own slot: it participates.
      let bothFinished = recognizer.publishedState.isTerminal && partner.publishedState.isTerminal
      // Once both finished, the one requirement between the two is all the edges either has,
      // and it ends with both attempts (its targets are the two, held here, so clearing lets go
      // of neither): cleared here, without dropAttemptEdges' searches (which would also list
      // the partner as finished again, for a pass that finds it reset). One mutation per slot.
      tables.slots[number].markResetPass(mark: mark, droppingEdges: bothFinished)
      tables.slots[partnerSlot].markResetPass(mark: mark, droppingEdges: bothFinished)
      if bothFinished {
        // The second one's slot is read again: the first one's `reset()` is user code. Two
        // branches rather than conditional arguments, which cost a retain and a release each.
        if partner.additionOrder < recognizer.additionOrder {
          resetRecognizer(partner, slot: partnerSlot)
          resetRecognizer(recognizer)
        } else {
          resetRecognizer(recognizer, slot: number)
          resetRecognizer(partner)
        }
      }
      return
    }
    var group = groupScratch
    groupScratch = []
    // The recognizers joined to it by requirements between participants, leaving out edges
    // ignored as part of a cycle (until both their ends have been reset, behaviour reference
    // §3.11). The walk's mark keeps it linear; the members are marked for the pass below.
    _ = markRequirementComponent(of: recognizer, into: &group, depthFirst: false)
    var allFinished = true
    for member in group {
      tables.slots[ownSlot(member)].resetMark = mark
      if !member.publishedState.isTerminal { allFinished = false }
    }
    if allFinished {
      if group.count > 1 { sortByAdditionOrder(&group) }
      for member in group { resetRecognizer(member) }
    }
    group.clear()
    groupScratch = group
  }

  /// Sorts a reset group by the order in which its recognizers were added, those added at the
  /// same place of their views in the walk's order, as the standard library's sort leaves them;
  /// but in storage the runtime keeps (that sort allocates a buffer for more than 20 elements,
  /// once per reset of a long requirement chain). A merge sort, so a chain of 100,000 sorts in
  /// O(n log n).
  func sortByAdditionOrder(_ group: inout [GestureRecognizer]) {
    let count = group.count
    var other: [GestureRecognizer] = []
    swap(&other, &groupSortScratch)
    defer {
      other.clear()
      swap(&other, &groupSortScratch)
    }
    other.append(contentsOf: group)
    // Runs of `width` in `group`, merged pairwise into `other`, which then takes their place.
    var width = 1
    while width < count {
      var start = 0
      while start < count {
        let middle = min(start + width, count)
        let end = min(start + 2 * width, count)
        var left = start
        var right = middle
        for index in start..<end {
          // Equal orders take the left one first: the sort keeps their order.
          if left < middle && (right == end || group[right].additionOrder >= group[left].additionOrder) {
            other[index] = group[left]
            left += 1
          } else {
            other[index] = group[right]
            right += 1
          }
        }
        start = end
      }
      swap(&group, &other)
      width *= 2
    }
  }

  /// The other end when `recognizer` and one other recognizer are joined by a single
  /// requirement edge and neither has any other edge: their requirement component is exactly that
  /// pair (a tap and the double tap it waits for, a pan and its swipe). Nil otherwise. Reset
  /// groups and exclusion use it to skip their walk (`markRequirementComponent`): keep it in step
  /// with it. `number` is the recognizer's slot here; the partner comes with its own.
  func solePartner(of recognizer: GestureRecognizer, slot number: Int) -> (partner: GestureRecognizer, slot: Int)? {
    let me = ObjectIdentifier(recognizer)
    if tables.slots[number].requires.count == 1 && tables.slots[number].dependents.isEmpty {
      let target = tables.slots[number].requires[0].target
      let targetSlot = slot(target)
      guard target !== recognizer, !tables.slots[number].requires[0].onCycle, tables.slots[targetSlot].requires.isEmpty,
        tables.slots[targetSlot].dependents.count == 1,
        self.recognizer(inSlot: tables.slots[targetSlot].dependents[0]) === recognizer
      else { return nil }
      return (target, targetSlot)
    }
    if tables.slots[number].requires.isEmpty && tables.slots[number].dependents.count == 1 {
      let dependent = self.recognizer(inSlot: tables.slots[number].dependents[0])
      let dependentSlot = slot(dependent)
      guard dependent !== recognizer, tables.slots[dependentSlot].dependents.isEmpty,
        tables.slots[dependentSlot].requires.count == 1,
        ObjectIdentifier(tables.slots[dependentSlot].requires[0].target) == me,
        !tables.slots[dependentSlot].requires[0].onCycle
      else { return nil }
      return (dependent, dependentSlot)
    }
    return nil
  }

  /// Drops reset recognizers from the participants in one pass, keeping the order of the rest.
  func compactParticipants() {
    // Amortized: loops over the participants skip reset ones, so compact only once they are
    // at least half of the list.
    guard removedParticipants > 0, removedParticipants * 2 >= tables.participants.count else { return }
    assertNoUserCode(in: "compactParticipants")
    removedParticipants = tables.removeParticipants(.reset, owner: runtimeNumber)
  }

  /// Ends the recognizer's attempt: clears the runtime's bookkeeping, calls `reset()` and traces
  /// it. The touches it tracked are never delivered to it again (<doc:BehaviourReference> §2.4).
  func resetRecognizer(_ recognizer: GestureRecognizer) {
    resetRecognizer(recognizer, slot: slot(recognizer))
  }

  /// ``resetRecognizer(_:)`` of a recognizer whose slot here is `number`, just read.
  func resetRecognizer(_ recognizer: GestureRecognizer, slot number: Int) {
    assertNoUserCode(in: "resetRecognizer")
    // The list trades storage with the slot's, taken out while in use (as the runtime's other
    // lists, GestureRuntime.swift): from an optional, and moved back, so that nothing is left to
    // release here (a swap would leave an empty array, released at every reset).
    var ended = endedAttemptTouches.take() ?? []
    let wasHeld: Bool
    switch tables.endAttemptWithoutEdges(slot: number, touches: &ended) {
    case .notParticipating:
      endedAttemptTouches = consume ended
      return
    case .ended(let held):
      wasHeld = held
    case .hasEdges:
      dropAttemptEdges(of: recognizer)
      // A reset is no decision: what it releases comes with the event's own view calls.
      wasHeld = tables.endAttempt(slot: number, releasedBy: 0, touches: &ended)
    }
    if wasHeld { heldCount -= 1 }
    // The touches are let go of here, outside the tables' access (a view may go with them).
    if !ended.isEmpty { ended.clear() }
    endedAttemptTouches = consume ended
    dropTimerRequests(ofSlot: number)
    // Its touches, lift locations and started timers forgotten, `possible` again.
    recognizer.forgetAttempt()
    removedParticipants += 1
    callReset(recognizer)
    if trace != nil { emit(.reset(recognizer: recognizer.displayName)) }
  }
}
