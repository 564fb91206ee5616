import GestureCore

/// Failure requirements (<doc:BehaviourReference> §3.6–3.9): the edges of an attempt, static
/// and asked of delegates and subclasses; requests held while a requirement is active, settled
/// once the dispatch's other changes are; and the release of a held recognizer once everything it
/// waited for failed.
extension GestureRuntime {
  func addEdge(from recognizer: GestureRecognizer, to target: GestureRecognizer, origin: RequirementOrigin) {
    assertNoUserCode(in: "addEdge")
    if recognizer.requires.contains(where: { $0.target === target }) { return }
    recognizer.requires.append(RequirementEdge(target: target, origin: origin))
    if !target.dependents.contains(where: { $0 === recognizer }) {
      target.dependents.append(recognizer)
    }
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
        guard let origin, !a.requires.contains(where: { $0.target === b }) else { continue }
        addEdge(from: a, to: b, origin: origin)
        added = true
        if slots[slot(b)].recognized && !slots[slot(a)].sentAction && !a.requestedState.isTerminal {
          a.requestedState = .failed
          requests.append(
            Request(
              recognizer: a, state: .failed, reason: "required failure of \(b.displayName), which already recognized"))
        }
      }
    }
    return added
  }

  /// Whether the two were already collected for a common touch in their current attempts.
  func alreadyCollectedTogether(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    if a.attemptTouches.isEmpty || b.attemptTouches.isEmpty { return false }
    for index in a.attemptTouches.indices {
      let touch = a.attemptTouches[index].touch
      if b.attemptTouches.contains(where: { $0.touch === touch }) { return true }
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
    let index = slots[number].pendingHoldIndex
    if index >= 0 && index < pendingHolds.count && pendingHolds[index].recognizer === recognizer {
      if wants == .ended && pendingHolds[index].endedReason == nil { pendingHolds[index].endedReason = reason ?? "" }
      return
    }
    slots[number].pendingHoldIndex = pendingHolds.count
    pendingHolds.append(
      PendingHold(recognizer: recognizer, first: wants, reason: reason, endedReason: wants == .ended ? reason : nil))
  }

  /// Decides the requests of `pendingHolds`, once nothing else is left to resolve: a recognizer
  /// whose requirement is still active is held (its `wait` line), one whose requirement
  /// recognized fails, and one whose requirements all failed meanwhile enters the state it asked
  /// for as if it had never waited (a pan's translation does not restart at zero; <doc:BehaviourReference> §3.7).
  func settlePendingHolds() {
    assertNoUserCode(in: "settlePendingHolds")
    var holds: [PendingHold] = []
    swap(&holds, &pendingHolds)
    candidates.removeAll()
    for hold in holds {
      let recognizer = hold.recognizer
      guard
        slots[slot(recognizer)].participating && recognizer.publishedState == .possible && !slots[slot(recognizer)].held
          && slots[slot(recognizer)].candidate == nil
      else { continue }
      var waiting = false
      var recognizedTarget: GestureRecognizer?
      for edgeIndex in recognizer.requires.indices {
        let edge = recognizer.requires[edgeIndex]
        guard !edge.onCycle, slots[slot(edge.target)].participating else { continue }
        if slots[slot(edge.target)].recognized {
          recognizedTarget = edge.target
          break
        }
        if slots[slot(edge.target)].sequence == sequence && edge.target.publishedState == .possible { waiting = true }
      }
      if let target = recognizedTarget {
        recognizer.requestedState = .failed
        publish(recognizer, .failed, reason: "required failure of \(target.displayName), which recognized")
        continue
      }
      if waiting {
        setHeld(recognizer, true)
        slots[ownSlot(recognizer)].wants = hold.first
        slots[ownSlot(recognizer)].firstWanted = hold.first
        if trace != nil { emitWait(recognizer) }
        if hold.first != .ended && hold.endedReason != nil {
          slots[ownSlot(recognizer)].wants = .ended
          if trace != nil { emitWait(recognizer) }
        }
        continue
      }
      addCandidate(recognizer, hold.first, reason: hold.reason)
      if hold.first != .ended, let endedReason = hold.endedReason {
        slots[ownSlot(recognizer)].followUps.append((.ended, endedReason.isEmpty ? nil : endedReason))
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
    emit(.wait(recognizer: recognizer.displayName, wants: slots[slot(recognizer)].wants, waitingFor: names))
  }

  /// Whether a requirement's target is still undecided, so that a held recognizer keeps waiting.
  func isPendingTarget(_ target: GestureRecognizer) -> Bool {
    slots[slot(target)].participating && target.publishedState == .possible
  }

  /// A held recognizer whose requirements all failed enters the state it asked for
  /// (<doc:BehaviourReference> §3.9): a continuous one `began` first, then `ended` if it already finished.
  func release(_ recognizer: GestureRecognizer) {
    assertNoUserCode(in: "release")
    guard slots[slot(recognizer)].held, !recognizer.publishedState.isTerminal else { return }
    if recognizer.requires.contains(where: { isPendingTarget($0.target) }) { return }
    setHeld(recognizer, false)
    callDidFinishWaiting(recognizer)
    let logical = recognizer.requestedState
    let first = slots[slot(recognizer)].firstWanted
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
      slots[ownSlot(recognizer)].followUps.append((.ended, "ended while waiting"))
    }
  }

  /// Sets whether a recognizer is held, keeping `heldCount` (each runtime has its own slots, so
  /// the flag and the count always agree).
  @inline(__always)
  func setHeld(_ recognizer: GestureRecognizer, _ held: Bool) {
    let number = ownSlot(recognizer)
    guard slots[number].held != held else { return }
    slots[number].held = held
    heldCount += held ? 1 : -1
  }

  /// Ends the requirement edges of a recognizer being reset, on both sides; static ones are
  /// rebuilt at its next attempt. Partners that finished and waited to be reset with this one are
  /// looked at again. Index loops, no closures: this runs for most resets.
  func dropAttemptEdges(of recognizer: GestureRecognizer) {
    assertNoUserCode(in: "dropAttemptEdges")
    let me = ObjectIdentifier(recognizer)
    let requireCount = recognizer.requires.count
    for index in 0..<requireCount {
      let target = recognizer.requires[index].target
      if slots[slot(target)].participating && target.publishedState.isTerminal { finished.append(target) }
    }
    for index in recognizer.dependents.indices {
      let dependent = recognizer.dependents[index]
      if slots[slot(dependent)].participating && dependent.publishedState.isTerminal { finished.append(dependent) }
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
          keeps = slots[slot(dependent)].participating
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
    if requireCount > 0 { recognizer.requires.clear() }
  }
}
