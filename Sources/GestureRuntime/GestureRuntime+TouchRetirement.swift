import GestureCore

/// The end of a touch's record: once its input ended and its view was told, the record leaves the
/// live table, and is kept for reuse by the next touch-down.
extension GestureRuntime {
  /// Retires the touches that ended in this dispatch; those whose view has not been told yet
  /// stay withheld until the recognizers decide.
  @inline(__always)
  func finishInputTouches() {
    assertNoUserCode(in: "finishInputTouches")
    // The event's input phases end with it (view planning clears those of the touches it
    // plans; a touch its view is done with is not planned).
    for index in 0..<eventRecords.count where eventRecords[index].phaseInDispatch != nil {
      eventRecords[index].phaseInDispatch = nil
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
