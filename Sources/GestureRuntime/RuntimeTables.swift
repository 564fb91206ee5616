import GestureCore

/// What the runtime knows of its recognizers and touches, in tables indexed by number: a
/// recognizer's slot (`RecognizerSlot`, the number the recognizer carries) and a touch's record
/// (`TouchRecord`, the number the touch carries), and the work lists of a dispatch, which name
/// slots. A value the runtime holds: a rule that needs only the tables is a mutating method of it,
/// one access for its whole run (RuntimeTables+Touches, +Attempts, +WorkLists).
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
  /// The records of the touches that are down, by touch identifier (`insertLive`, `removeLive`).
  var live = LiveTouchTable()
  /// Counts the records given to touches (`TouchRecord.generation`).
  var recordGenerations: UInt64 = 0
  /// The numbers of retired records, for reuse (they wait behind the placeholder touch, so that
  /// they hold on to nothing of the scene).
  var freeRecords: [Int] = []
  /// The records of the touches that changed in the current event, in the order of the event.
  var eventRecords: [Int] = []
  /// The records whose views may have calls to get in this dispatch (`markDirty`), each once per
  /// view round.
  var dirtyRecords: [Int] = []
  /// The number of the current view round: a new one starts once the views' calls have been
  /// planned (`GestureRuntime.deliverToViews`), so that a decision made after them (by a view's
  /// touch method, in the same dispatch, or in a later dispatch) lists its touches anew
  /// (`markDirty`). A dispatch that marks no record for its view has no view calls to plan, and
  /// stays in the round. It starts at 1: a new record's mark, 0, is of no round.
  var viewRound: UInt64 = 1
  /// The view calls planned for several dirty records (`planDirtyRecords`), taken out while they
  /// are made.
  var viewCalls: [PlannedViewCall] = []
  /// The records of lifted touches whose views have not been told yet.
  var withheldRecords: [Int] = []
  /// The states recognizers asked for, to resolve (`GestureRuntime.resolve`), and the batch being
  /// resolved (`nextRequestBatch`).
  var requests: [Request] = []
  var requestBatch: [Request] = []
  /// The reasons of the requests of both lists, emptied once both are (`Request`).
  var requestReasons: [String] = []
  // The work lists of a round of resolution, by slot number. A slot a work list names is not
  // given back (`GestureRuntime.freeDetachedSlots`, `namesSlot`), so it holds its recognizer.
  // Most lists are drained within a dispatch (a state a view's touch method asks is resolved in
  // a round of its own); what a `reset`, a deinit or a trace sink asks after the last round
  // waits for the next.
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
  /// The reasons of the pending holds, emptied with them.
  var holdReasons: [String] = []
  /// The recognizers that lost their last touch in this dispatch, or whose watchdog must be armed
  /// again (`GestureRuntime.scheduleWatchdogs`).
  var watchdogCandidates: [Int] = []
  /// The actions to send, in the order their states were published (`GestureRuntime.sendActions`).
  var actions: [(slot: Int, state: GestureRecognizer.State)] = []
  /// Which slot's timer comes due first (`TimerSchedule`; the timers are in the slots).
  var timerSchedule = TimerSchedule()
  /// Counts the timers started (`TimerKey.sequence`).
  var timerSequence: UInt64 = 0

  /// The record of a touch of an attempt while the touch has it (as `record(of:owner:)` finds it
  /// from the touch), read in the table.
  @inline(__always)
  func record(of attempt: AttemptTouch) -> Int? {
    records[attempt.record].generation == attempt.generation ? attempt.record : nil
  }

  /// The record of `touch`, while it names one of the runtime numbered `owner`.
  @inline(__always)
  static func record(of touch: Touch, owner: UInt64) -> Int? {
    let number = touch.runtimeRecord
    return number.owner == owner ? number.index : nil
  }

  /// A listed slot's slot to read (or that of a slot a work list names): itself, or slot 0 once
  /// the runtime numbered `owner` no longer finds the recognizer there (another runtime gave it a
  /// slot).
  @inline(__always)
  func slot(ofListed number: Int, owner: UInt64) -> Int {
    Self.slot(ofListed: number, owner: owner, in: slots)
  }

  /// `slot(ofListed:owner:)` on a slot table alone.
  @inline(__always)
  static func slot(ofListed number: Int, owner: UInt64, in slots: ContiguousArray<RecognizerSlot>) -> Int {
    guard let recognizer = slots[number].recognizer else {
      preconditionFailure("slot \(number), listed or named by a work list, holds no recognizer")
    }
    return recognizer.runtimeSlot.owner == owner ? number : 0
  }

  /// A state the recognizer of `slot` asked for (or the runtime asked for it), waiting to be
  /// resolved, with the reason the trace gives: its place in `requestReasons`, or -1 for none.
  /// Plain integers, so that listing and moving a request costs no reference counting (the
  /// reason is given only when traced, or when the runtime decides).
  struct Request {
    let slot: Int
    let state: GestureRecognizer.State
    let reasonIndex: Int32
  }

  /// Lists a request of the recognizer of `slot` for `state` (`Request`).
  @inline(__always)
  mutating func request(slot: Int, _ state: GestureRecognizer.State, reason: String?) {
    var index: Int32 = -1
    if let reason {
      index = Int32(truncatingIfNeeded: requestReasons.count)
      requestReasons.append(reason)
    }
    requests.append(Request(slot: slot, state: state, reasonIndex: index))
  }

  /// The reason `request` was listed with.
  @inline(__always)
  func reason(of request: borrowing Request) -> String? {
    request.reasonIndex < 0 ? nil : requestReasons[Int(request.reasonIndex)]
  }

  /// Drops every request not yet resolved, with their reasons.
  mutating func dropRequests() {
    requests.clear()
    requestReasons.clear()
  }

  /// A request to leave `possible` made by the recognizer of `slot` while a requirement was
  /// active, decided once the dispatch's other changes are resolved (<doc:BehaviourReference> §3.7).
  /// Plain values: its reasons are places in `holdReasons`, so that listing and reading a hold
  /// retains no string.
  struct PendingHold {
    /// `endedReason` when it has not asked for `ended`.
    static let notEnded: Int32 = -2

    let slot: Int
    /// `began` or `ended`: what it asked for first.
    let first: GestureRecognizer.State
    /// The reason the trace gives: its place in `holdReasons`, or -1 for none.
    let reason: Int32
    /// Once it asked for `ended` (after `began`, or at once): the reason given, as `reason`;
    /// `notEnded` until then.
    var endedReason: Int32
  }

  /// Lists a pending hold's reason: its place in `holdReasons`, or -1 for none.
  mutating func holdReasonIndex(_ reason: String?) -> Int32 {
    guard let reason else { return -1 }
    holdReasons.append(reason)
    return Int32(truncatingIfNeeded: holdReasons.count - 1)
  }
}
