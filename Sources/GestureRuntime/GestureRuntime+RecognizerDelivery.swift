import GestureCore

/// Delivery to recognizers: the touches of the current event reach the recognizers that hold
/// them, each its own touches of each phase in order (<doc:BehaviourReference> §2.3, 1.4), through
/// the touch methods of the dispatch file's user-code section; then what a delivery implies
/// without the recognizer asking — the implicit `changed` of a continuous recognizer and the
/// end of tracking of lifted touches.
extension GestureRuntime {
  /// Delivers the current event to the recognizers: each gets only its own touches of each phase,
  /// began before moved before ended before cancelled (<doc:BehaviourReference> §2.3, 1.4).
  /// `count` is the number of the event's records and `first` the first of them.
  @inline(__always)
  func deliverEventToRecognizers(count: Int, first: Int) {
    if count == 1 {
      // Records are retired only once the dispatch's deliveries are over: the number stays this
      // record's for the whole delivery.
      deliverOneTouch(first)
      return
    }
    // Several touches: deliver per recognizer, in collection order, deduplicated.
    guard count > 0 else { return }
    // The list is taken out while in use and put back at the end, as the runtime's other lists
    // (GestureRuntime.swift); so is the list of each phase's touches below.
    var changed: [Touch] = []
    swap(&changed, &eventTouches)
    changed.clear()
    for index in 0..<tables.eventRecords.count { changed.append(tables.records[tables.eventRecords[index]].touch) }
    var event = TouchEvent(timestamp: now, allTouches: allTouchesOfEvent(changed))
    event.buttonMask = pointer.buttonMask
    event.modifierFlags = pointer.modifierFlags
    passMark &+= 1
    let mark = passMark
    // Each recognizer in the order of its first entry, valid or not, by slot number (no slot is
    // given back during a dispatch). Entries made before the slot was last given out are for an
    // earlier owner, or for this recognizer before it left the tree: they do not count
    // (<doc:BehaviourReference> §2.3).
    var order: [Int] = []
    swap(&order, &eventSlots)
    for index in 0..<tables.eventRecords.count {
      let entries = tables.records[tables.eventRecords[index]].entries
      for entryIndex in 0..<entries.count {
        let number = Int(entries[entryIndex].slot)
        guard tables.slots[number].mark != mark, entries[entryIndex].attempt >= tables.slots[number].firstAttempt,
          tables.slots[number].recognizer != nil
        else { continue }
        tables.slots[number].mark = mark
        order.append(number)
      }
    }
    let phases: [TouchPhase] = [.began, .moved, .ended, .cancelled]
    var touches: [Touch] = []
    swap(&touches, &scratchTouches)
    for number in order {
      guard let recognizer = tables.slots[number].recognizer else { continue }
      let state = recognizer.deliveryState
      guard state.undecidedAndAttached else { continue }
      beginDelivery(requestCount: state.stateRequests)
      var delivered = 0
      var cancelled = false
      for phase in phases {
        touches.clear()
        for index in 0..<tables.eventRecords.count {
          let record = tables.eventRecords[index]
          if tables.records[record].phaseInDispatch == phase
            && tables.records[record].isHeld(bySlot: number, attempt: tables.slots[number].attempt)
          {
            touches.append(tables.records[record].touch)
          }
        }
        guard !touches.isEmpty, !recognizer.requestedState.isTerminal else { continue }
        delivered += touches.count
        deliver(phase, touches, to: recognizer, event: event)
        if phase == .cancelled { cancelled = true }
      }
      if delivered > 0 { afterDelivery(recognizer, inputCancelled: cancelled, delivered: delivered) }
    }
    touches.clear()
    swap(&touches, &scratchTouches)
    swap(&changed, &eventTouches)
    order.clear()
    eventSlots = order
  }

  /// Delivers a one-touch event: the list of its one touch is kept between events and its
  /// storage is reused, so that a delivery builds no array.
  @inline(__always)
  private func deliverOneTouch(_ record: Int) {
    guard let phase = tables.records[record].phaseInDispatch else { return }
    if singleTouchList.isEmpty || singleTouchList[0] !== tables.records[record].touch {
      // Out of place (it may let go of a touch), as the runtime's other lists.
      var list: [Touch] = []
      swap(&list, &singleTouchList)
      list.holdOnly(tables.records[record].touch)
      swap(&list, &singleTouchList)
    }
    let touches = singleTouchList
    // Built, not copied from a stored event (a copy of a whole event costs more than its fields).
    // Other fingers down and still: the event lists them too (UIKit's `allTouches`).
    var event = TouchEvent(timestamp: now, allTouches: tables.live.count > 1 ? allTouchesOfEvent(touches) : touches)
    event.buttonMask = pointer.buttonMask
    event.modifierFlags = pointer.modifierFlags
    // Deliveries never add entries to the record (they may only void one).
    let count = tables.records[record].entries.count
    for index in 0..<count {
      guard let recognizer = tables.recognizer(ofEntry: index, in: record) else { continue }
      // Whether it takes the touch, and the start of the count of what it asks, in one call.
      let state = recognizer.deliveryState
      guard state.undecidedAndAttached else { continue }
      beginDelivery(requestCount: state.stateRequests)
      deliver(phase, touches, to: recognizer, event: event)
      afterDelivery(recognizer, inputCancelled: phase == .cancelled, delivered: 1)
    }
  }

  /// Whether `changed` is every touch of the current event (`allTouchesOfEvent` returns it as it
  /// is): no touch is down, or its one touch is the only one down.
  @inline(__always)
  func eventListsOnly(_ changed: [Touch]) -> Bool {
    let live = tables.live.count
    return live == 0 || (live == 1 && changed.count == 1 && tables.liveTouch(at: 0) === changed[0])
  }

  /// Every touch of the current event for ``TouchEvent/allTouches``: every touch that is down
  /// (the touches lifting in this dispatch are still listed), then those of `changed` that are no
  /// longer down (withheld ones a view is told of later). Linear in the number of touches.
  @inline(__always)
  func allTouchesOfEvent(_ changed: [Touch]) -> [Touch] {
    if eventListsOnly(changed) { return changed }
    let live = tables.live.count
    // The last list's storage, reused: the event that held it is gone by now (if a callback
    // kept it, emptying it copies, and the callback's copy stays as it was).
    var all: [Touch] = []
    swap(&all, &eventAllTouches)
    all.clear()
    all.reserveCapacity(live + changed.count)
    defer { eventAllTouches = all }
    // Touches made up for hover and scroll are no touches of a touch event.
    let pointer = self.pointer.syntheticCount > 0 ? self.pointer : nil
    tables.appendTouchesOfEvent(changed, to: &all, skipping: pointer, owner: runtimeNumber)
    return all
  }

  /// Starts the count of what the recognizer asks and ignores during its delivery, from its
  /// count of state requests (`GestureRecognizer.deliveryState`, read as it is found to take it).
  @inline(__always)
  func beginDelivery(requestCount: UInt32) {
    stateRequestsAtDelivery = requestCount
    ignoredThisDelivery = 0
  }

  /// Whether the recognizer just delivered to asked for a state during its delivery, wherever
  /// the request went (one taken off its view during the delivery asks without a host, or
  /// through the runtime of another window): the recognizer counts its requests.
  @inline(__always)
  func askedDuringDelivery(_ recognizer: GestureRecognizer) -> Bool {
    recognizer.stateRequestCount != stateRequestsAtDelivery
  }

  @inline(__always)
  func deliver(_ phase: TouchPhase, _ touches: [Touch], to recognizer: GestureRecognizer, event: TouchEvent) {
    // Debug builds (the tests, the fuzzer) check behaviour reference §2.4 on every delivery.
    assert(
      !recognizer.requestedState.isTerminal && !recognizer.publishedState.isTerminal,
      "a touch reached \(recognizer.displayName) after its terminal state")
    assert(
      touches.allSatisfy { touch in record(of: touch).map { isHeld($0, by: recognizer) } ?? false },
      "\(recognizer.displayName) got a touch that is not one of its current attempt's")
    if phase == .stationary { return }
    callTouchMethod(phase, touches, of: recognizer, event)
    if phase == .ended || phase == .cancelled {
      removeTracked(touches, from: recognizer)
    }
  }

  /// Stops tracking touches, remembering where the last ones lifted (<doc:BehaviourReference> §4, location).
  func removeTracked(_ touches: [Touch], from recognizer: GestureRecognizer) {
    assertNoUserCode(in: "removeTracked")
    if recognizer.stopTracking(lifted: touches) { listForWatchdog(recognizer) }
  }

  /// After a recognizer handled an event (`delivered` touches of it): the implicit `changed` of a
  /// continuous recognizer (<doc:BehaviourReference> §1.4), which an event whose touches it all
  /// ignored does not cause (§2.5), and the runtime's decision for one whose touches were
  /// cancelled.
  @inline(__always)
  func afterDelivery(_ recognizer: GestureRecognizer, inputCancelled: Bool, delivered: Int) {
    assertNoUserCode(in: "afterDelivery")
    let state = recognizer.requestedState
    if inputCancelled && !state.isTerminal && recognizer.numberOfTouches == 0 {
      forceFinish(recognizer, reason: "its touches were cancelled")
      return
    }
    if (state == .began || state == .changed) && recognizer.numberOfTouches > 0
      && ignoredThisDelivery < delivered && !askedDuringDelivery(recognizer)
    {
      recognizer.requestedState = .changed
      if heldRequestIsMoot(recognizer, .changed) { return }
      tables.request(slot: ownSlot(recognizer), .changed, reason: nil)
    }
  }
}
