public import GestureCore
public import GestureRuntime

extension Harness {
  /// A pointer press begins: touch `id` of type `indirectPointer`, with `buttons` down.
  public func press(
    _ id: Int, _ x: Double, _ y: Double, at t: Double, buttons: EventButtonMask = .primary,
    modifiers: ModifierFlags = []
  ) {
    runtime.send(
      [TouchInput(id: id, phase: .began, x: x, y: y, type: .indirectPointer)], buttonMask: buttons,
      modifierFlags: modifiers, at: Timestamp(seconds: t))
  }

  /// The pressed pointer moves (or its buttons change) with `buttons` down.
  public func drag(
    _ id: Int, _ x: Double, _ y: Double, at t: Double, buttons: EventButtonMask = .primary,
    modifiers: ModifierFlags = []
  ) {
    runtime.send(
      [TouchInput(id: id, phase: .moved, x: x, y: y, type: .indirectPointer)], buttonMask: buttons,
      modifierFlags: modifiers, at: Timestamp(seconds: t))
  }

  /// The buttons change with no touch change: an event of buttons alone.
  public func buttons(_ buttons: EventButtonMask, at t: Double) {
    runtime.send([], buttonMask: buttons, at: Timestamp(seconds: t))
  }

  /// The last button lifts: the press ends.
  public func release(_ id: Int, _ x: Double, _ y: Double, at t: Double, modifiers: ModifierFlags = []) {
    runtime.send(
      [TouchInput(id: id, phase: .ended, x: x, y: y, type: .indirectPointer)], buttonMask: [],
      modifierFlags: modifiers, at: Timestamp(seconds: t))
  }

  /// The hovering pointer moves to (`x`, `y`).
  public func hover(_ x: Double, _ y: Double, at t: Double, modifiers: ModifierFlags = []) {
    runtime.send(HoverInput(x: x, y: y, modifierFlags: modifiers), at: Timestamp(seconds: t))
  }

  /// The hovering pointer leaves the window.
  public func hoverExit(at t: Double) {
    runtime.send(HoverInput.exited(), at: Timestamp(seconds: t))
  }

  /// A scroll step at (`x`, `y`).
  public func scroll(
    _ x: Double, _ y: Double, dx: Double = 0, dy: Double, at t: Double, type: ScrollType = .discrete,
    phase: ScrollInput.Phase = .changed
  ) {
    runtime.send(ScrollInput(x: x, y: y, dx: dx, dy: dy, type: type, phase: phase), at: Timestamp(seconds: t))
  }
}
