/// Where a command writes: standard output or error, or a string in tests.
protocol TextOutput: AnyObject {
  func write(_ text: String)
  func flush()
}

extension OutputBuffer: TextOutput {}

/// Collects output in memory (in-process tests).
final class StringOutput: TextOutput {
  private(set) var text = ""
  func write(_ text: String) { self.text += text }
  func flush() {}
}

/// Messages for a terminal: what a message quotes of its input (a name, a line of a file) may hold
/// control characters, which would move the cursor or recolour the terminal, or be megabytes long.
/// Control characters other than newline and tab are written as `\u{1B}`; a line longer than
/// ``longestLine`` characters keeps its start and says how much it left out.
final class MessageOutput: TextOutput {
  static let longestLine = 1_000
  private let base: any TextOutput

  init(_ base: any TextOutput) { self.base = base }

  func write(_ text: String) { base.write(Self.sanitized(text)) }

  func flush() { base.flush() }

  static func sanitized(_ text: String) -> String {
    let needsWork =
      text.unicodeScalars.contains { isControl($0) }
      || text.utf8.count > longestLine
        && text.split(separator: "\n", omittingEmptySubsequences: false).contains {
          $0.count > longestLine
        }
    guard needsWork else { return text }
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var escaped = ""
      for scalar in line.unicodeScalars {
        if isControl(scalar) {
          escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
      if escaped.count > longestLine {
        let kept = escaped.prefix(longestLine / 2)
        escaped = kept + "… (\(escaped.count - kept.count) more characters)"
      }
      lines.append(escaped)
    }
    return lines.joined(separator: "\n")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }
}
