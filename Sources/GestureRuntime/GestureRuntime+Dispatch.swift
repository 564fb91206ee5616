import GestureCore

/// One dispatch, top to bottom (<doc:BehaviourReference> §5): input (or a timer) comes in as
/// `dispatch { ... }`; the touches reach their recognizers (`deliverEventToRecognizers`,
/// RecognizerDelivery); `settle` then resolves the states they asked for (StateResolution), sends
/// the actions in the order the states were published (here), tells the views (ViewDelivery),
/// retires finished touches (TouchRetirement), resets the recognizers that are done (ResetGroups)
/// and arms the watchdogs (Watchdog); finally the work that callbacks queued runs, each as a
/// dispatch of its own (after a removal a view is making, if there is one: `removalDidFinish`).
///
/// User code runs only from the last section of this file, "User code: the only places it runs":
/// every touch method, reset, timer, delegate question, view call and action is one small
/// function there, and the rules call those. While one runs, what it asks through the host waits
/// in the inbox (GestureRuntime+Host.swift) and is applied as soon as it returns; debug builds
/// count the calls running and trap a rule entered from inside one (`assertNoUserCode`).
extension GestureRuntime {
  /// Runs `body` as one dispatch, then resolves, sends actions, tells views and resets; then runs
  /// whatever was queued from callbacks (once a removal a view is making is done).
  func dispatch(_ body: () -> Void) {
    beginDispatch()
    body()
    endDispatch()
  }

  /// One input event with a single touch change as a dispatch: `dispatch { handleInput(input) }`
  /// without the closure, whose context would retain and release the runtime at every event.
  /// (Inlining `dispatch` itself into every caller instead costs more: W1 5,046 against 4,984.)
  @inline(__always)
  func dispatchInput(_ input: TouchInput) {
    beginDispatch()
    handleInput(input)
    endDispatch()
  }

  /// The first half of `dispatch`, up to its body.
  @inline(__always)
  func beginDispatch() {
    assertNoUserCode(in: "dispatch")
    dispatchNumber &+= 1
    // Requests made through the host during the last dispatch but after its last call into user
    // code (only code that is not user code, such as a trace sink, can make them) are applied
    // first, as part of this dispatch: slots are given back only once the participants they name
    // are off the list.
    if userCodeAsked { applyInbox() }
    isDispatching = true
    // Inside the dispatch: a recognizer let go of with its slot may run a `deinit` that sends
    // input, which then waits for this dispatch to end.
    if !detachedRecognizers.isEmpty { freeDetachedSlots() }
  }

  /// The second half of `dispatch`, after its body: settling, then what follows.
  @inline(__always)
  func endDispatch() {
    settle()
    // Timers asked for after the last callback returned (by a trace sink, say): applied now, as
    // they may be due before the next dispatch (the rest of the inbox waits for it).
    if !inboxTimers.isEmpty {
      applyLateTimerRequests()
      userCodeAsked = !inbox.isEmpty || !inboxTimers.isEmpty
    }
    isDispatching = false
    // Not while a view is removing a recognizer or a subview: what follows waits for the removal
    // to be done (`removalDidFinish`).
    if removalsInProgress == 0 { followDispatch() }
  }

  /// What follows a dispatch, once no removal is in progress: the work callbacks queued, each as
  /// a dispatch of its own; the debug build's invariant check, once that work has run too (until
  /// then a removal, say, is half done); and the report of a changed timer deadline, from which
  /// the app may send input.
  @inline(__always)
  func followDispatch() {
    if !pendingDiagnostics.isEmpty { reportDiagnostics() }
    if !deferred.isEmpty { runDeferred() }
    #if DEBUG
      if deferred.isEmpty { _checkInvariants() }
    #endif
    if nextTimerDeadlineDidChange != nil { reportDeadlineChange() }
  }

  /// The second half of every dispatch (<doc:BehaviourReference> §5). Each step is called only when it has
  /// work (most moves have none for most of them): the checks are the steps' own first lines.
  func settle() {
    // A state asked from a `reset()`, or from a `deinit` that a reset ran, is resolved in this
    // dispatch too (an attempt of its own, <doc:BehaviourReference> §1.7).
    if settleRound() { settleWhatResetsAsked() }
    if !tables.watchdogCandidates.isEmpty { scheduleWatchdogs() }
  }

  /// One round of the second half: the states asked for, the view calls, the touches retired,
  /// the resets. Returns whether the resets asked for states.
  @inline(__always)
  func settleRound() -> Bool {
    settleDecisions()
    if !tables.dirtyRecords.isEmpty {
      deliverToViews()
      // A state asked from a view's touch method (a view may drive a recognizer of its own) is
      // resolved in this dispatch too, as UIKit does before its run loop turn ends, and the
      // view calls it causes are made in it.
      if !tables.requests.isEmpty || !tables.dirtyRecords.isEmpty { settleWhatViewsAsked() }
    }
    finishInputTouches()
    guard !tables.finished.isEmpty || removedParticipants > 0 else { return false }
    let requestsBefore = tables.requests.count
    runResets()
    return tables.requests.count > requestsBefore
  }

  /// Settles the states asked for during resets, round after round, until no reset asks for
  /// more. A recognizer that asks again at every reset would never let the dispatch end: after
  /// 1,000 rounds what is left is dropped, with a diagnostic.
  @inline(never)
  func settleWhatResetsAsked() {
    var rounds = 0
    repeat {
      rounds += 1
      if rounds > 1_000 {
        var names: [String] = []
        for request in tables.requests {
          let asking = recognizer(inSlot: request.slot)
          // A reset recognizer of this runtime stays `possible`, and takes the next touch as any
          // reset recognizer does.
          let slot = asking.runtimeSlot
          if slot.owner == runtimeNumber && !tables.slots[slot.index].participating {
            asking.requestedState = .possible
          }
          if !names.contains(asking.displayName) { names.append(asking.displayName) }
        }
        diagnose("states asked from reset() kept the dispatch from settling; dropped", names)
        tables.dropRequests()
        return
      }
    } while settleRound()
  }

  /// Resolves the states asked for and sends the actions, until no state is left to resolve.
  @inline(__always)
  func settleDecisions() {
    var rounds = 0
    repeat {
      if !tables.requests.isEmpty || !tables.releases.isEmpty { resolve() }
      if !tables.actions.isEmpty { sendActions() }
      rounds += 1
    } while !tables.requests.isEmpty && rounds < 10_000
  }

  /// Settles what the views' touch methods asked, and makes the view calls that this leads to,
  /// until nothing is left.
  @inline(never)
  func settleWhatViewsAsked() {
    var rounds = 0
    repeat {
      settleDecisions()
      if !tables.dirtyRecords.isEmpty { deliverToViews() }
      rounds += 1
    } while (!tables.requests.isEmpty || !tables.dirtyRecords.isEmpty) && rounds < 10_000
  }

  func runDeferred() {
    var guardCount = 0
    while !deferred.isEmpty && guardCount < 100_000 {
      guardCount += 1
      // Taken off out of place, as `queueDeferred` adds.
      var queue: [() -> Void] = []
      swap(&queue, &deferred)
      let work = queue.removeFirst()
      swap(&queue, &deferred)
      work()
    }
  }

  /// Queues work asked for during a dispatch (input, time, a scene change), run once it ends. The
  /// queue is changed out of place, as the runtime's other lists (GestureRuntime.swift).
  func queueDeferred(_ work: @escaping () -> Void) {
    var queue: [() -> Void] = []
    swap(&queue, &deferred)
    queue.append(work)
    swap(&queue, &deferred)
  }

  /// Applies one input event: updates touches, collects recognizers for new touches, delivers the
  /// event to the recognizers (<doc:BehaviourReference> §2.2–2.4).
  func handleInput(_ inputs: [TouchInput]) {
    assertNoUserCode(in: "handleInput")
    if inputs.count == 1 {
      handleInput(inputs[0])
      return
    }
    assertNoEventLeftOver()
    for input in inputs { accept(input) }
    let (count, first) = tables.markEventRecordsDirty()
    deliverEventToRecognizers(count: count, first: first)
  }

  /// An input event starts with the last one's list of records empty and no lift counted: every
  /// dispatch ends by emptying them (`finishInputTouches`), and input that comes during a
  /// dispatch waits for it to end (debug builds check).
  @inline(__always)
  func assertNoEventLeftOver() {
    assert(tables.eventRecords.isEmpty && !eventFinishes, "an input event began before the last one was finished")
  }

  /// Applies an input event with one touch change (the common case: no duplicate to look for).
  @inline(__always)
  func handleInput(_ input: TouchInput) {
    assertNoUserCode(in: "handleInput")
    assertNoEventLeftOver()
    accept(input)
    let (count, first) = tables.markEventRecordsDirty()
    deliverEventToRecognizers(count: count, first: first)
  }

  /// Moves a recognizer to the terminal state that fits where it is: `failed` from `possible`
  /// (held or not), `cancelled` from `began`/`changed` (<doc:BehaviourReference> §2.6, 3.12).
  func forceFinish(_ recognizer: GestureRecognizer, reason: String) {
    assertNoUserCode(in: "forceFinish")
    let published = recognizer.publishedState
    if published.isTerminal { return }
    let target: GestureRecognizer.State = published == .possible ? .failed : .cancelled
    recognizer.requestedState = target
    tables.request(slot: ownSlot(recognizer), target, reason: reason)
  }

  /// Marks a touch (its record's number) as changed in this dispatch, and lists it for view delivery unless its view is
  /// done with it (then there is nothing to plan; `finishInputTouches` clears its input phase).
  func markDirty(_ record: Int) {
    assertNoUserCode(in: "markDirty")
    tables.markDirty(record)
  }

  /// Sends the queued actions in the order their states were published (<doc:BehaviourReference> §1.3, 1.5).
  func sendActions() {
    assertNoUserCode(in: "sendActions")
    if tables.actions.isEmpty { return }
    var index = 0
    while index < tables.actions.count {
      // The slot is not given back while the queue names it, even if an action removes its
      // recognizer from its view (actions may add to the queue, never take from it).
      let (number, state) = tables.actions[index]
      index += 1
      sendAction(recognizer(inSlot: number), state)
    }
    tables.actions.clear()
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

  /// The app's ``diagnosticHandler``, with each diagnostic made since the last report, in the
  /// order made. Diagnostics of a dispatch the handler itself causes (input it sends) wait for the
  /// ones already waiting: the outer report takes them in turn.
  func reportDiagnostics() {
    guard !isReportingDiagnostics else { return }
    isReportingDiagnostics = true
    defer { isReportingDiagnostics = false }
    while !pendingDiagnostics.isEmpty {
      var batch: [Diagnostic] = []
      swap(&batch, &pendingDiagnostics)
      for diagnostic in batch { diagnosticHandler?(diagnostic) }
    }
  }
}
