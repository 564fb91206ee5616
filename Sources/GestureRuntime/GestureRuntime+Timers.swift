public import GestureCore

/// Timers: the recognizers' own (``GestureCore/GestureRecognizer/startTimer(_:after:)``) and the
/// runtime's, pending in their recognizers' slots in one order (`TimerSchedule`); each fires as a
/// dispatch of its own at its deadline. And the deadline API, for apps whose event loop is not
/// the runtime's: how long they may sleep, and a call when that changes.
extension GestureRuntime {
  func startTimer(for recognizer: GestureRecognizer, id: Int, deadline: Timestamp) {
    startTimer(ofSlot: ownSlot(recognizer), id: id, deadline: deadline)
  }

  /// Starts timer `id` of the recognizer with slot `number`, due at `deadline`: it takes the
  /// place of a pending timer of that id, and ``GestureCore/GestureRecognizer/cancelTimer(_:)``
  /// forgets it.
  @inline(__always)
  func startTimer(ofSlot number: Int, id: Int, deadline: Timestamp) {
    assertNoUserCode(in: "startTimer")
    tables.startTimer(slot: number, id: id, deadline: deadline)
  }

  /// Whether a timer taken out of its slot, or still pending there, is to fire: its recognizer
  /// still has that slot here (a timer of a recognizer gone to another runtime stays in the slot
  /// it had here, and is skipped), and the runtime's watchdog is still pending for a watchdog
  /// timer.
  func isLive(_ timer: PendingTimer) -> Bool {
    guard let recognizer = tables.slots[timer.slot].recognizer else { return false }
    return isLive(timer, of: recognizer)
  }

  /// ``isLive(_:)`` for the recognizer of the timer's slot, already read.
  @inline(__always)
  func isLive(_ timer: PendingTimer, of recognizer: GestureRecognizer) -> Bool {
    let number = timer.slot
    guard recognizer.runtimeSlot == RuntimeSlotNumber(owner: runtimeNumber, index: number) else { return false }
    return timer.id != Self.watchdogTimerID || tables.slots[number].watchdogPending
  }

  /// Forgets the recognizer's timer `id` (``GestureCore/GestureRecognizer/cancelTimer(_:)``, and
  /// the runtime's own timers).
  func cancelTimer(of recognizer: GestureRecognizer, id: Int) {
    cancelTimer(ofSlot: slot(recognizer), id: id)
  }

  /// Forgets timer `id` of the recognizer with slot `number`.
  @inline(__always)
  func cancelTimer(ofSlot number: Int, id: Int) {
    tables.cancelTimer(slot: number, id: id)
  }

  /// Forgets every pending timer of the recognizer, and the starts and cancellations it asked
  /// for from user code that has not returned yet (a scene change made from there forgets its
  /// timers at once: they forget what was asked before it).
  @inline(__always)
  func cancelAllTimers(of recognizer: GestureRecognizer) {
    cancelAllTimers(ofSlot: slot(recognizer))
  }

  /// ``cancelAllTimers(of:)`` for a recognizer whose slot here is `number` (or 0, none).
  @inline(__always)
  func cancelAllTimers(ofSlot number: Int) {
    if !tables.slots[number].timers.isEmpty { tables.slots[number].timers.clear() }
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
  /// call: those user code still running asked for count as applied. A pending timer is superseded
  /// by a start or cancellation of its id that its recognizer asked for since; of the timers
  /// asked for, the last start of each id counts, unless a cancellation of that id follows it.
  /// Not for the per-event path.
  func pendingTimersInOrder() -> [(deadline: Timestamp, recognizer: GestureRecognizer?, id: Int)] {
    // The requests, which take effect in the order asked (`applyInbox`).
    let asked = inboxTimers
    func sameTimer(_ one: TimerRequest, _ other: TimerRequest) -> Bool {
      one.id == other.id && one.slot == other.slot
    }
    var pending = tables.timersInOrder().filter { timer in
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
    // After the pending timers of the same deadline, which were started first.
    pending += started
    return pending.enumerated().sorted {
      $0.element.deadline != $1.element.deadline ? $0.element.deadline < $1.element.deadline : $0.offset < $1.offset
    }.map(\.element)
  }

  func fire(_ timer: PendingTimer) {
    assertNoUserCode(in: "fire")
    // The recognizer is read once, and checked with it: each read retains it.
    guard let recognizer = tables.slots[timer.slot].recognizer, isLive(timer, of: recognizer) else { return }
    if timer.deadline > now {
      dispatchTime = timer.deadline
      clock.runtimeDidAdvance(to: now)
    }
    // `dispatch { ... }` without the closure, whose context would retain and release the runtime
    // and the recognizer (as `dispatchInput`).
    beginDispatch()
    if timer.id == Self.watchdogTimerID {
      watchdogFired(recognizer)
    } else if timer.id == Self.scrollIdleTimerID {
      scrollIdleTimerFired()
    } else if !recognizer.requestedState.isTerminal {
      callTimerFired(recognizer, timer.id)
    }
    endDispatch()
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
