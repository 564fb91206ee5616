extension GestureRecognizer {
  /// The pointer's buttons down during the current dispatch (UIKit's
  /// `UIGestureRecognizer.buttonMask`, <doc:BehaviourReference> §6.1); empty outside a runtime.
  public var buttonMask: EventButtonMask { host?.currentButtonMask ?? [] }

  /// The modifier keys down during the current dispatch (UIKit's
  /// `UIGestureRecognizer.modifierFlags`, <doc:BehaviourReference> §6.1); empty outside a runtime.
  public var modifierFlags: ModifierFlags { host?.currentModifierFlags ?? [] }
}
