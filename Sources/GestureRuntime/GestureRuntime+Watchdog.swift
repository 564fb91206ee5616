import GestureCore

/// The watchdog (<doc:BehaviourReference> §3.12): a recognizer still undecided 5 s after its last
/// touch ended is failed by the runtime.
extension GestureRuntime {
  /// Arms the watchdog of every recognizer that is undecided with no touch down
  /// (<doc:BehaviourReference> §3.12).
  func scheduleWatchdogs() {
    assertNoUserCode(in: "scheduleWatchdogs")
    guard !tables.watchdogCandidates.isEmpty else { return }
    for index in 0..<tables.watchdogCandidates.count {
      // A slot stays given while the list names it (`freeDetachedSlots`): a candidate listed by
      // user code after the last dispatch's resolution still has its recognizer.
      let recognizer = recognizer(inSlot: tables.watchdogCandidates[index])
      guard recognizer.numberOfTouches == 0 && !recognizer.publishedState.isTerminal
      else { continue }
      let number = slot(recognizer)
      guard tables.startWatchdog(slot: number) else { continue }
      startTimer(
        ofSlot: number, id: Self.watchdogTimerID,
        deadline: Timestamp(microseconds: now.microseconds &+ Self.undecidedTimeoutMicroseconds))
    }
    tables.watchdogCandidates.clear()
  }

  /// Lists the recognizer, which has no touch left, for `scheduleWatchdogs`; one without a slot
  /// here has no attempt here, and no watchdog.
  @inline(__always)
  func listForWatchdog(_ recognizer: GestureRecognizer) {
    let number = slot(recognizer)
    if number != 0 { tables.watchdogCandidates.append(number) }
  }

  /// A recognizer's watchdog fired: fail it if it is still undecided with no touch down, unless
  /// it is held for recognizers that are themselves still deciding (their own watchdogs decide
  /// it).
  func watchdogFired(_ recognizer: GestureRecognizer) {
    assertNoUserCode(in: "watchdogFired")
    let number = ownSlot(recognizer)
    tables.slots[number].watchdogPending = false
    guard tables.slots[number].participating, !recognizer.publishedState.isTerminal,
      recognizer.numberOfTouches == 0
    else { return }
    // A held recognizer waits for its targets' own watchdogs, which decide it; only when
    // every target it waits for is itself held (a deadlock) does its own watchdog act.
    if tables.slots[number].held,
      tables.slots[number].requires.contains(where: {
        isPendingTarget($0.target, of: number) && !tables.slots[slot($0.target)].held
      })
    {
      tables.watchdogCandidates.append(number)
      return
    }
    diagnose(
      "\(recognizer.displayName) was still undecided \(formatNumber(Self.undecidedTimeout.secondsValue)) s after its last touch ended; the runtime failed it",
      [recognizer.displayName])
    forceFinish(
      recognizer, reason: "undecided \(formatNumber(Self.undecidedTimeout.secondsValue)) s after its touches ended")
  }
}
