import GestureCore

/// Touches withheld from their views while recognizers are undecided (<doc:BehaviourReference>
/// §2.9–2.11): who withholds a touch's `began` and its end, and what a decision releases.
extension GestureRuntime {
  /// Whether a recognizer that still holds the touch is undecided and withholds its `began`
  /// (<doc:BehaviourReference> §2.9, 2.11).
  func isBeganWithheld(_ record: TouchRecord) -> Bool { isWithheld(record, began: true) }

  /// Whether a recognizer that still holds the touch is undecided and withholds its end
  /// (<doc:BehaviourReference> §2.10, 2.11).
  func isEndWithheld(_ record: TouchRecord) -> Bool { isWithheld(record, began: false) }

  func isWithheld(_ record: TouchRecord, began: Bool) -> Bool {
    began ? record.beganWithholders > 0 : record.endWithholders > 0
  }

  /// The recognizer has decided (or stopped holding its touches): it no longer withholds them.
  @inline(__always)
  func stopWithholding(_ recognizer: GestureRecognizer) {
    assertNoUserCode(in: "stopWithholding")
    let number = slot(recognizer)
    for index in slots[number].attemptTouches.indices {
      if slots[number].attemptTouches[index].withholds != 0 { stopWithholding(recognizer, at: index) }
    }
  }

  /// Stops the recognizer withholding the touch at `index` of its attempt. When it was the last
  /// to withhold the touch's `began` (or its end, once that came), the touch is released by the
  /// decision being published (`releasingDecision`, 0 outside one), whose view calls come in that
  /// decision's place (<doc:BehaviourReference> §5).
  func stopWithholding(_ recognizer: GestureRecognizer, at index: Int) {
    assertNoUserCode(in: "stopWithholding")
    // The index is of the recognizer's touches: it has a slot.
    let number = slot(recognizer)
    let flags = slots[number].attemptTouches[index].withholds
    slots[number].attemptTouches[index].withholds = 0
    guard flags != 0, let record = slots[number].attemptTouches[index].touch.record else { return }
    if flags & 1 != 0 {
      record.beganWithholders -= 1
      if record.beganWithholders == 0 && record.viewState == .pending { record.beganReleasedBy = releasingDecision }
    }
    if flags & 2 != 0 {
      record.endWithholders -= 1
      if record.endWithholders == 0 && record.endPending { record.endReleasedBy = releasingDecision }
    }
    markDirty(record)
  }
}
