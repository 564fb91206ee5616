import GestureCore
import Synchronization

/// What the runtime keeps about one recognizer of its tree: a slot of its table, indexed by the
/// number the recognizer carries (`slot(_:)`, `ownSlot(_:)`). Only the rules read or write it.
/// The recognizer itself keeps that number, the touches it tracks (its own to read) and whether
/// it started a timer since its reset.
struct RecognizerSlot {
  /// The recognizer the slot was given to (nil for slot 0 and free slots): what the timers, which
  /// name slots by number, fire for. It stays set until the slot is given back, once the
  /// recognizer has left the tree: from then on the slot may be the runtime's last reference to
  /// it (touch records name slots, not recognizers), let go of when the slot is given back, at
  /// the start of a dispatch.
  var recognizer: GestureRecognizer?
  /// Counts the slot's attempts: a touch record's entry is valid only within the attempt that
  /// collected it (`TouchRecord.Entry`). It only grows, also when the slot is given back and given
  /// to another recognizer, so that no entry of an earlier owner matches a later one's attempt.
  var attempt: UInt64 = 1
  /// The attempt in which the current owner got the slot: entries with an earlier attempt were
  /// made for an earlier owner.
  var firstAttempt: UInt64 = 1
  /// Whether the recognizer has received a touch since its last reset.
  var participating = false
  /// Whether it is in the runtime's list of participants (which drops reset ones lazily).
  var listed = false
  /// The touch sequence in which it last received a touch.
  var sequence = 0
  /// Whether a requested transition is held by a failure requirement (<doc:BehaviourReference> §3.8).
  var held = false
  /// What it will publish when released: `began` or `ended`.
  var wants: GestureRecognizer.State = .possible
  /// Whether it has sent an action in the current attempt.
  var sentAction = false
  /// Whether it has published `began` or `ended` in the current attempt.
  var recognized = false
  /// Whether the view and delegate were asked `shouldBegin` in this attempt.
  var shouldBeginAsked = false
  /// The depth of the view when the attempt began (tie order, <doc:BehaviourReference> §3.4).
  var depth = 0
  /// Scratch marks for the runtime's passes.
  var mark: UInt64 = 0
  var resetMark: UInt64 = 0
  /// Where the recognizer was last listed among the nodes of a search of the requirement graph
  /// (the runtime checks the node at that place before trusting it: a stale value is harmless).
  var graphIndex = -1
  /// Where the recognizer's request waits in the tables' `pendingHolds`, if it does (checked
  /// the same way).
  var pendingHoldIndex = -1
  var candidate: GestureRecognizer.State?
  var candidateReason: String?
  /// States asked for after the candidate state in the same round, published right after it.
  var followUps: [(state: GestureRecognizer.State, reason: String?)] = []
  /// What it first asked for while held: `began` or `ended`.
  var firstWanted: GestureRecognizer.State = .possible
  /// The slot of the candidate that excluded the recognizer in this round of resolution; 0 for
  /// none.
  var excludedBy = 0
  /// The bit of the touch type of the attempt's first touch, as in the recognizer's mask of
  /// allowed types (``GestureRecognizer/requiresExclusiveTouchType``); 0 before its first touch.
  /// A bit, not a `TouchType`: the test at a touch-down is then one integer comparison.
  var touchTypeBit: UInt8 = 0
  /// The kind of input of the attempt: touches, hover or scroll (<doc:BehaviourReference> §6.3–6.4).
  var inputKind = EventType.touches
  /// Whether the runtime has a watchdog timer pending (<doc:BehaviourReference> §3.12).
  var watchdogPending = false
  /// Whether the recognizer is listed in the runtime's `detachedRecognizers` (at most once).
  var awaitsRelease = false
  /// Every touch received in this attempt and not ignored (for cancelling the view's touches),
  /// with what the recognizer withholds of it from the view.
  var attemptTouches: [AttemptTouch] = []
  /// The failure requirements in force for this attempt.
  var requires: [RequirementEdge] = []
  /// The recognizers that may require this one to fail in their current attempts, by the slot
  /// each had when its edge was added (it is in an attempt then, so its slot is not given back
  /// while it is listed here: its reset takes it off). A target this runtime has since given
  /// another slot (it went to another runtime and came back) keeps its stale entries here, in a
  /// slot nothing reads any more, until that slot is given back.
  var dependents: [Int] = []
  /// The recognizer's pending timers, by timer id (at most one entry per id), each with its place
  /// in the firing order.
  var timers: [(id: Int, key: TimerKey)] = []
  /// The key the slot is scheduled under in the runtime's `TimerSchedule`, no later than that of
  /// its first pending timer; nil when the schedule holds no entry for it that counts.
  var scheduled: TimerKey?

}

/// A touch a recognizer received in its current attempt.
struct AttemptTouch {
  let touch: Touch
  /// The touch's record when the recognizer got it, and that record's generation then: the
  /// record is the touch's own while its generation is unchanged (`RuntimeTables.record(of:)`),
  /// which is read without the touch.
  let record: Int
  let generation: UInt64
  /// Whether the recognizer is counted as withholding the touch's `began` (bit 1) or end (bit 2)
  /// from its view while undecided (<doc:BehaviourReference> §2.9–2.11).
  var withholds: UInt8

  init(touch: Touch, record: Int, generation: UInt64, withholds: UInt8) {
    self.touch = touch
    self.record = record
    self.generation = generation
    self.withholds = withholds
  }
}

/// One failure requirement in force for an attempt: the owner waits for `target` to fail.
struct RequirementEdge {
  let target: GestureRecognizer
  let origin: RequirementOrigin
  /// Ignored for this attempt because it lies on a cycle (<doc:BehaviourReference> §3.11).
  var onCycle = false

  init(target: GestureRecognizer, origin: RequirementOrigin) {
    self.target = target
    self.origin = origin
  }
}

extension RecognizerSlot {
  /// Whether the slot holds nothing: slot 0, which every read for a recognizer without a slot
  /// sees, and every free slot.
  var isPristine: Bool {
    recognizer == nil && !participating && !listed && !held && !awaitsRelease && candidate == nil && excludedBy == 0
      && attemptTouches.isEmpty && requires.isEmpty && dependents.isEmpty && timers.isEmpty && scheduled == nil
      && followUps.isEmpty && !watchdogPending && pendingHoldIndex == -1
  }

  /// Collected for a touch in touch sequence `sequence` (`RuntimeTables.collect`): returns the
  /// attempt the record's entry is valid for.
  @inline(__always)
  mutating func collected(sequence: Int, touchTypeBit: UInt8) -> UInt64 {
    watchdogPending = false
    self.sequence = sequence
    if self.touchTypeBit == 0 { self.touchTypeBit = touchTypeBit }
    return attempt
  }

  /// Starts an attempt with its view at `depth`; lists the slot as a participant if it was not
  /// listed. Returns whether it was not (the caller adds it to the participants).
  @inline(__always)
  mutating func startAttempt(depth: Int) -> Bool {
    participating = true
    self.depth = depth
    if listed { return false }
    listed = true
    return true
  }

  /// Collected, and holding `touch` (`RuntimeTables.collect(slot:for:sequence:touchTypeBit:andHold:withholds:)`).
  @inline(__always)
  mutating func collected(
    sequence: Int, touchTypeBit: UInt8, holding touch: Touch, record: Int, generation: UInt64, withholds: UInt8
  ) -> UInt64 {
    hold(touch, record: record, generation: generation, withholds: withholds)
    return collected(sequence: sequence, touchTypeBit: touchTypeBit)
  }

  /// The recognizer holds `touch` for the rest of its attempt: the touch of `record` while the
  /// record's generation is `generation`, with what the recognizer withholds of it from its view.
  @inline(__always)
  mutating func hold(_ touch: Touch, record: Int, generation: UInt64, withholds: UInt8) {
    attemptTouches.append(AttemptTouch(touch: touch, record: record, generation: generation, withholds: withholds))
  }

  /// Marks the slot as seen by reset pass `mark`; with `droppingEdges`, also forgets its
  /// requirement edges, both ways (a pair of recognizers joined by one requirement, both
  /// finished, reset together).
  @inline(__always)
  mutating func markResetPass(mark: UInt64, droppingEdges: Bool) {
    resetMark = mark
    guard droppingEdges else { return }
    requires.clear()
    dependents.clear()
  }

  /// Ends the attempt (`RuntimeTables.endAttempt`, once the touch records no longer count it
  /// among their touches' withholders): its entries in touch records go void (the attempt count
  /// grows), it is no longer held, and what says where the attempt stands goes back to its initial
  /// value. Its touches are exchanged with `touches`, an empty list, and its pending timers
  /// forgotten. Returns whether it was held. The marks, the listing, the sequence, the depth and
  /// the reason last given stay; the requirement edges are dropped by the reset itself, which
  /// still reads them. Inlined into its one caller, at every reset.
  @inline(__always)
  mutating func endAttempt(handingOver touches: inout [AttemptTouch]) -> Bool {
    attempt &+= 1
    let wasHeld = held
    held = false
    participating = false
    wants = .possible
    firstWanted = .possible
    sentAction = false
    recognized = false
    shouldBeginAsked = false
    touchTypeBit = 0
    inputKind = .touches
    watchdogPending = false
    candidate = nil
    excludedBy = 0
    if !followUps.isEmpty { followUps.clear() }
    if !attemptTouches.isEmpty {
      assert(touches.isEmpty)
      swap(&touches, &attemptTouches)
    }
    if !timers.isEmpty { timers.clear() }
    return wasHeld
  }
}

/// Numbers runtimes, so that a recognizer's slot number is read only by the runtime that gave it
/// (a runtime created later at the same address gets another number).
private let runtimeNumbers = Atomic<UInt64>(0)

extension GestureRuntime {
  static func nextRuntimeNumber() -> UInt64 {
    runtimeNumbers.add(1, ordering: .relaxed).newValue
  }

  /// The recognizer's slot in this runtime's table, to read: slot 0, which holds the initial
  /// values and is never written, for a recognizer the runtime has not given one.
  @inline(__always)
  func slot(_ recognizer: GestureRecognizer) -> Int {
    slotIndex(recognizer.runtimeSlot)
  }

  /// The slot here of a recognizer whose number is `number` (``slot(_:)`` with the number
  /// already read): 0 when another runtime gave it.
  @inline(__always)
  func slotIndex(_ number: RuntimeSlotNumber) -> Int {
    number.owner == runtimeNumber ? number.index : 0
  }

  /// The recognizer's slot in this runtime's table, to write: given on first use.
  @inline(__always)
  func ownSlot(_ recognizer: GestureRecognizer) -> Int {
    ownSlot(recognizer, number: recognizer.runtimeSlot)
  }

  /// ``ownSlot(_:)`` of a recognizer whose number (`GestureRecognizer.runtimeSlot`) was just read
  /// with other fields in one call.
  @inline(__always)
  func ownSlot(_ recognizer: GestureRecognizer, number: RuntimeSlotNumber) -> Int {
    number.owner == runtimeNumber ? number.index : giveSlot(to: recognizer)
  }

  /// The recognizer of a slot that is listed (as a participant, or as one that left the tree):
  /// a listed slot is not given back, so it holds its recognizer.
  @inline(__always)
  func recognizer(inListed number: Int) -> GestureRecognizer {
    guard let recognizer = tables.slots[number].recognizer else {
      preconditionFailure("listed slot \(number) holds no recognizer")
    }
    return recognizer
  }

  /// The recognizer of a slot a work list names (candidates, exclusions…): a slot is not given
  /// back while a work list names it (`freeDetachedSlots`), so it holds its recognizer.
  @inline(__always)
  func recognizer(inSlot number: Int) -> GestureRecognizer {
    guard let recognizer = tables.slots[number].recognizer else {
      preconditionFailure("slot \(number), named by a work list, holds no recognizer")
    }
    return recognizer
  }

  /// A participant's slot (the slot it was listed with), to read: slot 0 once another runtime has
  /// given the recognizer a slot.
  @inline(__always)
  func slot(ofListed number: Int) -> Int {
    recognizer(inListed: number).runtimeSlot.owner == runtimeNumber ? number : 0
  }

  /// Whether the recognizer is in an attempt of this runtime.
  func isParticipating(_ recognizer: GestureRecognizer) -> Bool {
    tables.slots[slot(recognizer)].participating
  }

  private func giveSlot(to recognizer: GestureRecognizer) -> Int {
    // Every path that may give one checks first that no other runtime has the recognizer in an
    // attempt: its slot number there would be overwritten.
    assert(
      !isInAnotherAttempt(recognizer),
      "\(recognizer.displayName) was given a slot while in another runtime's attempt")
    let index: Int
    if let free = tables.freeSlots.popLast() {
      index = free
    } else {
      index = tables.slots.count
      tables.slots.append(RecognizerSlot())
    }
    tables.slots[index].recognizer = recognizer
    recognizer.runtimeSlot = RuntimeSlotNumber(owner: runtimeNumber, index: index)
    return index
  }

  /// Lists a recognizer that left the tree (or was never in it), so that its slot is given back
  /// once nothing here needs it (`freeDetachedSlots`). A recognizer is listed once.
  func listDetached(_ recognizer: GestureRecognizer, slot number: Int) {
    guard number != 0, !tables.slots[number].awaitsRelease else { return }
    tables.slots[number].awaitsRelease = true
    // Out of place, as the runtime's other lists (GestureRuntime.swift).
    var detached: [Int] = []
    swap(&detached, &detachedRecognizers)
    detached.append(number)
    swap(&detached, &detachedRecognizers)
  }

  /// Gives back the slots of recognizers that left the tree (`detach`, `recognizerWillBeRemoved`,
  /// and requirement targets outside it), at the start of the next dispatch (when the removal is
  /// complete), once they are out of their attempt and off the participant list, and, while the
  /// recognizer's number still points here, once no recognizer in an attempt lists it as a
  /// requirement (its dependents), and once no work list names the slot (`RuntimeTables.namesSlot`).
  /// One that came back into the tree keeps its slot.
  func freeDetachedSlots() {
    var index = 0
    while index < detachedRecognizers.count {
      let number = detachedRecognizers[index]
      let recognizer = recognizer(inListed: number)
      // Whether the recognizer still names this slot: not once another runtime gave it a slot,
      // nor once it came back and this runtime gave it another.
      let stillOurs = recognizer.runtimeSlot == RuntimeSlotNumber(owner: runtimeNumber, index: number)
      // Back in this tree with this slot: it keeps it. Gone to another runtime, or back with
      // another slot: this one is still ours, and nothing here finds it through the recognizer.
      if !(stillOurs && isInTree(recognizer)) {
        // Nor while a work list names it (a state its recognizer asked for from a `reset` after
        // the last dispatch's resolution, say, which this dispatch resolves).
        if tables.slots[number].participating || tables.slots[number].listed
          || (stillOurs && !tables.slots[number].dependents.isEmpty) || tables.namesSlot(number)
        {
          index += 1
          continue
        }
        // The next owner starts at a later attempt than any entry made for this one. The old
        // slot is swapped out whole (into `slot`) and let go of after the tables' access: the
        // recognizer may go with it (its deinit is user code, run during the dispatch).
        var slot = RecognizerSlot()
        slot.attempt = tables.slots[number].attempt &+ 1
        slot.firstAttempt = slot.attempt
        swap(&slot, &tables.slots[number])
        tables.freeSlots.append(number)
        if stillOurs {
          recognizer.runtimeSlot = RuntimeSlotNumber()
        }
      } else {
        tables.slots[number].awaitsRelease = false
      }
      var detached: [Int] = []
      swap(&detached, &detachedRecognizers)
      detached.swapAt(index, detached.count - 1)
      detached.removeLast()
      swap(&detached, &detachedRecognizers)
    }
  }

  /// Whether the recognizer is in an attempt of another runtime
  /// (`GestureRecognizer.attemptOwner`): it came into this tree from inside a callback of that
  /// runtime (its view moved, or it moved to a view of this tree), which ends the attempt at the
  /// end of the dispatch the callback ran in. Until then this runtime neither collects it, nor
  /// gives it a slot, nor takes a state it asks for: a recognizer is in one attempt at a time, and
  /// one a runtime hosts has a slot there.
  func isInAnotherAttempt(_ recognizer: GestureRecognizer) -> Bool {
    let owner = recognizer.attemptOwner
    return owner != 0 && owner != runtimeNumber
  }

  /// Whether another runtime hosts the recognizer: it came into this tree from inside a callback
  /// of that runtime, which clears the host at the end of the dispatch. Until then this
  /// runtime gives it no slot as the target of a requirement (collecting it for a touch makes
  /// this runtime its host): a recognizer a runtime hosts has a slot there.
  func isHostedElsewhere(_ recognizer: GestureRecognizer) -> Bool {
    guard let host = recognizer.hostIdentifier else { return false }
    return host != ObjectIdentifier(self)
  }

  /// Whether the recognizer's view is in this runtime's tree.
  func isInTree(_ recognizer: GestureRecognizer) -> Bool {
    guard let view = recognizer.view else { return false }
    return view.root === window
  }
}
