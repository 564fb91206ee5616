import GestureCore

/// One dispatch, top to bottom (<doc:BehaviourReference> §5): input (or a timer) comes in as
/// `dispatch { ... }`; the touches reach their recognizers (`deliverEventToRecognizers`); `settle`
/// then resolves the states they asked for (StateResolution), sends the actions in the order the
/// states were published (here), tells the views (ViewDelivery), retires finished touches
/// (TouchRetirement), resets the recognizers that are done (ResetGroups) and arms the watchdogs
/// (Watchdog); finally the work that callbacks queued runs, each as a dispatch of its own.
///
/// User code runs only from the last section of this file, "User code: the only places it runs":
/// every touch method, reset, timer, delegate question, view call and action is one small
/// function there, and the rules call those. While one runs, what it asks through the host waits
/// in the inbox (GestureRuntime+Host.swift) and is applied as soon as it returns; debug builds
/// count the calls running and trap a rule entered from inside one (`assertNoUserCode`).
extension GestureRuntime {
  /// Runs `body` as one dispatch, then resolves, sends actions, tells views and resets; then runs
  /// whatever was queued from callbacks.
  func dispatch(_ body: () -> Void) {
    assertNoUserCode(in: "dispatch")
    if !detachedRecognizers.isEmpty { freeDetachedSlots() }
    isDispatching = true
    dispatchNumber &+= 1
    body()
    settle()
    isDispatching = false
    if !deferred.isEmpty { runDeferred() }
    #if DEBUG
      // Once the work queued from callbacks has run too (until then a removal, say, is half done).
      if deferred.isEmpty { _checkInvariants() }
    #endif
    if nextTimerDeadlineDidChange != nil { reportDeadlineChange() }
  }

  /// The second half of every dispatch (<doc:BehaviourReference> §5). Each step is called only when it has
  /// work (most moves have none for most of them): the checks are the steps' own first lines.
  func settle() {
    var rounds = 0
    repeat {
      if !requests.isEmpty || !releases.isEmpty { resolve() }
      if !actionQueue.isEmpty { sendActions() }
      rounds += 1
    } while !requests.isEmpty && rounds < 10_000
    if !dirtyRecords.isEmpty { deliverToViews() }
    finishInputTouches()
    if !finished.isEmpty || removedParticipants > 0 { runResets() }
    if !watchdogCandidates.isEmpty { scheduleWatchdogs() }
  }

  func runDeferred() {
    var guardCount = 0
    while !deferred.isEmpty && guardCount < 100_000 {
      guardCount += 1
      let work = deferred.removeFirst()
      work()
    }
  }

  /// Applies one input event: updates touches, collects recognizers for new touches, delivers the
  /// event to the recognizers (<doc:BehaviourReference> §2.2–2.4).
  func handleInput(_ inputs: [TouchInput]) {
    assertNoUserCode(in: "handleInput")
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
    assertNoUserCode(in: "handleInput")
    eventRecords.removeAll()
    eventFinishes = false
    accept(input)
    if eventRecords.count == 1 {
      markDirty(eventRecords[0])
    }
    deliverEventToRecognizers()
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
      for entryIndex in 0..<entries.count where slots[slot(entries[entryIndex].recognizer)].mark != mark {
        slots[ownSlot(entries[entryIndex].recognizer)].mark = mark
        order.append(entries[entryIndex].recognizer)
      }
    }
    let phases: [TouchPhase] = [.began, .moved, .ended, .cancelled]
    for recognizer in order {
      guard !recognizer.requestedState.isTerminal, recognizer.isAttached else { continue }
      recognizer.requestedThisDelivery = false
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
      recognizer.requestedThisDelivery = false
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
    // The last list's storage, reused: the event that held it is gone by now (if a callback
    // kept it, emptying it copies, and the callback's copy stays as it was).
    var all: [Touch] = []
    swap(&all, &eventAllTouches)
    all.clear()
    all.reserveCapacity(live + changed.count)
    defer { eventAllTouches = all }
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
    if phase == .stationary { return }
    callTouchMethod(phase, touches, of: recognizer, event)
    if phase == .ended || phase == .cancelled {
      removeTracked(touches, from: recognizer)
    }
  }

  /// Stops tracking touches, remembering where the last ones lifted (<doc:BehaviourReference> §4, location).
  func removeTracked(_ touches: [Touch], from recognizer: GestureRecognizer) {
    assertNoUserCode(in: "removeTracked")
    let before = recognizer.trackedTouches.count
    if before == 0 { return }
    if touches.count == 1 {
      let lifted = touches[0]
      if before == 1 {
        // The common case: the recognizer's only touch lifted.
        guard recognizer.trackedTouches[0] === lifted else { return }
        recognizer.trackedTouches.clear()
        watchdogCandidates.append(recognizer)
        recognizer.lastTouchLocations.clear()
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
      recognizer.lastTouchLocations.clear()
      for touch in touches { recognizer.lastTouchLocations.append(touch.locationInWindow) }
    }
  }

  /// After a recognizer handled an event (`delivered` touches of it): the implicit `changed` of a
  /// continuous recognizer (<doc:BehaviourReference> §1.4), which an event whose touches it all
  /// ignored does not cause (§2.5), and the runtime's decision for one whose touches were
  /// cancelled.
  @inline(__always)
  func afterDelivery(_ recognizer: GestureRecognizer, inputCancelled: Bool, delivered: Int) {
    assertNoUserCode(in: "afterDelivery")
    let state = recognizer.requestedState
    if inputCancelled && !state.isTerminal && recognizer.trackedTouches.isEmpty {
      forceFinish(recognizer, reason: "its touches were cancelled")
      return
    }
    if (state == .began || state == .changed) && !recognizer.requestedThisDelivery
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
    assertNoUserCode(in: "forceFinish")
    let published = recognizer.publishedState
    if published.isTerminal { return }
    let target: GestureRecognizer.State = published == .possible ? .failed : .cancelled
    recognizer.requestedState = target
    requests.append(Request(recognizer: recognizer, state: target, reason: reason))
  }

  /// Marks a touch as changed in this dispatch, and lists it for view delivery unless its view is
  /// done with it (then there is nothing to plan; `finishInputTouches` clears its input phase).
  func markDirty(_ record: TouchRecord) {
    assertNoUserCode(in: "markDirty")
    if record.dirtyMark == dispatchNumber { return }
    record.dirtyMark = dispatchNumber
    if record.viewState == .done { return }
    dirtyRecords.append(record)
  }

  /// Sends the queued actions in the order their states were published (<doc:BehaviourReference> §1.3, 1.5).
  func sendActions() {
    assertNoUserCode(in: "sendActions")
    if actionQueue.isEmpty { return }
    var index = 0
    while index < actionQueue.count {
      // The queue holds the recognizer until it is emptied below, even if an action removes it
      // from its view (actions may add to the queue, never take from it).
      let (recognizer, state) = actionQueue[index]
      index += 1
      sendAction(recognizer, state)
    }
    actionQueue.removeAll()
  }

  /// Sends one queued action: its trace line, then the recognizer's action handlers.
  @inline(__always)
  private func sendAction(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) {
    do {
      if trace != nil {
        let view = recognizer.view
        recognizer.actionState = state
        let attributes = askTraceAttributes(of: recognizer, in: view)
        emit(
          .action(
            recognizer: recognizer.displayName, state: state, location: askLocation(of: recognizer, in: view),
            attributes: attributes))
      }
      recognizer.actionState = state
      callActions(of: recognizer)
      recognizer.actionState = nil
    }
  }
}

// MARK: - User code: the only places it runs

// Every call the runtime makes into code it does not own is one of the functions below: the
// recognizers' overridable methods, their delegates, the views' methods and the actions. The
// rules in the other files call these and nothing else of that code, so that what user code can
// see and do in the middle of a dispatch is decided here, in one place: `runUserCode`. (The trace
// sink and the clock an app hands the runtime are not callbacks of the gesture model: they are
// told where a trace line is written and where time moves.)
extension GestureRuntime {
  /// Runs one call into user code; every function of this section goes through it. Once the
  /// code returns, what it asked through the host while it ran is applied, in the order asked
  /// (the ``inbox``, GestureRuntime+Host.swift). Debug builds count the calls running, so that a
  /// rule entered from inside one traps (`assertNoUserCode`); release builds count nothing.
  @inline(__always)
  func runUserCode<Result>(_ callback: StaticString, of owner: AnyObject, _ call: () -> Result) -> Result {
    #if DEBUG
      let outer = (runningCallback, runningCallbackOwner)
      (runningCallback, runningCallbackOwner) = (callback, owner)
      userCodeDepth += 1
      let result = call()
      userCodeDepth -= 1
      (runningCallback, runningCallbackOwner) = outer
    #else
      let result = call()
    #endif
    if userCodeAsked { applyInbox() }
    return result
  }

  /// Traps, in debug builds, when user code is running: `rule` was entered from inside it
  /// (user code reaches the rules only through the host, whose requests wait in the inbox, or by
  /// what waits for the dispatch to end). Every entry point of the rules starts with it; release
  /// builds check nothing.
  @inline(__always)
  func assertNoUserCode(in rule: StaticString) {
    #if DEBUG
      if userCodeDepth > 0 { rulesReentered(in: rule) }
    #endif
  }

  #if DEBUG
    func rulesReentered(in rule: StaticString) -> Never {
      let owner: String
      switch runningCallbackOwner {
      case let recognizer as GestureRecognizer: owner = recognizer.displayName
      case let view as View: owner = "view \(view.name)"
      default: owner = "?"
      }
      preconditionFailure("the rules were reentered from user code (\(runningCallback) of \(owner)) during \(rule)")
    }
  #endif

  // The recognizers' methods.

  /// A recognizer's touch method for `phase` (`stationary` touches reach none).
  @inline(__always)
  func callTouchMethod(
    _ phase: TouchPhase, _ touches: [Touch], of recognizer: GestureRecognizer, _ event: TouchEvent
  ) {
    switch phase {
    case .began: runUserCode("touchesBegan", of: recognizer) { recognizer.touchesBegan(touches, with: event) }
    case .moved: runUserCode("touchesMoved", of: recognizer) { recognizer.touchesMoved(touches, with: event) }
    case .ended: runUserCode("touchesEnded", of: recognizer) { recognizer.touchesEnded(touches, with: event) }
    case .cancelled:
      runUserCode("touchesCancelled", of: recognizer) { recognizer.touchesCancelled(touches, with: event) }
    case .stationary: return
    }
  }

  @inline(__always)
  func callTimerFired(_ recognizer: GestureRecognizer, _ id: Int) {
    runUserCode("timerFired", of: recognizer) { recognizer.timerFired(id) }
  }

  @inline(__always)
  func callReset(_ recognizer: GestureRecognizer) {
    runUserCode("reset", of: recognizer) { recognizer.reset() }
  }

  func callDidFinishWaiting(_ recognizer: GestureRecognizer) {
    runUserCode("didFinishWaiting", of: recognizer) { recognizer.didFinishWaiting() }
  }

  /// The recognizer's actions (its target-action pairs and action closures), in the order added.
  @inline(__always)
  func callActions(of recognizer: GestureRecognizer) {
    runUserCode("the actions", of: recognizer) { recognizer.performActions() }
  }

  /// The attributes of an action's trace line: none unless the recognizer provides some.
  @inline(__always)
  func askTraceAttributes(of recognizer: GestureRecognizer, in view: View?) -> [TraceAttribute] {
    runUserCode("traceAttributes", of: recognizer) {
      recognizer.providesTraceAttributes ? recognizer.traceAttributes(in: view) : []
    }
  }

  @inline(__always)
  func askLocation(of recognizer: GestureRecognizer, in view: View?) -> Point {
    runUserCode("location(in:)", of: recognizer) { recognizer.location(in: view) }
  }

  /// Whether the recognizer takes part in the hover or scroll sequence that begins with `event`.
  func askShouldReceive(_ recognizer: GestureRecognizer, event: TouchEvent) -> Bool {
    runUserCode("shouldReceive(_:)", of: recognizer) { recognizer.shouldReceive(event) }
  }

  @inline(__always)
  func askCanPrevent(_ recognizer: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
    runUserCode("canPrevent", of: recognizer) { recognizer.canPrevent(other) }
  }

  @inline(__always)
  func askCanBePrevented(_ recognizer: GestureRecognizer, by other: GestureRecognizer) -> Bool {
    runUserCode("canBePrevented", of: recognizer) { recognizer.canBePrevented(by: other) }
  }

  /// Whether the recognizer's subclass asks about pairs of recognizers for failure requirements.
  @inline(__always)
  func readAsksForDynamicFailureRequirements(_ recognizer: GestureRecognizer) -> Bool {
    runUserCode("asksForDynamicFailureRequirements", of: recognizer) {
      recognizer.asksForDynamicFailureRequirements
    }
  }

  func askShouldRequireFailure(_ recognizer: GestureRecognizer, of other: GestureRecognizer) -> Bool {
    runUserCode("shouldRequireFailure(of:)", of: recognizer) { recognizer.shouldRequireFailure(of: other) }
  }

  func askShouldBeRequiredToFail(_ recognizer: GestureRecognizer, by other: GestureRecognizer) -> Bool {
    runUserCode("shouldBeRequiredToFail(by:)", of: recognizer) { recognizer.shouldBeRequiredToFail(by: other) }
  }

  // Their delegates: each answers as if there were none (UIKit's defaults) when none is set.

  /// Whether the recognizer's delegate lets it receive `touch` (true without a delegate).
  @inline(__always)
  func askShouldReceive(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
    guard let delegate = recognizer.delegateIfAny else { return true }
    return runUserCode("shouldReceive of the delegate", of: recognizer) {
      delegate.gestureRecognizer(recognizer, shouldReceive: touch)
    }
  }

  /// Whether the recognizer's delegate lets it begin (true without a delegate).
  func askShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    guard let delegate = recognizer.delegateIfAny else { return true }
    return runUserCode("gestureRecognizerShouldBegin of the delegate", of: recognizer) {
      delegate.gestureRecognizerShouldBegin(recognizer)
    }
  }

  /// Whether the recognizer's delegate lets it recognize together with `other` (false without a
  /// delegate).
  @inline(__always)
  func askShouldRecognizeSimultaneously(_ recognizer: GestureRecognizer, with other: GestureRecognizer) -> Bool {
    guard let delegate = recognizer.delegateIfAny else { return false }
    return runUserCode("shouldRecognizeSimultaneouslyWith of the delegate", of: recognizer) {
      delegate.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other)
    }
  }

  /// Whether the recognizer's delegate makes it wait for `other` to fail (false without one).
  func askShouldRequireFailureOf(_ recognizer: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
    guard let delegate = recognizer.delegateIfAny else { return false }
    return runUserCode("shouldRequireFailureOf of the delegate", of: recognizer) {
      delegate.gestureRecognizer(recognizer, shouldRequireFailureOf: other)
    }
  }

  /// Whether the recognizer's delegate makes `other` wait for it to fail (false without one).
  func askShouldBeRequiredToFailBy(_ recognizer: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
    guard let delegate = recognizer.delegateIfAny else { return false }
    return runUserCode("shouldBeRequiredToFailBy of the delegate", of: recognizer) {
      delegate.gestureRecognizer(recognizer, shouldBeRequiredToFailBy: other)
    }
  }

  // The views.

  /// A view's touch method for `phase` (a `stationary` call is a move).
  @inline(__always)
  func callView(_ view: View, _ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent) {
    switch phase {
    case .began: runUserCode("touchesBegan", of: view) { view.touchesBegan(touches, with: event) }
    case .moved, .stationary: runUserCode("touchesMoved", of: view) { view.touchesMoved(touches, with: event) }
    case .ended: runUserCode("touchesEnded", of: view) { view.touchesEnded(touches, with: event) }
    case .cancelled: runUserCode("touchesCancelled", of: view) { view.touchesCancelled(touches, with: event) }
    }
  }

  /// Whether the view lets a recognizer whose touches were hit-tested to it begin.
  func askViewShouldBegin(_ view: View, _ recognizer: GestureRecognizer) -> Bool {
    runUserCode("gestureRecognizerShouldBegin", of: view) { view.gestureRecognizerShouldBegin(recognizer) }
  }

  /// The view under `point` (in `view`'s coordinates): hit-testing asks each view's
  /// `point(inside:)`, which views may override.
  @inline(__always)
  func askHitTest(_ view: View, _ point: Point) -> View? {
    runUserCode("point(inside:)", of: view) { view.hitTest(point) }
  }

  // The app's event loop.

  /// The app's ``nextTimerDeadlineDidChange``. It is called between dispatches, where app code
  /// may drive the runtime as it likes (send input, advance time), so it is not user code in the
  /// sense above: what it does runs at once, as any app code between dispatches does.
  func tellDeadlineDidChange(_ deadline: Timestamp?) {
    nextTimerDeadlineDidChange?(deadline)
  }
}
