public import GestureCore

/// Decodes an evemu recording of a touch or pointer device into frames, line by line, in
/// constant memory: ``EvemuReader`` for the lines, ``InputDecoder`` (a ``TouchDecoder`` or a
/// ``PointerDecoder``, as the device's description asks) for the events.
///
/// ```swift
/// var decoder = RecordingDecoder(frame: window.frame)
/// for (index, line) in lines.enumerated() {
///   if let frame = try decoder.decode(line: line, number: index + 1) { frame.send(to: runtime) }
/// }
/// ```
public struct RecordingDecoder: Sendable {
  /// The line reader, with the description read so far.
  public private(set) var reader: EvemuReader
  /// The device's decoder, made from the description at the first event.
  public private(set) var decoder: InputDecoder?
  /// The window's frame that the device's surface spans.
  public let frame: Rect
  /// The calibration matrix applied before the mapping.
  public let calibration: CalibrationMatrix

  /// Creates a decoder.
  ///
  /// - Parameters:
  ///   - description: A description read from another file (`--description`), if any; the
  ///     recording's own description lines add to it.
  ///   - frame: The root view's frame.
  ///   - calibration: libinput's calibration matrix.
  public init(
    description: DeviceDescription = DeviceDescription(), frame: Rect, calibration: CalibrationMatrix = .identity
  ) {
    reader = EvemuReader(description: description)
    self.frame = frame
    self.calibration = calibration
  }

  /// Reads one line; returns the frame it completes, if any.
  ///
  /// - Throws: ``RecordingError`` for a malformed line, or for events that make no sense for the
  ///   device (see ``InputDecoder/init(description:frame:calibration:)`` and
  ///   ``InputDecoder/decode(_:)``), with the line's number.
  public mutating func decode(line: ArraySlice<UInt8>, number: Int) throws(RecordingError) -> InputFrame? {
    guard let event = try reader.read(line, number: number) else { return nil }
    if decoder == nil {
      do {
        decoder = try InputDecoder(description: reader.description, frame: frame, calibration: calibration)
      } catch {
        throw RecordingError(
          line: number, column: 1,
          message: reader.hasDescription
            ? error.message
            : "the recording has no device description (N:, I:, P:, B:, A: lines) before its first event: give it with --description FILE"
        )
      }
    }
    do {
      return try decoder!.decode(event)
    } catch {
      throw RecordingError(line: number, column: 1, message: error.message)
    }
  }

  /// Whether the recording held any event.
  public var hasEvents: Bool { reader.eventCount > 0 }
}
