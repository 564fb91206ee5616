/// The kinds of recognizer that scene files can name, with their parameters.
///
/// GestureRecognizers registers the built-in kinds; a plug-in registers its own the same way.
/// `gesturectl` has no list of its own: it reads this catalog.
public struct RecognizerCatalog {
  /// The registered kinds, in registration order.
  public private(set) var kinds: [RecognizerKind] = []

  /// Creates an empty catalog.
  public init() {}

  /// Adds a kind, replacing one with the same name.
  public mutating func register(_ kind: RecognizerKind) {
    kinds.removeAll { $0.name == kind.name }
    kinds.append(kind)
  }

  /// Adds several kinds.
  public mutating func register(contentsOf kinds: [RecognizerKind]) {
    for kind in kinds { register(kind) }
  }

  /// A copy of this catalog with `kind` added, replacing one with the same name.
  public func registering(_ kind: RecognizerKind) -> RecognizerCatalog {
    var copy = self
    copy.register(kind)
    return copy
  }

  /// The kind named `name`.
  public func kind(named name: String) -> RecognizerKind? {
    kinds.first { $0.name == name }
  }

  /// The kind of a live recognizer, with its parameter values, asked of each kind that can read
  /// its recognizers back (``RecognizerKind/reading(_:)``), the latest registered first; nil when
  /// none recognizes it.
  public func kind(of recognizer: GestureRecognizer) -> (kind: RecognizerKind, values: [String: ParameterValue])? {
    for kind in kinds.reversed() {
      if let values = kind.parameterValues?(recognizer) { return (kind, values) }
    }
    return nil
  }
}

/// A kind of recognizer in the catalog: its scene name, its parameters and how to build one.
public struct RecognizerKind: Sendable {
  /// The name scene files use in `kind`, such as `tap`.
  public let name: String
  /// A one-sentence description.
  public let summary: String
  /// The parameters the kind accepts, beyond the common ones.
  public let parameters: [RecognizerParameter]
  /// Builds a recognizer from validated parameter values (defaults for those not given).
  public let make: @Sendable (_ name: String, _ values: [String: ParameterValue]) -> GestureRecognizer
  /// Whether the recognizer can fail while its fingers rest without moving (a tap can, from its
  /// duration timer; a pan or a swipe cannot: they fail only on a move or a lift). Tools use it to
  /// warn about requirements that cannot resolve while a finger rests.
  public let canFailWhileTouchesRest: Bool
  /// Whether the recognizer recognizes while its fingers rest (a long press does).
  public let recognizesWhileTouchesRest: Bool

  /// Creates a kind.
  public init(
    name: String, summary: String, parameters: [RecognizerParameter],
    canFailWhileTouchesRest: Bool = true, recognizesWhileTouchesRest: Bool = false,
    make: @escaping @Sendable (_ name: String, _ values: [String: ParameterValue]) -> GestureRecognizer
  ) {
    self.name = name
    self.summary = summary
    self.parameters = parameters
    self.canFailWhileTouchesRest = canFailWhileTouchesRest
    self.recognizesWhileTouchesRest = recognizesWhileTouchesRest
    self.make = make
  }

  /// Reads a live recognizer's parameter values back, for exporting a view tree as a scene:
  /// nil when the recognizer is not of this kind, else the values by parameter name (those left
  /// out are taken as their defaults). Set with ``reading(_:)``; kinds without it cannot be
  /// exported.
  public private(set) var parameterValues: (@Sendable (GestureRecognizer) -> [String: ParameterValue]?)?

  /// The parameter named `name`.
  public func parameter(named name: String) -> RecognizerParameter? {
    parameters.first { $0.name == name }
  }

  /// A copy of this kind that reads its recognizers' parameter values back with `values`, which
  /// returns nil for a recognizer of another kind (check the exact class, so that a subclass
  /// registered as a kind of its own is not taken for this one).
  public func reading(_ values: @escaping @Sendable (GestureRecognizer) -> [String: ParameterValue]?)
    -> RecognizerKind
  {
    var copy = self
    copy.parameterValues = values
    return copy
  }
}

/// One parameter of a recognizer kind.
public struct RecognizerParameter: Sendable {
  /// The name in scene files (UIKit's property name where UIKit has one).
  public let name: String
  /// What values it takes.
  public let type: ParameterType
  /// The default value.
  public let defaultValue: ParameterValue
  /// A one-sentence description, with units.
  public let summary: String

  /// Whether a scene must give it (a screen-edge pan's `edges`); the default value then only
  /// documents what the recognizer starts with.
  public let isRequired: Bool

  /// Creates a parameter.
  public init(
    name: String, type: ParameterType, defaultValue: ParameterValue, summary: String, isRequired: Bool = false
  ) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.summary = summary
    self.isRequired = isRequired
  }
}

/// The type of a recognizer parameter.
public enum ParameterType: Sendable, CustomStringConvertible {
  /// A whole number within a range.
  case integer(ClosedRange<Int>)
  /// A finite number of points within a range.
  case distance(ClosedRange<Double>)
  /// A finite number of seconds within a range.
  case duration(ClosedRange<Double>)
  /// Any finite number within a range.
  case number(ClosedRange<Double>)
  /// A set of names from a fixed list (such as swipe directions), given as a JSON array.
  case options([String])

  /// How `gesturectl list` names the type.
  public var description: String {
    switch self {
    case .integer(let range): return "integer \(Self.rangeText(Double(range.lowerBound), Double(range.upperBound)))"
    case .distance(let range): return "points \(Self.rangeText(range.lowerBound, range.upperBound))"
    case .duration(let range): return "seconds \(Self.rangeText(range.lowerBound, range.upperBound))"
    case .number(let range): return "number \(Self.rangeText(range.lowerBound, range.upperBound))"
    case .options(let names): return "array of " + Self.listing(names, separator: "|")
    }
  }

  /// The names joined with `separator`, each run of consecutive whole numbers (button numbers)
  /// written as its first and last joined by `…`.
  public static func listing(_ names: [String], separator: String) -> String {
    var parts: [String] = []
    var index = 0
    while index < names.count {
      guard let first = Int(names[index]) else {
        parts.append(names[index])
        index += 1
        continue
      }
      var last = index
      while last + 1 < names.count, Int(names[last + 1]) == first + (last + 1 - index) { last += 1 }
      parts.append(
        last - index >= 2 ? "\(names[index])…\(names[last])" : names[index...last].joined(separator: separator))
      index = last + 1
    }
    return parts.joined(separator: separator)
  }

  private static func rangeText(_ low: Double, _ high: Double) -> String {
    let upper = high >= Double(Int.max) || high.isInfinite ? "∞" : formatNumber(high)
    return "\(formatNumber(low))…\(upper)"
  }
}

/// A parameter value.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
  /// A whole number.
  case integer(Int)
  /// A number (points, seconds).
  case number(Double)
  /// A set of option names.
  case options([String])

  /// The value as a whole number, if it is one.
  public var integerValue: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The value as a number (whole numbers convert).
  public var numberValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .number(let value): return value
    case .options: return nil
    }
  }

  /// The value as option names.
  public var optionsValue: [String]? {
    if case .options(let names) = self { return names }
    return nil
  }

  /// The value as scene files write it.
  public var description: String {
    switch self {
    case .integer(let value): return value == Int.max ? "unlimited" : String(value)
    case .number(let value): return formatNumber(value)
    case .options(let names): return "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
  }
}
