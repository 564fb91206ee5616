public import GestureCore

extension GestureRuntime {
  /// The pointer's buttons down during the current dispatch (<doc:BehaviourReference> §6.1).
  public var buttonMask: EventButtonMask { pointer.buttonMask }

  /// The modifier keys down during the current dispatch (<doc:BehaviourReference> §6.1).
  public var modifierFlags: ModifierFlags { pointer.modifierFlags }

  var currentButtonMask: EventButtonMask { pointer.buttonMask }
  var currentModifierFlags: ModifierFlags { pointer.modifierFlags }

  /// Dispatches one input event with the pointer's buttons and modifier keys as they are after it
  /// (UIKit's `UIEvent.buttonMask` and `modifierFlags`, <doc:BehaviourReference> §6.1).
  ///
  /// A pointer press is a touch of type ``GestureCore/TouchType/indirectPointer``: it begins when
  /// the first button goes down, moves with the pointer and ends when the last button lifts.
  /// Recognizers read `buttonMask` and `modifierFlags` on the event and on themselves. A press
  /// that begins while the pointer hovers ends the hover first, in a dispatch of its own.
  /// `touches` may be empty: the event then only changes the buttons and keys. A button that goes
  /// down or lifts during a press, in an event with no change of the press, is a `moved` of the
  /// press where it is, so that recognizers see the new buttons (a tap judges every button down
  /// during the press, <doc:BehaviourReference> §6.2). The plain
  /// ``send(_:at:)-([TouchInput],_)`` keeps the buttons and keys of the last event that set them,
  /// but for a press it sends without buttons, to which it gives a script's (the primary button
  /// down at its beginning, none from its end).
  public func send(
    _ touches: [TouchInput], buttonMask: EventButtonMask, modifierFlags: ModifierFlags = [], at time: Timestamp
  ) {
    if isDispatching {
      queueDeferred { [unowned self] in
        self.send(touches, buttonMask: buttonMask, modifierFlags: modifierFlags, at: time)
      }
      return
    }
    advance(to: time > now ? time : diagnosedTime(time))
    if pointer.hoverInWindow && touches.contains(where: { $0.phase == .began && $0.type == .indirectPointer }) {
      dispatch { self.exitHover() }
    }
    var touches = touches
    if buttonMask != pointer.buttonMask && !buttonMask.isEmpty, let press = livePointerPress(),
      !touches.contains(where: { $0.id == press.identifier })
    {
      touches.append(
        TouchInput(id: press.identifier, phase: .moved, location: press.locationInWindow, type: .indirectPointer))
    }
    pointer.buttonMask = buttonMask
    pointer.modifierFlags = modifierFlags
    dispatch { self.handleInput(touches) }
  }

  /// The pointer's press that is down, if one is: a live touch of type `indirectPointer` that is
  /// not one made up for hover or scroll.
  func livePointerPress() -> Touch? {
    for index in 0..<tables.live.count where !pointer.isSynthetic(tables.live.numbers[index]) {
      let touch = tables.liveTouch(at: index)
      if touch.type == .indirectPointer { return touch }
    }
    return nil
  }

  /// The event that hover and scroll deliveries carry, with the pointer's buttons and keys.
  func pointerEvent(_ type: EventType, _ touches: [Touch]) -> TouchEvent {
    var event = TouchEvent(timestamp: now, allTouches: touches)
    event.type = type
    event.buttonMask = pointer.buttonMask
    event.modifierFlags = pointer.modifierFlags
    return event
  }

  /// Begins a made-up touch of a hover or scroll sequence at `location`, bound to `view`, for
  /// the recognizers of `views` (in that order) that take `event` (<doc:BehaviourReference> §6.3–6.4, 2.2).
  /// Returns nil, with nothing begun, when none does. The record joins the current event.
  func beginSyntheticTouch(
    kind: EventType, at location: Point, view: View?, collectingFrom views: [View], event: TouchEvent
  ) -> Int? {
    assertNoUserCode(in: "beginSyntheticTouch")
    let touch = Touch(
      identifier: pointer.nextSyntheticIdentifier, location: location, timestamp: now, type: .indirectPointer,
      view: view)
    var collected: [GestureRecognizer] = []
    for candidate in views {
      for recognizer in candidate.gestureRecognizers where acceptsPointerSequence(recognizer, kind, touch, event) {
        collected.append(recognizer)
      }
    }
    // A delegate asked above may have removed or disabled recognizers already collected, or moved
    // them to another runtime's window, which took them (`isInAnotherAttempt`).
    collected.removeAll { !$0.isAttached || !$0.isEnabled || isInAnotherAttempt($0) }
    guard !collected.isEmpty else { return nil }
    pointer.nextSyntheticIdentifier &+= 1
    let record = newRecord(touch: touch, view: view)
    tables.records[record].phaseInDispatch = .began
    // Views get no touch calls for hover and scroll (<doc:BehaviourReference> §6.3–6.4).
    tables.records[record].viewState = .done
    tables.insertLive(record)
    var edgesAdded = false
    for recognizer in collected {
      let number = ownSlot(recognizer)
      if !tables.slots[number].participating {
        startAttempt(recognizer, slot: number, depth: recognizer.view?.depth ?? 0)
        if !tables.slots[number].requires.isEmpty { edgesAdded = true }
      }
      tables.slots[number].inputKind = kind
      tables.collect(
        slot: number, for: record, sequence: kind == .hover ? pointer.hoverSequence : pointer.scrollSequence,
        touchTypeBit: GestureRecognizer.bit(for: touch.type))
    }
    if collected.count > 1 && gatherDynamicRequirements(collected, touch) { edgesAdded = true }
    for recognizer in collected { handOver(touch, to: recognizer, slot: ownSlot(recognizer), record) }
    if edgesAdded { detectCycles() }
    tables.eventRecords.append(record)
    markDirty(record)
    return record
  }

  /// The number of the sequence in progress of the kind of input of the attempt of the
  /// recognizer with slot `number` here (0: none): touches, hover and scroll are counted apart,
  /// so that a hover does not join the touch sequences that happen while it lasts
  /// (<doc:BehaviourReference> §3.7).
  @inline(__always)
  func currentSequence(ofSlot number: Int) -> Int {
    switch tables.slots[number].inputKind {
    case .touches: return sequence
    case .hover: return pointer.hoverSequence
    case .scroll: return pointer.scrollSequence
    }
  }

  /// Whether `recognizer` takes a hover or scroll sequence that begins with `event`: enabled,
  /// undecided, not held, not in an attempt of another kind of input, willing
  /// (``GestureCore/GestureRecognizer/shouldReceive(_:)``), and its delegate agrees to the touch.
  func acceptsPointerSequence(
    _ recognizer: GestureRecognizer, _ kind: EventType, _ touch: Touch, _ event: TouchEvent
  ) -> Bool {
    guard recognizer.isEnabled, !recognizer.publishedState.isTerminal, !isInAnotherAttempt(recognizer),
      !tables.slots[slot(recognizer)].held,
      !(tables.slots[slot(recognizer)].participating
        && (recognizer.requestedState.isTerminal || tables.slots[slot(recognizer)].inputKind != kind)),
      askShouldReceive(recognizer, event: event)
    else { return false }
    return askShouldReceive(recognizer, touch)
  }

  /// Moves a made-up touch in the current event.
  func moveSyntheticTouch(_ record: Int, to location: Point) {
    tables.records[record].touch.update(phase: .moved, location: location, timestamp: now)
    tables.records[record].phaseInDispatch = .moved
    tables.eventRecords.append(record)
    markDirty(record)
  }

  /// Ends a made-up touch in the current event; it is retired with the event.
  func endSyntheticTouch(_ record: Int, at location: Point) {
    tables.records[record].touch.update(phase: .ended, location: location, timestamp: now)
    tables.records[record].phaseInDispatch = .ended
    tables.records[record].isFinished = true
    tables.records[record].finishedInDispatch = dispatchNumber
    // Counted as cancelled input so that it is no tap for the next touch's `tapCount`.
    tables.records[record].inputCancelled = true
    eventFinishes = true
    tables.eventRecords.append(record)
    markDirty(record)
  }

  /// Delivers the current event's made-up touches to their recognizers, each its own touches of
  /// each phase (<doc:BehaviourReference> §2.3).
  func deliverSyntheticEvent(_ event: TouchEvent) {
    assertNoUserCode(in: "deliverSyntheticEvent")
    for index in 0..<tables.eventRecords.count {
      let record = tables.eventRecords[index]
      guard let phase = tables.records[record].phaseInDispatch else { continue }
      let touches = [tables.records[record].touch]
      for entryIndex in 0..<tables.records[record].entries.count {
        guard let recognizer = tables.recognizer(ofEntry: entryIndex, in: record) else { continue }
        let state = recognizer.deliveryState
        guard state.undecidedAndAttached else { continue }
        beginDelivery(requestCount: state.stateRequests)
        deliver(phase, touches, to: recognizer, event: event)
        afterDelivery(recognizer, inputCancelled: false, delivered: 1)
      }
    }
  }

  /// Starts an input event of made-up touches.
  func beginSyntheticEvent() {
    tables.eventRecords.clear()
    eventFinishes = false
  }
}

extension GestureRuntime {
  /// The touches of the current event, in its order (for the events of hover and scroll).
  func eventTouchList() -> [Touch] {
    tables.eventRecords.map { tables.records[$0].touch }
  }
}
