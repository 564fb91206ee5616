import GestureCore

/// The rules of view delivery that only plan (<doc:BehaviourReference> §2.7–2.11, 5): which calls
/// each dirty touch's view gets, and the decision whose place each call takes. Making the calls is
/// the view delivery file's (`GestureRuntime.deliverToViews`), outside the tables: a view's touch
/// method is user code. Planning counts a view's active touches as it goes (`View.activeTouchCount`),
/// so that a view that does not take several touches gets only its first.
extension RuntimeTables {
  /// Plans the calls of the only dirty record (`dirtyRecords` holds one), and returns its number
  /// with the phases of its calls, in order, and its view when it has calls to get (the one the
  /// planning read, so that the caller does not load and retain it again): they all go to that
  /// view, one touch each, already in phase order, so nothing needs grouping, and the phases are
  /// planned into a fixed-size buffer (no array). Starts a new view round: what the calls lead to
  /// lists the touch again.
  @inline(__always)
  mutating func planOnlyDirtyRecord() -> (record: Int, phases: PlannedPhases, view: View?) {
    let record = dirtyRecords.removeLast()
    var phases = PlannedPhases()
    let view = planViewCalls(record, into: &phases, single: true)
    viewRound &+= 1
    return (record, phases, phases.count > 0 ? view : nil)
  }

  /// Plans the calls of every dirty record into `viewCalls`, in the order the views hear of their
  /// touches, and empties the dirty list. Starts a new view round, as `planOnlyDirtyRecord`.
  mutating func planDirtyRecords() {
    for index in 0..<dirtyRecords.count {
      let record = dirtyRecords[index]
      if records[record].viewState != .done && records[record].view?.isMultipleTouchEnabled == false {
        planInCallOrder()
        break
      }
    }
    var unused = PlannedPhases()
    for index in 0..<dirtyRecords.count {
      planViewCalls(dirtyRecords[index], into: &unused, single: false)
    }
    dirtyRecords.clear()
    viewRound &+= 1
  }

  /// Orders the dirty touches by the place of their first view call (their decision's, or the
  /// event's own), so that a view with `isMultipleTouchEnabled` false gets the first of its
  /// touches in the order it hears of them (<doc:BehaviourReference> §2.7, 5).
  private mutating func planInCallOrder() {
    // A decision's touches in the order they began; the event's own in the order of the list.
    var keyed: [(key: UInt64, order: UInt64, record: Int)] = []
    for index in 0..<dirtyRecords.count {
      let number = dirtyRecords[index]
      let key: UInt64
      switch records[number].viewState {
      case .pending: key = Self.decisionKey(records[number].beganReleasedBy)
      case .active where records[number].cancelRequested: key = Self.decisionKey(records[number].cancelledBy)
      case .active where records[number].endPending: key = Self.decisionKey(records[number].endReleasedBy)
      default: key = Self.eventOwnCall
      }
      keyed.append((key, key == Self.eventOwnCall ? UInt64(index) : records[number].serial, number))
    }
    keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.order < $1.order }
    dirtyRecords.clear()
    for entry in keyed { dirtyRecords.append(entry.record) }
  }

  /// The place of a phase among one decision's (or the event's own) calls.
  static func phaseRank(_ phase: TouchPhase) -> Int {
    switch phase {
    case .began: return 0
    case .moved, .stationary: return 1
    case .ended: return 2
    case .cancelled: return 3
    }
  }

  /// The `decision` of the event's own calls, which come after every decision's.
  static var eventOwnCall: UInt64 { .max }

  /// A decision's serial number as the key of its view calls: 0 (no decision) is the event's own.
  @inline(__always)
  static func decisionKey(_ serial: UInt64) -> UInt64 { serial == 0 ? eventOwnCall : serial }

  /// Plans one dirty touch's view calls, each with the decision that causes it (or as one of the
  /// event's own calls): into `phases` when `single`, into `viewCalls` otherwise. The touch's
  /// input phase in the dispatch ends here.
  /// Returns the view it planned for (nil when there was nothing to plan).
  @inline(__always)
  @discardableResult
  private mutating func planViewCalls(_ record: Int, into phases: inout PlannedPhases, single: Bool) -> View? {
    defer { records[record].phaseInDispatch = nil }
    guard records[record].viewState != .done, let view = records[record].view else {
      if records[record].isFinished { records[record].viewState = .done }
      return nil
    }
    planViewCalls(record, view, into: &phases, single: single)
    return view
  }

  private mutating func planViewCalls(_ record: Int, _ view: View, into phases: inout PlannedPhases, single: Bool) {
    let own = Self.eventOwnCall
    if records[record].cancelRequested || (records[record].inputCancelled && records[record].viewState == .active) {
      // Cancelled by a recognition (2.8), or by the input (the event's own call).
      if records[record].viewState == .active {
        let decision = records[record].cancelRequested ? Self.decisionKey(records[record].cancelledBy) : own
        addViewCall(view, .cancelled, record, decision: decision, into: &phases, single: single)
      }
      records[record].viewState = .done
      return
    }
    // From here on a cancelled touch is one whose `began` was withheld: it is released like any
    // other once its recognizers decide, and then cancelled (2.9).
    var endDecision = own
    if records[record].viewState == .pending {
      if records[record].beganWithholders > 0 { return }
      if records[record].suppressors > 0 || (!view.isMultipleTouchEnabled && view.activeTouchCount > 0) {
        records[record].viewState = .done
        return
      }
      let decision = Self.decisionKey(records[record].beganReleasedBy)
      addViewCall(view, .began, record, decision: decision, into: &phases, single: single)
      records[record].viewState = .active
      if records[record].movedWhileWithheld && (records[record].phaseInDispatch != .began) {
        addViewCall(view, .moved, record, decision: decision, into: &phases, single: single)
      }
      if records[record].inputCancelled {
        addViewCall(view, .cancelled, record, decision: decision, into: &phases, single: single)
        records[record].viewState = .done
        return
      }
      // A released touch's end comes with its release, or with the later decision that released
      // the end itself.
      if decision != own { endDecision = max(decision, records[record].endReleasedBy) }
    } else if records[record].phaseInDispatch == .moved {
      addViewCall(view, .moved, record, decision: own, into: &phases, single: single)
    }
    if records[record].endPending {
      if records[record].endWithholders > 0 { return }
      if endDecision == own { endDecision = Self.decisionKey(records[record].endReleasedBy) }
      addViewCall(view, .ended, record, decision: endDecision, into: &phases, single: single)
      records[record].viewState = .done
    }
  }

  @inline(__always)
  private mutating func addViewCall(
    _ view: View, _ phase: TouchPhase, _ record: Int, decision: UInt64, into phases: inout PlannedPhases, single: Bool
  ) {
    switch phase {
    case .began: view.activeTouchCount += 1
    case .ended, .cancelled: view.activeTouchCount -= 1
    default: break
    }
    if single {
      phases.append(phase)
    } else {
      // The event's own calls list their touches in the order the event lists them; a
      // decision's, in the order the touches began.
      let order =
        decision == Self.eventOwnCall && records[record].phaseInDispatch != nil
        ? UInt64(records[record].eventIndex) : (1 << 32) &+ records[record].serial
      viewCalls.append(
        PlannedViewCall(view: view, phase: phase, touch: records[record].touch, decision: decision, order: order))
    }
  }
}
