public import GestureCore

extension GestureRuntime {
  /// Dispatches hover input: the pointer, with no button down, moved to a point or left the
  /// window (<doc:BehaviourReference> §6.3). A move while a pointer press is down is dropped with a
  /// diagnostic: the pointer's moves then belong to the press.
  ///
  /// The pointer is hit-tested at every move. For each view under it (the hit view and its
  /// ancestors) the hover recognizers of that view begin when the pointer enters it, get a
  /// `changed` on each later move within it, and end when it leaves that view or the window.
  /// Only recognizers whose ``GestureCore/GestureRecognizer/shouldReceive(_:)`` takes hover
  /// events get it; views get no touch calls. Every timer due by `time` fires first.
  public func send(_ hover: HoverInput, at time: Timestamp) {
    if isDispatching {
      queueDeferred { [unowned self] in self.send(hover, at: time) }
      return
    }
    advance(to: time > now ? time : diagnosedTime(time))
    dispatch { self.handleHover(hover) }
  }

  func handleHover(_ input: HoverInput) {
    assertNoUserCode(in: "handleHover")
    pointer.modifierFlags = input.modifierFlags
    guard let location = input.location else {
      guard pointer.hoverInWindow else {
        diagnose("hover exited but the pointer was not hovering in the window; dropped", [])
        return
      }
      exitHover()
      return
    }
    guard location.x.isFinite, location.y.isFinite else {
      diagnose("hover has a non-finite location; dropped", [])
      return
    }
    // Hover is the pointer with no button down: during a press, its moves are the press's.
    if let press = livePointerPress() {
      diagnose("hover while pointer press \(press.identifier) is down; dropped: the press's moves are its touch's", [])
      return
    }
    beginSyntheticEvent()
    let hit = askHitTest(window, location - window.frame.origin)
    emit(.hover(phase: pointer.hoverInWindow ? .moved : .entered, location: location, view: hit?.name))
    if !pointer.hoverInWindow { pointer.hoverSequence += 1 }
    pointer.hoverInWindow = true
    pointer.hoverLocation = location
    var chain: [View] = []
    var view = hit
    while let current = view {
      chain.append(current)
      view = current.superview
    }
    // Views the pointer left end their hover; the others move; views it entered begin one.
    var kept: [Int] = []
    for record in pointer.hoverRecords {
      if let bound = tables.records[record].view, chain.contains(where: { $0 === bound }) {
        moveSyntheticTouch(record, to: location)
        kept.append(record)
      } else {
        endSyntheticTouch(record, at: location)
      }
    }
    var following: [Int] = []
    let event = pointerEvent(.hover, [])
    for current in chain {
      if let record = kept.first(where: { tables.records[$0].view === current }) {
        following.append(record)
      } else if !current.gestureRecognizers.isEmpty,
        let record = beginSyntheticTouch(
          kind: .hover, at: location, view: current, collectingFrom: [current], event: event)
      {
        following.append(record)
      }
    }
    pointer.hoverRecords = following
    deliverSyntheticEvent(pointerEvent(.hover, eventTouchList()))
  }

  /// Ends every hover: the pointer left the window, or a button went down (a press ends the
  /// hover, <doc:BehaviourReference> §6.3).
  func exitHover() {
    assertNoUserCode(in: "exitHover")
    beginSyntheticEvent()
    emit(.hover(phase: .exited, location: pointer.hoverLocation, view: nil))
    pointer.hoverInWindow = false
    for record in pointer.hoverRecords { endSyntheticTouch(record, at: pointer.hoverLocation) }
    pointer.hoverRecords.removeAll()
    deliverSyntheticEvent(pointerEvent(.hover, eventTouchList()))
  }
}
