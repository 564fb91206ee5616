import GestureRuntime

/// A parsed JSON value with the line and column where it starts, so that schema errors can point
/// at the input.
struct JSONNode {
  enum Value {
    case null
    case bool(Bool)
    case number(Double, isInteger: Bool)
    case string(String)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])
  }

  var value: Value
  var line: Int
  var column: Int

  /// The type's name as error messages say it.
  var typeName: String {
    switch value {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  subscript(key: String) -> JSONNode? {
    if case .object(let members) = value {
      for member in members where member.key == key { return member.value }
    }
    return nil
  }

  var stringValue: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  var numberValue: Double? {
    if case .number(let number, _) = value { return number }
    return nil
  }

  var arrayValue: [JSONNode]? {
    if case .array(let items) = value { return items }
    return nil
  }

  var objectValue: [(key: String, value: JSONNode)]? {
    if case .object(let members) = value { return members }
    return nil
  }
}

/// A syntax error with its position.
struct JSONSyntaxError: Error {
  var message: String
  var line: Int
  var column: Int
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes, with a nesting limit, positions, and no
/// recursion deeper than the limit.
struct JSONParser {
  /// Deep enough for a view tree 1,000 levels deep (two levels a view); deeper input is refused.
  static let maximumDepth = 4096

  private let bytes: [UInt8]
  private var index = 0
  private var line: Int
  private var lineStart = 0

  /// Parses one JSON document; `firstLine` numbers the first line (for JSONL input).
  static func parse(_ bytes: [UInt8], firstLine: Int = 1) throws(JSONSyntaxError) -> JSONNode {
    var parser = JSONParser(bytes: bytes, line: firstLine)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.lineStart = 3
    }
    parser.skipWhitespace()
    guard parser.index < bytes.count else { throw parser.error("expected a JSON value, found the end of the input") }
    let node = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
    }
    return node
  }

  private init(bytes: [UInt8], line: Int) {
    self.bytes = bytes
    self.line = line
  }

  /// The 1-based column of the current position, in bytes (as clang counts them).
  private var column: Int { index - lineStart + 1 }

  private func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, line: line, column: column)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  private mutating func skipWhitespace() {
    // Through a buffer pointer: a run of a hundred million blanks must not cost an array access
    // (with its checks) per byte in unoptimized and sanitized builds.
    var position = index
    var lines = 0
    var newLineStart = lineStart
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      while position < count {
        let byte = buffer[position]
        if byte == 0x20 || byte == 0x09 || byte == 0x0D {
          position += 1
        } else if byte == 0x0A {
          position += 1
          lines += 1
          newLineStart = position
        } else {
          return
        }
      }
    }
    index = position
    line += lines
    lineStart = newLineStart
  }

  /// An array or object being read, on the explicit stack that replaces recursion. A class, so
  /// that appending to its elements never copies them (a million-element array stays linear).
  private final class Open {
    let isArray: Bool
    let line: Int
    let column: Int
    var items: [JSONNode] = []
    var members: [(key: String, value: JSONNode)] = []
    var key = ""

    init(isArray: Bool, line: Int, column: Int) {
      self.isArray = isArray
      self.line = line
      self.column = column
    }
  }

  /// Reads one value without recursion, so nesting depth costs heap, not stack (a document may
  /// be parsed on a thread with a small stack).
  private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    var stack: [Open] = []
    while true {
      // Read the start of a value: a scalar completes at once; an array or object opens.
      skipWhitespace()
      guard index < bytes.count else { throw error("expected a value, found the end of the input") }
      let startLine = line
      let startColumn = column
      var node: JSONNode
      switch bytes[index] {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        let isArray = bytes[index] == UInt8(ascii: "[")
        if stack.count + 1 > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        index += 1
        skipWhitespace()
        if isArray {
          if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            node = JSONNode(value: .array([]), line: startLine, column: startColumn)
          } else {
            stack.append(Open(isArray: true, line: startLine, column: startColumn))
            continue
          }
        } else {
          if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            node = JSONNode(value: .object([]), line: startLine, column: startColumn)
          } else {
            let open = Open(isArray: false, line: startLine, column: startColumn)
            open.key = try parseKey(existing: open.members)
            stack.append(open)
            continue
          }
        }
      case UInt8(ascii: "\""):
        node = JSONNode(value: .string(try parseString()), line: startLine, column: startColumn)
      case UInt8(ascii: "t"):
        try expectWord("true")
        node = JSONNode(value: .bool(true), line: startLine, column: startColumn)
      case UInt8(ascii: "f"):
        try expectWord("false")
        node = JSONNode(value: .bool(false), line: startLine, column: startColumn)
      case UInt8(ascii: "n"):
        try expectWord("null")
        node = JSONNode(value: .null, line: startLine, column: startColumn)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        node = try parseNumber(startLine, startColumn)
      default:
        throw error("expected a value, found \(describeCurrent())")
      }
      // A value is complete: give it to the innermost open container, closing containers as
      // they end, until one needs another value or the outermost value is done.
      while true {
        guard let open = stack.last else { return node }
        skipWhitespace()
        if open.isArray {
          open.items.append(node)
          guard index < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "]") {
            index += 1
            stack.removeLast()
            node = JSONNode(value: .array(open.items), line: open.line, column: open.column)
            continue
          } else {
            throw error("expected ',' or ']' in array, found \(describeCurrent())")
          }
        } else {
          open.members.append((open.key, node))
          guard index < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            open.key = try parseKey(existing: open.members)
          } else if bytes[index] == UInt8(ascii: "}") {
            index += 1
            stack.removeLast()
            node = JSONNode(value: .object(open.members), line: open.line, column: open.column)
            continue
          } else {
            throw error("expected ',' or '}' in object, found \(describeCurrent())")
          }
        }
        break
      }
    }
  }

  private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        throw error("expected '\(word)', found \(describeCurrent())")
      }
      index += 1
    }
  }

  /// Reads `"name" :` inside an object, refusing a name already used.
  private mutating func parseKey(existing: [(key: String, value: JSONNode)]) throws(JSONSyntaxError) -> String {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw error("expected a member name in double quotes, found \(describeCurrent())")
    }
    let keyLine = line
    let keyColumn = column
    let key = try parseString()
    if existing.contains(where: { $0.key == key }) {
      throw JSONSyntaxError(message: "duplicate member \"\(key)\"", line: keyLine, column: keyColumn)
    }
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
      throw error("expected ':' after member name \"\(key)\", found \(describeCurrent())")
    }
    index += 1
    return key
  }

  private mutating func parseNumber(_ startLine: Int, _ startColumn: Int) throws(JSONSyntaxError) -> JSONNode {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      let begin = parser.index
      while parser.index < parser.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
      {
        parser.index += 1
      }
      return parser.index - begin
    }
    let intStart = index
    let intDigits = digits(&self)
    if intDigits == 0 { throw error("expected a digit, found \(describeCurrent())") }
    if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") {
      throw JSONSyntaxError(message: "a number cannot have leading zeros", line: startLine, column: startColumn)
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      if digits(&self) == 0 { throw error("expected a digit after '.', found \(describeCurrent())") }
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      isInteger = false
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      if digits(&self) == 0 { throw error("expected a digit in the exponent, found \(describeCurrent())") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      throw JSONSyntaxError(message: "number \(text.prefix(40)) is out of range", line: startLine, column: startColumn)
    }
    return JSONNode(value: .number(number, isInteger: isInteger), line: startLine, column: startColumn)
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
              throw error("unpaired surrogate in \\u escape")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00..<0xE000).contains(code) {
            throw error("unpaired surrogate in \\u escape")
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scalars.append(scalar)
        default:
          index -= 1
          throw error("invalid escape sequence \\\(Character(UnicodeScalar(escape)))")
        }
      case 0..<0x20:
        throw error("control character in string (escape it)")
      case 0x20..<0x80:
        scalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        scalars.append(try decodeUTF8())
      }
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw error("expected four hexadecimal digits after \\u")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private mutating func decodeUTF8() throws(JSONSyntaxError) -> Unicode.Scalar {
    let lead = bytes[index]
    let length: Int
    var code: UInt32
    switch lead {
    case 0xC2...0xDF: length = 2; code = UInt32(lead & 0x1F)
    case 0xE0...0xEF: length = 3; code = UInt32(lead & 0x0F)
    case 0xF0...0xF4: length = 4; code = UInt32(lead & 0x07)
    default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
    }
    guard index + length <= bytes.count else { throw error("truncated UTF-8 sequence") }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence") }
      code = code << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard code >= minimum, let scalar = Unicode.Scalar(code) else { throw error("invalid UTF-8 sequence") }
    index += length
    return scalar
  }
}

/// JSON text (quoted strings, shortest numbers): the trace's own encoder, shared with the
/// JSON-lines sink of GestureRuntime so that both write the same bytes.
typealias JSONText = TraceJSON
