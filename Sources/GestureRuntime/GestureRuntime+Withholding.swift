import GestureCore

/// Touches withheld from their views while recognizers are undecided (<doc:BehaviourReference>
/// §2.9–2.11): who withholds a touch's `began` and its end, and what a decision releases.
extension GestureRuntime {
  /// The recognizer has decided (or stopped holding its touches): it no longer withholds them.
  @inline(__always)
  func stopWithholding(_ recognizer: GestureRecognizer) {
    assertNoUserCode(in: "stopWithholding")
    tables.stopWithholding(
      slot: slot(recognizer), releasedBy: releasingDecision, owner: runtimeNumber)
  }

  /// Stops the recognizer withholding the touch at `index` of its attempt, released by the
  /// decision being published (`releasingDecision`, 0 outside one).
  func stopWithholding(_ recognizer: GestureRecognizer, at index: Int) {
    assertNoUserCode(in: "stopWithholding")
    // The index is of the recognizer's touches: it has a slot.
    tables.stopWithholding(
      slot: slot(recognizer), at: index, releasedBy: releasingDecision, owner: runtimeNumber)
  }
}
