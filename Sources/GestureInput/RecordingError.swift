/// A malformed evemu recording: where, and what was expected.
public struct RecordingError: Error, Hashable, Sendable {
  /// The line, counted from 1.
  public var line: Int
  /// The column (in bytes), counted from 1.
  public var column: Int
  /// What was wrong and what was expected.
  public var message: String
  /// The axis at fault, when it is one that the recording took from the description it was
  /// given rather than from its own lines: the error belongs at that axis's line in the file the
  /// description was read from, which the recording's reader does not know.
  public var axis: UInt16?

  /// Creates an error.
  public init(line: Int, column: Int, message: String, axis: UInt16? = nil) {
    self.line = line
    self.column = column
    self.message = message
    self.axis = axis
  }
}
