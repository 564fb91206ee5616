import GestureCore

extension TapGestureRecognizer {
  /// The names scenes use for ``buttonMaskRequired``: `primary`, `secondary`, `tertiary`, then
  /// button numbers from 4 to 62 as strings (a scene may write them as numbers).
  public static let buttonNames = ["primary", "secondary", "tertiary"] + (4...62).map(String.init)

  /// Adds the event's buttons to those of the press; fails, and returns false, as soon as one is
  /// not in ``buttonMaskRequired`` (<doc:BehaviourReference> §6.2).
  func judgeButtons(_ event: TouchEvent) -> Bool {
    pressedButtons.formUnion(event.buttonMask)
    guard pressedButtons.isSubset(of: buttonMaskRequired) else {
      setState(.failed, reason: "pressed \(pressedButtons), requires \(buttonMaskRequired)")
      return false
    }
    return true
  }

  /// At the press's lift: the buttons down during it must be exactly ``buttonMaskRequired``.
  func judgeButtonsAtLift(_ event: TouchEvent) -> Bool {
    guard judgeButtons(event) else { return false }
    guard pressedButtons == buttonMaskRequired else {
      setState(.failed, reason: "pressed \(pressedButtons), requires \(buttonMaskRequired)")
      return false
    }
    pressedButtons = []
    return true
  }
}
