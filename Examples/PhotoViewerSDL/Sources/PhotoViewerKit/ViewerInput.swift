public import GestureCore

/// A mouse button, as the window system reports it.
public enum PointerButton: Hashable, Sendable {
  /// The left button.
  case primary
  /// The right button.
  case secondary
  /// The middle button (or wheel press).
  case middle
}

/// An input event for the viewer, as a window system delivers it, in window coordinates: what
/// `SDLEvents.swift` makes of an SDL event, and what the tests script.
public enum ViewerInput: Hashable, Sendable {
  /// A mouse button went down at a point.
  case pointerDown(PointerButton, Point)
  /// A mouse button went up at a point.
  case pointerUp(PointerButton, Point)
  /// The mouse moved to a point (with or without buttons down).
  case pointerMoved(Point)
  /// The mouse left the window.
  case pointerLeft
  /// The wheel turned by `ticks` notches (positive: away from the user) with the pointer at a point.
  case wheel(ticks: Double, at: Point)
  /// A finger of a touch device changed.
  case finger(id: Int, phase: TouchPhase, Point)
}
