import GestureCore

/// Scene changes while touches are down (<doc:BehaviourReference> §2.6, 5): a recognizer disabled
/// or removed, a view removed; each runs as a dispatch of its own, after the current one when it
/// is made from inside a callback.
extension GestureRuntime {
  func recognizerEnabledDidChange(_ recognizer: GestureRecognizer) {
    guard !recognizer.isEnabled else { return }
    sceneChange { [unowned self] in
      self.stopAttempt(of: [recognizer], reason: "disabled")
    }
  }

  func recognizerWillBeRemoved(_ recognizer: GestureRecognizer) {
    removalsInProgress += 1
    guard recognizer.runtimeSlot.owner == runtimeNumber else { return }
    let number = recognizer.runtimeSlot.index
    if tables.slots[number].participating {
      sceneChange { [unowned self] in
        self.stopAttempt(of: [recognizer], reason: "removed from its view")
      }
    }
    // Outside an attempt nothing else forgets its timers: it leaves with none (the host it would
    // cancel them through is gone with its view).
    if !tables.slots[number].participating { cancelAllTimers(of: recognizer) }
    // Listed after the change ran (when it ran at once): a dispatch gives the slot back only once
    // the recognizer is off its view.
    listDetached(recognizer, slot: number)
  }

  func viewWillBeRemoved(_ view: View) {
    removalsInProgress += 1
    var recognizers: [GestureRecognizer] = []
    var slotted: [(recognizer: GestureRecognizer, slot: Int)] = []
    var stack = [view]
    while let current = stack.popLast() {
      for recognizer in current.gestureRecognizers where recognizer.runtimeSlot.owner == runtimeNumber {
        slotted.append((recognizer, recognizer.runtimeSlot.index))
        if tables.slots[recognizer.runtimeSlot.index].participating { recognizers.append(recognizer) }
      }
      stack.append(contentsOf: current.subviews)
    }
    // The touches, not their records' numbers: the change may run after the current dispatch,
    // once some of them were retired and their numbers given to new touches.
    let touches = (tables.live.numbers + tables.withheldRecords)
      .filter { tables.records[$0].view?.isDescendant(of: view) ?? false }.map { tables.records[$0].touch }
    guard !recognizers.isEmpty || !touches.isEmpty else {
      detach(view)
      // From user code (during a dispatch), once it returns (GestureRuntime+Host.swift).
      if isDispatching {
        ask(.dropUnlistedParticipants)
      } else {
        dropUnlistedParticipants()
      }
      return
    }
    // Made from a callback, the removal is done by the time the change runs.
    let afterTheDispatch = isDispatching
    sceneChange { [unowned self] in
      self.stopAttempt(of: recognizers, reason: "its view was removed")
      if afterTheDispatch {
        self.detachWhatLeft(view, slotted: slotted)
      } else {
        self.detach(view)
      }
      self.dropUnlistedParticipants()
      for touch in touches {
        guard let record = self.record(of: touch), self.tables.records[record].viewState != .done else { continue }
        self.tables.records[record].cancelRequested = true
        self.markDirty(record)
      }
    }
  }

  /// Detaches a subtree that a callback removed from the window, once the dispatch is over. The
  /// subtree may have changed since it left: the callback may have added a view to it, taken a
  /// view or a recognizer off it (unseen: it had left the tree), moved one into another runtime's
  /// window, or put one back into this window, where a touch may have begun an attempt since.
  /// What is not in this tree now is let go of: the subtree as it is, and the recognizers it had
  /// (`slotted`, with their slots here) that still hold those slots, and the slots of those that
  /// another runtime gave a slot meanwhile, back or not.
  func detachWhatLeft(_ view: View, slotted: [(recognizer: GestureRecognizer, slot: Int)]) {
    var membership = TreeMembership(root: window)
    if !membership.contains(view) { detach(view) }
    for (recognizer, number) in slotted where tables.slots[number].recognizer === recognizer {
      // A recognizer that came back after another runtime gave it a slot names that one: this
      // slot is let go of, and the host the recognizer has is not this one's to clear.
      if recognizer.runtimeSlot == RuntimeSlotNumber(owner: runtimeNumber, index: number) {
        if let home = recognizer.view, membership.contains(home) { continue }
        if recognizer.hostIdentifier == ObjectIdentifier(self) { recognizer.host = nil }
      }
      letGo(recognizer, slot: number)
    }
  }

  /// Drops from the participants the recognizers that a detach unlisted (their view left the
  /// tree), so that one coming back and joining an attempt before the next compaction is listed
  /// anew, once, instead of twice.
  func dropUnlistedParticipants() {
    assertNoUserCode(in: "dropUnlistedParticipants")
    removedParticipants = tables.removeParticipants(.unlisted, owner: runtimeNumber)
  }

  /// The view's side of a removal is done (`GestureHost.removalDidFinish`), or of a move (a
  /// removal and an insertion). A removal made from app code, outside any dispatch, cancels what
  /// it must in a dispatch that runs before the view lets go of the recognizer or the subview;
  /// what that dispatch's callbacks queued (input sent from a `touchesCancelled`, say) waits for
  /// the view, and runs here, as does the report of a changed deadline (app code may send input
  /// from it): input must not reach a recognizer or a subtree on its way out.
  func removalDidFinish() {
    removalsInProgress -= 1
    guard removalsInProgress == 0, !isDispatching else { return }
    followDispatch()
  }

  /// Runs a scene change as a dispatch of its own, now or right after the current dispatch
  /// (<doc:BehaviourReference> §5).
  func sceneChange(_ work: @escaping () -> Void) {
    if isDispatching {
      queueDeferred { [unowned self] in self.dispatch(work) }
    } else {
      dispatch(work)
    }
  }

  /// Cancels the attempts of recognizers that were disabled or removed: they get
  /// `touchesCancelled`, end as `failed` or `cancelled`, their dependents are told, and they are
  /// reset (<doc:BehaviourReference> §2.6).
  func stopAttempt(of recognizers: [GestureRecognizer], reason: String) {
    assertNoUserCode(in: "stopAttempt")
    for recognizer in recognizers where tables.slots[slot(recognizer)].participating {
      if recognizer.numberOfTouches > 0 && !recognizer.requestedState.isTerminal {
        let touches = recognizer.touches
        let event = TouchEvent(timestamp: now, allTouches: allTouchesOfEvent(touches))
        stopReason = reason
        callTouchMethod(.cancelled, touches, of: recognizer, event)
        stopReason = nil
        removeTracked(touches, from: recognizer)
      }
      let number = slot(recognizer)
      for attemptIndex in tables.slots[number].attemptTouches.indices {
        if let record = tables.record(of: tables.slots[number].attemptTouches[attemptIndex]) { markDirty(record) }
      }
      forceFinish(recognizer, reason: reason)
    }
    resolve()
    sendActions()
    deliverToViews()
    for recognizer in recognizers where tables.slots[slot(recognizer)].participating {
      resetRecognizer(recognizer)
    }
    runResets()
  }
}

/// Which views are in a tree now. Each question walks up from the view only as far as a view
/// already answered, so asking about every view of a subtree costs its size, not its size times
/// its depth.
struct TreeMembership {
  private var known: [ObjectIdentifier: Bool]

  init(root: View) { known = [ObjectIdentifier(root): true] }

  /// Whether `view` is `root` or one of its descendants.
  mutating func contains(_ view: View) -> Bool {
    var path: [View] = []
    var current: View? = view
    var answer = false
    while let next = current {
      if let known = known[ObjectIdentifier(next)] {
        answer = known
        break
      }
      path.append(next)
      current = next.superview
    }
    for walked in path { known[ObjectIdentifier(walked)] = answer }
    return answer
  }
}
