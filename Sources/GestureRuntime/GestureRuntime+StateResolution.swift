import GestureCore

/// Resolving the states recognizers asked for (<doc:BehaviourReference> §1, 3.1–3.5): requests are
/// processed in rounds; a request to begin or recognize becomes a candidate, asked
/// `shouldBegin`; candidates are published in tie order with the recognizers they exclude
/// (GestureRuntime+Publishing.swift: what publishing a state does).
extension GestureRuntime {
  /// Resolves every requested state change until none is left (<doc:BehaviourReference> §3.1–3.10): holds
  /// for failure requirements, exclusion in tie order, requirement failures and releases.
  ///
  /// A recognizer that asks to leave `possible` while a recognizer it requires to fail is still
  /// active is held only if that requirement is still active once the dispatch's other changes
  /// are resolved (§3.7): its request waits in `tables.pendingHolds` until nothing else is left, and is
  /// then held, failed (the requirement recognized) or taken as if it had never waited.
  func resolve() {
    assertNoUserCode(in: "resolve")
    if tables.requests.isEmpty && tables.releases.isEmpty { return }
    let wasResolving = isResolving
    isResolving = true
    defer { isResolving = wasResolving }
    var rounds = 0
    while !tables.requests.isEmpty || !tables.releases.isEmpty || !tables.pendingHolds.isEmpty {
      rounds += 1
      if rounds > 100_000 {
        diagnose("conflict resolution did not settle; stopped", [])
        tables.dropRequests()
        tables.releases.clear()
        tables.pendingHolds.clear()
        tables.holdReasons.clear()
        break
      }
      if tables.requests.isEmpty && tables.releases.isEmpty {
        settlePendingHolds()
        continue
      }
      tables.candidates.clear()
      tables.nextRequestBatch()
      // The batch is not changed while it is worked through (new requests go to
      // `tables.requests`).
      for index in 0..<tables.requestBatch.count { process(tables.requestBatch[index]) }
      tables.requestBatch.clear()
      if !tables.releases.isEmpty {
        tables.nextReleaseBatch()
        // Releases asked for meanwhile go to `tables.releases`, never to the batch.
        for index in 0..<tables.releaseBatch.count { release(recognizer(inSlot: tables.releaseBatch[index])) }
        tables.releaseBatch.clear()
      }
      if !tables.candidates.isEmpty { resolveCandidates() }
    }
    // No request is left to name a reason (the batch of a resolution this one runs inside, if
    // any, is empty between its steps).
    if !tables.requestReasons.isEmpty && tables.requests.isEmpty && tables.requestBatch.isEmpty {
      tables.requestReasons.clear()
    }
  }

  /// Handles one requested state.
  func process(_ request: borrowing RuntimeTables.Request) {
    assertNoUserCode(in: "process")
    let recognizer = recognizer(inSlot: request.slot)
    // A recognizer that another runtime has given a slot since it asked (it went to that one's
    // tree) is that runtime's now: its request is not this runtime's to resolve.
    // Its slot number and its published state in one call.
    let (slotNumber, publishedNow) = recognizer.resolutionState
    guard slotNumber.owner == runtimeNumber else { return }
    // Most requests have no reason (it is kept only for a trace): theirs is passed as a constant
    // nil, which the inlined body copies nowhere.
    if request.reasonIndex < 0 {
      process(recognizer, slot: slotNumber.index, request.state, nil, published: publishedNow)
    } else {
      process(recognizer, slot: slotNumber.index, request.state, tables.reason(of: request), published: publishedNow)
    }
  }

  /// Handles a state the recognizer of this runtime's slot `number` asked for; `publishedNow` is
  /// its published state, read with its slot number.
  @inline(__always)
  private func process(
    _ recognizer: GestureRecognizer, slot number: Int, _ state: GestureRecognizer.State, _ reason: String?,
    published publishedNow: GestureRecognizer.State
  ) {
    var published = publishedNow
    if !tables.slots[number].participating {
      if !startAttemptOfItsOwn(recognizer) { return }
      // Starting the attempt may change it: read again.
      published = recognizer.publishedState
    }
    if published.isTerminal { return }

    if state == .failed || state == .cancelled {
      if tables.slots[number].candidate != nil {
        // Recognized earlier in this round and now stops: publish after the recognition.
        tables.slots[number].followUps.append((state, reason))
        return
      }
      setHeld(slot: number, false)
      publish(
        recognizer, published == .possible ? .failed : .cancelled,
        reason: reason ?? Self.defaultReason(state, from: published))
      return
    }

    // began, changed or ended
    if tables.slots[number].candidate != nil {
      tables.slots[number].followUps.append((state, reason))
      return
    }
    if published == .began || published == .changed {
      let next: GestureRecognizer.State = state == .began ? .changed : state
      // The round's one request, from a recognizer that excludes nobody (`excludesNobody`):
      // `resolveCandidates` would publish it at once. Published here.
      if tables.requestBatch.count == 1 && tables.candidates.isEmpty && tables.releases.isEmpty
        && excludesNobody(slot: number)
      {
        publish(recognizer, next, reason: reason ?? Self.defaultReason(next, from: published))
        return
      }
      addCandidate(recognizer, next, reason: reason)
      return
    }
    // Leaving possible. (`heldRequestIsMoot` drops these requests of a held recognizer before
    // they get here when they are made outside resolution: keep the two in step.)
    if tables.slots[number].held {
      if state == .ended && tables.slots[number].wants != .ended {
        tables.slots[number].wants = .ended
        if trace != nil { emitWait(recognizer) }
      }
      return
    }
    if !tables.slots[number].shouldBeginAsked {
      tables.slots[number].shouldBeginAsked = true
      if let veto = shouldBeginVeto(recognizer, slot: number) {
        recognizer.requestedState = .failed
        publish(recognizer, .failed, reason: veto)
        return
      }
    }
    var waiting = false
    for edgeIndex in tables.slots[number].requires.indices {
      let edge = tables.slots[number].requires[edgeIndex]
      guard !edge.onCycle else { continue }
      let target = edge.target
      let targetSlot = slot(target)
      guard joinedByRequirement(number, targetSlot) else { continue }
      if tables.slots[targetSlot].recognized {
        recognizer.requestedState = .failed
        publish(recognizer, .failed, reason: "required failure of \(target.displayName), which recognized")
        return
      }
      if tables.slots[targetSlot].sequence == currentSequence(ofSlot: targetSlot) && target.publishedState == .possible
      {
        waiting = true
      }
    }
    if waiting {
      deferHold(recognizer, state == .ended ? .ended : .began, reason: reason)
      return
    }
    addCandidate(recognizer, state == .changed ? .began : state, reason: reason)
  }

  /// A state asked outside an attempt (from app code, a view, or a timer of its own, with no
  /// touch) is an attempt of its own, so that a terminal state is followed by a reset
  /// (<doc:BehaviourReference> §1.7). Only for a recognizer in this runtime's window: one taken
  /// off its view (or out of the window) since it asked is as if reset by its removal, and its
  /// request is dropped. Returns whether the attempt started.
  @inline(never)
  func startAttemptOfItsOwn(_ recognizer: GestureRecognizer) -> Bool {
    guard isInTree(recognizer), let view = recognizer.view else {
      recognizer.requestedState = .possible
      return false
    }
    startAttempt(recognizer, slot: ownSlot(recognizer), depth: view.depth)
    return true
  }

  /// Asks the views the recognizer's touches were hit-tested to, then its delegate
  /// (<doc:BehaviourReference> §2.12, 3.1). Returns the reason for a veto, or nil. `number` is
  /// the recognizer's slot here, read already.
  func shouldBeginVeto(_ recognizer: GestureRecognizer, slot number: Int) -> String? {
    assertNoUserCode(in: "shouldBeginVeto")
    if recognizer.cancelsTouchesInView {
      if tables.slots[number].attemptTouches.count == 1 {
        // One touch (the common case): its one view is asked without a list.
        if let view = tables.slots[number].attemptTouches[0].touch.view, !askViewShouldBegin(view, recognizer) {
          return vetoReason(view)
        }
      } else if let veto = viewsVeto(recognizer, slot: number) {
        return veto
      }
    }
    if !askShouldBegin(recognizer) {
      return "shouldBegin returned false"
    }
    return nil
  }

  /// Asks each view that the touches of the recognizer in slot `number` were hit-tested to, once,
  /// whether it may begin. Returns the reason for a veto, or nil.
  private func viewsVeto(_ recognizer: GestureRecognizer, slot number: Int) -> String? {
    // The views are listed before any is asked (a view's answer may change the recognizer's
    // touches); in a scratch array taken out while in use.
    var views = vetoViewsScratch
    vetoViewsScratch = []
    defer {
      views.clear()
      vetoViewsScratch = views
    }
    for index in tables.slots[number].attemptTouches.indices {
      guard let view = tables.slots[number].attemptTouches[index].touch.view,
        !views.contains(where: { $0 === view })
      else { continue }
      views.append(view)
    }
    for view in views where !askViewShouldBegin(view, recognizer) {
      return vetoReason(view)
    }
    return nil
  }

  /// The reason of a failure that `view`'s `gestureRecognizerShouldBegin` decided.
  private func vetoReason(_ view: View) -> String {
    "view \(view.name) vetoed it (gestureRecognizerShouldBegin returned false)"
  }

  func addCandidate(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State, reason: String?) {
    assertNoUserCode(in: "addCandidate")
    let number = ownSlot(recognizer)
    tables.slots[number].candidate = state
    // Stores only what changes: a continuous recognizer's every `changed` comes through here.
    if reason != nil || tables.slots[number].candidateReason != nil {
      tables.slots[number].candidateReason = reason
    }
    if !tables.slots[number].followUps.isEmpty { tables.slots[number].followUps.clear() }
    if tables.slots[number].excludedBy != 0 { tables.slots[number].excludedBy = 0 }
    tables.candidates.append(number)
  }

  /// Whether exclusion can do nothing for a round whose one candidate is the recognizer of slot
  /// `number`: no requirement joins it to a held recognizer that `exclude(by:)` would walk to,
  /// and `gatherExcludableTracking` would find nobody, since no other listed participant is in
  /// its attempt, undecided (`possible`) and without an action sent (a recognizer still in an
  /// attempt but no longer listed, whose view left the tree, is never gathered). The common
  /// cases: a pan that changes once the others have been reset, and one that changes after the
  /// swipe it waited for failed (the swipe stays listed until the two are reset together).
  /// Beyond a few participants the answer is left to the scan itself (false).
  @inline(__always)
  func excludesNobody(slot number: Int) -> Bool {
    guard heldCount == 0 || (tables.slots[number].requires.isEmpty && tables.slots[number].dependents.isEmpty)
    else { return false }
    let count = tables.participants.count
    if count == 1 && tables.participants[0] == number { return true }
    guard count <= 8 else { return false }
    // Each by the slot it was listed with: one that another runtime has given a slot since is
    // never gathered, and its slot here can only make this answer false.
    for index in 0..<count where tables.participants[index] != number {
      let listed = tables.participants[index]
      guard tables.slots[listed].participating && !tables.slots[listed].sentAction else { continue }
      if recognizer(inListed: listed).publishedState == .possible { return false }
    }
    return true
  }

  /// Resolves the recognitions of one round in tie order (<doc:BehaviourReference> §3.2–3.5, 3.9, 3.10).
  func resolveCandidates() {
    assertNoUserCode(in: "resolveCandidates")
    // One candidate that exclusion cannot reach past (`excludesNobody`): no tie order, no
    // scan.
    if tables.candidates.count > 1 || !excludesNobody(slot: tables.candidates[0]) {
      // Tie order: the deepest view first; on one view, the one added first.
      tables.sortCandidates(owner: runtimeNumber)
      gatherExcludableTracking()
      // The list holds every candidate until it is emptied at the end (nothing here adds to it or
      // removes from it).
      for index in 0..<tables.candidates.count {
        let candidate = recognizer(inSlot: tables.candidates[index])
        if tables.slots[slot(candidate)].excludedBy == 0 { exclude(by: candidate) }
      }
      tables.excludableTracking.clear()
    }
    for index in 0..<tables.candidates.count {
      publishCandidate(recognizer(inSlot: tables.candidates[index]))
    }
    // The listed slot's mark first: `slot(ofListed:)` gives slot 0, which nobody excludes
    // (`excludedBy` 0), only where another runtime has given the recognizer a slot.
    for index in 0..<tables.excluded.count
    where tables.slots[tables.excluded[index]].excludedBy != 0 && slot(ofListed: tables.excluded[index]) != 0 {
      let loser = recognizer(inSlot: tables.excluded[index])
      // Excluded by a candidate that was itself excluded later: its exclusion still stands.
      let excluder = recognizer(inSlot: tables.slots[slot(loser)].excludedBy)
      tables.slots[ownSlot(loser)].excludedBy = 0
      tables.slots[ownSlot(loser)].candidate = nil
      tables.slots[ownSlot(loser)].followUps.clear()
      if loser.publishedState.isTerminal { continue }
      loser.requestedState = .failed
      setHeld(loser, false)
      publish(loser, .failed, reason: "prevented by \(excluder.displayName)")
    }
    // Emptied here, not only at the next resolution: nothing of the scene is held between
    // dispatches.
    tables.excluded.clear()
    tables.candidates.clear()
  }

  /// Publishes one candidate of `resolveCandidates` (in tie order) with the recognizers it
  /// excluded and those that required it to fail.
  @inline(__always)
  private func publishCandidate(_ winner: GestureRecognizer) {
    // Its slot number and its published state in one call.
    let (slotNumber, from) = winner.resolutionState
    let winnerSlot = ownSlot(winner, number: slotNumber)
    // Already published as the loser of an earlier winner in this round.
    guard let state = tables.slots[winnerSlot].candidate else { return }
    // An excluded candidate is published with the exclusions of its winner, after the
    // winner's own state line (cause before effect).
    if tables.slots[winnerSlot].excludedBy != 0 { return }
    tables.slots[winnerSlot].candidate = nil
    let fromPossible = from == .possible
    // Two calls, so that the common one's reason closure captures neither the runtime nor a string.
    if let reason = tables.slots[winnerSlot].candidateReason {
      publish(winner, state, reason: reason)
    } else {
      publish(winner, state, reason: Self.defaultReason(state, from: from))
    }
    for loserIndex in 0..<tables.excluded.count
    where tables.slots[tables.excluded[loserIndex]].excludedBy == winnerSlot {
      let loserSlot = tables.excluded[loserIndex]
      let loser = recognizer(inSlot: loserSlot)
      // `slot(ofListed:)` with the recognizer read once: one that another runtime has given a
      // slot since is passed over. Otherwise the listed slot is the loser's own here.
      guard loser.runtimeSlot.owner == runtimeNumber else { continue }
      tables.slots[loserSlot].excludedBy = 0
      tables.slots[loserSlot].candidate = nil
      tables.slots[loserSlot].followUps.clear()
      // Already decided in this round (for example failed by a requirement of an earlier winner).
      guard !loser.publishedState.isTerminal else { continue }
      loser.requestedState = .failed
      setHeld(slot: loserSlot, false)
      publish(loser, .failed, reason: "prevented by \(winner.displayName)")
    }
    if fromPossible {
      // Recognizers that require this one to fail fail now (behaviour reference §3.9), through an
      // edge found on a cycle too when the hold was in place before the cycle was (§3.11).
      for dependentIndex in tables.slots[winnerSlot].dependents.indices {
        let dependent = recognizer(inSlot: tables.slots[winnerSlot].dependents[dependentIndex])
        let dependentSlot = slot(dependent)
        guard
          dependent !== winner && joinedByRequirement(dependentSlot, winnerSlot)
            && dependent.publishedState == .possible && !tables.slots[dependentSlot].sentAction
            && tables.slots[dependentSlot].candidate == nil
            && tables.slots[dependentSlot].requires.contains(where: {
              $0.target === winner && (!$0.onCycle || tables.slots[dependentSlot].held)
            })
        else { continue }
        dependent.requestedState = .failed
        // Its own slot: the requirement edge above is in it.
        setHeld(slot: dependentSlot, false)
        publish(dependent, .failed, reason: "required failure of \(winner.displayName), which recognized")
      }
    }
    if !tables.slots[winnerSlot].followUps.isEmpty {
      let followUps = tables.slots[winnerSlot].followUps
      tables.slots[winnerSlot].followUps.clear()
      for (then, reason) in followUps where !winner.publishedState.isTerminal {
        let previous = winner.publishedState
        let target: GestureRecognizer.State =
          then == .failed || then == .cancelled ? .cancelled : (then == .began ? .changed : then)
        publish(winner, target, reason: reason ?? Self.defaultReason(target, from: previous))
      }
    }
  }
}
