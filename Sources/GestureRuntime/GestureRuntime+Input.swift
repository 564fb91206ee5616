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
  ///
  /// A pointer's press (a touch of type ``GestureCore/TouchType/indirectPointer``) sent this way
  /// is sent as ``send(_:buttonMask:modifierFlags:at:)`` sends it, with the buttons an event
  /// script gives it when it names none: the primary button goes down when the press begins
  /// (unless buttons are down already), every button lifts when it ends, and in between the
  /// buttons last set stay.
  public func send(_ touches: [TouchInput], at time: Timestamp) {
    if touches.contains(where: { $0.type == .indirectPointer }) {
      sendPressWithoutButtons(touches, at: time)
      return
    }
    if isDispatching {
      queueDeferred { [unowned self] in self.send(touches, at: time) }
      return
    }
    advance(to: time > now ? time : diagnosedTime(time))
    dispatch { self.handleInput(touches) }
  }

  /// Dispatches one input event with a single touch change (the common case: no array to build).
  /// A pointer's press is sent with buttons, as ``send(_:at:)-([TouchInput],_)`` says.
  public func send(_ touch: TouchInput, at time: Timestamp) {
    if touch.type == .indirectPointer {
      sendPressWithoutButtons([touch], at: time)
      return
    }
    if isDispatching {
      queueDeferred { [unowned self] in self.send(touch, at: time) }
      return
    }
    advance(to: time > now ? time : diagnosedTime(time))
    dispatchInput(touch)
  }

  /// A pointer's press sent without buttons: sent with those an event script gives it (the
  /// primary button down at its beginning, unless some are down; none from its end).
  func sendPressWithoutButtons(_ touches: [TouchInput], at time: Timestamp) {
    var buttons = pointer.buttonMask
    let presses = touches.lazy.filter { $0.type == .indirectPointer }
    if buttons.isEmpty && presses.contains(where: { $0.phase == .began }) { buttons = .primary }
    if presses.contains(where: { $0.phase == .ended || $0.phase == .cancelled }) { buttons = [] }
    send(touches, buttonMask: buttons, modifierFlags: pointer.modifierFlags, at: time)
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
    while let next = tables.takeTimer(dueBy: time.microseconds) {
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
    while fired < limit, let next = tables.takeTimer(dueBy: .max) {
      if isLive(next) { fired += 1 }
      fire(next)
    }
  }

  /// The deadline of the next timer that will fire, if any.
  public var nextTimerDeadline: Timestamp? {
    while let next = tables.firstTimer(), !isLive(next) { _ = tables.takeTimer(dueBy: .max) }
    if inboxTimers.isEmpty { return tables.firstTimer()?.deadline }
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
