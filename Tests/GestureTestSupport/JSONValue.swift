/// A JSON document as plain values, read by a small strict parser of its own (RFC 8259: no NaN,
/// no trailing commas, no comments), independent of gesturectl's reader so that the schema tests
/// do not check the package's parser against itself.
public indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number, with whether it was written without a fraction or an exponent.
  case number(Double, isInteger: Bool)
  case string(String)
  case array([JSONValue])
  /// An object's members in file order.
  case object([(key: String, value: JSONValue)])

  /// The member named `key` of an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Compares by value; an object's members in any order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a, _), .number(let b, _)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && a.allSatisfy { member in rhs[member.key] == member.value }
    default: return false
    }
  }

  /// A parse failure, with the 1-based line and column of the offending character.
  public struct ParseError: Error, CustomStringConvertible {
    /// The line of the error.
    public let line: Int
    /// The column of the error.
    public let column: Int
    /// What was expected.
    public let message: String
    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
  }

  /// Parses one JSON document (a leading UTF-8 byte order mark is skipped).
  public static func parse(_ text: String) throws(ParseError) -> JSONValue {
    var parser = Parser(bytes: Array(text.utf8))
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    if parser.index < parser.bytes.count { throw parser.error("expected the end of the document") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    func error(_ message: String) -> ParseError {
      var line = 1
      var column = 1
      for byte in bytes[..<min(index, bytes.count)] {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      return ParseError(line: line, column: column, message: message)
    }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ word: String) throws(ParseError) {
      let expected = Array(word.utf8)
      guard bytes[index...].starts(with: expected) else { throw error("expected '\(word)'") }
      index += expected.count
    }

    mutating func value(depth: Int) throws(ParseError) -> JSONValue {
      guard depth < 512 else { throw error("nested too deeply") }
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of the document") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
          let key = try string()
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
          index += 1
          members.append((key, try value(depth: depth + 1)))
          skipSpace()
          guard index < bytes.count else { throw error("unexpected end inside an object") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
          } else {
            throw error("expected ',' or '}'")
          }
        }
      case UInt8(ascii: "["):
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        while true {
          items.append(try value(depth: depth + 1))
          skipSpace()
          guard index < bytes.count else { throw error("unexpected end inside an array") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
          } else {
            throw error("expected ',' or ']'")
          }
        }
      case UInt8(ascii: "\""):
        return .string(try string())
      case UInt8(ascii: "t"):
        try expect("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try expect("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try expect("null")
        return .null
      default:
        return try number()
      }
    }

    mutating func number() throws(ParseError) -> JSONValue {
      let start = index
      var isInteger = true
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      func digits(_ parser: inout Parser) -> Int {
        let from = parser.index
        while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
          parser.index += 1
        }
        return parser.index - from
      }
      let whole = digits(&self)
      guard whole > 0 else { throw error("expected a value") }
      if whole > 1, bytes[index - whole] == UInt8(ascii: "0") { throw error("a number cannot start with 0") }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        isInteger = false
        guard digits(&self) > 0 else { throw error("expected digits after '.'") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        isInteger = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let number = Double(text), number.isFinite else { throw error("number out of range: \(text)") }
      return .number(number, isInteger: isInteger)
    }

    mutating func string() throws(ParseError) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var raw: [UInt8] = []
      func flush() throws(ParseError) {
        guard !raw.isEmpty else { return }
        guard let text = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
        scalars.append(contentsOf: text.unicodeScalars)
        raw.removeAll()
      }
      while true {
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          try flush()
          return String(scalars)
        case UInt8(ascii: "\\"):
          try flush()
          guard index < bytes.count else { throw error("unterminated string") }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""): scalars.append("\"")
          case UInt8(ascii: "\\"): scalars.append("\\")
          case UInt8(ascii: "/"): scalars.append("/")
          case UInt8(ascii: "b"): scalars.append("\u{8}")
          case UInt8(ascii: "f"): scalars.append("\u{C}")
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code) {
              try expect("\\u")
              let low = try hex4()
              guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
            scalars.append(scalar)
          default:
            throw error("invalid escape")
          }
        case 0..<0x20:
          throw error("control character in a string")
        default:
          raw.append(byte)
        }
      }
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard index + 4 <= bytes.count,
        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
      else { throw error("expected four hexadecimal digits") }
      index += 4
      return code
    }
  }
}
