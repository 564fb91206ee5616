/// JSON text for the trace's lines and gesturectl's outputs: strings quoted as RFC 8259 asks,
/// numbers in their shortest form.
package enum TraceJSON {
  /// `text` as a JSON string, with quotes, backslashes and control characters escaped.
  package static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let s where s.value < 0x20:
        let hex = String(s.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A JSON number: integers without a fraction, others in Swift's shortest form; null when
  /// not finite.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(value)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
