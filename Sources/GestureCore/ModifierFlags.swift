/// The modifier keys held down during an event (UIKit's `UIKeyModifierFlags`,
/// <doc:BehaviourReference> §6.1).
public struct ModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// One bit per key.
  public let rawValue: Int

  /// Creates flags from their bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Caps Lock is on.
  public static let alphaShift = ModifierFlags(rawValue: 1 << 0)
  /// A Shift key is down.
  public static let shift = ModifierFlags(rawValue: 1 << 1)
  /// A Control key is down.
  public static let control = ModifierFlags(rawValue: 1 << 2)
  /// An Alt (Option) key is down.
  public static let alternate = ModifierFlags(rawValue: 1 << 3)
  /// A Command (Super, Windows) key is down.
  public static let command = ModifierFlags(rawValue: 1 << 4)
  /// The key was on the numeric keypad.
  public static let numericPad = ModifierFlags(rawValue: 1 << 5)
  /// Another name for ``alphaShift``, the name scripts use.
  public static let capsLock = alphaShift

  /// Every flag with the name a script uses, in a fixed order.
  public static let named: [(name: String, flag: ModifierFlags)] = [
    ("shift", .shift), ("control", .control), ("alternate", .alternate), ("command", .command),
    ("capsLock", .capsLock), ("numericPad", .numericPad),
  ]

  /// The flag a script names (`shift`, `control`, `alternate`, `command`, `capsLock`,
  /// `numericPad`), or nil.
  public init?(name: String) {
    guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
    self = entry.flag
  }

  /// The names of the flags that are set, in the order of ``named``.
  public var names: [String] {
    Self.named.filter { contains($0.flag) }.map(\.name)
  }

  /// The names joined with `+`, or `none`.
  public var description: String {
    rawValue == 0 ? "none" : names.joined(separator: "+")
  }
}
