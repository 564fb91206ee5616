import GestureCore

/// What recognizers ask of the runtime through the subclassing API: states, timers, touches to
/// ignore, requirements added mid-attempt, diagnostics. (Scene changes are in SceneChanges.)
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

  func recognizer(_ recognizer: GestureRecognizer, didRequireFailureOf other: GestureRecognizer) {
    guard recognizer.runtime.participating else { return }
    addEdge(from: recognizer, to: other, origin: .requireToFail)
    if other.runtime.participating { detectCycles() }
  }

  func staticRequirementsDidChange() {
    staticGraph.generation &+= 1
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
}
