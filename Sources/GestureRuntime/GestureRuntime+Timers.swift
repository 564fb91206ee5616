public import GestureCore

/// Timers: the recognizers' own (``GestureCore/GestureRecognizer/startTimer(_:after:)``) and the
/// runtime's, in one queue; each fires as a dispatch of its own at its deadline. And the deadline
/// API, for apps whose event loop is not the runtime's: how long they may sleep, and a call when
/// that changes.
extension GestureRuntime {
  func startTimer(for recognizer: GestureRecognizer, id: Int, deadline: Timestamp) {
    assertNoUserCode(in: "startTimer")
    queueTimer(armedTimer(of: recognizer, id: id, deadline: deadline))
  }

  /// The recognizer's timer `id`, due at `deadline`, with a new generation, which only this
  /// timer carries: an earlier one still queued is skipped, and
  /// ``GestureCore/GestureRecognizer/cancelTimer(_:)`` forgets the generation.
  @inline(__always)
  func armedTimer(of recognizer: GestureRecognizer, id: Int, deadline: Timestamp) -> PendingTimer {
    armedTimer(ofSlot: ownSlot(recognizer), id: id, deadline: deadline)
  }

  /// Timer `id` of the recognizer with slot `number`, armed (`armedTimer(of:id:deadline:)`).
  @inline(__always)
  func armedTimer(ofSlot number: Int, id: Int, deadline: Timestamp) -> PendingTimer {
    timerGeneration &+= 1
    let generation = timerGeneration
    tables.arm(slot: number, timer: id, generation: generation)
    return PendingTimer(deadline: deadline, slot: number, id: id, generation: generation)
  }

  /// Queues an armed timer.
  @inline(__always)
  func queueTimer(_ timer: consuming PendingTimer) {
    assertNoUserCode(in: "queueTimer")
    let inOrder = timer.id == Self.watchdogTimerID
    // Out of place, as the runtime's other lists (GestureRuntime.swift).
    var queue = takeTimers()
    queue.push(timer, inOrder: inOrder)
    putBack(queue)
  }

  /// Takes the next timer off the queue (live or not), out of place as `queueTimer` adds.
  @inline(__always)
  func popTimer() -> PendingTimer? {
    var queue = takeTimers()
    let next = queue.pop()
    putBack(queue)
    return next
  }

  /// The timer queue, taken out of its place (which holds nil until `putBack(_:)`).
  @inline(__always)
  func takeTimers() -> TimerQueue {
    guard let queue = timers.take() else { preconditionFailure("the timer queue was already taken out") }
    return queue
  }

  /// Puts the timer queue back in its place, by a swap: what was there (nil) is let go of outside
  /// the access.
  @inline(__always)
  func putBack(_ queue: consuming TimerQueue) {
    var back: TimerQueue? = consume queue
    swap(&back, &timers)
  }

  /// Whether the timer is still to fire: its generation is the one its slot lists for its id (a
  /// generation is never given twice, so a timer of a slot given back, or given to another
  /// recognizer since, is never live), and its recognizer still has that slot here.
  func isLive(_ timer: PendingTimer) -> Bool {
    let number = timer.slot
    guard tables.timerGeneration(slot: number, id: timer.id) == timer.generation,
      tables.slots[number].recognizer?.runtimeSlot == RuntimeSlotNumber(owner: runtimeNumber, index: number)
    else { return false }
    return timer.id != Self.watchdogTimerID || tables.slots[number].watchdogPending
  }

  /// Forgets the recognizer's timer `id`: it is skipped when it comes due
  /// (``GestureCore/GestureRecognizer/cancelTimer(_:)``, and the runtime's own timers).
  func cancelTimer(of recognizer: GestureRecognizer, id: Int) {
    cancelTimer(ofSlot: slot(recognizer), id: id)
  }

  /// Forgets timer `id` of the recognizer with slot `number`.
  func cancelTimer(ofSlot number: Int, id: Int) {
    tables.disarm(slot: number, timer: id)
  }

  /// Forgets every pending timer of the recognizer (they are skipped when they come due), and
  /// the starts and cancellations it asked for from user code that has not returned yet (a scene
  /// change made from there forgets its timers at once: they forget what was asked before it).
  @inline(__always)
  func cancelAllTimers(of recognizer: GestureRecognizer) {
    cancelAllTimers(ofSlot: slot(recognizer))
  }

  /// ``cancelAllTimers(of:)`` for a recognizer whose slot here is `number` (or 0, none).
  @inline(__always)
  func cancelAllTimers(ofSlot number: Int) {
    if !tables.slots[number].timerGenerations.isEmpty { tables.slots[number].timerGenerations.clear() }
    dropTimerRequests(ofSlot: number)
  }

  /// Forgets the timer starts and cancellations that the recognizer with slot `number` here (or
  /// 0, none: then there are none) asked for from user code that has not returned yet.
  @inline(__always)
  func dropTimerRequests(ofSlot number: Int) {
    if !inboxTimers.isEmpty {
      // Out of place, as `ask(_:)`.
      var requests: [TimerRequest] = []
      swap(&requests, &inboxTimers)
      requests.removeAll { $0.slot == number }
      swap(&requests, &inboxTimers)
    }
  }

  /// The pending timers in the order they will come due (deadline order, then the order they
  /// were asked for), as ``nextTimerDeadline`` and ``finish()`` report them, which user code may
  /// call: those user code still running asked for count as applied. A queued timer is superseded
  /// by a start or cancellation of its id that its recognizer asked for since; of the timers
  /// asked for, the last start of each id counts, unless a cancellation of that id follows it.
  /// Not for the per-event path.
  func pendingTimersInOrder() -> [(deadline: Timestamp, recognizer: GestureRecognizer?, id: Int)] {
    // The requests, which take effect in the order asked (`applyInbox`).
    let asked = inboxTimers
    func sameTimer(_ one: TimerRequest, _ other: TimerRequest) -> Bool {
      one.id == other.id && one.slot == other.slot
    }
    // Read out of place (as `popTimer`), before it is filtered.
    let queue = takeTimers()
    let queued = queue.entriesInOrder
    putBack(queue)
    var pending = queued.filter { timer in
      isLive(timer)
        && !asked.contains { $0.id == timer.id && $0.slot == timer.slot }
    }.map { (deadline: $0.deadline, recognizer: tables.slots[$0.slot].recognizer, id: $0.id) }
    var started: [(deadline: Timestamp, recognizer: GestureRecognizer?, id: Int)] = []
    for (index, request) in asked.enumerated() {
      guard let deadline = request.deadline, !asked[(index + 1)...].contains(where: { sameTimer($0, request) })
      else { continue }
      if let recognizer = tables.slots[request.slot].recognizer,
        recognizer.runtimeSlot == RuntimeSlotNumber(owner: runtimeNumber, index: request.slot),
        request.id != Self.watchdogTimerID || tables.slots[request.slot].watchdogPending
      {
        // Armed in its slot, it fires only while the recognizer still has that slot here (and
        // one with the watchdog's identifier, only while the runtime's watchdog is pending: `isLive`).
        started.append((deadline, recognizer, request.id))
      }
    }
    guard !started.isEmpty else { return pending }
    // After the queued timers of the same deadline, which were queued first.
    pending += started
    return pending.enumerated().sorted {
      $0.element.deadline != $1.element.deadline ? $0.element.deadline < $1.element.deadline : $0.offset < $1.offset
    }.map(\.element)
  }

  func fire(_ timer: PendingTimer) {
    assertNoUserCode(in: "fire")
    guard isLive(timer), let recognizer = tables.slots[timer.slot].recognizer else { return }
    cancelTimer(ofSlot: timer.slot, id: timer.id)
    if timer.deadline > now {
      dispatchTime = timer.deadline
      clock.runtimeDidAdvance(to: now)
    }
    dispatch {
      if timer.id == Self.watchdogTimerID { return watchdogFired(recognizer) }
      if timer.id == Self.scrollIdleTimerID { return scrollIdleTimerFired() }
      guard !recognizer.requestedState.isTerminal else { return }
      callTimerFired(recognizer, timer.id)
    }
  }

  /// How long an event loop may wait for input before it must call ``advance(to:)`` so that the
  /// next timer fires on time: the span from `time` to ``nextTimerDeadline`` (zero when that is
  /// already due), or nil when no timer is pending (wait for input alone).
  public func timeUntilNextTimer(from time: Timestamp) -> Duration? {
    guard let deadline = nextTimerDeadline else { return nil }
    return deadline > time ? deadline - time : .zero
  }

  /// Calls ``nextTimerDeadlineDidChange`` if the deadline is not the one last reported.
  func reportDeadlineChange() {
    let deadline = nextTimerDeadline
    guard deadline != reportedDeadline else { return }
    reportedDeadline = deadline
    tellDeadlineDidChange(deadline)
  }
}
