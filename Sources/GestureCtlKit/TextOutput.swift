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
