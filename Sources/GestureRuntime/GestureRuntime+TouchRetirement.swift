import GestureCore

/// The end of a touch's record: once its input ended and its view was told, the record leaves the
/// live table, and its number is reused by a later touch-down.
extension GestureRuntime {
  /// Retires the touches that ended in this dispatch; those whose view has not been told yet
  /// stay withheld until the recognizers decide.
  @inline(__always)
  func finishInputTouches() {
    assertNoUserCode(in: "finishInputTouches")
    // The dispatch's events are gone: their list of every touch lets go of the touches, and keeps
    // its storage for the next (`allTouchesOfEvent`).
    if !eventAllTouches.isEmpty {
      // Out of place, as the runtime's other lists (GestureRuntime.swift): it lets go of touches.
      var all: [Touch] = []
      swap(&all, &eventAllTouches)
      all.clear()
      swap(&all, &eventAllTouches)
    }
    // The event's input phases end with it (view planning clears those of the touches it
    // plans; a touch its view is done with is not planned).
    if !tables.endEvent(lifted: eventFinishes) {
      // Nothing lifted in this event and no touch waits for its view: nothing to retire.
      return
    }
    retireFinishedTouches()
  }

  /// The part of `finishInputTouches` for an event in which a touch lifted, or while a touch waits
  /// for its view.
  private func retireFinishedTouches() {
    eventFinishes = false
    for index in 0..<tables.eventRecords.count where tables.records[tables.eventRecords[index]].isFinished {
      let record = tables.eventRecords[index]
      if tables.removeLive(record) {
        if !tables.records[record].inputCancelled {
          let touch = tables.records[record].touch
          lastTapEnd = (now, touch.locationInWindow, touch.tapCount)
        }
      }
      if tables.records[record].viewState != .done {
        tables.withheldRecords.append(record)
      } else {
        retireIfDone(record)
      }
    }
    tables.eventRecords.clear()
    if !tables.withheldRecords.isEmpty {
      // In place and in order, without the generic removeAll(where:).
      var kept = 0
      for index in 0..<tables.withheldRecords.count {
        if tables.records[tables.withheldRecords[index]].viewState == .done {
          retireIfDone(tables.withheldRecords[index])
        } else {
          if kept != index { tables.withheldRecords.swapAt(kept, index) }
          kept += 1
        }
      }
      while tables.withheldRecords.count > kept { tables.withheldRecords.removeLast() }
    }
  }

  /// Retires a touch's record once nothing needs it: the touch lets go of it, and its number
  /// waits for the next touch-down, the record behind the placeholder touch (holding on to
  /// nothing of the scene). A record is retired once: its touch no longer names it after that.
  func retireIfDone(_ record: Int) {
    // What the record held is let go of once the call has returned, outside the tables' access.
    _ = tables.retire(record, placeholder: placeholderTouch, owner: runtimeNumber)
  }
}
