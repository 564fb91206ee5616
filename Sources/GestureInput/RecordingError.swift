/// A malformed evemu recording: where, and what was expected.
public struct RecordingError: Error, Hashable, Sendable {
  /// The line, counted from 1.
  public var line: Int
  /// The column (in bytes), counted from 1.
  public var column: Int
  /// What was wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}
