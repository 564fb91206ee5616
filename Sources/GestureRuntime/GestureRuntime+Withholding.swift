import GestureCore

/// Touches withheld from their views while recognizers are undecided (<doc:BehaviourReference>
/// §2.9–2.11): who withholds a touch's `began` and its end, and what a decision releases.
extension GestureRuntime {
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
    guard flags != 0, let record = self.record(of: slots[number].attemptTouches[index].touch) else { return }
    records[record].stopWithholding(began: flags & 1 != 0, end: flags & 2 != 0, releasedBy: releasingDecision)
    markDirty(record)
  }
}
