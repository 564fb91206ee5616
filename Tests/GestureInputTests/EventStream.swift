import GestureCore
import GestureInput
import Testing

/// Builds kernel event streams for the decoder tests: events are stamped with the current time,
/// which moves only with `at(_:)`.
struct EventStream {
  var events: [InputEvent] = []
  var time = Timestamp.zero

  /// Moves the stamp to `milliseconds` from the start.
  mutating func at(_ milliseconds: Int64) { time = Timestamp(microseconds: milliseconds * 1000) }

  mutating func abs(_ code: UInt16, _ value: Int32) {
    events.append(InputEvent(time: time, type: EventCode.EV_ABS, code: code, value: value))
  }

  mutating func key(_ code: UInt16, _ value: Int32) {
    events.append(InputEvent(time: time, type: EventCode.EV_KEY, code: code, value: value))
  }

  mutating func syn(_ code: UInt16 = EventCode.SYN_REPORT) {
    events.append(InputEvent(time: time, type: EventCode.EV_SYN, code: code, value: 0))
  }

  /// Protocol B: selects `slot` and sets its tracking id.
  mutating func track(_ slot: Int32, _ id: Int32) {
    abs(EventCode.ABS_MT_SLOT, slot)
    abs(EventCode.ABS_MT_TRACKING_ID, id)
  }

  mutating func position(_ x: Int32, _ y: Int32) {
    abs(EventCode.ABS_MT_POSITION_X, x)
    abs(EventCode.ABS_MT_POSITION_Y, y)
  }
}

/// A 400 × 800 window; devices span 0…4000 × 0…8000 (0.1 pt a unit).
let window = Rect(x: 0, y: 0, width: 400, height: 800)

func multiTouchDevice(slots: Bool = true, pressure: Bool = false, major: Bool = false) -> DeviceDescription {
  var axes: [UInt16: AbsoluteAxis] = [
    EventCode.ABS_MT_POSITION_X: AbsoluteAxis(minimum: 0, maximum: 4000),
    EventCode.ABS_MT_POSITION_Y: AbsoluteAxis(minimum: 0, maximum: 8000),
  ]
  if slots { axes[EventCode.ABS_MT_SLOT] = AbsoluteAxis(minimum: 0, maximum: 9) }
  if pressure { axes[EventCode.ABS_MT_PRESSURE] = AbsoluteAxis(minimum: 0, maximum: 255) }
  if major { axes[EventCode.ABS_MT_TOUCH_MAJOR] = AbsoluteAxis(minimum: 0, maximum: 255) }
  return DeviceDescription(name: "test", axes: axes)
}

let singleTouchDevice = DeviceDescription(
  name: "single",
  axes: [
    EventCode.ABS_X: AbsoluteAxis(minimum: 0, maximum: 4000), EventCode.ABS_Y: AbsoluteAxis(minimum: 0, maximum: 8000),
    EventCode.ABS_PRESSURE: AbsoluteAxis(minimum: 0, maximum: 1000),
  ])

/// Decodes `stream` and renders every frame as one line: `0.016 #1 moved (115, 300)`, the
/// touches joined by `; `, a time mark as `0.04 mark`.
func decodeLines(
  _ description: DeviceDescription, _ stream: EventStream, calibration: CalibrationMatrix = .identity
) throws -> [String] {
  var decoder = try TouchDecoder(description: description, frame: window, calibration: calibration)
  var lines: [String] = []
  for event in stream.events {
    guard let frame = try decoder.decode(event) else { continue }
    lines.append(render(frame))
  }
  return lines
}

func render(_ frame: InputFrame) -> String {
  if frame.isTimeMark { return "\(frame.time) mark" }
  let touches = frame.touches.map { touch in
    var text = "#\(touch.input.id) \(touch.input.phase) \(touch.input.location)"
    if let force = touch.force { text += " force \(formatNumber((force * 1000).rounded() / 1000))" }
    if let radius = touch.majorRadius { text += " radius \(formatNumber(radius))" }
    return text
  }
  return "\(frame.time) " + touches.joined(separator: "; ")
}

/// Expects `stream` to decode to exactly `expected` (see ``decodeLines(_:_:calibration:)``).
func expectFrames(
  _ description: DeviceDescription, _ stream: EventStream, calibration: CalibrationMatrix = .identity,
  _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let actual = try decodeLines(description, stream, calibration: calibration)
  #expect(actual == expected, sourceLocation: sourceLocation)
}
