import GestureCore

/// The runtime's record of one touch: the recognizers collected for it and what its view has been
/// told. Records are pooled and reused (`reuse(touch:view:)`), which sets every stored property
/// back to its initial value: a property added here must be reset there too (the whole-trace
/// tests fail when one is not).
final class TouchRecord {
  /// A recognizer collected for the touch, valid only within the attempt that collected it.
  struct Entry {
    let recognizer: GestureRecognizer
    var attempt: UInt32
  }

  enum ViewState {
    /// `touchesBegan` not delivered yet.
    case pending
    /// `touchesBegan` delivered; moves and the end follow.
    case active
    /// Ended, cancelled, or never to be delivered.
    case done
  }

  // The three below change only when a retired record is reused for a new touch (`reuse`).
  private(set) var touch: Touch
  private(set) var view: View?
  /// The recognizers collected for the touch, in collection order (a ScratchList: a touch-down
  /// appends one per recognizer, with no copy-on-write checks).
  let entries = ScratchList<Entry>()
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
  /// Dispatch number in which the record was last marked for view delivery.
  var dirtyMark: UInt64 = 0
  /// How many undecided recognizers withhold the touch's `began`, and its end, from the view.
  var beganWithholders = 0
  var endWithholders = 0
  /// Where the record sits in the runtime's ``LiveTouchTable`` while the touch is down, or -1.
  var liveIndex = -1
  /// The order in which touches began (the runtime's count of touch-downs): the order of the
  /// touches of a view call that a decision causes.
  var serial: UInt64 = 0
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

  /// Readies a retired record, which nothing else references any more, for a new touch: as if
  /// new, but keeping the storage of its entries (a touch-down then allocates nothing for them).
  func reuse(touch: Touch, view: View?) {
    self.touch = touch
    self.view = view
    entries.removeAll()
    viewState = .pending
    phaseInDispatch = nil
    movedWhileWithheld = false
    endPending = false
    inputCancelled = false
    cancelRequested = false
    isFinished = false
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

  /// Drops what a retired record refers to while it waits in the pool: its touch (for
  /// `placeholder`), its view and its recognizers.
  func park(placeholder: Touch) {
    touch = placeholder
    view = nil
    entries.removeAll()
  }

  /// The recognizer of the entry at `index` if it still gets this touch (in its current attempt,
  /// undecided and attached).
  @inline(__always)
  func recognizerIfDeliverable(at index: Int) -> GestureRecognizer? {
    let entry = entries[index]
    let recognizer = entry.recognizer
    let deliverable =
      entry.attempt == recognizer.attempt && !recognizer.requestedState.isTerminal && recognizer.isAttached
    return deliverable ? recognizer : nil
  }

  /// Whether `recognizer` still holds this touch in its current attempt.
  func isHeld(by recognizer: GestureRecognizer) -> Bool {
    for index in 0..<entries.count where entries[index].recognizer === recognizer {
      return entries[index].attempt == recognizer.attempt
    }
    return false
  }
}

extension Touch {
  /// The runtime's record of this touch, while it has one (only TouchRecords are stored there:
  /// anything else is a bug of the runtime, and traps).
  var record: TouchRecord? {
    guard let object = runtimeRecord else { return nil }
    return (object as! TouchRecord)
  }
}

/// The touches that are down, by identifier. Almost always one to three: those are found by a
/// linear scan of an array (no hashing on the per-event path); past `linearLimit` a dictionary
/// takes over. Iteration is in a deterministic order (insertion, with swap-removal), unlike a
/// dictionary's. Not copyable: a copy would share the lists.
struct LiveTouchTable: ~Copyable {
  // ScratchLists: a touch-down and a lift each add or remove one, with no copy-on-write checks.
  private let list = ScratchList<TouchRecord>()
  /// Parallel to `list`: their touches' identifiers, scanned without loading a record.
  private let identifiers = ScratchList<Int>()
  /// Every live record by identifier once there were more than `linearLimit`; empty otherwise.
  private var byIdentifier: [Int: TouchRecord] = [:]
  static let linearLimit = 8

  var count: Int { list.count }

  /// The live records, in table order (a copy, for the rare paths that walk them).
  var records: [TouchRecord] { list.elements }

  /// The touch of the live record at `index` (0 ..< ``count``), in table order.
  func touch(at index: Int) -> Touch { list[index].touch }

  @inline(__always)
  func record(for identifier: Int) -> TouchRecord? {
    if !byIdentifier.isEmpty { return byIdentifier[identifier] }
    for index in 0..<identifiers.count where identifiers[index] == identifier { return list[index] }
    return nil
  }

  mutating func insert(_ record: TouchRecord) {
    record.liveIndex = list.count
    list.append(record)
    identifiers.append(record.touch.identifier)
    if !byIdentifier.isEmpty {
      byIdentifier[record.touch.identifier] = record
    } else if list.count > Self.linearLimit {
      for index in 0..<list.count { byIdentifier[list[index].touch.identifier] = list[index] }
    }
  }

  /// Removes `record` if it is the live record of its identifier; returns whether it was.
  mutating func remove(_ record: TouchRecord) -> Bool {
    let index = record.liveIndex
    guard index >= 0, index < list.count, list[index] === record else { return false }
    let last = list.removeLast()
    let lastIdentifier = identifiers.removeLast()
    if index < list.count {
      list[index] = last
      identifiers[index] = lastIdentifier
      last.liveIndex = index
    }
    record.liveIndex = -1
    // The dictionary holds exactly the live records, so it empties with the last of them.
    if !byIdentifier.isEmpty { byIdentifier[record.touch.identifier] = nil }
    return true
  }
}
