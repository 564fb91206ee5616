@_spi(GestureRuntime) import GestureCore

extension GestureRuntime {
  /// Whether a recognizer that still holds the touch is undecided and withholds its `began`
  /// (<doc:BehaviourReference> §2.9, 2.11).
  func isBeganWithheld(_ record: TouchRecord) -> Bool { isWithheld(record, began: true) }

  /// Whether a recognizer that still holds the touch is undecided and withholds its end
  /// (<doc:BehaviourReference> §2.10, 2.11).
  func isEndWithheld(_ record: TouchRecord) -> Bool { isWithheld(record, began: false) }

  func isWithheld(_ record: TouchRecord, began: Bool) -> Bool {
    began ? record.beganWithholders > 0 : record.endWithholders > 0
  }

  /// The recognizer has decided (or stopped holding its touches): it no longer withholds them.
  @inline(__always)
  func stopWithholding(_ recognizer: GestureRecognizer) {
    for index in recognizer.attemptTouches.indices {
      if recognizer.attemptTouches[index].withholds != 0 { stopWithholding(recognizer, at: index) }
    }
  }

  func stopWithholding(_ recognizer: GestureRecognizer, at index: Int) {
    let flags = recognizer.attemptTouches[index].withholds
    recognizer.attemptTouches[index].withholds = 0
    guard flags != 0, let record = recognizer.attemptTouches[index].touch.record else { return }
    if flags & 1 != 0 { record.beganWithholders -= 1 }
    if flags & 2 != 0 { record.endWithholders -= 1 }
    markDirty(record)
  }

  /// Works out each dirty touch's view calls, then makes them grouped per view and phase
  /// (<doc:BehaviourReference> §2.7–2.11).
  func deliverToViews() {
    guard !dirtyRecords.isEmpty else { return }
    if dirtyRecords.count == 1 {
      // One touch (the common case): its calls all go to its view, one touch each, already in
      // phase order, so there is nothing to group. The record is moved out of the list (no
      // retain), and the phases are planned into a fixed-size buffer (no array).
      let record = dirtyRecords.removeLast()
      planningOneRecord = true
      plannedPhases.count = 0
      planViewCalls(record)
      planningOneRecord = false
      guard plannedPhases.count > 0, let viewHandle = record.viewHandle else { return }
      if viewTouch.isEmpty {
        viewTouch.append(record.touch)
      } else if viewTouch[0] !== record.touch {
        viewTouch[0] = record.touch
      }
      let touches = viewTouch
      let planned = plannedPhases
      // Called through the record's unretained handle: the record (held here) keeps its view.
      viewHandle._withUnsafeGuaranteedRef { view in
        for index in 0..<planned.count {
          callView(view, planned[index], touches)
        }
      }
      return
    }
    viewCalls.clear()
    var index = 0
    while index < dirtyRecords.count {
      planViewCalls(dirtyRecords[index])
      index += 1
    }
    dirtyRecords.removeAll()
    guard !viewCalls.isEmpty else { return }
    // Group: views in order of first appearance; per view, began, moved, ended, cancelled.
    passMark &+= 1
    let mark = Int(truncatingIfNeeded: passMark)
    let calls = viewCalls
    viewCalls.clear()
    for call in calls where call.view.runtimeMark != mark {
      call.view.runtimeMark = mark
      for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
        scratchTouches.clear()
        for other in calls where other.view === call.view && other.phase == phase {
          scratchTouches.append(other.touch)
        }
        if scratchTouches.count > 1 {
          scratchTouches.sort { $0.beganAt != $1.beganAt ? $0.beganAt < $1.beganAt : $0.identifier < $1.identifier }
        }
        if !scratchTouches.isEmpty { callView(call.view, phase, scratchTouches) }
      }
    }
    scratchTouches.clear()
  }

  @inline(__always)
  func planViewCalls(_ record: TouchRecord) {
    defer { record.phaseInDispatch = nil }
    guard record.viewState != .done, let viewHandle = record.viewHandle else {
      if record.isFinished { record.viewState = .done }
      return
    }
    // Through the record's unretained handle: the record keeps its view (no user code runs here).
    viewHandle._withUnsafeGuaranteedRef { view in planViewCalls(record, view) }
  }

  private func planViewCalls(_ record: TouchRecord, _ view: View) {
    if record.cancelRequested || record.inputCancelled {
      if record.viewState == .active { addViewCall(view, .cancelled, record) }
      record.viewState = .done
      return
    }
    if record.viewState == .pending {
      if isBeganWithheld(record) { return }
      if !view.isMultipleTouchEnabled && view.activeTouchCount > 0 {
        record.viewState = .done
        return
      }
      addViewCall(view, .began, record)
      record.viewState = .active
      if record.movedWhileWithheld && (record.phaseInDispatch != .began) {
        addViewCall(view, .moved, record)
      }
    } else if record.phaseInDispatch == .moved {
      addViewCall(view, .moved, record)
    }
    if record.endPending {
      if isEndWithheld(record) { return }
      addViewCall(view, .ended, record)
      record.viewState = .done
    }
  }

  @inline(__always)
  func addViewCall(_ view: View, _ phase: TouchPhase, _ record: TouchRecord) {
    switch phase {
    case .began: view.activeTouchCount += 1
    case .ended, .cancelled: view.activeTouchCount -= 1
    default: break
    }
    if planningOneRecord {
      plannedPhases.append(phase)
    } else {
      viewCalls.append((view, phase, record.touch))
    }
  }

  func callView(_ view: View, _ phase: TouchPhase, _ touches: [Touch]) {
    if trace != nil {
      emit(.view(view: view.name, call: phase, touches: touches.map(\.identifier)))
    }
    let event = TouchEvent(timestamp: now, allTouches: allTouchesOfEvent(touches))
    switch phase {
    case .began: view.touchesBegan(touches, with: event)
    case .moved, .stationary: view.touchesMoved(touches, with: event)
    case .ended: view.touchesEnded(touches, with: event)
    case .cancelled: view.touchesCancelled(touches, with: event)
    }
  }

  /// Retires the touches that ended in this dispatch; those whose view has not been told yet
  /// stay withheld until the recognizers decide.
  @inline(__always)
  func finishInputTouches() {
    // The event's input phases end with it (view planning clears those of the touches it
    // plans; a touch its view is done with is not planned).
    for index in 0..<eventRecords.count where eventRecords[index].phaseInDispatch != nil {
      eventRecords[index].phaseInDispatch = nil
    }
    if !eventFinishes && withheldRecords.isEmpty {
      // Nothing lifted in this event and no touch waits for its view: nothing to retire.
      eventRecords.removeAll()
      return
    }
    retireFinishedTouches()
  }

  /// The part of `finishInputTouches` for an event in which a touch lifted, or while a touch waits
  /// for its view.
  private func retireFinishedTouches() {
    eventFinishes = false
    for index in 0..<eventRecords.count where eventRecords[index].isFinished {
      let record = eventRecords[index]
      if liveTouches.remove(record) {
        if !record.inputCancelled {
          let count = record.touch.tapCount
          lastTapEnd = (now, record.touch.locationInWindow, count)
        }
      }
      if record.viewState != .done {
        withheldRecords.append(record)
      } else {
        retireIfDone(record)
      }
    }
    eventRecords.removeAll()
    if !withheldRecords.isEmpty {
      // In place and in order, without the generic removeAll(where:).
      var kept = 0
      for index in 0..<withheldRecords.count {
        if withheldRecords[index].viewState == .done {
          retireIfDone(withheldRecords[index])
        } else {
          if kept != index { withheldRecords.swapAt(kept, index) }
          kept += 1
        }
      }
      while withheldRecords.count > kept { withheldRecords.removeLast() }
    }
    if !retiredRecords.isEmpty { recycleRetiredRecords() }
  }

  /// Marks a touch record for release once nothing needs it: the touch lets go of it, and it
  /// waits for `recycleRetiredRecords`.
  func retireIfDone(_ record: TouchRecord) {
    if record.isFinished && record.viewState == .done && record.touch.runtimeRecord != nil {
      record.touch.runtimeRecord = nil
      retiredRecords.append(record)
    }
  }

  /// Keeps the records retired in this dispatch for later touches (up to `recordPoolLimit`),
  /// those that nothing else references: a touch-down then reuses one instead of allocating a
  /// record and its entry storage. The rest are released.
  func recycleRetiredRecords() {
    while !retiredRecords.isEmpty {
      var record = retiredRecords.removeLast()
      guard recordPool.count < Self.recordPoolLimit, isKnownUniquelyReferenced(&record) else { continue }
      record.park(placeholder: placeholderTouch)
      recordPool.append(record)
    }
  }
}
