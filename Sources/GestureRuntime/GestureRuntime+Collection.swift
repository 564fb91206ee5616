import GestureCore

/// Touch input and collection at touch-down (<doc:BehaviourReference> §2.1–2.4): each change
/// of an input event is checked and applied to its touch; a new touch is hit-tested, and the
/// recognizers of its view and the views above it that accept it are collected, start an
/// attempt if they had none, and take the touch.
extension GestureRuntime {
  /// Applies one touch change of the current event and adds its record to `eventRecords`, unless
  /// the change is dropped (with a diagnostic) or is a `stationary` one (which no recognizer gets):
  /// the tables first (`RuntimeTables.acceptChange`), then the touch, then the trace line.
  @inline(__always)
  func accept(_ input: TouchInput) {
    assertNoUserCode(in: "accept")
    guard input.location.x.isFinite, input.location.y.isFinite else {
      diagnose("touch \(input.id) has a non-finite location; dropped", [])
      return
    }
    if input.phase == .began {
      if tables.live.record(for: input.id) != nil {
        diagnose("touch \(input.id) began while already down; dropped", [])
        return
      }
      let number = beginTouch(input)
      tables.records[number].eventIndex = tables.eventRecords.count
      tables.eventRecords.append(number)
      return
    }
    let number: Int
    let touch: Touch
    switch tables.acceptChange(of: input.id, input.phase, dispatch: dispatchNumber) {
    case .notDown:
      diagnose("touch \(input.id) \(input.phase) but it is not down; dropped", [])
      return
    case .changedTwice:
      diagnose("touch \(input.id) changed twice in one event; the second change was dropped", [])
      return
    case .stationary(let record, let changed), .accepted(let record, let changed):
      number = record
      touch = changed
    }
    // One call into the touch's module for the whole change.
    touch.update(
      phase: input.phase, location: input.location, timestamp: now, force: input.force,
      maximumPossibleForce: input.maximumPossibleForce, majorRadius: input.majorRadius,
      majorRadiusTolerance: input.majorRadiusTolerance)
    emit(
      .touch(
        id: input.id, phase: input.phase, location: input.location, view: tables.records[number].view?.name,
        type: input.type, buttons: input.type == .indirectPointer ? pointer.buttonMask : []))
    if input.phase == .ended || input.phase == .cancelled { eventFinishes = true }
  }

  /// Hit-tests a new touch and collects its recognizers (<doc:BehaviourReference> §2.1, 2.2, 3.6, 3.11).
  func beginTouch(_ input: TouchInput) -> Int {
    assertNoUserCode(in: "beginTouch")
    let local = window.convertFromSuperview(input.location)
    let hit = askHitTest(window, local)
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
    if tables.live.count == pointer.syntheticCount { sequence += 1 }
    let record = newRecord(touch: touch, view: hit)
    touchSerial &+= 1
    tables.records[record].serial = touchSerial
    tables.records[record].phaseInDispatch = .began
    tables.insertLive(record)
    emit(
      .touch(
        id: input.id, phase: .began, location: input.location, view: hit?.name, type: input.type,
        buttons: input.type == .indirectPointer ? pointer.buttonMask : []))

    // Collect: the hit view's recognizers, then its superview's, up to the root.
    var collected: [GestureRecognizer] = []
    swap(&collected, &collectedRecognizers)
    // Whether a delegate may have been asked (and so may have changed the scene), and whether a
    // collected recognizer can gain a dynamic failure requirement (a delegate, or a subclass that
    // asks): with neither, nobody's code runs until the touch is handed over, and one pass does it.
    var delegateAsked = false
    var hooked = false
    // How many views up from the hit view each collected recognizer's view is: with the hit
    // view's depth, found by this walk, it gives the recognizer's depth without walking again.
    var steps: [Int] = []
    swap(&steps, &collectedSteps)
    var step = 0
    var view = hit
    let typeBit = GestureRecognizer.bit(for: input.type)
    while let current = view {
      if current.hasGestureRecognizers {
        // The local copy holds the view's recognizers even if a delegate asked below changes the
        // view's list.
        let recognizers = current.gestureRecognizers
        for recognizer in recognizers {
          guard accepts(recognizer, touch, typeBit: typeBit, delegateAsked: &delegateAsked) else { continue }
          collected.append(recognizer)
          steps.append(step)
          if !hooked && readAsksForDynamicFailureRequirements(recognizer) { hooked = true }
        }
      }
      view = current.superview
      step += 1
    }
    let hitDepth = step - 1
    // A delegate asked above may have removed or disabled recognizers already collected, or moved
    // them to another runtime's window, which took them (`isInAnotherAttempt`).
    if delegateAsked {
      let gone = { (recognizer: GestureRecognizer) in
        !recognizer.isAttached || !recognizer.isEnabled || self.isInAnotherAttempt(recognizer)
      }
      if collected.contains(where: gone) { collected.removeAll(where: gone) }
    }
    var edgesAdded = false
    var suppressors = 0
    // One allocation, not one per doubling; no call when a reused record's storage is large
    // enough (most are reused).
    if tables.records[record].entries.capacity < collected.count {
      tables.records[record].entries.reserveCapacity(collected.count)
    }
    // A delegate asked above may have moved recognizers: then each depth is looked up again
    // (recognizers collected together mostly share a view: its depth is worked out once).
    let depthsFromWalk = !delegateAsked
    var depthOfView: (view: ObjectIdentifier, depth: Int)?
    let asksAboutPairs = collected.count > 1 && (hooked || delegateAsked)
    for index in 0..<collected.count {
      let recognizer = collected[index]
      // Read in one call: the slot, the host and the flags (nothing below changes the flags).
      // It joins an attempt here below, if it is not in one already.
      let state = recognizer.collectionState(attemptOwner: runtimeNumber)
      // Not `ownSlot(_:number:)`, which inlines the giving of a slot: inlined into this function
      // it makes the walk up the views above cost about three instructions more per level.
      let number = state.slot.owner == runtimeNumber ? state.slot.index : ownSlot(recognizer)
      if !tables.slots[number].participating {
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
        startAttempt(
          recognizer, slot: number, depth: depth, host: state.host, hasStaticRequirements: state.flags & 8 != 0)
        if !tables.slots[number].requires.isEmpty { edgesAdded = true }
      }
      let flags = state.flags
      if flags & 4 != 0 { suppressors += 1 }
      if asksAboutPairs {
        tables.collect(slot: number, for: record, sequence: sequence, touchTypeBit: typeBit)
      } else {
        // Collected and handed the touch in one access to the tables.
        tables.collect(
          slot: number, for: record, sequence: sequence, touchTypeBit: typeBit,
          andHold: touch, withholds: flags & 3)
        recognizer.track(touch)
      }
    }
    if asksAboutPairs {
      // The delegates and subclasses are asked about the pairs before any recognizer holds the
      // touch, as they always were.
      if gatherDynamicRequirements(collected, touch) { edgesAdded = true }
      // The delegates may have moved recognizers between runtimes: each slot is looked up again.
      for index in 0..<collected.count {
        handOver(touch, to: collected[index], slot: ownSlot(collected[index]), record)
      }
    }
    if edgesAdded { detectCycles() }
    // Judged when the view calls are planned: a recognizer that ignores the touch in the
    // `touchesBegan` that brings it no longer keeps it from the view (behaviour reference §2.5, 2.7).
    tables.records[record].suppressors = suppressors
    collected.clear()
    steps.clear()
    swap(&collected, &collectedRecognizers)
    swap(&steps, &collectedSteps)
    return record
  }

  /// The recognizer holds the new touch: withholding it from the view while undecided
  /// (<doc:BehaviourReference> §2.9, 2.10) and tracking it.
  @inline(__always)
  func handOver(_ touch: Touch, to recognizer: GestureRecognizer, slot number: Int, _ record: Int) {
    assertNoUserCode(in: "handOver")
    tables.hold(touch, record: record, slot: number, withholds: withholds(of: recognizer))
    recognizer.track(touch)
  }

  /// What an undecided recognizer withholds of a new touch from its view: its `began` (bit 1)
  /// and its end (bit 2) (<doc:BehaviourReference> §2.9, 2.10); nothing once it has decided.
  @inline(__always)
  func withholds(of recognizer: GestureRecognizer) -> UInt8 {
    recognizer.takesTouchFlags & 3
  }

  /// Whether `recognizer` takes `touch`, whose type has bit `typeBit` (<doc:BehaviourReference>
  /// §2.2). Sets `delegateAsked` when the recognizer may have a delegate (which may be asked).
  func accepts(_ recognizer: GestureRecognizer, _ touch: Touch, typeBit: UInt8, delegateAsked: inout Bool) -> Bool {
    // What is read of the recognizer, in one call, before the tables. The recognizer's accessors
    // are calls from this module, and a call made while the tables are read makes the compiler
    // copy them all (it cannot see that the accessor leaves them alone).
    // Not one in another runtime's attempt (`isInAnotherAttempt`).
    let state = recognizer.touchDownState(typeBit: typeBit, owner: runtimeNumber)
    if state.flags & 8 != 0 { delegateAsked = true }
    guard state.flags & 1 != 0 else { return false }
    let number = slotIndex(state.slot)
    let requestedIsTerminal = state.flags & 2 != 0
    let exclusiveType = state.flags & 4 != 0
    // The slot's attempt lets it take the touch: it is not held and, in an attempt, neither asked
    // to end it nor busy with hover or scroll input, and the touch is of the type of the
    // attempt's first touch when the recognizer asks for one type. The four fields are read
    // straight from the slot table: the same test as a method of the tables would have the
    // shipped build copy the whole tables (and retain every list in them) for a recognizer in an
    // attempt.
    let held = tables.slots[number].held
    let participating = tables.slots[number].participating
    let kind = tables.slots[number].inputKind
    let firstBit = tables.slots[number].touchTypeBit
    if held { return false }
    if participating {
      if requestedIsTerminal || kind != .touches { return false }
      if exclusiveType && firstBit != 0 && firstBit != typeBit { return false }
    }
    // Without a delegate set (bit 8, read above, with no user code since) there is nobody to ask.
    return state.flags & 8 == 0 || askShouldReceive(recognizer, touch)
  }

  /// Starts a new attempt: the recognizer joins the participants with its static requirements.
  /// `depth` is the depth of the recognizer's view (tie order, <doc:BehaviourReference> §3.4).
  @inline(__always)
  func startAttempt(_ recognizer: GestureRecognizer, slot number: Int, depth: Int) {
    recognizer.attemptOwner = runtimeNumber
    startAttempt(
      recognizer, slot: number, depth: depth, host: recognizer.hostIdentifier,
      hasStaticRequirements: recognizer.hasStaticRequirements)
  }

  /// ``startAttempt(_:slot:depth:)`` with what it reads of the recognizer already read: the
  /// identity of its host and whether it has static requirements. The recognizer already records
  /// the attempt as this runtime's (`GestureRecognizer.collectionState(attemptOwner:)`).
  @inline(__always)
  func startAttempt(
    _ recognizer: GestureRecognizer, slot number: Int, depth: Int, host: ObjectIdentifier?,
    hasStaticRequirements: Bool
  ) {
    assertNoUserCode(in: "startAttempt")
    tables.startAttempt(slot: number, depth: depth)
    if host != ObjectIdentifier(self) { recognizer.host = self }
    if !hasStaticRequirements { return }
    let me = ObjectIdentifier(recognizer)
    // By index, each target loaded in place: a copy of an element (an unowned reference) would
    // cost an unowned retain and release of its own.
    let requirements = recognizer.staticRequirements
    for index in requirements.indices where requirements[index].id != me {
      addEdge(from: recognizer, to: requirements[index].value, origin: .requireToFail)
    }
  }
}
