import GestureCore

/// Delivery to views (<doc:BehaviourReference> §2.7–2.11, 5): each dirty touch's view calls are
/// planned with the decision that causes them (RuntimeTables+ViewPlanning), then made here, per
/// view in decision order, then the event's own calls in phase order.
extension GestureRuntime {
  /// Works out each dirty touch's view calls, then makes them grouped per view: first the calls
  /// that this dispatch's decisions cause, decision by decision in the order they were published
  /// and one call per phase for each; then the event's own calls, one per phase, in the order
  /// began, moved, ended, cancelled (<doc:BehaviourReference> §2.7–2.11, 5).
  func deliverToViews() {
    assertNoUserCode(in: "deliverToViews")
    guard !tables.dirtyRecords.isEmpty else { return }
    if tables.dirtyRecords.count == 1 {
      // One touch (the common case): planned without an array (`planOnlyDirtyRecord`).
      let (record, phases, view) = tables.planOnlyDirtyRecord()
      guard let view else { return }
      if viewTouch.isEmpty || viewTouch[0] !== tables.records[record].touch {
        // Out of place (it may let go of a touch), as the runtime's other lists.
        var list: [Touch] = []
        swap(&list, &viewTouch)
        list.holdOnly(tables.records[record].touch)
        swap(&list, &viewTouch)
      }
      if phases.count == 1 {
        // One call (the common case): the list is handed over to the call's event, not copied
        // once for the loop and again for the event.
        makeViewCall(view, phases[0], viewTouch)
      } else {
        let touches = viewTouch
        for index in 0..<phases.count {
          makeViewCall(view, phases[index], touches)
        }
      }
      return
    }
    // Emptied out of place, outside the tables' access: emptying it lets go of views, whose
    // deinit the compiler cannot see. (The calls below take the list out and put it back empty,
    // so nothing should be left in it: this only keeps a stray call from being made twice.)
    if !tables.viewCalls.isEmpty {
      var emptied: [PlannedViewCall] = []
      swap(&emptied, &tables.viewCalls)
      emptied.clear()
      swap(&emptied, &tables.viewCalls)
    }
    tables.planDirtyRecords()
    guard !tables.viewCalls.isEmpty else { return }
    // Group: views in order of first appearance; per view, the decisions' calls in the order of
    // the decisions, then the event's own (`RuntimeTables.eventOwnCall`); within each, one call
    // per phase in the order began, moved, ended, cancelled, its touches in `order`.
    passMark &+= 1
    let mark = Int(truncatingIfNeeded: passMark)
    // Taken out, not copied: emptying a list whose storage a copy shares would allocate anew.
    var calls: [PlannedViewCall] = []
    swap(&calls, &tables.viewCalls)
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
      swap(&calls, &tables.viewCalls)
    }
    for call in calls where call.view.runtimeMark != mark {
      call.view.runtimeMark = mark
      ofView.clear()
      for other in calls where other.view === call.view { ofView.append(other) }
      if ofView.count > 1 {
        ofView.sort { a, b in
          if a.decision != b.decision { return a.decision < b.decision }
          if a.phase != b.phase { return RuntimeTables.phaseRank(a.phase) < RuntimeTables.phaseRank(b.phase) }
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

  /// Makes one planned view call: its trace line, then the view's touch method.
  /// `touches` is taken, not borrowed: when they are all the event's touches (one touch, the
  /// only one down, or none down), the list moves into the event and the view gets the event's,
  /// so it is retained once per call, not once more for the event.
  func makeViewCall(_ view: View, _ phase: TouchPhase, _ touches: consuming [Touch]) {
    assertNoUserCode(in: "makeViewCall")
    if trace != nil {
      emit(.view(view: view.name, call: phase, touches: touches.map(\.identifier)))
    }
    if eventListsOnly(touches) {
      let event = TouchEvent(timestamp: now, allTouches: consume touches)
      callView(view, phase, event.allTouches, event)
    } else {
      let event = TouchEvent(timestamp: now, allTouches: allTouchesOfEvent(touches))
      callView(view, phase, touches, event)
    }
  }

}
