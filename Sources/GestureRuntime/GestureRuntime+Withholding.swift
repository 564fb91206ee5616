import GestureCore

/// Touches withheld from their views while recognizers are undecided (<doc:BehaviourReference>
/// §2.9–2.11): who withholds a touch's `began` and its end, and what a decision releases.
extension GestureRuntime {
  /// Stops the recognizer withholding the touch at `index` of its attempt (it ignored the touch),
  /// released outside any decision: its view calls come with the event's own. (A decision
  /// releases the touches of the recognizer it publishes in `publish`.)
  func stopWithholding(_ recognizer: GestureRecognizer, at index: Int) {
    assertNoUserCode(in: "stopWithholding")
    // The index is of the recognizer's touches: it has a slot.
    tables.stopWithholding(
      slot: slot(recognizer), at: index, releasedBy: 0)
  }
}
