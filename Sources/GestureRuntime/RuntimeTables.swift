import GestureCore

/// What the runtime knows of its recognizers and touches, in tables indexed by number: a
/// recognizer's slot (`RecognizerSlot`, the number the recognizer carries) and a touch's record
/// (`TouchRecord`, the number the touch carries). A value the runtime holds: a rule that needs
/// only the tables is a mutating method here, one access for its whole run.
struct RuntimeTables {
  /// The table of recognizer slots (`GestureRuntime.slot(_:)`); slot 0 is never given out.
  var slots: ContiguousArray<RecognizerSlot> = [RecognizerSlot()]
  /// The numbers of slots given back, for reuse.
  var freeSlots: [Int] = []
  /// The slots of the recognizers the runtime lists as in an attempt (`GestureRuntime.recognizer(inListed:)`;
  /// a slot is not given back while listed): reset ones stay listed until the list is compacted
  /// (`removeParticipants`).
  var participants: [Int] = []
  /// The table of touch records (`GestureRuntime.record(of:)`).
  var records: ContiguousArray<TouchRecord> = []
  /// The numbers of retired records, for reuse (they wait behind the placeholder touch, so that
  /// they hold on to nothing of the scene).
  var freeRecords: [Int] = []
  /// The records of the touches that changed in the current event, in the order of the event.
  var eventRecords: [Int] = []
  /// The records whose views may have calls to get in this dispatch (`markDirty`), each once.
  var dirtyRecords: [Int] = []
  /// The records of lifted touches whose views have not been told yet.
  var withheldRecords: [Int] = []
  /// The states recognizers asked for, to resolve (`GestureRuntime.resolve`), and the batch being
  /// resolved (`nextRequestBatch`).
  var requests: [Request] = []
  var requestBatch: [Request] = []
  // The work lists of a round of resolution, by slot number (a slot a work list names keeps its
  // recognizer until the next dispatch gives slots back; the lists are empty between dispatches).
  /// The recognizers that begin, change or recognize in this round (`addCandidate`), put in tie
  /// order (`sortCandidates`) before they are published.
  var candidates: [Int] = []
  /// The recognizers this round's candidates exclude, each once (its `excludedBy` names the
  /// candidate).
  var excluded: [Int] = []
  /// The participants that exclusion can reach through a touch in this round
  /// (`gatherExcludableTracking`).
  var excludableTracking: [Int] = []
  /// The held recognizers whose requirements may all have failed, to release in the next round
  /// (`GestureRuntime.release(_:)`), and the batch being released (`nextReleaseBatch`).
  var releases: [Int] = []
  var releaseBatch: [Int] = []
  /// The recognizers that finished (or whose partners may now be reset with them), to reset in
  /// the next pass (`GestureRuntime.runResets`), and the batch of the pass (`nextResetBatch`).
  var finished: [Int] = []
  var finishedBatch: [Int] = []
  /// Requests to leave `possible` that wait for the dispatch's other changes
  /// (`GestureRuntime.settlePendingHolds`); a slot's `pendingHoldIndex` says where its request is.
  var pendingHolds: [PendingHold] = []
  /// The recognizers that lost their last touch in this dispatch, or whose watchdog must be armed
  /// again (`GestureRuntime.scheduleWatchdogs`).
  var watchdogCandidates: [Int] = []
  /// The actions to send, in the order their states were published (`GestureRuntime.sendActions`).
  var actions: [(slot: Int, state: GestureRecognizer.State)] = []

  /// The record of `touch`, while it names one of the runtime numbered `owner`.
  @inline(__always)
  static func record(of touch: Touch, owner: UInt64) -> Int? {
    let number = touch.runtimeRecord
    return number.owner == owner ? number.index : nil
  }

  /// Lists the record for view delivery in dispatch `dispatch`, once, unless its view has been
  /// told everything.
  @inline(__always)
  mutating func markDirty(_ record: Int, dispatch: UInt64) {
    if records[record].dirtyMark == dispatch { return }
    records[record].dirtyMark = dispatch
    if records[record].viewState == .done { return }
    dirtyRecords.append(record)
  }

  /// The recognizer of `slot` stops withholding the touch at `index` of its attempt. When it was
  /// the last to withhold the touch's `began` (or its end, once that came), the touch is released
  /// by `decision` (the serial number of the state being published, 0 outside one), whose view
  /// calls come in that decision's place (<doc:BehaviourReference> §5).
  mutating func stopWithholding(slot: Int, at index: Int, releasedBy decision: UInt64, dispatch: UInt64, owner: UInt64)
  {
    let flags = slots[slot].attemptTouches[index].withholds
    slots[slot].attemptTouches[index].withholds = 0
    guard flags != 0, let record = Self.record(of: slots[slot].attemptTouches[index].touch, owner: owner) else {
      return
    }
    records[record].stopWithholding(began: flags & 1 != 0, end: flags & 2 != 0, releasedBy: decision)
    markDirty(record, dispatch: dispatch)
  }

  /// The recognizer of `slot` has decided (or stopped holding its touches): it no longer
  /// withholds any of them.
  @inline(__always)
  mutating func stopWithholding(slot: Int, releasedBy decision: UInt64, dispatch: UInt64, owner: UInt64) {
    for index in slots[slot].attemptTouches.indices where slots[slot].attemptTouches[index].withholds != 0 {
      stopWithholding(slot: slot, at: index, releasedBy: decision, dispatch: dispatch, owner: owner)
    }
  }

  /// Ends the attempt of the recognizer of `slot` in the tables: its entries in touch records go
  /// void (the attempt count grows), it is no longer held and withholds nothing more (its touches
  /// released by `decision`), and its touches and timers are forgotten. Returns whether it was
  /// held (the runtime keeps a count of those). The attempt's touches are exchanged with
  /// `touches`, an empty list, for the caller to let go of once this access has ended (the last
  /// reference to a touch, and so to its view, may be among them, and a view's `deinit` is user
  /// code); the slot keeps the empty list's storage, so that neither allocates.
  mutating func endAttempt(
    slot: Int, releasedBy decision: UInt64, dispatch: UInt64, owner: UInt64, touches: inout [AttemptTouch]
  ) -> Bool {
    slots[slot].attempt &+= 1
    let wasHeld = slots[slot].held
    slots[slot].held = false
    slots[slot].endAttempt()
    stopWithholding(slot: slot, releasedBy: decision, dispatch: dispatch, owner: owner)
    if !slots[slot].attemptTouches.isEmpty {
      assert(touches.isEmpty)
      swap(&touches, &slots[slot].attemptTouches)
    }
    if !slots[slot].timerGenerations.isEmpty { slots[slot].timerGenerations.clear() }
    return wasHeld
  }

  /// Collects the recognizer of `slot` for the touch of `record`, in touch sequence `sequence`
  /// (<doc:BehaviourReference> §2.2): its entry in the record, valid for its current attempt,
  /// whose touch type is that of its first touch.
  @inline(__always)
  mutating func collect(slot: Int, for record: Int, sequence: Int, touchType: TouchType) {
    slots[slot].watchdogPending = false
    slots[slot].sequence = sequence
    if slots[slot].touchType == nil { slots[slot].touchType = touchType }
    records[record].entries.append(TouchRecord.Entry(slot: slot, attempt: slots[slot].attempt))
  }

  /// The recognizer of `slot` holds `touch`, the touch of `record`, withholding from the view its
  /// `began` (bit 1 of `withholds`) and its end (bit 2) while undecided (<doc:BehaviourReference>
  /// §2.9, 2.10).
  @inline(__always)
  mutating func hold(_ touch: Touch, record: Int, slot: Int, withholds: UInt8) {
    if withholds & 1 != 0 { records[record].beganWithholders += 1 }
    if withholds & 2 != 0 { records[record].endWithholders += 1 }
    slots[slot].attemptTouches.append(AttemptTouch(touch: touch, withholds: withholds))
  }

  /// A record for a new touch, reusing a retired record's number when there is one, linked from
  /// the touch (which names the runtime numbered `owner`).
  mutating func newRecord(touch: Touch, view: View?, owner: UInt64) -> Int {
    let number: Int
    if let free = freeRecords.popLast() {
      number = free
      records[number].reuse(touch: touch, view: view)
    } else {
      number = records.count
      records.append(TouchRecord(touch: touch, view: view))
    }
    touch.runtimeRecord = RuntimeSlotNumber(owner: owner, index: number)
    return number
  }

  /// Retires a record, once its input has ended and its view has been told everything: the touch
  /// lets go of it, and the number waits for reuse behind `placeholder`. Returns what the record
  /// held, for the caller to let go of once this access has ended (a view may go with it, and its
  /// `deinit` is user code); nil when the record is not to be retired, or was already.
  mutating func retire(_ record: Int, placeholder: Touch, owner: UInt64) -> (touch: Touch, view: View?)? {
    guard records[record].isFinished && records[record].viewState == .done else { return nil }
    let touch = records[record].touch
    guard Self.record(of: touch, owner: owner) == record else { return nil }
    touch.runtimeRecord = RuntimeSlotNumber()
    freeRecords.append(record)
    return records[record].park(placeholder: placeholder)
  }

  /// The event is over: its records' input phases end with it.
  @inline(__always)
  mutating func endEventPhases() {
    for index in 0..<eventRecords.count where records[eventRecords[index]].phaseInDispatch != nil {
      records[eventRecords[index]].phaseInDispatch = nil
    }
  }

  /// A listed slot's slot to read: itself, or slot 0 once the runtime numbered `owner` no longer
  /// finds the recognizer there (another runtime gave it a slot).
  @inline(__always)
  func slot(ofListed number: Int, owner: UInt64) -> Int {
    guard let recognizer = slots[number].recognizer else {
      preconditionFailure("listed slot \(number) holds no recognizer")
    }
    return recognizer.runtimeSlot.owner == owner ? number : 0
  }

  /// Starts an attempt of the recognizer of `slot`, whose view is at `depth` (tie order,
  /// <doc:BehaviourReference> §3.4): it participates, listed once.
  @inline(__always)
  mutating func startAttempt(slot: Int, depth: Int) {
    slots[slot].participating = true
    slots[slot].depth = depth
    if !slots[slot].listed {
      slots[slot].listed = true
      participants.append(slot)
    }
  }

  /// A state the recognizer of `slot` asked for (or the runtime asked for it), waiting to be
  /// resolved, with the reason the trace gives.
  struct Request {
    let slot: Int
    let state: GestureRecognizer.State
    let reason: String?
  }

  /// A request to leave `possible` made by the recognizer of `slot` while a requirement was
  /// active, decided once the dispatch's other changes are resolved (<doc:BehaviourReference> §3.7).
  struct PendingHold {
    let slot: Int
    /// `began` or `ended`: what it asked for first.
    let first: GestureRecognizer.State
    let reason: String?
    /// Set when it asked for `ended` (after `began`, or at once): the reason given ("" for none).
    var endedReason: String?
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
    var kept = 0
    for index in 0..<participants.count {
      let number = participants[index]
      let readable = slot(ofListed: number, owner: owner)
      let leaves = leaving == .reset ? !slots[readable].participating : !slots[readable].listed
      if leaves {
        slots[number].listed = false
      } else {
        if kept != index { participants.swapAt(kept, index) }
        kept += 1
      }
    }
    while participants.count > kept { participants.removeLast() }
    var reset = 0
    for index in 0..<participants.count where !slots[slot(ofListed: participants[index], owner: owner)].participating {
      reset += 1
    }
    return reset
  }

  /// The recognizer of entry `index` of `record` while the entry is valid: made in the
  /// recognizer's current attempt, and not ignored.
  @inline(__always)
  func recognizer(ofEntry index: Int, in record: Int) -> GestureRecognizer? {
    let entry = records[record].entries[index]
    let slot = Int(entry.slot)
    guard entry.attempt == slots[slot].attempt, !entry.ignored else { return nil }
    return slots[slot].recognizer
  }

  /// Whether the attempt of the recognizer of `slot` lets it take a new touch of `type`
  /// (<doc:BehaviourReference> §2.2): it is not held and, in an attempt, neither asked to end it
  /// (`requestedIsTerminal`) nor busy with hover or scroll input, and the touch is of the type of
  /// the attempt's first touch when the recognizer asks for one type (`exclusiveType`).
  @inline(__always)
  func attemptAdmits(slot: Int, type: TouchType, requestedIsTerminal: Bool, exclusiveType: Bool) -> Bool {
    if slots[slot].held { return false }
    guard slots[slot].participating else { return true }
    if requestedIsTerminal || slots[slot].inputKind != .touches { return false }
    if exclusiveType, let first = slots[slot].touchType, first != type { return false }
    return true
  }

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

  /// Puts this round's candidates in tie order (<doc:BehaviourReference> §3.4): the deepest view
  /// first; on one view, the recognizer added first. `owner` is the runtime's number: a candidate
  /// another runtime has meanwhile given a slot sorts by slot 0's depth.
  mutating func sortCandidates(owner: UInt64) {
    guard candidates.count > 1 else { return }
    var order: [Int] = []
    swap(&order, &candidates)
    order.sort { a, b in
      let first = slot(ofListed: a, owner: owner)
      let second = slot(ofListed: b, owner: owner)
      guard slots[first].depth == slots[second].depth else { return slots[first].depth > slots[second].depth }
      return slots[a].recognizer!.additionOrder < slots[b].recognizer!.additionOrder
    }
    swap(&order, &candidates)
  }

  /// The recognizer of `slot` published `state` by decision `decision` (the runtime's serial
  /// number of published states), and `recognizes` when it is its first `began` or `ended`
  /// (<doc:BehaviourReference> §1, 2.8): it has sent an action unless it failed; it claims its
  /// touches from their views when it recognizes with `cancelsTouchesInView` (`claimsTouches`),
  /// those touches cancelled on their views in that decision's place; and its touches' views may
  /// have calls to get once it begins or ends.
  mutating func published(
    _ state: GestureRecognizer.State, slot: Int, recognizes: Bool, claimsTouches: Bool, decision: UInt64,
    dispatch: UInt64, owner: UInt64
  ) {
    if state != .failed && state != .possible { slots[slot].sentAction = true }
    if recognizes {
      slots[slot].recognized = true
      if claimsTouches {
        for index in slots[slot].attemptTouches.indices {
          guard let record = Self.record(of: slots[slot].attemptTouches[index].touch, owner: owner) else { continue }
          if !records[record].cancelRequested { records[record].cancelledBy = decision }
          records[record].cancelRequested = true
          markDirty(record, dispatch: dispatch)
        }
      }
    }
    if state == .began || state.isTerminal {
      for index in slots[slot].attemptTouches.indices {
        if let record = Self.record(of: slots[slot].attemptTouches[index].touch, owner: owner) {
          markDirty(record, dispatch: dispatch)
        }
      }
    }
  }

  /// Timer `id` of the recognizer of `slot` now has generation `generation`: a queued timer of
  /// that id with another generation is skipped when it comes due.
  @inline(__always)
  mutating func arm(slot: Int, timer id: Int, generation: UInt64) {
    if let index = slots[slot].timerGenerations.firstIndex(where: { $0.id == id }) {
      slots[slot].timerGenerations[index].generation = generation
    } else {
      slots[slot].timerGenerations.append((id, generation))
    }
  }

  /// Forgets timer `id` of the recognizer of `slot`.
  mutating func disarm(slot: Int, timer id: Int) {
    guard let index = slots[slot].timerGenerations.firstIndex(where: { $0.id == id }) else { return }
    slots[slot].timerGenerations.remove(at: index)
  }

  /// The generation of the pending timer `id` of the recognizer of `slot`, if it has one.
  func timerGeneration(slot: Int, id: Int) -> UInt64? {
    guard let index = slots[slot].timerGenerations.firstIndex(where: { $0.id == id }) else { return nil }
    return slots[slot].timerGenerations[index].generation
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
