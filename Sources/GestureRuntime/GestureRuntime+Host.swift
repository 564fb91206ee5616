import GestureCore

/// What recognizers ask of the runtime through the subclassing API: states, timers, touches to
/// ignore, requirements added mid-attempt, diagnostics. (Scene changes are in SceneChanges.)
///
/// During a dispatch these requests come from user code (a touch method, a delegate, an action):
/// what the asking code can see of them changes at once (the recognizer's own touches, its
/// requested state; the runtime's pending timers, as its public API reports them, count the
/// timers asked for), and the rest is only recorded, in the ``inbox`` (timers in
/// ``inboxTimers``), and applied by the dispatch right after that code returns (`runUserCode`),
/// in the order asked: no rule runs inside user code, and a timer asked for there changes none
/// of the runtime's timer state until it returns. (A scene change made there still unlists the
/// recognizers it takes away, and forgets their timers, at once: SceneChanges.) Between
/// dispatches (app code) a request is applied at once.
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

  /// A timer a recognizer started (`deadline`) or cancelled (nil) from user code, applied once
  /// that code returns, with the others, in the order asked. `slot` is the recognizer's slot here
  /// when it asked: a recognizer asks only through the runtime that hosts it, which gave it a slot
  /// as it became its host, and no other runtime gives it one meanwhile (`isInAnotherAttempt`,
  /// `isHostedElsewhere`). The slot is named, not the recognizer, as a pending timer names it: a
  /// recognizer gone to another runtime since has no live timer here.
  struct TimerRequest {
    let slot: Int
    let id: Int
    let deadline: Timestamp?
  }

  var currentTime: Timestamp { now }

  func recognizer(
    _ recognizer: GestureRecognizer, requested state: GestureRecognizer.State, slot: RuntimeSlotNumber,
    published: GestureRecognizer.State, reason: () -> String
  ) {
    var slotNumber = slot
    if isDispatching && heldRequestIsMoot(state, published: published, slot: slotIndex(slotNumber)) {
      return
    }
    // Only listed: requests are processed when the dispatch resolves. Without a reason to keep
    // (no trace, no stop under way), no string is made or moved. One made through the runtime of
    // its new window by a recognizer still in another runtime's attempt (moved from a callback
    // there, `isInAnotherAttempt`) is dropped, as one made after its removal would be.
    if stopReason == nil && trace == nil {
      if slotNumber.owner != runtimeNumber && isInAnotherAttempt(recognizer) { return }
      tables.request(slot: ownSlot(recognizer, number: slotNumber), state, reason: nil)
    } else {
      var text: String?
      if let stopReason {
        text = stopReason
      } else {
        let given = reason()
        if !given.isEmpty { text = given }
        // The reason is user code, which may have moved the recognizer to another runtime.
        slotNumber = recognizer.runtimeSlot
      }
      if slotNumber.owner != runtimeNumber && isInAnotherAttempt(recognizer) { return }
      tables.request(slot: ownSlot(recognizer, number: slotNumber), state, reason: text)
    }
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
    heldRequestIsMoot(state, published: recognizer.publishedState, slot: slot(recognizer))
  }

  /// ``heldRequestIsMoot(_:_:)`` of a recognizer whose published state is `published` and whose
  /// slot here is `number` (0: none).
  @inline(__always)
  func heldRequestIsMoot(
    _ state: GestureRecognizer.State, published: @autoclosure () -> GestureRecognizer.State, slot number: Int
  ) -> Bool {
    !isResolving && (state == .changed || state == .began) && tables.slots[number].held && published() == .possible
  }

  func recognizer(_ recognizer: GestureRecognizer, diagnostic message: String, requestFollows: Bool) {
    if isDispatching {
      ask(.diagnostic(message, recognizers: [recognizer.displayName]))
    } else {
      // App code outside any dispatch. A state it set illegally is requested right after, in a
      // dispatch of its own, which reports this at its end: the handler does not run while the
      // recognizer is still setting its state. Otherwise (a recognizer required to fail by
      // itself, a transition ignored) no dispatch may follow: reported now, as the call's last
      // step.
      diagnose(message, [recognizer.displayName])
      if !requestFollows && removalsInProgress == 0 && !pendingDiagnostics.isEmpty { reportDiagnostics() }
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, didRequireFailureOf other: GestureRecognizer) {
    if isDispatching {
      ask(.requireFailure(recognizer, of: other))
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
    recognizer.stopTracking(touch)
    let cancels = recognizer.cancelsTouchesInView
    let trackedNone = recognizer.numberOfTouches == 0
    if isDispatching {
      ask(.ignore(recognizer, touch, cancelsTouchesInView: cancels, trackedNone: trackedNone))
    } else {
      ignoreTouch(touch, of: recognizer, cancelsTouchesInView: cancels, trackedNone: trackedNone)
    }
  }

  func recognizer(
    _ recognizer: GestureRecognizer, slot: RuntimeSlotNumber, startTimer id: Int, afterMicroseconds microseconds: Int64
  ) {
    let deadline = Timestamp(microseconds: now.microseconds &+ microseconds)
    if isDispatching {
      askTimer(of: recognizer, slot: slot, id: id, deadline: deadline)
    } else {
      startTimer(for: recognizer, id: id, deadline: deadline)
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, slot: RuntimeSlotNumber, cancelTimer id: Int) {
    if isDispatching {
      askTimer(of: recognizer, slot: slot, id: id, deadline: nil)
    } else {
      cancelTimer(of: recognizer, id: id)
    }
  }

  /// Records a timer's start (a deadline) or cancellation (nil) asked from user code by the
  /// recognizer whose number is `number`.
  @inline(__always)
  private func askTimer(of recognizer: GestureRecognizer, slot number: RuntimeSlotNumber, id: Int, deadline: Timestamp?)
  {
    // A recognizer this runtime hosts has a slot here (`TimerRequest`; the debug build's
    // invariant check checks it after every dispatch).
    guard number.owner == runtimeNumber else {
      assertionFailure("\(recognizer.displayName) asked for a timer through a runtime that gave it no slot")
      return
    }
    let request = TimerRequest(slot: number.index, id: id, deadline: deadline)
    // Out of place, as `ask(_:)`.
    var requests: [TimerRequest] = []
    swap(&requests, &inboxTimers)
    requests.append(request)
    swap(&requests, &inboxTimers)
    userCodeAsked = true
  }

  /// Records a request of user code, applied once it returns (`applyInbox`). The inbox is changed
  /// out of place, as the runtime's other lists (GestureRuntime.swift).
  @inline(__always)
  func ask(_ request: HostRequest) {
    var requests: [HostRequest] = []
    swap(&requests, &inbox)
    requests.append(request)
    swap(&requests, &inbox)
    userCodeAsked = true
  }

  // MARK: Applying the requests

  /// Applies what user code asked while it ran, in the order asked (called by `runUserCode`
  /// once the code returned). The timers are started and cancelled last, in the order asked
  /// among themselves: nothing else that can be asked reads or changes a timer, and a timer
  /// changes nothing else, so this is the order asked as far as anything can tell. (A scene
  /// change made from user code that forgets a recognizer's timers at once also forgets those
  /// it asked for until then: `cancelAllTimers`.)
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
    if index > 0 {
      // Emptied out of place: it lets go of recognizers and touches. A deinit run meanwhile that
      // asks for something finds an empty inbox, which stays the inbox.
      var requests: [HostRequest] = []
      swap(&requests, &inbox)
      requests.clear()
      swap(&requests, &inbox)
      if !requests.isEmpty { swap(&requests, &inbox) }
    }
    if !inboxTimers.isEmpty { applyTimerRequests() }
    // Nothing is left, unless a deinit run while the lists were emptied asked for something.
    userCodeAsked = !inbox.isEmpty || !inboxTimers.isEmpty
  }

  /// Starts and cancels the timers asked for, in the order asked (`applyInbox`, and the end of a
  /// dispatch, for those that code other than a callback asked after the last one returned:
  /// timers are due before the next dispatch starts). Inlined into `applyInbox`, which most
  /// callbacks that ask for anything reach with timer requests only (a tap starting and
  /// cancelling its timers), together with the cancellation it makes: one call and one frame
  /// instead of three.
  @inline(__always)
  func applyTimerRequests() {
    assertNoUserCode(in: "applyTimerRequests")
    for index in 0..<inboxTimers.count {
      let number = inboxTimers[index].slot
      let id = inboxTimers[index].id
      let deadline = inboxTimers[index].deadline
      if let deadline {
        startTimer(ofSlot: number, id: id, deadline: deadline)
      } else {
        cancelTimer(ofSlot: number, id: id)
      }
    }
    // Emptied out of place, as the runtime's other lists; plain values, it lets go of nothing.
    var requests: [TimerRequest] = []
    swap(&requests, &inboxTimers)
    requests.clear()
    swap(&requests, &inboxTimers)
  }

  /// ``applyTimerRequests()`` for the end of a dispatch, which rarely has any: a call, not
  /// inlined, so that the dispatch's own code, inlined into each kind of dispatch, stays small
  /// (inlined there as well, `endDispatch` no longer inlines into `dispatchInput`).
  @inline(never)
  func applyLateTimerRequests() {
    applyTimerRequests()
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
    if let record, tables.records[record].suppressors > 0, tables.records[record].phaseInDispatch == .began,
      tables.records[record].viewState == .pending, cancelsTouchesInView,
      recognizer.publishedState == .began || recognizer.publishedState == .changed,
      isHeld(record, by: recognizer)
    {
      // It kept the touch from the view only while it held it (behaviour reference §2.5, 2.7).
      tables.records[record].suppressors -= 1
    }
    if let index = tables.slots[slot(recognizer)].attemptTouches.firstIndex(where: { $0.touch === touch }) {
      stopWithholding(recognizer, at: index)
      tables.slots[slot(recognizer)].attemptTouches.remove(at: index)
    }
    if trackedNone { listForWatchdog(recognizer) }
    if let record {
      let number = Int32(truncatingIfNeeded: slot(recognizer))
      for index in 0..<tables.records[record].entries.count
      where number != 0 && tables.records[record].entries[index].slot == number {
        tables.records[record].entries[index].ignored = true
      }
      markDirty(record)
    }
  }

  /// A recognizer in an attempt gained a failure requirement mid-attempt (<doc:BehaviourReference>
  /// §3.6, 3.11).
  func requireFailure(_ recognizer: GestureRecognizer, of other: GestureRecognizer) {
    assertNoUserCode(in: "requireFailure")
    guard tables.slots[slot(recognizer)].participating else { return }
    addEdge(from: recognizer, to: other, origin: .requireToFail)
    if tables.slots[slot(other)].participating { detectCycles() }
  }
}
