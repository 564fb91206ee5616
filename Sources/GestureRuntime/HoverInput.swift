public import GestureCore

/// The hovering pointer (no button down) moving over the window or leaving it, as an app or a
/// script hands it to the runtime with ``GestureRuntime/send(_:at:)-(HoverInput,_)``
/// (<doc:BehaviourReference> §6.3).
public struct HoverInput: Hashable, Sendable {
  /// Where the pointer is, in window coordinates; nil when it left the window.
  public var location: Point?
  /// The modifier keys down.
  public var modifierFlags: ModifierFlags

  /// The pointer moved to `location` (the first move brings it into the window).
  public init(location: Point, modifierFlags: ModifierFlags = []) {
    self.location = location
    self.modifierFlags = modifierFlags
  }

  /// The pointer moved to (`x`, `y`), in window coordinates.
  public init(x: Double, y: Double, modifierFlags: ModifierFlags = []) {
    self.init(location: Point(x: x, y: y), modifierFlags: modifierFlags)
  }

  /// The pointer left the window.
  public static func exited(modifierFlags: ModifierFlags = []) -> HoverInput {
    var input = HoverInput(location: .zero, modifierFlags: modifierFlags)
    input.location = nil
    return input
  }
}

/// What a hover input did, as the trace's `hover` lines say it (<doc:FileFormats>, trace).
public enum HoverPhase: String, Hashable, Sendable, CaseIterable {
  /// The pointer came into the window.
  case entered
  /// The pointer moved within the window.
  case moved
  /// The pointer left the window (or a button went down: a press ends the hover).
  case exited
}
