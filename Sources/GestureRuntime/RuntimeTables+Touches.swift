import GestureCore

/// The rules of the tables that concern touch records: marking a record for view delivery,
/// withholding a touch from its view and releasing it, collecting a recognizer for a touch,
/// giving out and retiring records, and whether a record's entry still names its recognizer.
extension RuntimeTables {
  /// Lists the record for view delivery, once in the current view round, unless its view has
  /// been told everything.
  @inline(__always)
  mutating func markDirty(_ record: Int) {
    if records[record].dirtyMark == viewRound { return }
    records[record].dirtyMark = viewRound
    if records[record].viewState == .done { return }
    dirtyRecords.append(record)
  }

  /// The recognizer of `slot` stops withholding the touch at `index` of its attempt. When it was
  /// the last to withhold the touch's `began` (or its end, once that came), the touch is released
  /// by `decision` (the serial number of the state being published, 0 outside one), whose view
  /// calls come in that decision's place (<doc:BehaviourReference> §5).
  @inline(__always)
  mutating func stopWithholding(slot: Int, at index: Int, releasedBy decision: UInt64) {
    let flags = slots[slot].attemptTouches[index].withholds
    slots[slot].attemptTouches[index].withholds = 0
    guard flags != 0, let record = record(of: slots[slot].attemptTouches[index]) else { return }
    records[record].stopWithholding(began: flags & 1 != 0, end: flags & 2 != 0, releasedBy: decision)
    markDirty(record)
  }

  /// The recognizer of `slot` has decided (or stopped holding its touches): it no longer
  /// withholds any of them.
  @inline(__always)
  mutating func stopWithholding(slot: Int, releasedBy decision: UInt64) {
    for index in slots[slot].attemptTouches.indices where slots[slot].attemptTouches[index].withholds != 0 {
      stopWithholding(slot: slot, at: index, releasedBy: decision)
    }
  }

  /// Collects the recognizer of `slot` for the touch of `record`, in touch sequence `sequence`
  /// (<doc:BehaviourReference> §2.2): its entry in the record, valid for its current attempt,
  /// whose touch type is that of its first touch (`touchTypeBit`, the bit of the touch's type).
  @inline(__always)
  mutating func collect(slot: Int, for record: Int, sequence: Int, touchTypeBit: UInt8) {
    // One mutation of each table's element (one uniqueness check of each table).
    let attempt = slots[slot].collected(sequence: sequence, touchTypeBit: touchTypeBit)
    records[record].entries.append(TouchRecord.Entry(slot: slot, attempt: attempt))
  }

  /// `collect` and then `hold`, in one access: the recognizer of `slot` is collected for `touch`,
  /// the touch of `record`, and holds it.
  @inline(__always)
  mutating func collect(
    slot: Int, for record: Int, sequence: Int, touchTypeBit: UInt8, andHold touch: Touch, withholds: UInt8
  ) {
    // One mutation of each table's element (one uniqueness check of each table).
    let generation = records[record].generation
    let attempt = slots[slot].collected(
      sequence: sequence, touchTypeBit: touchTypeBit, holding: touch, record: record, generation: generation,
      withholds: withholds)
    records[record].add(TouchRecord.Entry(slot: slot, attempt: attempt), withholds: withholds)
  }

  /// The recognizer of `slot` holds `touch`, the touch of `record`, withholding from the view its
  /// `began` (bit 1 of `withholds`) and its end (bit 2) while undecided (<doc:BehaviourReference>
  /// §2.9, 2.10).
  @inline(__always)
  mutating func hold(_ touch: Touch, record: Int, slot: Int, withholds: UInt8) {
    records[record].countWithholder(withholds)
    let generation = records[record].generation
    slots[slot].hold(touch, record: record, generation: generation, withholds: withholds)
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
    recordGenerations &+= 1
    records[number].generation = recordGenerations
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
    records[record].generation = 0
    freeRecords.append(record)
    return records[record].park(placeholder: placeholder)
  }

  /// Lists the records of the current event for view delivery (`markDirty`); returns how many
  /// there are and the first (-1 for none), for the delivery to recognizers.
  @inline(__always)
  mutating func markEventRecordsDirty() -> (count: Int, first: Int) {
    for index in 0..<eventRecords.count { markDirty(eventRecords[index]) }
    return (eventRecords.count, eventRecords.first ?? -1)
  }

  /// The event is over: its records' input phases end with it. Returns whether it leaves touches
  /// to retire: when none of its touches lifted (`lifted` is false) and none waits for its view,
  /// it does not, and the event's list is emptied here.
  @inline(__always)
  mutating func endEvent(lifted: Bool) -> Bool {
    for index in 0..<eventRecords.count where records[eventRecords[index]].phaseInDispatch != nil {
      records[eventRecords[index]].phaseInDispatch = nil
    }
    if !lifted && withheldRecords.isEmpty {
      eventRecords.clear()
      return false
    }
    return true
  }

  /// What `acceptChange` made of a change of a touch that is not a touch-down.
  enum ChangeOutcome {
    /// The touch is not down, or (not `stationary`) it changed already in this event.
    case notDown
    /// A `stationary` change of a touch that changed already in this event.
    case changedTwice
    /// A `stationary` change: no recognizer gets it, and the record is not listed.
    case stationary(record: Int, touch: Touch)
    /// The change is the record's phase in this dispatch, and the record is listed in the event.
    case accepted(record: Int, touch: Touch)
  }

  /// Applies a change of the touch `identifier` (not a touch-down) to its record for the current
  /// event, in dispatch number `dispatch`: the record is listed in `eventRecords` with its phase,
  /// unless the change is dropped or is `stationary` (`ChangeOutcome`). A record is in the event's
  /// list exactly when its phase in the dispatch is set (both are set together): a constant-time
  /// test, so an event with n touches costs O(n), not O(n²).
  @inline(__always)
  mutating func acceptChange(of identifier: Int, _ phase: TouchPhase, dispatch: UInt64) -> ChangeOutcome {
    guard let number = live.record(for: identifier), records[number].phaseInDispatch == nil || phase == .stationary
    else { return .notDown }
    if records[number].phaseInDispatch != nil { return .changedTwice }
    if phase == .stationary { return .stationary(record: number, touch: records[number].touch) }
    records[number].accept(phase, eventIndex: eventRecords.count, dispatch: dispatch)
    eventRecords.append(number)
    return .accepted(record: number, touch: records[number].touch)
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
}
