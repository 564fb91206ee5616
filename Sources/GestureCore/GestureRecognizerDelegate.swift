/// The object that fine-tunes a recognizer's behaviour (UIKit's `UIGestureRecognizerDelegate`).
///
/// Every method has a default that matches UIKit's. A delegate is consulted only about the
/// recognizers it is attached to: the first argument is always such a recognizer.
public protocol GestureRecognizerDelegate: AnyObject {
  /// Asked when `gestureRecognizer` is about to leave `possible`; false makes it fail
  /// (<doc:BehaviourReference> §3.1). Default true.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

  /// Whether the two may recognize at the same time; either delegate returning true suffices
  /// (<doc:BehaviourReference> §3.2). Default false.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
  ) -> Bool

  /// Whether `gestureRecognizer` must wait for `otherGestureRecognizer` to fail (<doc:BehaviourReference> §3.6).
  /// Default false.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
  ) -> Bool

  /// Whether `otherGestureRecognizer` must wait for `gestureRecognizer` to fail
  /// (<doc:BehaviourReference> §3.6). Default false.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
  ) -> Bool

  /// Whether `gestureRecognizer` receives `touch`, asked once when the touch begins
  /// (<doc:BehaviourReference> §2.2). Default true.
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
  /// Default: true.
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

  /// Default: false.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
  ) -> Bool { false }

  /// Default: false.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
  ) -> Bool { false }

  /// Default: false.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
  ) -> Bool { false }

  /// Default: true.
  public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool
  { true }
}
