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
  /// Whether the decoder was given a description read from another file.
  let descriptionGiven: Bool

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
    descriptionGiven = description != DeviceDescription()
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
    if event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT {
      unreportedLine = nil
      unreportedCount = 0
    } else {
      if unreportedLine == nil { unreportedLine = number }
      unreportedCount += 1
    }
    if decoder == nil {
      do {
        decoder = try InputDecoder(description: reader.description, frame: frame, calibration: calibration)
      } catch {
        // An axis the recording describes is wrong at its A: line; anything else shows at the
        // first event, where the description had to be complete.
        if let axis = error.axis {
          if let line = reader.axisLines[axis] { throw RecordingError(line: line, column: 1, message: error.message) }
          if descriptionGiven { throw RecordingError(line: number, column: 1, message: error.message, axis: axis) }
        }
        guard descriptionGiven || reader.hasDescription else {
          throw RecordingError(
            line: number, column: 1,
            message:
              "the recording has no device description (N:, I:, P:, B:, A: lines) before its first event: give it with --description FILE"
          )
        }
        // Where what is missing was looked for, when a description was given too.
        let whose =
          !descriptionGiven
          ? ""
          : reader.hasDescription
            ? ", in the description given and the recording's own description lines"
            : ", in the description given and the recording (which has no description lines)"
        throw RecordingError(line: number, column: 1, message: error.message + whose)
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

  /// The line of the first event after the last `SYN_REPORT`, when events follow it: a last
  /// frame that no `SYN_REPORT` closed, as when `evemu-record` is cut off; nil otherwise.
  public private(set) var unreportedLine: Int?
  /// How many events follow the last `SYN_REPORT`.
  public private(set) var unreportedCount = 0

  /// Ends the recording: a last frame that no `SYN_REPORT` closed (``unreportedLine``) is closed
  /// as if one came at its last event's time, and returned; nil when there is none.
  ///
  /// A device delivers a frame only at its `SYN_REPORT`, so such a frame is one the recording
  /// lost the end of, most often the lift of the last fingers; delivering it keeps them from
  /// staying down forever. Call it once, after the last line; report ``unreportedLine`` to say so.
  ///
  /// - Throws: ``RecordingError`` as ``decode(line:number:)`` does, at ``unreportedLine``.
  public mutating func finish() throws(RecordingError) -> InputFrame? {
    guard let line = unreportedLine, decoder != nil, let first = reader.firstTime else { return nil }
    unreportedLine = nil
    unreportedCount = 0
    let report = InputEvent(
      time: Timestamp(microseconds: reader.lastTime - first), type: EventCode.EV_SYN, code: EventCode.SYN_REPORT,
      value: 0)
    do {
      return try decoder!.decode(report)
    } catch {
      throw RecordingError(line: line, column: 1, message: error.message)
    }
  }
}
