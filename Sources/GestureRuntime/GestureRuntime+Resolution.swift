@_spi(GestureRuntime) import GestureCore

extension GestureRuntime {
  /// Resolves every requested state change until none is left (<doc:BehaviourReference> §3.1–3.10): holds
  /// for failure requirements, exclusion in tie order, requirement failures and releases.
  ///
  /// A recognizer that asks to leave `possible` while a recognizer it requires to fail is still
  /// active is held only if that requirement is still active once the dispatch's other changes
  /// are resolved (§3.7): its request waits in `pendingHolds` until nothing else is left, and is
  /// then held, failed (the requirement recognized) or taken as if it had never waited.
  func resolve() {
    if requests.isEmpty && releases.isEmpty { return }
    let wasResolving = isResolving
    isResolving = true
    defer { isResolving = wasResolving }
    var rounds = 0
    while !requests.isEmpty || !releases.isEmpty || !pendingHolds.isEmpty {
      rounds += 1
      if rounds > 100_000 {
        diagnose("conflict resolution did not settle; stopped", [])
        requests.removeAll()
        releases.removeAll()
        pendingHolds.removeAll()
        break
      }
      if requests.isEmpty && releases.isEmpty {
        settlePendingHolds()
        continue
      }
      candidates.removeAll()
      requests.swapContents(with: requestBatch)
      // The batch is not changed while it is worked through (new requests go to `requests`):
      // each request is read in place, without copying (and so retaining) its recognizer.
      requestBatch.withUnsafeMutableBufferPointer { batch in
        for index in 0..<batch.count { process(batch[index]) }
      }
      requestBatch.removeAll()
      if !releases.isEmpty {
        releases.swapContents(with: releaseBatch)
        for index in 0..<releaseBatch.count { release(releaseBatch[index]) }
        releaseBatch.removeAll()
      }
      if !candidates.isEmpty { resolveCandidates() }
    }
  }

  /// Handles one requested state.
  func process(_ request: borrowing Request) {
    process(request.recognizer, request.state, request.reason)
  }

  @inline(__always)
  private func process(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State, _ reason: String?) {
    let published = recognizer.publishedState
    if published.isTerminal { return }

    if state == .failed || state == .cancelled {
      if recognizer.runtime.candidate != nil {
        // Recognized earlier in this round and now stops: publish after the recognition.
        recognizer.runtime.followUps.append((state, reason))
        return
      }
      setHeld(recognizer, false)
      publish(
        recognizer, published == .possible ? .failed : .cancelled,
        reason: reason ?? defaultReason(state, from: published))
      return
    }

    // began, changed or ended
    if recognizer.runtime.candidate != nil {
      recognizer.runtime.followUps.append((state, reason))
      return
    }
    if published == .began || published == .changed {
      addCandidate(recognizer, state == .began ? .changed : state, reason: reason)
      return
    }
    // Leaving possible. (`heldRequestIsMoot` drops these requests of a held recognizer before
    // they get here when they are made outside resolution: keep the two in step.)
    if recognizer.runtime.held {
      if state == .ended && recognizer.runtime.wants != .ended {
        recognizer.runtime.wants = .ended
        if trace != nil { emitWait(recognizer) }
      }
      return
    }
    if !recognizer.runtime.shouldBeginAsked {
      recognizer.runtime.shouldBeginAsked = true
      if let veto = shouldBeginVeto(recognizer) {
        recognizer.requestedState = .failed
        publish(recognizer, .failed, reason: veto)
        return
      }
    }
    var waiting = false
    for edgeIndex in recognizer.requires.indices {
      let edge = recognizer.requires[edgeIndex]
      guard !edge.onCycle else { continue }
      let target = edge.target
      guard target.runtime.participating else { continue }
      if target.runtime.recognized {
        recognizer.requestedState = .failed
        publish(recognizer, .failed, reason: "required failure of \(target.displayName), which recognized")
        return
      }
      if target.runtime.sequence == currentSequence(of: target) && target.publishedState == .possible {
        waiting = true
      }
    }
    if waiting {
      deferHold(recognizer, state == .ended ? .ended : .began, reason: reason)
      return
    }
    addCandidate(recognizer, state == .changed ? .began : state, reason: reason)
  }

  /// Notes that the recognizer asked to leave `possible` (for `wants`) while a requirement of
  /// it is active; `settlePendingHolds` decides once the dispatch's other changes are resolved
  /// (<doc:BehaviourReference> §3.7).
  func deferHold(_ recognizer: GestureRecognizer, _ wants: GestureRecognizer.State, reason: String?) {
    for index in pendingHolds.indices where pendingHolds[index].recognizer === recognizer {
      if wants == .ended && pendingHolds[index].endedReason == nil { pendingHolds[index].endedReason = reason ?? "" }
      return
    }
    pendingHolds.append(
      PendingHold(recognizer: recognizer, first: wants, reason: reason, endedReason: wants == .ended ? reason : nil))
  }

  /// Decides the requests of `pendingHolds`, once nothing else is left to resolve: a recognizer
  /// whose requirement is still active is held (its `wait` line), one whose requirement
  /// recognized fails, and one whose requirements all failed meanwhile enters the state it asked
  /// for as if it had never waited (a pan's translation does not restart at zero; <doc:BehaviourReference> §3.7).
  func settlePendingHolds() {
    var holds: [PendingHold] = []
    swap(&holds, &pendingHolds)
    candidates.removeAll()
    for hold in holds {
      let recognizer = hold.recognizer
      guard
        recognizer.runtime.participating && recognizer.publishedState == .possible && !recognizer.runtime.held
          && recognizer.runtime.candidate == nil
      else { continue }
      var waiting = false
      var recognizedTarget: GestureRecognizer?
      for edgeIndex in recognizer.requires.indices {
        let edge = recognizer.requires[edgeIndex]
        guard !edge.onCycle, edge.target.runtime.participating else { continue }
        if edge.target.runtime.recognized {
          recognizedTarget = edge.target
          break
        }
        if edge.target.runtime.sequence == sequence && edge.target.publishedState == .possible { waiting = true }
      }
      if let target = recognizedTarget {
        recognizer.requestedState = .failed
        publish(recognizer, .failed, reason: "required failure of \(target.displayName), which recognized")
        continue
      }
      if waiting {
        setHeld(recognizer, true)
        recognizer.runtime.wants = hold.first
        recognizer.runtime.firstWanted = hold.first
        if trace != nil { emitWait(recognizer) }
        if hold.first != .ended && hold.endedReason != nil {
          recognizer.runtime.wants = .ended
          if trace != nil { emitWait(recognizer) }
        }
        continue
      }
      addCandidate(recognizer, hold.first, reason: hold.reason)
      if hold.first != .ended, let endedReason = hold.endedReason {
        recognizer.runtime.followUps.append((.ended, endedReason.isEmpty ? nil : endedReason))
      }
    }
    holds.clear()
    swap(&holds, &pendingHolds)
    if !candidates.isEmpty { resolveCandidates() }
  }

  func emitWait(_ recognizer: GestureRecognizer) {
    var names: [String] = []
    for edgeIndex in recognizer.requires.indices {
      let edge = recognizer.requires[edgeIndex]
      guard isPendingTarget(edge.target) else { continue }
      names.append(edge.target.displayName)
    }
    emit(.wait(recognizer: recognizer.displayName, wants: recognizer.runtime.wants, waitingFor: names))
  }

  /// Whether a requirement's target is still undecided, so that a held recognizer keeps waiting.
  func isPendingTarget(_ target: GestureRecognizer) -> Bool {
    target.runtime.participating && target.publishedState == .possible
  }

  /// Asks the views the recognizer's touches were hit-tested to, then its delegate
  /// (<doc:BehaviourReference> §2.12, 3.1). Returns the reason for a veto, or nil.
  func shouldBeginVeto(_ recognizer: GestureRecognizer) -> String? {
    if recognizer.cancelsTouchesInView {
      // The views to ask, each once, listed before any is asked (a view's answer may change the
      // recognizer's touches); in a scratch array taken out while in use.
      var views = vetoViewsScratch
      vetoViewsScratch = []
      defer {
        views.clear()
        vetoViewsScratch = views
      }
      for index in recognizer.attemptTouches.indices {
        guard let view = recognizer.attemptTouches[index].touch.view,
          !views.contains(where: { $0 === view })
        else { continue }
        views.append(view)
      }
      for view in views where !view.gestureRecognizerShouldBegin(recognizer) {
        return "view \(view.name) vetoed it (gestureRecognizerShouldBegin returned false)"
      }
    }
    if let delegate = recognizer.delegateIfAny, !delegate.gestureRecognizerShouldBegin(recognizer) {
      return "shouldBegin returned false"
    }
    return nil
  }

  func addCandidate(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State, reason: String?) {
    recognizer.runtime.candidate = state
    // Stores only what changes: a continuous recognizer's every `changed` comes through here.
    if reason != nil || recognizer.runtime.candidateReason != nil { recognizer.runtime.candidateReason = reason }
    if !recognizer.runtime.followUps.isEmpty { recognizer.runtime.followUps.removeAll() }
    if recognizer.runtime.excludedBy != nil { recognizer.runtime.excludedBy = nil }
    candidates.append(recognizer)
  }

  /// A held recognizer whose requirements all failed enters the state it asked for
  /// (<doc:BehaviourReference> §3.9): a continuous one `began` first, then `ended` if it already finished.
  func release(_ recognizer: GestureRecognizer) {
    guard recognizer.runtime.held, !recognizer.publishedState.isTerminal else { return }
    if recognizer.requires.contains(where: { isPendingTarget($0.target) }) { return }
    setHeld(recognizer, false)
    recognizer.didFinishWaiting()
    let logical = recognizer.requestedState
    let first = recognizer.runtime.firstWanted
    var reason: String?
    if trace != nil {
      var names: [String] = []
      for edgeIndex in recognizer.requires.indices {
        let edge = recognizer.requires[edgeIndex]
        guard edge.target.publishedState == .failed else { continue }
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
      recognizer.runtime.followUps.append((.ended, "ended while waiting"))
    }
  }

  /// Resolves the recognitions of one round in tie order (<doc:BehaviourReference> §3.2–3.5, 3.9, 3.10).
  func resolveCandidates() {
    // Tie order: the deepest view first; on one view, the one added first.
    if candidates.count > 1 {
      candidates.sort { a, b in
        a.runtime.depth != b.runtime.depth
          ? a.runtime.depth > b.runtime.depth : a.additionOrder < b.additionOrder
      }
    }
    gatherExcludableTracking()
    // The list holds every candidate until it is emptied at the end (nothing here adds to it or
    // removes from it).
    for index in 0..<candidates.count {
      let candidate = candidates[index]
      if candidate.runtime.excludedBy == nil { exclude(by: candidate) }
    }
    excludableTracking.removeAll()
    for index in 0..<candidates.count {
      publishCandidate(candidates[index])
    }
    for index in 0..<excluded.count where excluded[index].runtime.excludedBy != nil {
      let loser = excluded[index]
      // Excluded by a candidate that was itself excluded later: its exclusion still stands.
      let excluder = loser.runtime.excludedBy!
      loser.runtime.excludedBy = nil
      loser.runtime.candidate = nil
      loser.runtime.followUps.removeAll()
      if loser.publishedState.isTerminal { continue }
      loser.requestedState = .failed
      setHeld(loser, false)
      publish(loser, .failed, reason: "prevented by \(excluder.displayName)")
    }
    // Emptied here, not only at the next resolution: nothing of the scene is held between
    // dispatches.
    excluded.removeAll()
    candidates.removeAll()
  }

  /// Publishes one candidate of `resolveCandidates` (in tie order) with the recognizers it
  /// excluded and those that required it to fail.
  @inline(__always)
  private func publishCandidate(_ winner: GestureRecognizer) {
    // Already published as the loser of an earlier winner in this round.
    guard let state = winner.runtime.candidate else { return }
    // An excluded candidate is published with the exclusions of its winner, after the
    // winner's own state line (cause before effect).
    if winner.runtime.excludedBy != nil { return }
    winner.runtime.candidate = nil
    let from = winner.publishedState
    let fromPossible = from == .possible
    publish(winner, state, reason: winner.runtime.candidateReason ?? defaultReason(state, from: from))
    for loserIndex in 0..<excluded.count where excluded[loserIndex].runtime.excludedBy === winner {
      let loser = excluded[loserIndex]
      loser.runtime.excludedBy = nil
      loser.runtime.candidate = nil
      loser.runtime.followUps.removeAll()
      // Already decided in this round (for example failed by a requirement of an earlier winner).
      guard !loser.publishedState.isTerminal else { continue }
      loser.requestedState = .failed
      setHeld(loser, false)
      publish(loser, .failed, reason: "prevented by \(winner.displayName)")
    }
    if fromPossible {
      // Recognizers that require this one to fail fail now (behaviour reference §3.9), through an
      // edge found on a cycle too when the hold was in place before the cycle was (§3.11).
      for dependentIndex in winner.dependents.indices {
        let dependent = winner.dependents[dependentIndex]
        guard
          dependent !== winner && dependent.runtime.participating
            && dependent.publishedState == .possible && !dependent.runtime.sentAction
            && dependent.runtime.candidate == nil
            && dependent.requires.contains(where: { $0.target === winner && (!$0.onCycle || dependent.runtime.held) })
        else { continue }
        dependent.requestedState = .failed
        setHeld(dependent, false)
        publish(dependent, .failed, reason: "required failure of \(winner.displayName), which recognized")
      }
    }
    if !winner.runtime.followUps.isEmpty {
      let followUps = winner.runtime.followUps
      winner.runtime.followUps.removeAll()
      for (then, reason) in followUps where !winner.publishedState.isTerminal {
        let previous = winner.publishedState
        let target: GestureRecognizer.State =
          then == .failed || then == .cancelled ? .cancelled : (then == .began ? .changed : then)
        publish(winner, target, reason: reason ?? defaultReason(target, from: previous))
      }
    }
  }

  /// Marks every recognizer that `winner` excludes (<doc:BehaviourReference> §3.2, 3.10).
  func exclude(by winner: GestureRecognizer) {
    // Those tracking a touch that is down or ends now, gathered once per round…
    var componentMark: UInt64?
    for index in 0..<excludableTracking.count {
      let other = excludableTracking[index]
      guard other !== winner && other.runtime.excludedBy == nil else { continue }
      considerExclusion(of: other, by: winner, componentMark: &componentMark)
    }
    // …and held recognizers joined to the winner through requirements (behaviour reference §3.10): a walk
    // of the winner's component, so a dispatch costs what it touches, not every participant.
    // A winner without requirements has no component to walk.
    // With no recognizer held at all (a pan that changes after its swipe failed), neither.
    guard heldCount > 0, !winner.requires.isEmpty || !winner.dependents.isEmpty else { return }
    // A component that is a pair (a swipe and the pan that waits for it) has nobody to exclude:
    // its one other member waits for the winner or is waited for by it, through the one edge, and
    // considerExclusion never excludes either (the requirement decides instead). No walk.
    if solePartner(of: winner) != nil { return }
    var members: [GestureRecognizer] = []
    swap(&members, &componentMembers)
    let mark = markRequirementComponent(of: winner, collecting: &members)
    for other in members
    where other !== winner && other.runtime.excludedBy == nil && other.runtime.held
      && other.trackedTouches.isEmpty && !touchEndedNow(other)
    {
      considerExclusion(of: other, by: winner, componentMark: mark)
    }
    members.clear()
    swap(&members, &componentMembers)
  }

  /// The participants that exclusion can reach through a touch: undecided, no action sent, and
  /// tracking a touch that is down or ends in this dispatch (<doc:BehaviourReference> §3.2).
  func gatherExcludableTracking() {
    excludableTracking.removeAll()
    // With no finger down and none lifting in this dispatch (a timer after the lift), nobody
    // tracks a touch: skip the scan, so such a dispatch costs what it touches.
    guard liveTouches.count > 0 || eventFinishes else { return }
    for index in 0..<participants.count {
      let other = participants[index]
      let excludable =
        other.runtime.participating && other.publishedState == .possible && !other.runtime.sentAction
        && (!other.trackedTouches.isEmpty || touchEndedNow(other))
      if excludable { excludableTracking.append(other) }
    }
  }

  func considerExclusion(of other: GestureRecognizer, by winner: GestureRecognizer, componentMark: UInt64) {
    var mark: UInt64? = componentMark
    considerExclusion(of: other, by: winner, componentMark: &mark)
  }

  func considerExclusion(of other: GestureRecognizer, by winner: GestureRecognizer, componentMark: inout UInt64?) {
    // Recognizers of touches, of hover and of scroll never exclude each other (behaviour reference §6.3–6.4).
    guard other.runtime.participating, other.runtime.inputKind == winner.runtime.inputKind else { return }
    do {
      guard other.publishedState == .possible, !other.runtime.sentAction else { return }
      // V must be tracking a touch that is down or ends now; a held recognizer joined to the
      // winner through requirements is reached even after its touches ended (behaviour reference §3.10).
      if other.trackedTouches.isEmpty && !touchEndedNow(other) {
        guard other.runtime.held else { return }
        if componentMark == nil { componentMark = markRequirementComponent(of: winner) }
        guard other.runtime.mark == componentMark else { return }
      }
      // The same view (the common case) is told by identity, without loading either view.
      guard let winnerView = winner.viewIdentifier, let otherView = other.viewIdentifier,
        winnerView == otherView || viewsRelated(winner.view, other.view)
      else { return }
      // One that waits for the winner fails through that requirement instead (behaviour reference §3.9).
      if other.requires.contains(where: { $0.target === winner && !$0.onCycle }) { return }
      if winner.requires.contains(where: { $0.target === other && !$0.onCycle }) { return }
      guard winner.canPrevent(other), other.canBePrevented(by: winner) else { return }
      if let delegate = other.delegateIfAny,
        delegate.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: winner)
      {
        return
      }
      if let delegate = winner.delegateIfAny,
        delegate.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: other)
      {
        return
      }
      other.runtime.excludedBy = winner
      excluded.append(other)
    }
  }

  /// Whether one of the recognizer's touches ended in this dispatch (it still counts as tracking
  /// for exclusion, <doc:BehaviourReference> §3.2).
  func touchEndedNow(_ recognizer: GestureRecognizer) -> Bool {
    // The recognizer's own touches, not every record's recognizers: linear in what it tracks.
    for attemptIndex in recognizer.attemptTouches.indices {
      let attempt = recognizer.attemptTouches[attemptIndex]
      guard let record = attempt.touch.record, record.isFinished, record.dirtyMark == dispatchNumber,
        record.phaseInDispatch == .ended || record.phaseInDispatch == .cancelled
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
    return markRequirementComponent(of: recognizer, collecting: &members)
  }

  /// Marks the component as above and appends its members (the recognizer first) to `members`.
  func markRequirementComponent(of recognizer: GestureRecognizer, collecting members: inout [GestureRecognizer])
    -> UInt64
  {
    passMark &+= 1
    let mark = passMark
    recognizer.runtime.mark = mark
    members.append(recognizer)
    var stack: [GestureRecognizer] = []
    swap(&stack, &componentStack)
    defer { swap(&stack, &componentStack) }
    stack.append(recognizer)
    while let current = stack.popLast() {
      // An edge ignored as part of a cycle joins no one (behaviour reference §3.11).
      for edgeIndex in current.requires.indices {
        let edge = current.requires[edgeIndex]
        guard !edge.onCycle && edge.target.runtime.participating && edge.target.runtime.mark != mark else { continue }
        edge.target.runtime.mark = mark
        stack.append(edge.target)
        members.append(edge.target)
      }
      for dependentIndex in current.dependents.indices {
        let dependent = current.dependents[dependentIndex]
        guard
          dependent.runtime.participating && dependent.runtime.mark != mark
            && dependent.requires.contains(where: { $0.target === current && !$0.onCycle })
        else { continue }
        dependent.runtime.mark = mark
        stack.append(dependent)
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

  func defaultReason(_ state: GestureRecognizer.State, from: GestureRecognizer.State) -> String {
    switch state {
    case .began: return "began"
    case .changed: return "changed"
    case .ended: return from == .possible ? "recognized" : "ended"
    case .cancelled: return "cancelled"
    case .failed: return "failed"
    case .possible: return "reset"
    }
  }

  /// Publishes a state: the trace line, the action, the view consequences, and what it means
  /// for recognizers that wait on this one.
  func publish(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State, reason: @autoclosure () -> String) {
    let from = recognizer.publishedState
    recognizer.publishedState = state
    // Each published state is a decision: the view calls it causes come in its order (§5).
    decisionSerial &+= 1
    let decision = decisionSerial
    if from == .possible {
      releasingDecision = decision
      stopWithholding(recognizer)
      releasingDecision = 0
    }
    if trace != nil {
      emit(.state(recognizer: recognizer.displayName, from: from, to: state, reason: reason()))
    }
    if state != .failed && state != .possible {
      actionQueue.append((recognizer, state))
      recognizer.runtime.sentAction = true
    }
    if from == .possible && (state == .began || state == .ended) {
      recognizer.runtime.recognized = true
      if recognizer.cancelsTouchesInView {
        for attemptIndex in recognizer.attemptTouches.indices {
          let attempt = recognizer.attemptTouches[attemptIndex]
          if let record = attempt.touch.record {
            if !record.cancelRequested { record.cancelledBy = decision }
            record.cancelRequested = true
            markDirty(record)
          }
        }
      }
    }
    if state == .began || state.isTerminal {
      for attemptIndex in recognizer.attemptTouches.indices {
        let attempt = recognizer.attemptTouches[attemptIndex]
        if let record = attempt.touch.record { markDirty(record) }
      }
    }
    if state.isTerminal {
      recognizer.cancelAllTimers()
      finished.append(recognizer)
      if state == .failed || state == .cancelled {
        for dependentIndex in recognizer.dependents.indices {
          let dependent = recognizer.dependents[dependentIndex]
          guard dependent.runtime.held else { continue }
          releases.append(dependent)
        }
      }
    }
  }

  /// Sends the queued actions in the order their states were published (<doc:BehaviourReference> §1.3, 1.5).
  func sendActions() {
    if actionQueue.isEmpty { return }
    var index = 0
    while index < actionQueue.count {
      // The queue holds the recognizer until it is emptied below, even if an action removes it
      // from its view (actions may add to the queue, never take from it).
      let (recognizer, state) = actionQueue[index]
      index += 1
      sendAction(recognizer, state)
    }
    actionQueue.removeAll()
  }

  /// Sends one queued action: its trace line, then the recognizer's action handlers.
  @inline(__always)
  private func sendAction(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) {
    do {
      if trace != nil {
        let view = recognizer.view
        recognizer.runtime.actionState = state
        let attributes = recognizer.providesTraceAttributes ? recognizer.traceAttributes(in: view) : []
        emit(
          .action(
            recognizer: recognizer.displayName, state: state, location: recognizer.location(in: view),
            attributes: attributes))
      }
      recognizer.runtime.actionState = state
      recognizer.performActions()
      recognizer.runtime.actionState = nil
    }
  }
}

extension GestureRecognizer {
  /// Forgets every pending timer of the recognizer (they are skipped when they come due).
  @inline(__always)
  func cancelAllTimers() {
    if !timerSlots.isEmpty { timerSlots.removeAll() }
  }
}
