import GestureCore

/// Delivery to views (<doc:BehaviourReference> §2.7–2.11, 5): each dirty touch's view calls are
/// planned with the decision that causes them, then made per view in decision order, then the
/// event's own calls in phase order.
extension GestureRuntime {
  /// Works out each dirty touch's view calls, then makes them grouped per view: first the calls
  /// that this dispatch's decisions cause, decision by decision in the order they were published
  /// and one call per phase for each; then the event's own calls, one per phase, in the order
  /// began, moved, ended, cancelled (<doc:BehaviourReference> §2.7–2.11, 5).
  func deliverToViews() {
    assertNoUserCode(in: "deliverToViews")
    guard !tables.dirtyRecords.isEmpty else { return }
    if tables.dirtyRecords.count == 1 {
      // One touch (the common case): its calls all go to its view, one touch each, already in
      // phase order, so there is nothing to group. The phases are planned into a fixed-size
      // buffer (no array).
      let record = tables.dirtyRecords.removeLast()
      planningOneRecord = true
      plannedPhases.count = 0
      planViewCalls(record)
      planningOneRecord = false
      // What the calls below lead to lists the touch again.
      tables.viewRound &+= 1
      guard plannedPhases.count > 0, let view = tables.records[record].view else { return }
      if viewTouch.isEmpty || viewTouch[0] !== tables.records[record].touch {
        // Out of place (it may let go of a touch), as the runtime's other lists.
        var list: [Touch] = []
        swap(&list, &viewTouch)
        list.holdOnly(tables.records[record].touch)
        swap(&list, &viewTouch)
      }
      let touches = viewTouch
      let planned = plannedPhases
      for index in 0..<planned.count {
        makeViewCall(view, planned[index], touches)
      }
      return
    }
    // Emptied out of place: emptying it lets go of views, whose deinit the compiler cannot see.
    if !viewCalls.isEmpty {
      var emptied: [PlannedViewCall] = []
      swap(&emptied, &viewCalls)
      emptied.clear()
      swap(&emptied, &viewCalls)
    }
    // An index loop, not a closure over the tables (which would copy them).
    for index in 0..<tables.dirtyRecords.count {
      let record = tables.dirtyRecords[index]
      if tables.records[record].viewState != .done && tables.records[record].view?.isMultipleTouchEnabled == false {
        planInCallOrder()
        break
      }
    }
    var index = 0
    while index < tables.dirtyRecords.count {
      planViewCalls(tables.dirtyRecords[index])
      index += 1
    }
    tables.dirtyRecords.clear()
    tables.viewRound &+= 1
    guard !viewCalls.isEmpty else { return }
    // Group: views in order of first appearance; per view, the decisions' calls in the order of
    // the decisions, then the event's own (`eventOwnCall`); within each, one call per phase in
    // the order began, moved, ended, cancelled, its touches in `order`.
    passMark &+= 1
    let mark = Int(truncatingIfNeeded: passMark)
    // Taken out, not copied: emptying a list whose storage a copy shares would allocate anew.
    var calls: [PlannedViewCall] = []
    swap(&calls, &viewCalls)
    var ofView: [PlannedViewCall] = []
    swap(&ofView, &viewCallScratch)
    var touches: [Touch] = []
    swap(&touches, &scratchTouches)
    defer {
      touches.clear()
      swap(&touches, &scratchTouches)
      ofView.clear()
      swap(&ofView, &viewCallScratch)
      calls.clear()
      swap(&calls, &viewCalls)
    }
    for call in calls where call.view.runtimeMark != mark {
      call.view.runtimeMark = mark
      ofView.clear()
      for other in calls where other.view === call.view { ofView.append(other) }
      if ofView.count > 1 {
        ofView.sort { a, b in
          if a.decision != b.decision { return a.decision < b.decision }
          if a.phase != b.phase { return Self.phaseRank(a.phase) < Self.phaseRank(b.phase) }
          return a.order < b.order
        }
      }
      var start = 0
      while start < ofView.count {
        var end = start + 1
        while end < ofView.count && ofView[end].decision == ofView[start].decision
          && ofView[end].phase == ofView[start].phase
        {
          end += 1
        }
        touches.clear()
        for index in start..<end { touches.append(ofView[index].touch) }
        makeViewCall(call.view, ofView[start].phase, touches)
        start = end
      }
    }
  }

  /// Orders the dirty touches by the place of their first view call (their decision's, or the
  /// event's own), so that a view with `isMultipleTouchEnabled` false gets the first of its
  /// touches in the order it hears of them (<doc:BehaviourReference> §2.7, 5).
  func planInCallOrder() {
    // A decision's touches in the order they began; the event's own in the order of the list.
    var keyed: [(key: UInt64, order: UInt64, record: Int)] = []
    for index in 0..<tables.dirtyRecords.count {
      let number = tables.dirtyRecords[index]
      let record = tables.records[number]
      let key: UInt64
      switch record.viewState {
      case .pending: key = Self.decisionKey(record.beganReleasedBy)
      case .active where record.cancelRequested: key = Self.decisionKey(record.cancelledBy)
      case .active where record.endPending: key = Self.decisionKey(record.endReleasedBy)
      default: key = Self.eventOwnCall
      }
      keyed.append((key, key == Self.eventOwnCall ? UInt64(index) : record.serial, number))
    }
    keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.order < $1.order }
    tables.dirtyRecords.clear()
    for entry in keyed { tables.dirtyRecords.append(entry.record) }
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

  @inline(__always)
  func planViewCalls(_ record: Int) {
    assertNoUserCode(in: "planViewCalls")
    defer { tables.records[record].phaseInDispatch = nil }
    guard tables.records[record].viewState != .done, let view = tables.records[record].view else {
      if tables.records[record].isFinished { tables.records[record].viewState = .done }
      return
    }
    planViewCalls(record, view)
  }

  /// Plans one touch's view calls, each with the decision that causes it (or as one of the
  /// event's own calls).
  private func planViewCalls(_ record: Int, _ view: View) {
    let own = Self.eventOwnCall
    if tables.records[record].cancelRequested
      || (tables.records[record].inputCancelled && tables.records[record].viewState == .active)
    {
      // Cancelled by a recognition (2.8), or by the input (the event's own call).
      if tables.records[record].viewState == .active {
        let decision =
          tables.records[record].cancelRequested ? Self.decisionKey(tables.records[record].cancelledBy) : own
        addViewCall(view, .cancelled, record, decision: decision)
      }
      tables.records[record].viewState = .done
      return
    }
    // From here on a cancelled touch is one whose `began` was withheld: it is released like any
    // other once its recognizers decide, and then cancelled (2.9).
    var endDecision = own
    if tables.records[record].viewState == .pending {
      if tables.records[record].beganWithholders > 0 { return }
      if tables.records[record].suppressors > 0 || (!view.isMultipleTouchEnabled && view.activeTouchCount > 0) {
        tables.records[record].viewState = .done
        return
      }
      let decision = Self.decisionKey(tables.records[record].beganReleasedBy)
      addViewCall(view, .began, record, decision: decision)
      tables.records[record].viewState = .active
      if tables.records[record].movedWhileWithheld && (tables.records[record].phaseInDispatch != .began) {
        addViewCall(view, .moved, record, decision: decision)
      }
      if tables.records[record].inputCancelled {
        addViewCall(view, .cancelled, record, decision: decision)
        tables.records[record].viewState = .done
        return
      }
      // A released touch's end comes with its release, or with the later decision that released
      // the end itself.
      if decision != own { endDecision = max(decision, tables.records[record].endReleasedBy) }
    } else if tables.records[record].phaseInDispatch == .moved {
      addViewCall(view, .moved, record, decision: own)
    }
    if tables.records[record].endPending {
      if tables.records[record].endWithholders > 0 { return }
      if endDecision == own { endDecision = Self.decisionKey(tables.records[record].endReleasedBy) }
      addViewCall(view, .ended, record, decision: endDecision)
      tables.records[record].viewState = .done
    }
  }

  @inline(__always)
  func addViewCall(_ view: View, _ phase: TouchPhase, _ record: Int, decision: UInt64) {
    switch phase {
    case .began: view.activeTouchCount += 1
    case .ended, .cancelled: view.activeTouchCount -= 1
    default: break
    }
    if planningOneRecord {
      plannedPhases.append(phase)
    } else {
      // The event's own calls list their touches in the order the event lists them; a
      // decision's, in the order the touches began.
      let order =
        decision == Self.eventOwnCall && tables.records[record].phaseInDispatch != nil
        ? UInt64(tables.records[record].eventIndex) : (1 << 32) &+ tables.records[record].serial
      let call = PlannedViewCall(
        view: view, phase: phase, touch: tables.records[record].touch, decision: decision, order: order)
      var calls: [PlannedViewCall] = []
      swap(&calls, &viewCalls)
      calls.append(call)
      swap(&calls, &viewCalls)
    }
  }

  /// Makes one planned view call: its trace line, then the view's touch method.
  func makeViewCall(_ view: View, _ phase: TouchPhase, _ touches: [Touch]) {
    assertNoUserCode(in: "makeViewCall")
    if trace != nil {
      emit(.view(view: view.name, call: phase, touches: touches.map(\.identifier)))
    }
    let event = TouchEvent(timestamp: now, allTouches: allTouchesOfEvent(touches))
    callView(view, phase, touches, event)
  }

}
