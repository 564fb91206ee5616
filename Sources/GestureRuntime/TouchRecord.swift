import GestureCore

/// The runtime's record of one touch: the recognizers collected for it and what its view has been
/// told. Records are values in the runtime's table (`RuntimeTables.records`), found by their
/// number there: the touch carries that number (`record(of:)`), and the work lists hold numbers,
/// not references. A number is reused once its record is retired (`reuse(touch:view:)` starts the
/// record afresh, keeping only the storage of its entries).
struct TouchRecord {
  /// A recognizer collected for the touch, by its slot number, valid only within the slot's
  /// attempt that collected it (`RecognizerSlot.attempt`). A plain value: the record holds no
  /// recognizer.
  struct Entry {
    let slot: Int32
    /// Set when the recognizer ignores the touch (<doc:BehaviourReference> §2.5): the entry stays,
    /// void, so that the order of the recognizers of an event does not change.
    var ignored = false
    let attempt: UInt64

    init(slot: Int, attempt: UInt64) {
      self.slot = Int32(truncatingIfNeeded: slot)
      self.attempt = attempt
    }
  }

  enum ViewState {
    /// `touchesBegan` not delivered yet.
    case pending
    /// `touchesBegan` delivered; moves and the end follow.
    case active
    /// Ended, cancelled, or never to be delivered.
    case done
  }

  // The two below change only when a record is retired (`park`) or reused for a new touch (`reuse`).
  private(set) var touch: Touch
  private(set) var view: View?
  /// The recognizers collected for the touch, in collection order.
  var entries: [Entry] = []
  var viewState: ViewState = .pending
  /// The input phase of this touch in the current dispatch, if it changed.
  var phaseInDispatch: TouchPhase?
  /// The touch moved while its `touchesBegan` was withheld (<doc:BehaviourReference> §2.9).
  var movedWhileWithheld = false
  /// The input ended (or was cancelled) and the view has not been told yet.
  var endPending = false
  var inputCancelled = false
  /// A recognizer that recognized with `cancelsTouchesInView` claimed the touch (<doc:BehaviourReference> §2.8).
  var cancelRequested = false
  /// The input has ended or been cancelled.
  var isFinished = false
  /// The number of the dispatch in which the input ended or was cancelled.
  var finishedInDispatch: UInt64 = 0
  /// The view round (`RuntimeTables.viewRound`) in which the record was last marked for view
  /// delivery.
  var dirtyMark: UInt64 = 0
  /// How many undecided recognizers withhold the touch's `began`, and its end, from the view.
  var beganWithholders = 0
  var endWithholders = 0
  /// Where the record sits in the runtime's ``LiveTouchTable`` while the touch is down, or -1.
  var liveIndex = -1
  /// The order in which touches began (the runtime's count of touch-downs): the order of the
  /// touches of a view call that a decision causes.
  var serial: UInt64 = 0
  /// Given anew each time the record is given to a touch, and 0 once it is retired: an attempt
  /// that noted it finds the record still its touch's while it is unchanged (`AttemptTouch`).
  var generation: UInt64 = 0
  /// Where the touch is listed in the current event, while it changed in it: the order of the
  /// touches of the event's own view calls (<doc:BehaviourReference> §5).
  var eventIndex = 0
  /// The decisions (the runtime's serial numbers of published states) that released the
  /// withheld `began`, released the withheld end, and cancelled the touch on its view (0: none):
  /// the view calls they cause come before the event's own, in the order of the decisions
  /// (<doc:BehaviourReference> §5, 2.8–2.11).
  var beganReleasedBy: UInt64 = 0
  var endReleasedBy: UInt64 = 0
  var cancelledBy: UInt64 = 0
  /// How many recognizers that received the touch when it began were already `began` or
  /// `changed` with `cancelsTouchesInView` and still hold it: while any does, the touch never
  /// reaches the view (<doc:BehaviourReference> §2.7); one that ignores it (§2.5) does not count.
  var suppressors = 0

  init(touch: Touch, view: View?) {
    self.touch = touch
    self.view = view
  }

  /// Readies a retired record for a new touch: as if new, but keeping the storage of its entries
  /// (a touch-down then allocates nothing for them). A property added here must be reset here
  /// too (the whole-trace tests fail when one is not).
  mutating func reuse(touch: Touch, view: View?) {
    self.touch = touch
    self.view = view
    entries.clear()
    viewState = .pending
    phaseInDispatch = nil
    movedWhileWithheld = false
    endPending = false
    inputCancelled = false
    cancelRequested = false
    isFinished = false
    finishedInDispatch = 0
    dirtyMark = 0
    beganWithholders = 0
    endWithholders = 0
    liveIndex = -1
    serial = 0
    eventIndex = 0
    beganReleasedBy = 0
    endReleasedBy = 0
    cancelledBy = 0
    suppressors = 0
  }

  /// Drops what a retired record refers to while its number waits for reuse: its touch (for
  /// `placeholder`) and its view, which it returns, so that the caller lets go of them once its
  /// access to the table has ended (the last reference to a view may be among them, and its
  /// `deinit` is user code). The entries are emptied, keeping their storage.
  mutating func park(placeholder: Touch) -> (touch: Touch, view: View?) {
    var parked: (touch: Touch, view: View?) = (placeholder, nil)
    swap(&parked.touch, &touch)
    swap(&parked.view, &view)
    entries.clear()
    return parked
  }

  /// Takes the touch's change of phase in the current event (dispatch number `dispatch`), where
  /// it is listed at `eventIndex` (a `moved`, `ended` or `cancelled`).
  mutating func accept(_ phase: TouchPhase, eventIndex: Int, dispatch: UInt64) {
    phaseInDispatch = phase
    switch phase {
    case .moved:
      if viewState == .pending { movedWhileWithheld = true }
    case .ended, .cancelled:
      isFinished = true
      finishedInDispatch = dispatch
      endPending = true
      inputCancelled = phase == .cancelled
    default: break
    }
    self.eventIndex = eventIndex
  }

  /// A recognizer stops withholding the touch's `began`, its end, or both: the last to withhold
  /// either releases it by `decision` (the serial number of the state being published, 0 for
  /// none).
  mutating func stopWithholding(began: Bool, end: Bool, releasedBy decision: UInt64) {
    if began {
      beganWithholders -= 1
      if beganWithholders == 0 && viewState == .pending { beganReleasedBy = decision }
    }
    if end {
      endWithholders -= 1
      if endWithholders == 0 && endPending { endReleasedBy = decision }
    }
  }

  /// Adds a collected recognizer's entry, with what it withholds of the touch from its view:
  /// its `began` (bit 1 of `withholds`) and its end (bit 2).
  @inline(__always)
  mutating func add(_ entry: Entry, withholds: UInt8) {
    entries.append(entry)
    countWithholder(withholds)
  }

  /// Counts a recognizer that holds the touch as withholding its `began` (bit 1 of `withholds`)
  /// and its end (bit 2) from the view while undecided.
  @inline(__always)
  mutating func countWithholder(_ withholds: UInt8) {
    if withholds & 1 != 0 { beganWithholders += 1 }
    if withholds & 2 != 0 { endWithholders += 1 }
  }

  /// Whether the recognizer of `slot`, in its current `attempt`, still holds this touch.
  func isHeld(bySlot slot: Int, attempt: UInt64) -> Bool {
    let number = Int32(truncatingIfNeeded: slot)
    // At most one entry of a record names a slot: the record's recognizers are collected once,
    // and a slot given to another recognizer meanwhile was not given at this touch-down.
    for index in 0..<entries.count where entries[index].slot == number {
      return entries[index].attempt == attempt && !entries[index].ignored
    }
    return false
  }
}

extension GestureRuntime {
  /// The number of `touch`'s record in this runtime's table, while it has one.
  @inline(__always)
  func record(of touch: Touch) -> Int? {
    RuntimeTables.record(of: touch, owner: runtimeNumber)
  }

  /// The recognizer of entry `index` of record `number` if it still gets the touch (in its
  /// current attempt, undecided and attached).
  @inline(__always)
  func recognizerIfDeliverable(_ number: Int, at index: Int) -> GestureRecognizer? {
    guard let recognizer = tables.recognizer(ofEntry: index, in: number) else { return nil }
    return recognizer.isUndecidedAndAttached ? recognizer : nil
  }

  /// Whether `recognizer` still holds the touch of record `number` in its current attempt here.
  func isHeld(_ number: Int, by recognizer: GestureRecognizer) -> Bool {
    let slot = slot(recognizer)
    return slot != 0 && tables.records[number].isHeld(bySlot: slot, attempt: tables.slots[slot].attempt)
  }

  /// A record for a new touch, reusing a retired record's number when there is one, linked from
  /// the touch.
  @inline(__always)
  func newRecord(touch: Touch, view: View?) -> Int {
    tables.newRecord(touch: touch, view: view, owner: runtimeNumber)
  }
}
