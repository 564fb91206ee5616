@_spi(GestureRuntime) import GestureCore

extension GestureRuntime {
  /// Applies one input event: updates touches, collects recognizers for new touches, delivers the
  /// event to the recognizers (<doc:BehaviourReference> §2.2–2.4).
  func handleInput(_ inputs: [TouchInput]) {
    if inputs.count == 1 {
      handleInput(inputs[0])
      return
    }
    eventRecords.removeAll()
    eventFinishes = false
    for input in inputs { accept(input) }
    for index in 0..<eventRecords.count { markDirty(eventRecords[index]) }
    deliverEventToRecognizers()
  }

  /// Applies an input event with one touch change (the common case: no duplicate to look for).
  @inline(__always)
  func handleInput(_ input: TouchInput) {
    eventRecords.removeAll()
    eventFinishes = false
    accept(input)
    if eventRecords.count == 1 {
      markDirty(eventRecords[0])
    }
    deliverEventToRecognizers()
  }

  /// Applies one touch change of the current event and adds its record to `eventRecords`, unless
  /// the change is dropped (with a diagnostic) or is a `stationary` one (which no recognizer gets).
  @inline(__always)
  func accept(_ input: TouchInput) {
    guard input.location.x.isFinite, input.location.y.isFinite else {
      diagnose("touch \(input.id) has a non-finite location; dropped", [])
      return
    }
    if input.phase == .began {
      if liveTouches.record(for: input.id) != nil {
        diagnose("touch \(input.id) began while already down; dropped", [])
        return
      }
      let record = beginTouch(input)
      record.eventIndex = eventRecords.count
      eventRecords.append(record)
      return
    }
    guard let record = liveTouches.record(for: input.id), record.phaseInDispatch == nil || input.phase == .stationary
    else {
      diagnose("touch \(input.id) \(input.phase) but it is not down; dropped", [])
      return
    }
    // A record is in this event's list exactly when its phase in the dispatch is set (both are
    // set together): a constant-time test, so an event with n touches costs O(n), not O(n²).
    if record.phaseInDispatch != nil {
      diagnose("touch \(input.id) changed twice in one event; the second change was dropped", [])
      return
    }
    let now = self.now
    do {
      let touch = record.touch
      touch.update(phase: input.phase, location: input.location, timestamp: now)
      if touch.force != input.force || touch.majorRadius != input.majorRadius
        || touch.maximumPossibleForce != input.maximumPossibleForce
        || touch.majorRadiusTolerance != input.majorRadiusTolerance
      {
        touch.update(
          force: input.force, maximumPossibleForce: input.maximumPossibleForce, majorRadius: input.majorRadius,
          majorRadiusTolerance: input.majorRadiusTolerance)
      }
    }
    emit(.touch(id: input.id, phase: input.phase, location: input.location, view: record.view?.name))
    if input.phase == .stationary { return }
    record.phaseInDispatch = input.phase
    switch input.phase {
    case .moved:
      if record.viewState == .pending { record.movedWhileWithheld = true }
    case .ended, .cancelled:
      record.isFinished = true
      record.endPending = true
      record.inputCancelled = input.phase == .cancelled
      eventFinishes = true
    default: break
    }
    record.eventIndex = eventRecords.count
    eventRecords.append(record)
  }

  /// Hit-tests a new touch and collects its recognizers (<doc:BehaviourReference> §2.1, 2.2, 3.6, 3.11).
  func beginTouch(_ input: TouchInput) -> TouchRecord {
    let local = window.convertFromSuperview(input.location)
    let hit = window.hitTest(local)
    var tapCount = 1
    if let last = lastTapEnd, now.microseconds - last.time.microseconds <= Self.tapCountIntervalMicroseconds,
      last.location.distance(to: input.location) <= Self.tapCountDistance
    {
      tapCount = last.count + 1
    }
    let touch = Touch(
      identifier: input.id, location: input.location, timestamp: now, type: input.type,
      tapCount: tapCount, view: hit, force: input.force, maximumPossibleForce: input.maximumPossibleForce,
      majorRadius: input.majorRadius, majorRadiusTolerance: input.majorRadiusTolerance)
    // Hover and scroll sequences are sequences of their own (GestureRuntime+Pointer.swift).
    if liveTouches.count == pointer.syntheticCount { sequence += 1 }
    let record: TouchRecord
    if recordPool.isEmpty {
      record = TouchRecord(touch: touch, view: hit)
    } else {
      record = recordPool.removeLast()
      record.reuse(touch: touch, view: hit)
    }
    touch.runtimeRecord = record
    touchSerial &+= 1
    record.serial = touchSerial
    record.phaseInDispatch = .began
    liveTouches.insert(record)
    emit(.touch(id: input.id, phase: .began, location: input.location, view: hit?.name))

    // Collect: the hit view's recognizers, then its superview's, up to the root.
    let collected = collectedRecognizers
    // Whether a delegate may have been asked (and so may have changed the scene), and whether a
    // collected recognizer can gain a dynamic failure requirement (a delegate, or a subclass that
    // asks): with neither, nobody's code runs until the touch is handed over, and one pass does it.
    var delegateAsked = false
    var hooked = false
    // How many views up from the hit view each collected recognizer's view is: with the hit
    // view's depth, found by this walk, it gives the recognizer's depth without walking again.
    let steps = collectedSteps
    var step = 0
    var view = hit
    while let current = view {
      // The local copy holds the view's recognizers even if a delegate asked below changes the
      // view's list.
      let recognizers = current.gestureRecognizers
      for recognizer in recognizers {
        if recognizer.mayHaveDelegate { delegateAsked = true }
        guard accepts(recognizer, touch) else { continue }
        collected.append(recognizer)
        steps.append(step)
        if !hooked && recognizer.asksForDynamicFailureRequirements { hooked = true }
      }
      view = current.superview
      step += 1
    }
    let hitDepth = step - 1
    // A delegate asked above may have removed or disabled recognizers already collected.
    if delegateAsked && collected.contains(where: { !$0.isAttached || !$0.isEnabled }) {
      let kept = collected.elements.filter { $0.isAttached && $0.isEnabled }
      collected.removeAll()
      for recognizer in kept { collected.append(recognizer) }
    }
    var edgesAdded = false
    var suppressors = 0
    record.entries.reserveCapacity(collected.count)  // one allocation, not one per doubling
    // A delegate asked above may have moved recognizers: then each depth is looked up again
    // (recognizers collected together mostly share a view: its depth is worked out once).
    let depthsFromWalk = !delegateAsked
    var depthOfView: (view: ObjectIdentifier, depth: Int)?
    let asksAboutPairs = collected.count > 1 && (hooked || delegateAsked)
    for index in 0..<collected.count {
      let recognizer = collected[index]
      if !recognizer.runtime.participating {
        var depth = 0
        if depthsFromWalk {
          depth = hitDepth - steps[index]
        } else if let identifier = recognizer.viewIdentifier {
          if let known = depthOfView, known.view == identifier {
            depth = known.depth
          } else if let view = recognizer.view {
            depth = view.depth
            depthOfView = (identifier, depth)
          }
        }
        startAttempt(recognizer, depth: depth)
        if !recognizer.requires.isEmpty { edgesAdded = true }
      }
      recognizer.runtime.watchdogPending = false
      recognizer.runtime.sequence = sequence
      recognizer.runtime.touchType = recognizer.runtime.touchType ?? touch.type
      if (recognizer.publishedState == .began || recognizer.publishedState == .changed)
        && recognizer.cancelsTouchesInView
      {
        suppressors += 1
      }
      record.entries.append(TouchRecord.Entry(recognizer: recognizer, attempt: recognizer.runtime.attempt))
      if !asksAboutPairs { handOver(touch, to: recognizer, record) }
    }
    if asksAboutPairs {
      // The delegates and subclasses are asked about the pairs before any recognizer holds the
      // touch, as they always were.
      if gatherDynamicRequirements(collected.elements, touch) { edgesAdded = true }
      for index in 0..<collected.count { handOver(touch, to: collected[index], record) }
    }
    if edgesAdded { detectCycles() }
    // Judged when the view calls are planned: a recognizer that ignores the touch in the
    // `touchesBegan` that brings it no longer keeps it from the view (behaviour reference §2.5, 2.7).
    record.suppressors = suppressors
    collected.removeAll()
    steps.removeAll()
    return record
  }

  /// The recognizer holds the new touch: withholding it from the view while undecided
  /// (<doc:BehaviourReference> §2.9, 2.10) and tracking it.
  @inline(__always)
  func handOver(_ touch: Touch, to recognizer: GestureRecognizer, _ record: TouchRecord) {
    var withholds: UInt8 = 0
    if recognizer.publishedState == .possible {
      if recognizer.delaysTouchesBegan {
        withholds |= 1
        record.beganWithholders += 1
      }
      if recognizer.delaysTouchesEnded {
        withholds |= 2
        record.endWithholders += 1
      }
    }
    recognizer.attemptTouches.append(AttemptTouch(touch: touch, withholds: withholds))
    recognizer.trackedTouches.append(touch)
  }

  /// Whether `recognizer` takes `touch` (<doc:BehaviourReference> §2.2).
  func accepts(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
    guard recognizer.isEnabled, !recognizer.publishedState.isTerminal, !recognizer.runtime.held,
      !(recognizer.runtime.participating
        && (recognizer.requestedState.isTerminal || recognizer.runtime.inputKind != .touches)),
      recognizer.allowedTouchTypeMask & GestureRecognizer.bit(for: touch.type) != 0
    else { return false }
    if recognizer.requiresExclusiveTouchType, let type = recognizer.runtime.touchType,
      recognizer.runtime.participating, type != touch.type
    {
      return false
    }
    if let delegate = recognizer.delegateIfAny, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
      return false
    }
    return true
  }

  /// Starts a new attempt: the recognizer joins the participants with its static requirements.
  /// `depth` is the depth of the recognizer's view (tie order, <doc:BehaviourReference> §3.4).
  @inline(__always)
  func startAttempt(_ recognizer: GestureRecognizer, depth: Int) {
    recognizer.runtime.participating = true
    if recognizer.hostIdentifier != ObjectIdentifier(self) { recognizer.host = self }
    recognizer.runtime.depth = depth
    if !recognizer.runtime.listed {
      recognizer.runtime.listed = true
      participants.append(recognizer)
    }
    if recognizer.staticRequirements.isEmpty { return }
    let me = ObjectIdentifier(recognizer)
    for requirement in recognizer.staticRequirements where requirement.id != me {
      addEdge(from: recognizer, to: requirement.value, origin: .requireToFail)
    }
  }

  func addEdge(from recognizer: GestureRecognizer, to target: GestureRecognizer, origin: RequirementOrigin) {
    if recognizer.requires.contains(where: { $0.target === target }) { return }
    recognizer.requires.append(RequirementEdge(target: target, origin: origin))
    if !target.dependents.contains(where: { $0 === recognizer }) {
      target.dependents.append(recognizer)
    }
  }

  /// Asks the delegates and subclasses about each ordered pair first collected together for this
  /// touch (<doc:BehaviourReference> §3.6). Returns whether an edge was added.
  func gatherDynamicRequirements(_ collected: [GestureRecognizer], _ touch: Touch) -> Bool {
    // Only pairs with a delegate or a subclass that answers can gain an edge: find those first,
    // so that a touch collected by many plain recognizers costs linear time, not quadratic.
    var hooked = 0
    for recognizer in collected where recognizer.delegateIfAny != nil || recognizer.asksForDynamicFailureRequirements {
      hooked += 1
    }
    guard hooked > 0 else { return false }
    var added = false
    for a in collected {
      let aHooked = a.delegateIfAny != nil || a.asksForDynamicFailureRequirements
      for b in collected where a !== b {
        guard aHooked || b.delegateIfAny != nil || b.asksForDynamicFailureRequirements else { continue }
        if alreadyCollectedTogether(a, b) { continue }
        var origin: RequirementOrigin?
        if let delegate = a.delegateIfAny, delegate.gestureRecognizer(a, shouldRequireFailureOf: b) {
          origin = .shouldRequireFailureOf
        } else if let delegate = b.delegateIfAny, delegate.gestureRecognizer(b, shouldBeRequiredToFailBy: a) {
          origin = .shouldBeRequiredToFailBy
        } else if a.asksForDynamicFailureRequirements && a.shouldRequireFailure(of: b) {
          origin = .subclassShouldRequireFailure
        } else if b.asksForDynamicFailureRequirements && b.shouldBeRequiredToFail(by: a) {
          origin = .subclassShouldBeRequiredToFail
        }
        guard let origin, !a.requires.contains(where: { $0.target === b }) else { continue }
        addEdge(from: a, to: b, origin: origin)
        added = true
        if b.runtime.recognized && !a.runtime.sentAction && !a.requestedState.isTerminal {
          a.requestedState = .failed
          requests.append(
            Request(
              recognizer: a, state: .failed, reason: "required failure of \(b.displayName), which already recognized"))
        }
      }
    }
    return added
  }

  /// Whether the two were already collected for a common touch in their current attempts.
  func alreadyCollectedTogether(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    if a.attemptTouches.isEmpty || b.attemptTouches.isEmpty { return false }
    for index in a.attemptTouches.indices {
      let touch = a.attemptTouches[index].touch
      if b.attemptTouches.contains(where: { $0.touch === touch }) { return true }
    }
    return false
  }

  /// Delivers the current event to the recognizers: each gets only its own touches of each phase,
  /// began before moved before ended before cancelled (<doc:BehaviourReference> §2.3, 1.4).
  @inline(__always)
  func deliverEventToRecognizers() {
    if eventRecords.count == 1 {
      // The event's list holds the record for the whole delivery (only input, which waits for
      // the next dispatch, changes the list): it is used through an unretained handle.
      deliverOneTouch(eventRecords[0])
      return
    }
    // Several touches: deliver per recognizer, in collection order, deduplicated.
    guard !eventRecords.isEmpty else { return }
    eventTouches.clear()
    for index in 0..<eventRecords.count { eventTouches.append(eventRecords[index].touch) }
    var event = TouchEvent(timestamp: now, allTouches: allTouchesOfEvent(eventTouches))
    event.buttonMask = pointer.buttonMask
    event.modifierFlags = pointer.modifierFlags
    passMark &+= 1
    let mark = passMark
    var order: [GestureRecognizer] = []
    swap(&order, &scratchRecognizers)
    for index in 0..<eventRecords.count {
      let entries = eventRecords[index].entries
      for entryIndex in 0..<entries.count where entries[entryIndex].recognizer.runtime.mark != mark {
        entries[entryIndex].recognizer.runtime.mark = mark
        order.append(entries[entryIndex].recognizer)
      }
    }
    let phases: [TouchPhase] = [.began, .moved, .ended, .cancelled]
    for recognizer in order {
      guard !recognizer.requestedState.isTerminal, recognizer.isAttached else { continue }
      recognizer.runtime.requestedThisDelivery = false
      ignoredThisDelivery = 0
      var delivered = 0
      var cancelled = false
      for phase in phases {
        scratchTouches.clear()
        for index in 0..<eventRecords.count {
          let record = eventRecords[index]
          if record.phaseInDispatch == phase && record.isHeld(by: recognizer) { scratchTouches.append(record.touch) }
        }
        guard !scratchTouches.isEmpty, !recognizer.requestedState.isTerminal else { continue }
        delivered += scratchTouches.count
        deliver(phase, scratchTouches, to: recognizer, event: event)
        if phase == .cancelled { cancelled = true }
      }
      if delivered > 0 { afterDelivery(recognizer, inputCancelled: cancelled, delivered: delivered) }
    }
    scratchTouches.clear()
    order.clear()
    scratchRecognizers = order
  }

  /// Delivers a one-touch event: the event value is kept between events and updated in place,
  /// so that a delivery builds no array.
  @inline(__always)
  private func deliverOneTouch(_ record: TouchRecord) {
    guard let phase = record.phaseInDispatch else { return }
    singleTouchEvent.timestamp = now
    if singleTouchEvent.allTouches.isEmpty {
      singleTouchEvent.allTouches.append(record.touch)
    } else if singleTouchEvent.allTouches[0] !== record.touch {
      singleTouchEvent.allTouches[0] = record.touch
    }
    // A local: passing the stored property would cost a retain and a release per call.
    var event = singleTouchEvent
    let touches = event.allTouches
    // Other fingers down and still: the event lists them too (UIKit's `allTouches`).
    if liveTouches.count > 1 { event.allTouches = allTouchesOfEvent(touches) }
    // Deliveries never add entries to the record (they may only void one).
    let count = record.entries.count
    for index in 0..<count {
      guard let recognizer = record.recognizerIfDeliverable(at: index) else { continue }
      recognizer.runtime.requestedThisDelivery = false
      ignoredThisDelivery = 0
      deliver(phase, touches, to: recognizer, event: event)
      afterDelivery(recognizer, inputCancelled: phase == .cancelled, delivered: 1)
    }
  }

  /// Every touch of the current event for ``TouchEvent/allTouches``: every touch that is down
  /// (the touches lifting in this dispatch are still listed), then those of `changed` that are no
  /// longer down (withheld ones a view is told of later). Linear in the number of touches.
  func allTouchesOfEvent(_ changed: [Touch]) -> [Touch] {
    let live = liveTouches.count
    if live == 0 || (live == 1 && changed.count == 1 && liveTouches.touch(at: 0) === changed[0]) {
      return changed
    }
    var all: [Touch] = []
    all.reserveCapacity(live + changed.count)
    // Touches made up for hover and scroll are no touches of a touch event.
    let skipsSynthetic = pointer.syntheticCount > 0
    for index in 0..<live {
      let touch = liveTouches.touch(at: index)
      if skipsSynthetic && isSyntheticTouch(touch) { continue }
      all.append(touch)
    }
    for touch in changed where (touch.record?.liveIndex ?? -1) < 0 { all.append(touch) }
    return all
  }

  @inline(__always)
  func deliver(_ phase: TouchPhase, _ touches: [Touch], to recognizer: GestureRecognizer, event: TouchEvent) {
    // Debug builds (the tests, the fuzzer) check behaviour reference §2.4 on every delivery.
    assert(
      !recognizer.requestedState.isTerminal && !recognizer.publishedState.isTerminal,
      "a touch reached \(recognizer.displayName) after its terminal state")
    assert(
      touches.allSatisfy { $0.record?.isHeld(by: recognizer) ?? false },
      "\(recognizer.displayName) got a touch that is not one of its current attempt's")
    switch phase {
    case .began: recognizer.touchesBegan(touches, with: event)
    case .moved: recognizer.touchesMoved(touches, with: event)
    case .ended: recognizer.touchesEnded(touches, with: event)
    case .cancelled: recognizer.touchesCancelled(touches, with: event)
    case .stationary: return
    }
    if phase == .ended || phase == .cancelled {
      removeTracked(touches, from: recognizer)
    }
  }

  /// Stops tracking touches, remembering where the last ones lifted (<doc:BehaviourReference> §4, location).
  func removeTracked(_ touches: [Touch], from recognizer: GestureRecognizer) {
    let before = recognizer.trackedTouches.count
    if before == 0 { return }
    if touches.count == 1 {
      let lifted = touches[0]
      if before == 1 {
        // The common case: the recognizer's only touch lifted.
        guard recognizer.trackedTouches[0] === lifted else { return }
        recognizer.trackedTouches.removeAll()
        watchdogCandidates.append(recognizer)
        recognizer.lastTouchLocations.removeAll()
        recognizer.lastTouchLocations.append(lifted.locationInWindow)
        return
      }
      for index in 0..<before where recognizer.trackedTouches[index] === lifted {
        recognizer.trackedTouches.remove(at: index)
        break
      }
    } else {
      recognizer.trackedTouches.removeAll { touch in touches.contains { $0 === touch } }
    }
    if recognizer.trackedTouches.isEmpty && before > 0 {
      watchdogCandidates.append(recognizer)
      recognizer.lastTouchLocations.removeAll()
      for touch in touches { recognizer.lastTouchLocations.append(touch.locationInWindow) }
    }
  }

  /// After a recognizer handled an event (`delivered` touches of it): the implicit `changed` of a
  /// continuous recognizer (<doc:BehaviourReference> §1.4), which an event whose touches it all
  /// ignored does not cause (§2.5), and the runtime's decision for one whose touches were
  /// cancelled.
  @inline(__always)
  func afterDelivery(_ recognizer: GestureRecognizer, inputCancelled: Bool, delivered: Int) {
    let state = recognizer.requestedState
    if inputCancelled && !state.isTerminal && recognizer.trackedTouches.isEmpty {
      forceFinish(recognizer, reason: "its touches were cancelled")
      return
    }
    if (state == .began || state == .changed) && !recognizer.runtime.requestedThisDelivery
      && !recognizer.trackedTouches.isEmpty && ignoredThisDelivery < delivered
    {
      recognizer.requestedState = .changed
      if heldRequestIsMoot(recognizer, .changed) { return }
      requests.append(Request(recognizer: recognizer, state: .changed, reason: nil))
    }
  }

  /// Moves a recognizer to the terminal state that fits where it is: `failed` from `possible`
  /// (held or not), `cancelled` from `began`/`changed` (<doc:BehaviourReference> §2.6, 3.12).
  func forceFinish(_ recognizer: GestureRecognizer, reason: String) {
    let published = recognizer.publishedState
    if published.isTerminal { return }
    let target: GestureRecognizer.State = published == .possible ? .failed : .cancelled
    recognizer.requestedState = target
    requests.append(Request(recognizer: recognizer, state: target, reason: reason))
  }

  /// Marks a touch as changed in this dispatch, and lists it for view delivery unless its view is
  /// done with it (then there is nothing to plan; `finishInputTouches` clears its input phase).
  func markDirty(_ record: TouchRecord) {
    if record.dirtyMark == dispatchNumber { return }
    record.dirtyMark = dispatchNumber
    if record.viewState == .done { return }
    dirtyRecords.append(record)
  }
}
