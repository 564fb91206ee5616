import GestureCore

/// The end of a touch's record: once its input ended and its view was told, the record leaves the
/// live table, and its number is reused by a later touch-down.
extension GestureRuntime {
  /// Retires the touches that ended in this dispatch; those whose view has not been told yet
  /// stay withheld until the recognizers decide.
  @inline(__always)
  func finishInputTouches() {
    assertNoUserCode(in: "finishInputTouches")
    // The event's input phases end with it (view planning clears those of the touches it
    // plans; a touch its view is done with is not planned).
    for index in 0..<eventRecords.count where records[eventRecords[index]].phaseInDispatch != nil {
      records[eventRecords[index]].phaseInDispatch = nil
    }
    // The dispatch's events are gone: their list of every touch lets go of the touches, and keeps
    // its storage for the next (`allTouchesOfEvent`).
    if !eventAllTouches.isEmpty { eventAllTouches.clear() }
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
    for index in 0..<eventRecords.count where records[eventRecords[index]].isFinished {
      let record = eventRecords[index]
      if removeLive(record) {
        if !records[record].inputCancelled {
          let touch = records[record].touch
          lastTapEnd = (now, touch.locationInWindow, touch.tapCount)
        }
      }
      if records[record].viewState != .done {
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
        if records[withheldRecords[index]].viewState == .done {
          retireIfDone(withheldRecords[index])
        } else {
          if kept != index { withheldRecords.swapAt(kept, index) }
          kept += 1
        }
      }
      while withheldRecords.count > kept { withheldRecords.removeLast() }
    }
  }

  /// Retires a touch's record once nothing needs it: the touch lets go of it, and its number
  /// waits for the next touch-down, the record behind the placeholder touch (holding on to
  /// nothing of the scene). A record is retired once: its touch no longer names it after that.
  func retireIfDone(_ record: Int) {
    guard records[record].isFinished && records[record].viewState == .done else { return }
    let touch = records[record].touch
    guard self.record(of: touch) == record else { return }
    touch.runtimeRecord = RuntimeSlotNumber()
    // What the record held is returned, and let go of once the call has returned, outside the
    // table's access: a view may go with it (its deinit is user code).
    _ = records[record].park(placeholder: placeholderTouch)
    freeRecords.append(record)
  }
}
