public import GestureCore

extension GestureRuntime {
  /// How long a discrete scroll (a mouse wheel) waits without a tick before its sequence ends:
  /// 0.25 s (**choice**, <doc:BehaviourReference> §6.4).
  public static let defaultDiscreteScrollIdleTimeout: Duration = .milliseconds(250)

  /// The timer id of a discrete scroll's idle end, armed on each recognizer the scroll reaches.
  static var scrollIdleTimerID: Int { Int.min + 1 }

  /// Dispatches one scroll step at the pointer's position (<doc:BehaviourReference> §6.4).
  ///
  /// A scroll sequence reaches the recognizers, on the hit view and its ancestors in collection
  /// order, whose ``GestureCore/GestureRecognizer/shouldReceive(_:)`` takes it (a pan whose
  /// `allowedScrollTypesMask` contains its type); views get no touch calls. The recognizers see
  /// a touch of type `indirectPointer` at the pointer in events of type
  /// ``GestureCore/EventType/scroll``, with the step's ``GestureCore/TouchEvent/scrollDelta``: the first
  /// step as `touchesBegan`, later ones as `touchesMoved`, the end as `touchesEnded`. A
  /// continuous sequence ends at its `ended` phase; a discrete one ``discreteScrollIdleTimeout``
  /// after its last tick. A step of the other type, or a continuous `began`, ends the sequence
  /// in progress first, in a dispatch of its own. Every timer due by `time` fires first.
  public func send(_ scroll: ScrollInput, at time: Timestamp) {
    if isDispatching {
      queueDeferred { [unowned self] in self.send(scroll, at: time) }
      return
    }
    advance(to: time > now ? time : diagnosedTime(time))
    if pointer.scrollActive
      && (scroll.type != pointer.scrollType || (scroll.type == .continuous && scroll.phase == .began)
        || (scroll.type == .discrete && now >= pointer.lastScrollStep + discreteScrollIdleTimeout))
    {
      dispatch { self.endScrollSequence() }
    }
    dispatch { self.handleScroll(scroll) }
  }

  func handleScroll(_ input: ScrollInput) {
    assertNoUserCode(in: "handleScroll")
    pointer.modifierFlags = input.modifierFlags
    guard input.location.x.isFinite, input.location.y.isFinite, input.delta.x.isFinite, input.delta.y.isFinite
    else {
      diagnose("scroll has a non-finite location or delta; dropped", [])
      return
    }
    beginSyntheticEvent()
    let hit = askHitTest(window, input.location - window.frame.origin)
    emit(
      .scroll(
        delta: input.delta, type: input.type, phase: input.type == .continuous ? input.phase : nil,
        location: input.location, view: hit?.name))
    var event = pointerEvent(.scroll, [])
    event.scrollType = input.type
    event.scrollDelta = input.delta
    if pointer.scrollActive {
      if let record = pointer.scrollRecord {
        if input.type == .continuous && input.phase == .ended {
          endSyntheticTouch(record, at: input.location)
          pointer.scrollRecord = nil
        } else {
          moveSyntheticTouch(record, to: input.location)
        }
      }
      if input.type == .continuous && input.phase == .ended { pointer.scrollActive = false }
    } else {
      if input.type == .continuous && input.phase == .ended {
        diagnose("continuous scroll ended but no scroll was in progress; dropped", [])
        return
      }
      if input.type == .continuous && input.phase == .changed {
        diagnose("continuous scroll changed but no scroll was in progress; treated as began", [])
      }
      pointer.scrollActive = true
      pointer.scrollSequence += 1
      pointer.scrollType = input.type
      var chain: [View] = []
      var view = hit
      while let current = view {
        chain.append(current)
        view = current.superview
      }
      pointer.scrollRecord = beginSyntheticTouch(
        kind: .scroll, at: input.location, view: hit, collectingFrom: chain, event: event)
    }
    pointer.lastScrollStep = now
    event.allTouches = eventTouchList()
    deliverSyntheticEvent(event)
    guard input.type == .discrete, let record = pointer.scrollRecord else { return }
    let deadline = now + discreteScrollIdleTimeout
    for index in 0..<tables.records[record].entries.count {
      guard let recognizer = recognizerIfDeliverable(record, at: index) else { continue }
      startTimer(for: recognizer, id: Self.scrollIdleTimerID, deadline: deadline)
    }
  }

  /// A discrete scroll's idle timer fired: its sequence ends if no tick came since.
  func scrollIdleTimerFired() {
    guard pointer.scrollActive, pointer.scrollType == .discrete,
      now >= pointer.lastScrollStep + discreteScrollIdleTimeout
    else { return }
    endScrollSequence()
  }

  /// Ends the scroll sequence in progress (its recognizers get `touchesEnded` with no delta).
  func endScrollSequence() {
    assertNoUserCode(in: "endScrollSequence")
    pointer.scrollActive = false
    guard let record = pointer.scrollRecord else { return }
    pointer.scrollRecord = nil
    beginSyntheticEvent()
    let touch = tables.records[record].touch
    endSyntheticTouch(record, at: touch.locationInWindow)
    var event = pointerEvent(.scroll, [touch])
    event.scrollType = pointer.scrollType
    deliverSyntheticEvent(event)
  }
}
