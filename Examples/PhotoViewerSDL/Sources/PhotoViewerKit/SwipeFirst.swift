public import GestureCore
import GestureRecognizers

/// The swipes' delegate: every pan waits for the swipe to fail, so that a flick turns the page and
/// a slow drag pans (the second example of "Preferring one gesture over another").
public final class SwipeFirst: GestureRecognizerDelegate {
  /// Creates the delegate.
  public init() {}

  /// True when `gestureRecognizer` is a swipe and `other` a pan.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool {
    gestureRecognizer is SwipeGestureRecognizer && other is PanGestureRecognizer
  }
}
