public import GestureCore
public import GestureRuntime

/// One piece of a pointer device's frame, as the runtime takes it (<doc:PointerHoverAndScroll>):
/// a change of the press, a hover move, or a wheel's scroll.
public enum PointerInput: Hashable, Sendable {
  /// A change of the pointer press: a touch of type ``GestureCore/TouchType/indirectPointer``
  /// and the buttons down after the frame, for the runtime's
  /// ``GestureRuntime/GestureRuntime/send(_:buttonMask:modifierFlags:at:)``.
  case press(TouchInput, buttonMask: EventButtonMask)
  /// The pointer moved with no button down, for the runtime's
  /// ``GestureRuntime/GestureRuntime/send(_:at:)-(HoverInput,_)``.
  case hover(HoverInput)
  /// A wheel turned at the pointer's location, for the runtime's
  /// ``GestureRuntime/GestureRuntime/send(_:at:)-(ScrollInput,_)``.
  case scroll(ScrollInput)
}
