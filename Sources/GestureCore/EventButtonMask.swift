/// The pointer buttons that are down (UIKit's `UIEvent.ButtonMask`, <doc:BehaviourReference> §6.1).
///
/// Button 1 is ``primary`` (usually the left button), 2 ``secondary`` (the right button), 3
/// ``tertiary`` (the middle button); ``button(_:)`` names any button by its number from 1 up.
public struct EventButtonMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// One bit per button: bit n − 1 is button n.
  public let rawValue: Int

  /// Creates a mask from its bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The primary button (button 1; a mouse's left button, a trackpad's click).
  public static let primary = EventButtonMask(rawValue: 1 << 0)
  /// The secondary button (button 2; a mouse's right button, a two-finger click).
  public static let secondary = EventButtonMask(rawValue: 1 << 1)
  /// The tertiary button (button 3; a mouse's middle button or wheel click).
  public static let tertiary = EventButtonMask(rawValue: 1 << 2)

  /// The button numbered `number` (1 is ``primary``); numbers from 1 to 62.
  public static func button(_ number: Int) -> EventButtonMask {
    precondition(number >= 1 && number <= 62, "button number \(number) out of range 1...62")
    return EventButtonMask(rawValue: 1 << (number - 1))
  }

  /// The numbers of the buttons in the mask, lowest first.
  public var buttonNumbers: [Int] {
    (1...62).filter { rawValue & (1 << ($0 - 1)) != 0 }
  }

  /// The names a script uses: `primary`, `secondary`, `tertiary`, then numbers from 4 up.
  public var names: [String] {
    buttonNumbers.map { number in
      switch number {
      case 1: return "primary"
      case 2: return "secondary"
      case 3: return "tertiary"
      default: return String(number)
      }
    }
  }

  /// The button a script names (`primary`, `secondary`, `tertiary`, or a number from 4 to 62),
  /// or nil.
  public init?(name: String) {
    switch name {
    case "primary": self = .primary
    case "secondary": self = .secondary
    case "tertiary": self = .tertiary
    default:
      guard let number = Int(name), number >= 4, number <= 62 else { return nil }
      self = .button(number)
    }
  }

  /// The names joined with `+`, or `none`.
  public var description: String {
    rawValue == 0 ? "none" : names.joined(separator: "+")
  }
}
