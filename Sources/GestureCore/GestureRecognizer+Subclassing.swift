extension GestureRecognizer {
  /// Whether illegal transitions trap by default when no runtime says otherwise: on in debug
  /// builds, off in release builds (<doc:BehaviourReference> §1.2).
  public static var defaultStrictTransitions: Bool {
    #if DEBUG
      return true
    #else
      return false
    #endif
  }

  /// Subclass API: asks to move to `newState` (UIKit's subclass-only `state` setter).
  ///
  /// The transition is checked against the table of ``State``. An illegal one traps when strict
  /// checking is on (naming the recognizer and both states); otherwise it is mapped as UIKit maps
  /// it, or ignored, with a diagnostic in the trace (<doc:BehaviourReference> §1.2). The runtime then decides
  /// what is published: the request may be held by a failure requirement or overruled by
  /// exclusion. `reason` is a short sentence for the trace, evaluated only when tracing.
  public final func setState(_ newState: State, reason: @autoclosure () -> String = "") {
    let from = requestedState
    var target = newState
    if !State.isLegal(from: from, to: newState) {
      let mapped = State.mapIllegal(from: from, to: newState)
      let message =
        "illegal transition \(from) → \(newState) requested by \(displayName); "
        + (mapped.map { "mapped to \($0)" } ?? "ignored")
      let host = self.host ?? hostOfWindow
      if host?.strictTransitions ?? Self.defaultStrictTransitions {
        preconditionFailure(message)
      }
      host?.recognizer(self, diagnostic: message, requestFollows: mapped != nil)
      guard let mapped else { return }
      target = mapped
    }
    requestedState = target
    storedStateRequestCount &+= 1
    if let host {
      host.recognizer(self, requested: target, slot: runtimeSlot, published: storedPublishedState, reason: reason)
    } else if let host = hostOfWindow {
      // Not yet in an attempt: the runtime of its view's window starts one (behaviour reference
      // §1.7).
      host.recognizer(self, requested: target, slot: runtimeSlot, published: storedPublishedState, reason: reason)
    } else {
      storedPublishedState = target
    }
  }

  /// The runtime of the window the recognizer's view is in, if any: the host of one that has not
  /// been in an attempt yet.
  private var hostOfWindow: (any GestureHost)? { view?.root.host }

  /// Subclass API: the recognizer gets no more of `touch`, and the touch is neither delayed nor
  /// cancelled on its view because of it (<doc:BehaviourReference> §2.5).
  public final func ignore(_ touch: Touch, for event: TouchEvent) {
    if let host {
      host.recognizer(self, ignores: touch)
    } else {
      stopTracking(touch)
    }
  }

  /// Subclass API: starts (or restarts) the timer `id`; ``timerFired(_:)`` is called `delay`
  /// later through a dispatch of its own, unless the timer is cancelled or the recognizer reset
  /// first (<doc:BehaviourReference> §5). Timers need a runtime; without one the call does nothing.
  public final func startTimer(_ id: Int = 0, after delay: Duration) {
    guard let host else { return }
    // Converting a Duration is 128-bit arithmetic; a recognizer restarts the same few delays
    // (a tap alternates two), so the last two conversions are remembered. The delays are compared
    // as attoseconds, which inlines to two integer comparisons (`Duration`'s `==` is a call into
    // the standard library).
    let microseconds: Int64
    let attoseconds = delay.attoseconds
    if attoseconds == timerDelayMemo.delay.attoseconds {
      microseconds = timerDelayMemo.microseconds
    } else if attoseconds == timerDelayMemo2.delay.attoseconds {
      microseconds = timerDelayMemo2.microseconds
    } else {
      microseconds = delay.wholeMicroseconds
      timerDelayMemo2 = timerDelayMemo
      timerDelayMemo = (delay, microseconds)
    }
    storedStartedTimers |= Self.startedTimerBit(id)
    host.recognizer(self, slot: runtimeSlot, startTimer: id, afterMicroseconds: microseconds)
  }

  /// Subclass API: cancels the timer `id` if it is pending. Without a runtime the call does
  /// nothing (a recognizer leaving its runtime's tree leaves with no timer pending).
  public final func cancelTimer(_ id: Int = 0) {
    // A timer not started since the attempt began, or cancelled since it last was, is not
    // pending: the host is not called (a one-finger tap cancels its landing timer, never
    // started, at every lift).
    let bit = Self.startedTimerBit(id)
    guard storedStartedTimers & bit != 0 else { return }
    cancelStartedTimer(id, bit: bit)
  }

  /// The rest of ``cancelTimer(_:)``, for a timer started since its last cancellation: a call
  /// of its own, so that the usual return above saves and restores no registers.
  @inline(never)
  private final func cancelStartedTimer(_ id: Int, bit: UInt64) {
    guard let host else { return }
    if bit != 1 &<< 63 { storedStartedTimers &= ~bit }
    host.recognizer(self, slot: runtimeSlot, cancelTimer: id)
  }

  /// The time of the dispatch in progress, on the runtime's clock.
  public var currentTime: Timestamp { host?.currentTime ?? .zero }
}
