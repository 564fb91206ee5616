import GestureCore

/// What recognizers ask of the runtime through the subclassing API: states, timers, touches to
/// ignore, requirements added mid-attempt, diagnostics. (Scene changes are in SceneChanges.)
///
/// During a dispatch these requests come from user code (a touch method, a delegate, an action):
/// what the asking code can see of them changes at once (the recognizer's own touches, its
/// timers, its requested state), and the rest is only recorded, in the ``inbox`` (timers in
/// ``inboxTimers``), and applied by the dispatch right after that code returns (`runUserCode`),
/// in the order asked: no rule runs inside user code. Between dispatches (app code) a request is
/// applied at once.
extension GestureRuntime: GestureHost {
  /// A request made through the host from inside user code, applied once that code returns.
  enum HostRequest {
    /// The recognizer ignores the touch (`ignoreTouch`); it no longer tracks it already. What
    /// the decision depends on that the code could change before it returns is kept as it was.
    case ignore(GestureRecognizer, Touch, cancelsTouchesInView: Bool, trackedNone: Bool)
    /// The recognizer gained a failure requirement on the other (`requireFailure`).
    case requireFailure(GestureRecognizer, of: GestureRecognizer)
    /// A diagnostic, for the trace.
    case diagnostic(String, recognizers: [String])
    /// A view left the tree with nothing in an attempt: its unlisted recognizers leave the
    /// participants (`dropUnlistedParticipants`).
    case dropUnlistedParticipants
  }

  var currentTime: Timestamp { now }

  func recognizer(
    _ recognizer: GestureRecognizer, requested state: GestureRecognizer.State, reason: () -> String
  ) {
    if isDispatching && heldRequestIsMoot(recognizer, state) { return }
    var text: String?
    if let stopReason {
      text = stopReason
    } else if trace != nil {
      let given = reason()
      if !given.isEmpty { text = given }
    }
    // Only listed: requests are processed when the dispatch resolves.
    requests.append(Request(recognizer: recognizer, state: state, reason: text))
    if !isDispatching {
      // A state set outside any dispatch (app code): resolve it as a dispatch of its own.
      dispatch {}
    }
  }

  /// Whether a request made during a dispatch would be dropped by `process` anyway: `began` or
  /// `changed` from a recognizer held by a failure requirement (a pan that keeps moving while it
  /// waits for a swipe to fail). Outside resolution nothing can release the recognizer before the
  /// request would be processed, so such a request is dropped when made, without a resolution
  /// round.
  @inline(__always)
  func heldRequestIsMoot(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) -> Bool {
    !isResolving && (state == .changed || state == .began) && slots[slot(recognizer)].held
      && recognizer.publishedState == .possible
  }

  func recognizer(_ recognizer: GestureRecognizer, diagnostic message: String) {
    if isDispatching {
      inbox.append(.diagnostic(message, recognizers: [recognizer.displayName]))
      userCodeAsked = true
    } else {
      diagnose(message, [recognizer.displayName])
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, didRequireFailureOf other: GestureRecognizer) {
    if isDispatching {
      inbox.append(.requireFailure(recognizer, of: other))
      userCodeAsked = true
    } else {
      requireFailure(recognizer, of: other)
    }
  }

  func staticRequirementsDidChange() {
    staticGraph.generation &+= 1
  }

  func recognizer(_ recognizer: GestureRecognizer, ignores touch: Touch) {
    // The recognizer no longer tracks the touch, at once: its touches and their number are its
    // own to read.
    recognizer.trackedTouches.removeAll { $0 === touch }
    let cancels = recognizer.cancelsTouchesInView
    let trackedNone = recognizer.trackedTouches.isEmpty
    if isDispatching {
      inbox.append(.ignore(recognizer, touch, cancelsTouchesInView: cancels, trackedNone: trackedNone))
      userCodeAsked = true
    } else {
      ignoreTouch(touch, of: recognizer, cancelsTouchesInView: cancels, trackedNone: trackedNone)
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, startTimer id: Int, afterMicroseconds microseconds: Int64) {
    // The timer's generation is set at once: the recognizer may cancel the timer before it returns.
    let deadline = Timestamp(microseconds: now.microseconds &+ microseconds)
    let timer = armedTimer(of: recognizer, id: id, deadline: deadline)
    if isDispatching {
      inboxTimers.append(timer)
      userCodeAsked = true
    } else {
      queueTimer(timer)
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, cancelTimer id: Int) {
    // At once, as a start is: the recognizer may start the timer again before it returns.
    cancelTimer(of: recognizer, id: id)
  }

  // MARK: Applying the requests

  /// Applies what user code asked while it ran, in the order asked (called by `runUserCode`
  /// once the code returned). The timers are queued last: nothing else that can be asked reads
  /// or changes the timer queue, and queueing a timer changes nothing else, so this is the order
  /// asked as far as anything can tell.
  func applyInbox() {
    assertNoUserCode(in: "applyInbox")
    var index = 0
    while index < inbox.count {
      let request = inbox[index]
      index += 1
      switch request {
      case .ignore(let recognizer, let touch, let cancels, let trackedNone):
        ignoreTouch(touch, of: recognizer, cancelsTouchesInView: cancels, trackedNone: trackedNone)
      case .requireFailure(let recognizer, let other): requireFailure(recognizer, of: other)
      case .diagnostic(let message, let recognizers): diagnose(message, recognizers)
      case .dropUnlistedParticipants: dropUnlistedParticipants()
      }
    }
    if index > 0 { inbox.clear() }
    if !inboxTimers.isEmpty {
      // Taken out of the list (not copied) into the queue, first asked first.
      if inboxTimers.count > 1 { inboxTimers.reverse() }
      while let timer = inboxTimers.popLast() { queueTimer(timer) }
    }
    userCodeAsked = false
  }

  /// A recognizer ignores a touch it no longer tracks (<doc:BehaviourReference> §2.5).
  /// `cancelsTouchesInView` is the recognizer's setting when it asked; `trackedNone`, whether it
  /// tracked no touch left then.
  func ignoreTouch(
    _ touch: Touch, of recognizer: GestureRecognizer, cancelsTouchesInView: Bool, trackedNone: Bool
  ) {
    assertNoUserCode(in: "ignoreTouch")
    ignoredThisDelivery += 1
    let record = self.record(of: touch)
    if let record, records[record].suppressors > 0, records[record].phaseInDispatch == .began,
      records[record].viewState == .pending, cancelsTouchesInView,
      recognizer.publishedState == .began || recognizer.publishedState == .changed,
      records[record].isHeld(by: recognizer)
    {
      // It kept the touch from the view only while it held it (behaviour reference §2.5, 2.7).
      records[record].suppressors -= 1
    }
    if let index = slots[slot(recognizer)].attemptTouches.firstIndex(where: { $0.touch === touch }) {
      stopWithholding(recognizer, at: index)
      slots[slot(recognizer)].attemptTouches.remove(at: index)
    }
    if trackedNone { watchdogCandidates.append(recognizer) }
    if let record {
      for index in 0..<records[record].entries.count where records[record].entries[index].recognizer === recognizer {
        records[record].entries[index].attempt = 0
      }
      markDirty(record)
    }
  }

  /// A recognizer in an attempt gained a failure requirement mid-attempt (<doc:BehaviourReference>
  /// §3.6, 3.11).
  func requireFailure(_ recognizer: GestureRecognizer, of other: GestureRecognizer) {
    assertNoUserCode(in: "requireFailure")
    guard slots[slot(recognizer)].participating else { return }
    addEdge(from: recognizer, to: other, origin: .requireToFail)
    if slots[slot(other)].participating { detectCycles() }
  }
}
