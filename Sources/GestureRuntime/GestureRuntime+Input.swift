public import GestureCore

/// The public input and time API: touch events come in, time moves forward and timers fire, each
/// as a dispatch (GestureRuntime+Dispatch.swift); and what an app may read between dispatches.
/// Called from inside a callback, each waits until the dispatch in progress is over.
extension GestureRuntime {
  /// Dispatches one input event at `time`: the touches that changed then.
  ///
  /// Every timer due at or before `time` fires first (<doc:BehaviourReference> §5). A time before the runtime's
  /// current time is treated as the current time, with a diagnostic. Touch changes that make no
  /// sense (a second `began` for a live id, a move of an unknown id) are dropped with a
  /// diagnostic.
  public func send(_ touches: [TouchInput], at time: Timestamp) {
    if isDispatching {
      queueDeferred { [unowned self] in self.send(touches, at: time) }
      return
    }
    advance(to: time > now ? time : diagnosedTime(time))
    dispatch { self.handleInput(touches) }
  }

  /// Dispatches one input event with a single touch change (the common case: no array to build).
  public func send(_ touch: TouchInput, at time: Timestamp) {
    if isDispatching {
      queueDeferred { [unowned self] in self.send(touch, at: time) }
      return
    }
    advance(to: time > now ? time : diagnosedTime(time))
    dispatch { self.handleInput(touch) }
  }

  /// A time earlier than the runtime's, with its diagnostic: the runtime's time.
  func diagnosedTime(_ time: Timestamp) -> Timestamp {
    if time < now {
      diagnose("input at \(time) s is earlier than the runtime's time \(now) s; treated as \(now) s", [])
    }
    return now
  }

  /// Moves time forward to `time`, firing every timer due by then, each at its deadline.
  @inline(__always)
  public func advance(to time: Timestamp) {
    if isDispatching {
      queueDeferred { [unowned self] in self.advance(to: time) }
      return
    }
    while let deadline = timers?.firstDeadline, deadline <= time, let next = popTimer() {
      fire(next)
    }
    if time > now {
      dispatchTime = time
      clock.runtimeDidAdvance(to: time)
    }
  }

  /// Moves time forward by `duration`, firing the timers due by then.
  public func advance(by duration: Duration) {
    advance(to: now + duration)
  }

  /// Fires every pending timer in order, moving time to each deadline, until none is left
  /// (`gesturectl` does this after a script's last event). Stops after `limit` timers. Called from
  /// inside a callback, it runs right after the dispatch in progress, as ``advance(to:)`` does.
  public func runUntilIdle(limit: Int = 1_000_000) {
    if isDispatching {
      queueDeferred { [unowned self] in self.runUntilIdle(limit: limit) }
      return
    }
    var fired = 0
    while fired < limit, let next = popTimer() {
      if isLive(next) { fired += 1 }
      fire(next)
    }
  }

  /// The deadline of the next timer that will fire, if any.
  public var nextTimerDeadline: Timestamp? {
    while let next = timers?.first, !isLive(next) { _ = popTimer() }
    if inboxTimers.isEmpty { return timers?.first?.deadline }
    // Read from user code that started or cancelled timers: they count as applied.
    return pendingTimersInOrder().first?.deadline
  }

  /// Whether any timer is pending.
  public var hasPendingTimers: Bool { nextTimerDeadline != nil }

  /// The number of touches that are down.
  public var activeTouchCount: Int { tables.live.count - pointer.syntheticCount }

  /// The recognizers in an attempt (they received a touch since their last reset).
  public var activeRecognizers: [GestureRecognizer] {
    tables.participants.filter { tables.slots[slot(ofListed: $0)].participating }.map { recognizer(inListed: $0) }
  }
}
