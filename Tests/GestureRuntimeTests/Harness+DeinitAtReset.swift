import GestureCore
import GestureRecognizers
import GestureTestSupport

extension Harness {
  /// Sets up a view whose last reference goes with a tap's reset: a double tap on V waits after
  /// its first tap, whose touch landed on `view` (made here, inside V); the view then leaves the
  /// window and the caller keeps no reference to it, so that the touch the tap keeps in its
  /// attempt holds the last one. A finger elsewhere replaces the runtime's own references to the
  /// first touch. At 0.4 s the tap fails and is reset, and the view goes with it. Returns the tap.
  @discardableResult
  func viewGoingWithTapReset(_ makeView: () -> View) -> TapGestureRecognizer {
    let tap = add(TapGestureRecognizer(), "tap")
    tap.numberOfTapsRequired = 2
    do {
      let goner = makeView()
      self.view.addSubview(goner)
      down(1, 10, 10, at: 0)
      up(1, 10, 10, at: 0.05)
      goner.removeFromSuperview()
    }
    down(2, 10, 600, at: 0.1)
    up(2, 10, 600, at: 0.15)
    return tap
  }
}
