import GestureCore

/// The rules of the tables that concern a recognizer's attempt: starting and ending it, the
/// participant list, whether an attempt takes a new touch, what publishing a state does to the
/// tables, pending timers and their schedule, the watchdog's mark and reset passes.
extension RuntimeTables {
  /// Ends the attempt of the recognizer of `slot` in the tables: its entries in touch records go
  /// void (the attempt count grows), it is no longer held and withholds nothing more (its touches
  /// released by `decision`), and its touches and timers are forgotten. Returns whether it was
  /// held (the runtime keeps a count of those). The attempt's touches are exchanged with
  /// `touches`, an empty list, for the caller to let go of once this access has ended (the last
  /// reference to a touch, and so to its view, may be among them, and a view's `deinit` is user
  /// code); the slot keeps the empty list's storage, so that neither allocates. Inlined into
  /// the reset, its only user (directly and through `endAttemptWithoutEdges`).
  @inline(__always)
  mutating func endAttempt(
    slot: Int, releasedBy decision: UInt64, touches: inout [AttemptTouch]
  ) -> Bool {
    // The touch records first: they read the slot's touches, which the slot's own ending hands
    // over (it changes nothing else they read). Then the slot, in one mutation.
    stopWithholding(slot: slot, releasedBy: decision)
    return slots[slot].endAttempt(handingOver: &touches)
  }

  /// What `endAttemptWithoutEdges` did.
  enum AttemptEnd {
    /// The recognizer is not in an attempt: nothing to reset.
    case notParticipating
    /// It has requirement edges, which go first (`GestureRuntime.dropAttemptEdges`): the attempt
    /// is not ended yet.
    case hasEdges
    /// The attempt ended (`endAttempt`, released outside any decision); `wasHeld` says whether
    /// the recognizer was held.
    case ended(wasHeld: Bool)
  }

  /// The first step of a reset: ends the attempt of the recognizer of `slot` at once when it has
  /// no requirement edges (most recognizers), as `endAttempt` with no decision releasing its
  /// touches (a reset is none: their view calls come with the event's own).
  @inline(__always)
  mutating func endAttemptWithoutEdges(slot: Int, touches: inout [AttemptTouch]) -> AttemptEnd {
    guard slots[slot].participating else { return .notParticipating }
    guard slots[slot].requires.isEmpty && slots[slot].dependents.isEmpty else { return .hasEdges }
    return .ended(wasHeld: endAttempt(slot: slot, releasedBy: 0, touches: &touches))
  }

  /// Starts an attempt of the recognizer of `slot`, whose view is at `depth` (tie order,
  /// <doc:BehaviourReference> §3.4): it participates, listed once.
  @inline(__always)
  mutating func startAttempt(slot: Int, depth: Int) {
    assert(slot != 0, "slot 0 never participates")
    // One mutation of the slot (one uniqueness check of the table).
    if slots[slot].startAttempt(depth: depth) { participants.append(slot) }
  }

  /// Which participants `removeParticipants` drops.
  enum LeavingParticipants {
    /// Those whose attempt has ended.
    case reset
    /// Those no longer marked as listed (their view left the tree).
    case unlisted
  }

  /// Drops the `leaving` participants, in place and keeping the order of the rest (which move
  /// forward over them), and marks each dropped one as no longer listed in the slot it was listed
  /// with (which it keeps while listed, even once another runtime has given it a slot of its own).
  /// Returns how many of those left are reset. `owner` is the runtime's number.
  mutating func removeParticipants(_ leaving: LeavingParticipants, owner: UInt64) -> Int {
    Self.removeParticipants(leaving, owner: owner, from: &participants, slots: &slots)
  }

  /// `removeParticipants(_:owner:)` on the two lists it changes, each written through a span: one
  /// uniqueness check of each for the pass, not one per write.
  private static func removeParticipants(
    _ leaving: LeavingParticipants, owner: UInt64, from participants: inout [Int],
    slots: inout ContiguousArray<RecognizerSlot>
  ) -> Int {
    var kept = 0
    // The kept participants that are out of their attempt, counted as they are kept.
    var reset = 0
    do {
      var list = participants.mutableSpan
      var table = slots.mutableSpan
      for index in 0..<list.count {
        let number = list[index]
        // Read as `slot(ofListed:owner:)` reads it, which gives slot 0 (neither participating
        // nor listed) for a recognizer another runtime has given a slot; a slot that fails the
        // test on its own leaves either way, without a read of its recognizer. Written out here:
        // the same test as a method of the slot, used here and by `slot(ofListed:owner:)`, cost
        // 61 instructions more per W1 event.
        var leaves = leaving == .reset ? !table[number].participating : !table[number].listed
        if !leaves {
          guard let recognizer = table[number].recognizer else {
            preconditionFailure("slot \(number), listed or named by a work list, holds no recognizer")
          }
          leaves = recognizer.runtimeSlot.owner != owner
        }
        if leaves {
          table[number].listed = false
        } else {
          if !table[number].participating { reset += 1 }
          if kept != index { list.swapAt(kept, index) }
          kept += 1
        }
      }
    }
    while participants.count > kept { participants.removeLast() }
    return reset
  }

  /// What publishing `state` (after `from`) for the recognizer of `slot` does to the tables (the
  /// rest of `published`, which says what the arguments are): a recognizer that leaves `possible`
  /// no longer withholds its touches from their views (released by `decision`); its action is
  /// queued unless it failed or reset; and a terminal state lists it for reset and, when it failed
  /// or was cancelled, lists for release the held recognizers that wait on it
  /// (<doc:BehaviourReference> §3.8). A recognizer that waits on it is found by the slot it has
  /// now (it may have left this runtime and come back with another slot since its edge was
  /// added; slot 0, never held, stands for one in no slot here).
  @inline(__always)
  mutating func publish(
    _ state: GestureRecognizer.State, from: GestureRecognizer.State, slot: Int, recognizes: Bool, claimsTouches: Bool,
    decision: UInt64, owner: UInt64
  ) {
    if from == .possible { stopWithholding(slot: slot, releasedBy: decision) }
    if state != .failed && state != .possible { actions.append((slot, state)) }
    published(state, slot: slot, recognizes: recognizes, claimsTouches: claimsTouches, decision: decision)
    guard state.isTerminal else { return }
    finished.append(slot)
    guard state == .failed || state == .cancelled else { return }
    for dependentIndex in slots[slot].dependents.indices {
      guard let dependent = slots[slots[slot].dependents[dependentIndex]].recognizer else {
        preconditionFailure("slot \(slots[slot].dependents[dependentIndex]), named by a work list, holds no recognizer")
      }
      let current = dependent.runtimeSlot
      let dependentSlot = current.owner == owner ? current.index : 0
      guard slots[dependentSlot].held else { continue }
      releases.append(dependentSlot)
    }
  }

  /// The recognizer of `slot` published `state` by decision `decision` (the runtime's serial
  /// number of published states), and `recognizes` when it is its first `began` or `ended`
  /// (<doc:BehaviourReference> §1, 2.8): it has sent an action unless it failed; it claims its
  /// touches from their views when it recognizes with `cancelsTouchesInView` (`claimsTouches`),
  /// those touches cancelled on their views in that decision's place; and its touches' views may
  /// have calls to get once it begins or ends. Inlined into its one caller, `publish`: a call
  /// for every published state otherwise.
  @inline(__always)
  mutating func published(
    _ state: GestureRecognizer.State, slot: Int, recognizes: Bool, claimsTouches: Bool, decision: UInt64
  ) {
    if state != .failed && state != .possible { slots[slot].sentAction = true }
    if recognizes {
      slots[slot].recognized = true
      if claimsTouches {
        for index in slots[slot].attemptTouches.indices {
          guard let record = record(of: slots[slot].attemptTouches[index]) else { continue }
          if !records[record].cancelRequested { records[record].cancelledBy = decision }
          records[record].cancelRequested = true
          markDirty(record)
        }
      }
    }
    if state == .began || state.isTerminal {
      for index in slots[slot].attemptTouches.indices {
        if let record = record(of: slots[slot].attemptTouches[index]) {
          markDirty(record)
        }
      }
    }
  }

  /// Starts timer `id` of the recognizer of `slot`, due at `deadline` and after every timer
  /// started before it with the same deadline: it takes the place of a pending timer of that id.
  /// The slot is scheduled under the timer's key when that comes before the key it is scheduled
  /// under (`TimerSchedule`).
  @inline(__always)
  mutating func startTimer(slot: Int, id: Int, deadline: Timestamp) {
    timerSequence &+= 1
    let key = TimerKey(deadline: deadline.microseconds, sequence: timerSequence)
    if let index = slots[slot].timers.firstIndex(where: { $0.id == id }) {
      slots[slot].timers[index].key = key
    } else {
      slots[slot].timers.append((id, key))
    }
    if let scheduled = slots[slot].scheduled, !key.precedes(scheduled) { return }
    slots[slot].scheduled = key
    timerSchedule.push(key, slot: slot)
  }

  /// Forgets timer `id` of the recognizer of `slot`.
  @inline(__always)
  mutating func cancelTimer(slot: Int, id: Int) {
    guard let index = slots[slot].timers.firstIndex(where: { $0.id == id }) else { return }
    removeTimer(slot: slot, at: index)
  }

  /// Takes the timer at `index` of the slot's list out.
  @inline(__always)
  private mutating func removeTimer(slot: Int, at index: Int) {
    // The list is looked up by id, in no order: the last entry takes the place of the one that
    // goes (`remove(at:)` shifts the rest through its generic path).
    let last = slots[slot].timers.count - 1
    if index != last { slots[slot].timers[index] = slots[slot].timers[last] }
    slots[slot].timers.removeLast()
  }

  /// The first pending timer of all slots if it is due by `time` (in microseconds): its slot
  /// (that of the schedule's first entry) and its place in that slot's list. Puts the schedule's
  /// first entries right on the way (`TimerSchedule`): each entry no longer the key of its slot
  /// is dropped, and the slot of each entry that comes before its first pending timer is
  /// scheduled under that timer's key, or taken out when it has none.
  @inline(__always)
  private mutating func placeOfFirstTimer(dueBy time: Int64) -> (slot: Int, index: Int)? {
    while let entry = timerSchedule.first, entry.key.deadline <= time {
      let number = entry.slot
      guard slots[number].scheduled == entry.key else {
        timerSchedule.removeFirst()
        continue
      }
      // The slot's first pending timer: its list holds a few timers at most.
      var first = -1
      for index in slots[number].timers.indices
      where first < 0 || slots[number].timers[index].key.precedes(slots[number].timers[first].key) {
        first = index
      }
      guard first >= 0 else {
        slots[number].scheduled = nil
        timerSchedule.removeFirst()
        continue
      }
      let key = slots[number].timers[first].key
      if key == entry.key { return (number, first) }
      slots[number].scheduled = key
      timerSchedule.replaceFirstKey(with: key)
    }
    return nil
  }

  /// Takes out the first pending timer of all slots if it is due by `time` (in microseconds).
  /// Its slot's entry in the schedule stays, to be put right when it is next at the top.
  @inline(__always)
  mutating func takeTimer(dueBy time: Int64) -> PendingTimer? {
    guard let (slot, index) = placeOfFirstTimer(dueBy: time) else { return nil }
    let timer = slots[slot].timers[index]
    removeTimer(slot: slot, at: index)
    return PendingTimer(deadline: Timestamp(microseconds: timer.key.deadline), slot: slot, id: timer.id)
  }

  /// The first pending timer of all slots, left pending.
  mutating func firstTimer() -> PendingTimer? {
    guard let (slot, index) = placeOfFirstTimer(dueBy: .max) else { return nil }
    let timer = slots[slot].timers[index]
    return PendingTimer(deadline: Timestamp(microseconds: timer.key.deadline), slot: slot, id: timer.id)
  }

  /// Every pending timer of every slot, in firing order (for reports, not for the per-event
  /// path).
  func timersInOrder() -> [PendingTimer] {
    var timers: [(id: Int, key: TimerKey, slot: Int)] = []
    for number in slots.indices {
      for timer in slots[number].timers { timers.append((timer.id, timer.key, number)) }
    }
    timers.sort { $0.key.precedes($1.key) }
    return timers.map { PendingTimer(deadline: Timestamp(microseconds: $0.key.deadline), slot: $0.slot, id: $0.id) }
  }

  /// Marks the watchdog of the recognizer of `slot` as pending (<doc:BehaviourReference> §3.12)
  /// when it is in an attempt and has none pending: returns whether it did, and the caller arms
  /// the timer.
  @inline(__always)
  mutating func startWatchdog(slot: Int) -> Bool {
    guard slots[slot].participating && !slots[slot].watchdogPending else { return false }
    slots[slot].watchdogPending = true
    return true
  }

  /// The recognizer of `slot` comes up in reset pass `mark`: nil when it is not in an attempt or
  /// the pass has seen it; true when it has no requirement edges, and is reset alone (it is marked
  /// as seen); false when it has some (its group is worked out by the caller).
  @inline(__always)
  mutating func entersResetPass(slot: Int, mark: UInt64) -> Bool? {
    guard slots[slot].participating && slots[slot].resetMark != mark else { return nil }
    guard slots[slot].requires.isEmpty && slots[slot].dependents.isEmpty else { return false }
    slots[slot].resetMark = mark
    return true
  }
}
