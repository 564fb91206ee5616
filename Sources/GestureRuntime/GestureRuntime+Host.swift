@_spi(GestureRuntime) import GestureCore

extension GestureRuntime: GestureHost {
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
    !isResolving && (state == .changed || state == .began) && recognizer.runtime.held
      && recognizer.publishedState == .possible
  }

  func recognizer(_ recognizer: GestureRecognizer, diagnostic message: String) {
    diagnose(message, [recognizer.displayName])
  }

  func recognizerEnabledDidChange(_ recognizer: GestureRecognizer) {
    guard !recognizer.isEnabled else { return }
    sceneChange { [unowned self] in
      self.stopAttempt(of: [recognizer], reason: "disabled")
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, didRequireFailureOf other: GestureRecognizer) {
    guard recognizer.runtime.participating else { return }
    addEdge(from: recognizer, to: other, origin: .requireToFail)
    if other.runtime.participating { detectCycles() }
  }

  func recognizer(_ recognizer: GestureRecognizer, ignores touch: Touch) {
    ignoredThisDelivery += 1
    if let record = touch.record, record.suppressors > 0, record.phaseInDispatch == .began,
      record.viewState == .pending, recognizer.cancelsTouchesInView,
      recognizer.publishedState == .began || recognizer.publishedState == .changed,
      record.isHeld(by: recognizer)
    {
      // It kept the touch from the view only while it held it (behaviour reference §2.5, 2.7).
      record.suppressors -= 1
    }
    recognizer.trackedTouches.removeAll { $0 === touch }
    if let index = recognizer.attemptTouches.firstIndex(where: { $0.touch === touch }) {
      stopWithholding(recognizer, at: index)
      recognizer.attemptTouches.remove(at: index)
    }
    if recognizer.trackedTouches.isEmpty { watchdogCandidates.append(recognizer) }
    if let record = touch.record {
      for index in 0..<record.entries.count where record.entries[index].recognizer === recognizer {
        record.entries[index].attempt = 0
      }
      markDirty(record)
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, startTimer id: Int, afterMicroseconds microseconds: Int64) {
    startTimer(for: recognizer, id: id, deadline: Timestamp(microseconds: now.microseconds &+ microseconds))
  }

  func recognizerWillBeRemoved(_ recognizer: GestureRecognizer) {
    guard recognizer.runtime.participating else { return }
    sceneChange { [unowned self] in
      self.stopAttempt(of: [recognizer], reason: "removed from its view")
    }
  }

  func viewWillBeRemoved(_ view: View) {
    var recognizers: [GestureRecognizer] = []
    var stack = [view]
    while let current = stack.popLast() {
      recognizers.append(contentsOf: current.gestureRecognizers.filter { $0.runtime.participating })
      stack.append(contentsOf: current.subviews)
    }
    let records =
      liveTouches.records.filter { $0.view?.isDescendant(of: view) ?? false }
      + withheldRecords.elements.filter { $0.view?.isDescendant(of: view) ?? false }
    guard !recognizers.isEmpty || !records.isEmpty else {
      GestureRuntime.detach(view)
      dropUnlistedParticipants()
      return
    }
    sceneChange { [unowned self] in
      self.stopAttempt(of: recognizers, reason: "its view was removed")
      GestureRuntime.detach(view)
      self.dropUnlistedParticipants()
      for record in records where record.viewState != .done {
        record.cancelRequested = true
        self.markDirty(record)
      }
    }
  }

  /// Drops from the participants the recognizers that a detach unlisted (their view left the
  /// tree), so that one coming back and joining an attempt before the next compaction is listed
  /// anew, once, instead of twice.
  func dropUnlistedParticipants() {
    var kept = 0
    for index in 0..<participants.count where participants[index].runtime.listed {
      if kept != index { participants.swapAt(kept, index) }
      kept += 1
    }
    while participants.count > kept { participants.removeLast() }
    removedParticipants = 0
    for index in 0..<participants.count where !participants[index].runtime.participating {
      removedParticipants += 1
    }
  }

  /// Runs a scene change as a dispatch of its own, now or right after the current dispatch
  /// (<doc:BehaviourReference> §5).
  func sceneChange(_ work: @escaping () -> Void) {
    if isDispatching {
      deferred.append { [unowned self] in self.dispatch(work) }
    } else {
      dispatch(work)
    }
  }

  /// Cancels the attempts of recognizers that were disabled or removed: they get
  /// `touchesCancelled`, end as `failed` or `cancelled`, their dependents are told, and they are
  /// reset (<doc:BehaviourReference> §2.6).
  func stopAttempt(of recognizers: [GestureRecognizer], reason: String) {
    for recognizer in recognizers where recognizer.runtime.participating {
      if !recognizer.trackedTouches.isEmpty && !recognizer.requestedState.isTerminal {
        let touches = recognizer.trackedTouches.elements
        let event = TouchEvent(timestamp: now, allTouches: allTouchesOfEvent(touches))
        recognizer.runtime.requestedThisDelivery = false
        stopReason = reason
        recognizer.touchesCancelled(touches, with: event)
        stopReason = nil
        removeTracked(touches, from: recognizer)
      }
      for attemptIndex in recognizer.attemptTouches.indices {
        let attempt = recognizer.attemptTouches[attemptIndex]
        if let record = attempt.touch.record { markDirty(record) }
      }
      forceFinish(recognizer, reason: reason)
    }
    resolve()
    sendActions()
    deliverToViews()
    for recognizer in recognizers where recognizer.runtime.participating {
      resetRecognizer(recognizer)
    }
    runResets()
  }
}
