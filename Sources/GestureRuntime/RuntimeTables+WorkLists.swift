import GestureCore

/// The rules of the tables that concern the work lists of a dispatch: a list and its batch trade
/// contents while the batch is worked through, so that work added meanwhile waits for the next
/// round; and the candidates' tie order.
extension RuntimeTables {
  /// Makes the requests made so far the batch to resolve (the batch must have been emptied):
  /// those made meanwhile wait for the next round.
  @inline(__always)
  mutating func nextRequestBatch() {
    assert(requestBatch.isEmpty)
    swap(&requests, &requestBatch)
  }

  /// Makes the releases asked for so far the batch to work through (the batch must have been
  /// emptied): those asked for meanwhile wait for the next round.
  @inline(__always)
  mutating func nextReleaseBatch() {
    assert(releaseBatch.isEmpty)
    swap(&releases, &releaseBatch)
  }

  /// Makes the recognizers finished so far the batch of a reset pass (the batch must have been
  /// emptied): those that finish meanwhile wait for the next pass.
  @inline(__always)
  mutating func nextResetBatch() {
    assert(finishedBatch.isEmpty)
    swap(&finished, &finishedBatch)
  }

  /// Whether a work list that can outlast a dispatch names slot `number`: the requests (a state
  /// asked for after the dispatch's last round of resolution, by a `reset`, a deinit or a trace
  /// sink, or by app code between dispatches), the watchdog's candidates
  /// (a touch ignored by app code between dispatches) and the finished recognizers (what the
  /// reset passes' cut-off left). The other lists are drained within every dispatch. Such a slot
  /// is not given back until the list lets go of it. The lists are nearly always empty when this
  /// is asked.
  func namesSlot(_ number: Int) -> Bool {
    if !requests.isEmpty && requests.contains(where: { $0.slot == number }) { return true }
    if !watchdogCandidates.isEmpty && watchdogCandidates.contains(number) { return true }
    return !finished.isEmpty && finished.contains(number)
  }

  /// Puts this round's candidates in tie order (<doc:BehaviourReference> §3.4): the deepest view
  /// first; on one view, the recognizer added first. `owner` is the runtime's number: a candidate
  /// another runtime has meanwhile given a slot sorts by slot 0's depth.
  mutating func sortCandidates(owner: UInt64) {
    guard candidates.count > 1 else { return }
    var order: [Int] = []
    swap(&order, &candidates)
    // The comparison reads the slot table alone: a closure that called a method of the whole
    // tables would copy them (and retain every list they hold) at each comparison.
    let slots = self.slots
    order.sort { a, b in
      let first = Self.slot(ofListed: a, owner: owner, in: slots)
      let second = Self.slot(ofListed: b, owner: owner, in: slots)
      guard slots[first].depth == slots[second].depth else { return slots[first].depth > slots[second].depth }
      return slots[a].recognizer!.additionOrder < slots[b].recognizer!.additionOrder
    }
    swap(&order, &candidates)
  }
}
