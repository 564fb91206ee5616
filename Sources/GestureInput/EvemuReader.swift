import GestureCore

/// Reads evemu's text format line by line (what `evemu-record` writes): the device's description
/// (`N:`, `I:`, `P:`, `B:`, `A:` lines) and its events (`E: SEC.USEC TYPE CODE VALUE`, type and
/// code in hexadecimal, the value in decimal).
///
/// The reader keeps nothing of the lines it has read but the description and the last event's
/// time, so a recording of any length reads in constant memory. Each event's time is made
/// relative to the recording's first event (<doc:FileFormats>, device recordings).
public struct EvemuReader: Sendable {
  /// The description read so far (the lines before the first event).
  public private(set) var description: DeviceDescription
  /// Whether a description line has been read.
  public private(set) var hasDescription = false
  /// The line of each axis's `A:` line read, by axis code: where an error about the axis points.
  public private(set) var axisLines: [UInt16: Int] = [:]
  /// The number of events read.
  public private(set) var eventCount = 0
  var firstTime: Int64?
  var lastTime: Int64 = 0
  var bitOffsets: [UInt16: Int] = [:]
  var propertyOffset = 0

  /// Creates a reader, starting from `description` (a description read from another file, for
  /// the recordings of older evemu versions that keep it apart).
  public init(description: DeviceDescription = DeviceDescription()) {
    self.description = description
  }

  /// Whether a file whose first lines include `line` is an evemu recording rather than an event
  /// script: true for the `# EVEMU` header or an evemu `X:` line, false for anything else (JSON),
  /// nil when the line does not tell (blank, or another comment): look at the next one.
  public static func looksLikeRecording(_ line: ArraySlice<UInt8>) -> Bool? {
    var bytes = line.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    guard let first = bytes.first else { return nil }
    if first == UInt8(ascii: "#") {
      let header = Array("# EVEMU".utf8)
      return bytes.starts(with: header) ? true : nil
    }
    if bytes.count >= 2, bytes[bytes.startIndex + 1] == UInt8(ascii: ":"),
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
    {
      return true
    }
    return false
  }

  /// Reads one line (without its newline); returns the event it holds, if it is an `E:` line.
  ///
  /// - Parameters:
  ///   - line: The line's bytes.
  ///   - number: Its line number, for errors.
  /// - Throws: ``RecordingError`` for a malformed line: an unknown line kind, a wrong number of
  ///   fields, a value that is not a number, an event earlier than the one before it, a
  ///   description line after the first event.
  public mutating func read(_ line: ArraySlice<UInt8>, number: Int) throws(RecordingError) -> InputEvent? {
    var fields = Fields(line)
    guard let kind = fields.next() else { return nil }
    if kind.bytes.first == UInt8(ascii: "#") { return nil }
    func fail(_ column: Int, _ message: String) -> RecordingError {
      RecordingError(line: number, column: column, message: message)
    }
    guard kind.bytes.count == 2, kind.bytes.last == UInt8(ascii: ":") else {
      throw fail(
        kind.column, "expected an evemu line (N:, I:, P:, B:, A: or E:, or a # comment), found '\(kind.text)'")
    }
    let letter = kind.bytes.first!
    if letter == UInt8(ascii: "E") {
      return try event(&fields, fail, kind.column)
    }
    if firstTime != nil && letter != UInt8(ascii: "S") && letter != UInt8(ascii: "L") {
      throw fail(kind.column, "a description line (\(kind.text)) after the first event: expected E: lines only")
    }
    switch letter {
    case UInt8(ascii: "N"):
      var rest = line.drop(while: { $0 == 0x20 || $0 == 0x09 })
      rest = rest.dropFirst(2).drop(while: { $0 == 0x20 || $0 == 0x09 })
      if rest.last == 0x0D { rest = rest.dropLast() }
      description.name = String(decoding: rest, as: UTF8.self)
    case UInt8(ascii: "I"):
      var identifier: [UInt16] = []
      while let field = fields.next() {
        guard let value = field.hex(), value <= 0xFFFF else {
          throw fail(
            field.column, "I: expected four hexadecimal ids (bus, vendor, product, version), found '\(field.text)'")
        }
        identifier.append(UInt16(value))
      }
      guard identifier.count == 4 else {
        throw fail(kind.column, "I: expected 4 fields (bus, vendor, product, version), found \(identifier.count)")
      }
      description.identifier = identifier
    case UInt8(ascii: "P"):
      while let field = fields.next() {
        guard let byte = field.hex(), byte <= 0xFF else {
          throw fail(field.column, "P: expected hexadecimal bytes of the property mask, found '\(field.text)'")
        }
        guard propertyOffset < 8 else { throw fail(field.column, "P: the mask is longer than any property mask") }
        for bit in 0..<8 where byte & (1 << bit) != 0 {
          description.properties.insert(UInt16(propertyOffset * 8 + bit))
        }
        propertyOffset += 1
      }
    case UInt8(ascii: "B"):
      guard let typeField = fields.next(), let type = typeField.hex(), type <= 0x1F else {
        throw fail(kind.column, "B: expected an event type in hexadecimal (00 to 1f), then mask bytes")
      }
      var offset = bitOffsets[UInt16(type), default: 0]
      while let field = fields.next() {
        guard let byte = field.hex(), byte <= 0xFF else {
          throw fail(field.column, "B: expected hexadecimal bytes of the event mask, found '\(field.text)'")
        }
        for bit in 0..<8 where byte & (1 << bit) != 0 {
          description.supportedCodes[UInt16(type), default: []].insert(UInt16(offset * 8 + bit))
        }
        offset += 1
        guard offset <= 0x300 / 8 else { throw fail(field.column, "B: the mask is longer than any event type's codes") }
      }
      bitOffsets[UInt16(type)] = offset
    case UInt8(ascii: "A"):
      guard let codeField = fields.next(), let code = codeField.hex(), code <= UInt64(EventCode.ABS_MAX) else {
        throw fail(
          kind.column,
          "A: expected an axis code in hexadecimal (00 to 3f), then minimum, maximum, fuzz, flat and resolution")
      }
      var numbers: [Int32] = []
      while let field = fields.next() {
        guard let value = field.decimal() else {
          if field.isWholeNumber {
            throw fail(
              field.column,
              "A: the number \(field.text) is out of range: an axis's numbers are 32-bit signed, from \(Int32.min) to \(Int32.max)"
            )
          }
          throw fail(field.column, "A: expected a whole number, found '\(field.text)'")
        }
        numbers.append(value)
      }
      guard numbers.count == 4 || numbers.count == 5 else {
        throw fail(
          kind.column,
          "A: expected 6 fields (code, minimum, maximum, fuzz, flat, resolution), found \(numbers.count + 1)")
      }
      axisLines[UInt16(code)] = number
      description.axes[UInt16(code)] = AbsoluteAxis(
        minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
        resolution: numbers.count == 5 ? numbers[4] : 0)
    case UInt8(ascii: "L"), UInt8(ascii: "S"):
      // LED and switch states: nothing a gesture needs.
      return nil
    default:
      throw fail(kind.column, "unknown line kind '\(kind.text)': expected N:, I:, P:, B:, A: or E:")
    }
    hasDescription = true
    return nil
  }

  mutating func event(
    _ fields: inout Fields, _ fail: (Int, String) -> RecordingError, _ column: Int
  ) throws(RecordingError) -> InputEvent {
    var parts: [Field] = []
    while let field = fields.next() {
      if field.bytes.first == UInt8(ascii: "#") { break }
      parts.append(field)
      if parts.count > 4 { break }
    }
    guard parts.count == 4 else {
      throw fail(
        parts.count > 4 ? parts[4].column : column,
        "E: expected 4 fields (SEC.USEC TYPE CODE VALUE), found \(parts.count > 4 ? "more" : "\(parts.count)")")
    }
    guard let time = parts[0].time() else {
      throw fail(parts[0].column, "E: expected a time as SECONDS.MICROSECONDS, found '\(parts[0].text)'")
    }
    guard let type = parts[1].hex(), type <= 0xFFFF else {
      throw fail(parts[1].column, "E: expected an event type in hexadecimal, found '\(parts[1].text)'")
    }
    guard let code = parts[2].hex(), code <= 0xFFFF else {
      throw fail(parts[2].column, "E: expected an event code in hexadecimal, found '\(parts[2].text)'")
    }
    guard let value = parts[3].decimal() else {
      if parts[3].isWholeNumber {
        throw fail(
          parts[3].column,
          "E: the value \(parts[3].text) is out of range: an event's value is a 32-bit signed number, from \(Int32.min) to \(Int32.max)"
        )
      }
      throw fail(parts[3].column, "E: expected a decimal value, found '\(parts[3].text)'")
    }
    if firstTime != nil {
      if time < lastTime {
        throw fail(
          parts[0].column,
          "time goes backwards: \(Timestamp(microseconds: time)) s after \(Timestamp(microseconds: lastTime)) s"
        )
      }
    } else {
      firstTime = time
    }
    lastTime = time
    eventCount += 1
    return InputEvent(
      time: Timestamp(microseconds: time - firstTime!), type: UInt16(type), code: UInt16(code), value: value)
  }
}

/// The fields of a line, separated by spaces or tabs, each with its column.
struct Fields {
  let line: ArraySlice<UInt8>
  var index: Int

  init(_ line: ArraySlice<UInt8>) {
    self.line = line
    index = line.startIndex
  }

  mutating func next() -> Field? {
    while index < line.endIndex, Field.isSpace(line[index]) { index += 1 }
    guard index < line.endIndex else { return nil }
    let start = index
    while index < line.endIndex, !Field.isSpace(line[index]) { index += 1 }
    return Field(bytes: line[start..<index], column: start - line.startIndex + 1)
  }
}

/// One field of a line.
struct Field {
  let bytes: ArraySlice<UInt8>
  let column: Int

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

  var text: String { String(decoding: bytes.prefix(40), as: UTF8.self) }

  /// A hexadecimal number of at most 16 digits.
  func hex() -> UInt64? {
    guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
    var result: UInt64 = 0
    for byte in bytes {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      result = result << 4 | UInt64(digit)
    }
    return result
  }

  /// A decimal number that fits in 32 bits, with an optional sign.
  func decimal() -> Int32? {
    var digits = bytes[...]
    var negative = false
    if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") {
      negative = digits.first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 11 else { return nil }
    var result: Int64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      result = result * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    if negative { result = -result }
    guard result >= Int64(Int32.min), result <= Int64(Int32.max) else { return nil }
    return Int32(result)
  }

  /// Whether the field is a whole decimal number of any size, with an optional sign: when
  /// ``decimal()`` is nil for such a field, the number is out of range.
  var isWholeNumber: Bool {
    var digits = bytes[...]
    if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// `SECONDS.MICROSECONDS` (at most six decimals) in microseconds.
  func time() -> Int64? {
    guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
    let whole = bytes[bytes.startIndex..<dot]
    let fraction = bytes[(dot + 1)...]
    guard !whole.isEmpty, whole.count <= 12, !fraction.isEmpty, fraction.count <= 6 else { return nil }
    var seconds: Int64 = 0
    for byte in whole {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      seconds = seconds * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    var micro: Int64 = 0
    for byte in fraction {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      micro = micro * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    for _ in fraction.count..<6 { micro *= 10 }
    return seconds * 1_000_000 + micro
  }
}
