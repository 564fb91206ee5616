import GestureCore

extension GestureRuntime {
  /// Checks, in debug builds, what must hold between dispatches: the work lists of a dispatch
  /// are drained, the table of live touches agrees with its records, each recognizer in an
  /// attempt is listed once and dispatched to by this runtime, a recognizer out of its attempt
  /// keeps nothing of it, one hosted here has a slot here, a slot whose recognizer is out of
  /// the tree is listed to be given back, and failure requirements are recorded on both of their
  /// ends. Traps with what it found. Release builds skip it.
  ///
  /// The runtime calls it after every dispatch (after a removal a view is making, when the
  /// dispatch ran inside one); tests may call it too.
  public func _checkInvariants() {
    #if DEBUG
      if let problem = firstInvariantViolation() {
        preconditionFailure("runtime invariant broken after dispatch \(dispatchNumber): \(problem)")
      }
    #endif
  }

  /// The first broken invariant found, described; nil when all hold.
  func firstInvariantViolation() -> String? {
    if isDispatching || isResolving { return "a dispatch is still running" }
    let workLists: [(String, Bool)] = [
      ("requests", tables.requests.isEmpty && tables.requestBatch.isEmpty && tables.requestReasons.isEmpty),
      ("releases", tables.releases.isEmpty && tables.releaseBatch.isEmpty),
      ("finished recognizers", tables.finished.isEmpty && tables.finishedBatch.isEmpty),
      ("actions", tables.actions.isEmpty),
      ("records to deliver", tables.dirtyRecords.isEmpty),
      ("the event's records", tables.eventRecords.isEmpty && !eventFinishes),
      ("pending holds", tables.pendingHolds.isEmpty && tables.holdReasons.isEmpty),
      ("watchdog candidates", tables.watchdogCandidates.isEmpty),
      ("candidates", tables.candidates.isEmpty), ("excluded recognizers", tables.excluded.isEmpty),
      ("excludable recognizers", tables.excludableTracking.isEmpty),
      ("requests from user code", inbox.isEmpty && inboxTimers.isEmpty && !userCodeAsked),
    ]
    for (name, drained) in workLists where !drained { return "the list of \(name) was not drained" }

    var identifiers = Set<Int>()
    for (index, number) in tables.live.numbers.enumerated() {
      let record = tables.records[number]
      let id = record.touch.identifier
      if record.liveIndex != index { return "live touch \(id) is at \(index), recorded at \(record.liveIndex)" }
      if self.record(of: record.touch) != number { return "live touch \(id) does not link to its record" }
      if record.isFinished { return "touch \(id) is finished but still live" }
      if !identifiers.insert(id).inserted { return "touch \(id) is live twice" }
      if tables.live.record(for: id) != number { return "live touch \(id) is not found by its identifier" }
    }
    for number in tables.withheldRecords where self.record(of: tables.records[number].touch) != number {
      return "withheld touch \(tables.records[number].touch.identifier) does not link to its record"
    }
    var free = Set<Int>()
    for number in tables.freeRecords {
      if !free.insert(number).inserted { return "touch record \(number) is free twice" }
      if tables.records[number].touch !== placeholderTouch || !tables.records[number].entries.isEmpty {
        return "free touch record \(number) still holds its touch"
      }
    }
    for number in pointer.hoverRecords + (pointer.scrollRecord.map { [$0] } ?? [])
    where tables.records[number].liveIndex < 0 {
      return "the pointer's made-up touch \(tables.records[number].touch.identifier) is no longer live"
    }

    // An attempt finds its touches' records by number and generation, without the touches: the
    // same records the touches link to.
    for (number, slot) in tables.slots.enumerated() {
      for attempt in slot.attemptTouches where tables.record(of: attempt) != self.record(of: attempt.touch) {
        return "touch \(attempt.touch.identifier) of the attempt in slot \(number) is not found in its record"
      }
    }
    if !tables.slots[0].isPristine { return "slot 0, which is never given out, was written" }
    for number in tables.freeSlots where !tables.slots[number].isPristine { return "free slot \(number) is in use" }
    if Set(tables.freeSlots).count != tables.freeSlots.count { return "a slot is free twice" }
    var listed = Set<ObjectIdentifier>()
    for participant in tables.participants {
      guard let recognizer = tables.slots[participant].recognizer else {
        return "listed slot \(participant) holds no recognizer"
      }
      let name = recognizer.displayName
      if recognizer.runtimeSlot != RuntimeSlotNumber(owner: runtimeNumber, index: participant) {
        // Reset here, then gone to another runtime (or back with a new slot): listed until the
        // list is compacted, with nothing of an attempt.
        if tables.slots[participant].participating {
          return "\(name) is in an attempt in slot \(participant), which it no longer names"
        }
        continue
      }
      if !listed.insert(ObjectIdentifier(recognizer)).inserted { return "\(name) is listed twice as a participant" }
      if !tables.slots[slot(recognizer)].listed { return "\(name) is a participant not marked as listed" }
      guard tables.slots[slot(recognizer)].participating else {
        if !tables.slots[slot(recognizer)].attemptTouches.isEmpty || recognizer.numberOfTouches > 0 {
          return "\(name) keeps touches after its reset"
        }
        // (It may still be listed as the target of a requirement of a recognizer in an attempt.)
        if !tables.slots[slot(recognizer)].requires.isEmpty {
          return "\(name) keeps failure requirements after its reset"
        }
        if tables.slots[slot(recognizer)].held { return "\(name) is held after its reset" }
        continue
      }
      if recognizer.hostIdentifier != ObjectIdentifier(self) { return "\(name) is in an attempt of another runtime" }
      let me = ObjectIdentifier(recognizer)
      for edge in tables.slots[slot(recognizer)].requires {
        let target = edge.target
        guard tables.slots[slot(target)].participating else { continue }
        if !tables.slots[slot(target)].dependents.contains(where: {
          tables.slots[$0].recognizer.map { ObjectIdentifier($0) } == me
        }) {
          return "\(name) requires \(target.displayName) to fail, which does not list it as a dependent"
        }
      }
    }
    // A recognizer records the attempt it is in, and what it asks through its host names its
    // slot there (`isInAnotherAttempt`).
    for (number, slot) in tables.slots.enumerated() {
      guard let recognizer = slot.recognizer else { continue }
      let name = recognizer.displayName
      if recognizer.runtimeSlot == RuntimeSlotNumber(owner: runtimeNumber, index: number),
        slot.participating != (recognizer.attemptOwner == runtimeNumber)
      {
        return "\(name) records \(slot.participating ? "no" : "an") attempt here, unlike its slot \(number)"
      }
      if recognizer.hostIdentifier == ObjectIdentifier(self) && recognizer.runtimeSlot.owner != runtimeNumber {
        return "\(name) is hosted here without a slot here"
      }
      // Out of the tree (or never in it, a requirement's target), its slot is to be given back.
      if !slot.awaitsRelease && !isInTree(recognizer) {
        return "\(name) is out of the tree, but its slot \(number) is kept"
      }
    }
    // A recognizer of the tree hosted here, which no slot here holds, would escape the loop above.
    var views = [window]
    while let view = views.popLast() {
      for recognizer in view.gestureRecognizers
      where recognizer.hostIdentifier == ObjectIdentifier(self) && recognizer.runtimeSlot.owner != runtimeNumber {
        return "\(recognizer.displayName) is hosted here without a slot here"
      }
      views.append(contentsOf: view.subviews)
    }
    let held = tables.slots.reduce(0) { $0 + ($1.held ? 1 : 0) }
    if held != heldCount { return "\(held) recognizers are held, but the count of held ones is \(heldCount)" }
    return nil
  }
}
