import GestureCore

/// Publishing a state (<doc:BehaviourReference> §1, 2.8, 3.8–3.10): every published state is
/// traced and queued for its action, claims the recognizer's touches from their views when it
/// recognizes, and tells the recognizers that wait on it.
extension GestureRuntime {
  /// The reason a state is traced with when the recognizer gave none. Static, so that a reason
  /// closure that falls back on it does not capture the runtime (a retain and a release around
  /// every `publish` that is not traced).
  static func defaultReason(_ state: GestureRecognizer.State, from: GestureRecognizer.State) -> String {
    switch state {
    case .began: return "began"
    case .changed: return "changed"
    case .ended: return from == .possible ? "recognized" : "ended"
    case .cancelled: return "cancelled"
    case .failed: return "failed"
    case .possible: return "reset"
    }
  }

  /// Publishes a state: the trace line, the action, the view consequences, and what it means
  /// for recognizers that wait on this one.
  func publish(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State, reason: @autoclosure () -> String) {
    assertNoUserCode(in: "publish")
    let (from, slotNumber, cancelsWhenPublished) = recognizer.publish(state)
    let number = ownSlot(recognizer, number: slotNumber)
    // Each published state is a decision: the view calls it causes come in its order (§5).
    decisionSerial &+= 1
    let decision = decisionSerial
    var cancelsTouchesInView = cancelsWhenPublished
    if trace != nil {
      emit(.state(recognizer: recognizer.displayName, from: from, to: state, reason: reason()))
      // The trace's sink is app code, which may change the setting: it is read again after it.
      cancelsTouchesInView = recognizer.cancelsTouchesInView
    }
    let recognizes = from == .possible && (state == .began || state == .ended)
    // The tables after the trace line, whose sink cannot read them: one access.
    tables.publish(
      state, from: from, slot: number, recognizes: recognizes,
      claimsTouches: recognizes && cancelsTouchesInView, decision: decision, owner: runtimeNumber)
    if state.isTerminal { cancelAllTimers(ofSlot: number) }
  }
}
