public import GestureCore

/// Follows the pointer while it hovers over the view, with no button down (UIKit's
/// `UIHoverGestureRecognizer`); continuous (<doc:BehaviourReference> §6.3).
///
/// It begins when the pointer enters its view (the view under the pointer is its view or one of
/// its subviews), sends `changed` on each later move within, and ends when the pointer leaves
/// the view or the window, or when a button goes down (a press ends the hover). It gets no
/// touches, and it never excludes, nor is excluded by, the recognizers of touches; among hover
/// recognizers failure requirements, exclusion and simultaneity work as among those of one touch
/// sequence. ``GestureCore/GestureRecognizer/location(in:)`` is where the pointer is.
public final class HoverGestureRecognizer: GestureRecognizer {
  /// Creates a hover recognizer. It accepts no touch type: touches never reach it.
  public override init(name: String = "") {
    super.init(name: name)
    super.allowedTouchTypes = []
  }

  /// None, always: a hover recognizer gets no touches (<doc:BehaviourReference> §6.3). Setting it
  /// changes nothing; the initializer stored no type through `super`.
  public override var allowedTouchTypes: Set<TouchType> {
    get { [] }
    set {}
  }

  /// False: built-in recognizers decide no failure requirements themselves.
  public override var asksForDynamicFailureRequirements: Bool { false }

  /// True for hover events only.
  public override func shouldReceive(_ event: TouchEvent) -> Bool { event.type == .hover }

  /// The pointer entered the view: begins.
  public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard event.type == .hover, requestedState == .possible else { return }
    setState(.began, reason: "pointer entered \(view?.name ?? "its view")")
  }

  /// The pointer moved within the view: changes.
  public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard event.type == .hover, requestedState == .began || requestedState == .changed else { return }
    setState(.changed)
  }

  /// The pointer left the view or the window: ends (fails if it never began).
  public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .possible: setState(.failed, reason: "pointer left before the hover began")
    case .began, .changed: setState(.ended, reason: "pointer left \(view?.name ?? "its view")")
    default: break
    }
  }

  /// Fails, or cancels once begun.
  public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    switch requestedState {
    case .possible: setState(.failed, reason: "its hover was cancelled")
    case .began, .changed: setState(.cancelled, reason: "its hover was cancelled")
    default: break
    }
  }
}
