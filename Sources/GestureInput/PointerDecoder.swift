public import GestureCore
import GestureRuntime

/// Turns a relative pointer device's kernel events (a mouse: `REL_X`, `REL_Y`, `BTN_LEFT`,
/// `BTN_RIGHT`, `BTN_MIDDLE`, `REL_WHEEL`, `REL_HWHEEL`) into pointer input for the runtime
/// (<doc:FileFormats>, device recordings; <doc:PointerHoverAndScroll>).
///
/// - The pointer starts at the centre of the root view and moves by the relative motion, one
///   device unit to one point, kept within the root view's frame: from its origin to the last
///   whole point before its right and bottom edges, which hit-testing leaves out.
/// - While no button is down, a move is hover (``PointerInput/hover(_:)``).
/// - A press (``PointerInput/press(_:buttonMask:)``, a touch of type `indirectPointer`) begins
///   when the first button goes down, moves with the pointer, and ends when the last button
///   lifts. `BTN_LEFT` is ``GestureCore/EventButtonMask/primary``, `BTN_RIGHT`
///   ``GestureCore/EventButtonMask/secondary``, `BTN_MIDDLE`
///   ``GestureCore/EventButtonMask/tertiary``, and `BTN_SIDE` … `BTN_TASK` buttons 4 to 8. A
///   button that goes down or lifts while the press lasts, without the pointer moving, is a
///   `moved` of the press where it is, so that recognizers see the new buttons.
/// - A wheel tick is a ``GestureCore/ScrollType/discrete`` scroll of ``pointsPerWheelTick``
///   points at the pointer: `REL_WHEEL` turned away from the user (positive) moves the content
///   down (positive `dy`), `REL_HWHEEL` tilted right (positive) moves it left (negative `dx`).
///   The high-resolution wheel codes are ignored: the kernel sends the whole ticks beside them.
/// - Other keys and relative axes the device has are ignored; a mouse has no modifier keys, so
///   the modifier flags are empty.
///
/// Press ids are 1, 2, 3, … in the order presses begin. `SYN_DROPPED` cancels the press that is
/// down and forgets the buttons; the events up to the next `SYN_REPORT` are discarded, and a
/// button still held after them must lift and go down again to begin a new press.
///
/// Events must be stamped on the runtime's clock first (``MonotonicClock/timestamp(kernelTime:)``:
/// the kernel stamps them in microseconds since the machine started), as ``InputEventLoop`` stamps
/// them; a recording's times are already (``RecordingDecoder``).
///
/// ```swift
/// var decoder = try PointerDecoder(description: device.description, frame: window.frame)
/// for var event in events {
///   event.time = clock.timestamp(kernelTime: event.time)
///   if let frame = try decoder.decode(event) { frame.send(to: runtime) }
/// }
/// ```
public struct PointerDecoder: Sendable {
  /// Points a wheel tick scrolls: 40 (a choice; UIKit's discrete scroll has no unit).
  public static let pointsPerWheelTick = 40.0

  /// The key codes that are buttons: `BTN_LEFT` (button 1) to `BTN_TASK` (button 8).
  static let buttonCodes: ClosedRange<UInt16> = EventCode.BTN_LEFT...(EventCode.BTN_LEFT + 7)

  /// The window's frame (the root view's frame) that the pointer moves in.
  public let frame: Rect
  /// Where the pointer is, in window coordinates.
  public private(set) var location: Point
  /// The buttons down.
  public private(set) var buttonMask: EventButtonMask = []
  /// The event codes the device says it sends, per type; empty to accept any.
  let supportedCodes: [UInt16: Set<UInt16>]
  /// The id of the press that is down.
  var pressID: Int?
  var nextPressID = 1
  /// Whether the last input was hover (the runtime has the pointer hovering in the window).
  var hovering = false
  // The frame being read.
  var dx: Int64 = 0
  var dy: Int64 = 0
  var wheel: Int64 = 0
  var horizontalWheel: Int64 = 0
  var buttonsChanged = false
  /// Between a `SYN_DROPPED` and the next `SYN_REPORT`.
  var dropping = false

  /// Creates a decoder for a pointer device.
  ///
  /// - Parameters:
  ///   - description: The device's description: its kind must be
  ///     ``DeviceDescription/Kind/pointer``. An event of a type or code that the description
  ///     does not list (its `B:` lines, or `EVIOCGBIT`) is an error, since the kernel never
  ///     sends one.
  ///   - frame: The window's frame (the root view's frame) that the pointer moves in.
  /// - Throws: ``InputDecodingError`` when the device is no pointer device.
  public init(description: DeviceDescription, frame: Rect) throws(InputDecodingError) {
    guard description.kind == .pointer else {
      throw InputDecodingError(
        "not a pointer device: expected relative motion (REL_X, REL_Y) in its description's B: lines")
    }
    self.init(frame: frame, supportedCodes: description.supportedCodes)
  }

  /// A decoder that accepts every event code.
  init(frame: Rect, supportedCodes: [UInt16: Set<UInt16>] = [:]) {
    self.frame = frame
    self.supportedCodes = supportedCodes
    location = Point(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2)
  }

  /// Whether a press is down.
  public var isPressed: Bool { pressID != nil }

  /// The button number of a key code (1 for `BTN_LEFT`), or nil for keys that are no buttons.
  static func button(_ code: UInt16) -> Int? {
    buttonCodes.contains(code) ? Int(code - EventCode.BTN_LEFT) + 1 : nil
  }

  /// Reads one event; returns the frame it completes (at `SYN_REPORT`, or the press a
  /// `SYN_DROPPED` cancelled), if any.
  ///
  /// - Throws: ``InputDecodingError`` for an event of a type or code the device's description
  ///   does not list.
  public mutating func decode(_ event: InputEvent) throws(InputDecodingError) -> InputFrame? {
    if event.type == EventCode.EV_SYN {
      switch event.code {
      case EventCode.SYN_REPORT:
        if dropping {
          dropping = false
          clearFrame()
          return nil
        }
        return finishFrame(at: event.time)
      case EventCode.SYN_DROPPED:
        return drop(at: event.time)
      default:
        return nil
      }
    }
    try check(event)
    if dropping { return nil }
    switch (event.type, event.code) {
    case (EventCode.EV_REL, EventCode.REL_X): dx += Int64(event.value)
    case (EventCode.EV_REL, EventCode.REL_Y): dy += Int64(event.value)
    case (EventCode.EV_REL, EventCode.REL_WHEEL): wheel += Int64(event.value)
    case (EventCode.EV_REL, EventCode.REL_HWHEEL): horizontalWheel += Int64(event.value)
    case (EventCode.EV_KEY, let code):
      guard let number = Self.button(code) else { return nil }
      let button = EventButtonMask.button(number)
      if (event.value != 0) != buttonMask.contains(button) {
        if event.value != 0 { buttonMask.insert(button) } else { buttonMask.remove(button) }
        buttonsChanged = true
      }
    default: break
    }
    return nil
  }

  /// Cancels the press that is down and takes the hovering pointer out of the window, as when
  /// the device goes away (its end of input): the frame that does so, if anything was down or
  /// hovering.
  public mutating func cancelAll(at time: Timestamp) -> InputFrame? {
    var inputs = cancelPress()
    dropping = false
    clearFrame()
    if hovering {
      hovering = false
      inputs.append(.hover(.exited()))
    }
    return inputs.isEmpty ? nil : InputFrame(time: time, touches: [], pointerInputs: inputs)
  }

  /// An event the device's description does not list is an error.
  func check(_ event: InputEvent) throws(InputDecodingError) {
    guard !supportedCodes.isEmpty, supportedCodes[event.type]?.contains(event.code) != true else { return }
    let names: [UInt16: String] = [
      EventCode.EV_KEY: "EV_KEY", EventCode.EV_REL: "EV_REL", EventCode.EV_ABS: "EV_ABS", EventCode.EV_MSC: "EV_MSC",
    ]
    let type = names[event.type].map { " (\($0))" } ?? ""
    throw InputDecodingError(
      "an event the device does not send: type \(hex(event.type))\(type) code \(hex(event.code)) is not among the codes its description lists (B: lines); expected the pointer's EV_REL motion and wheels, EV_KEY buttons, or EV_SYN"
    )
  }

  func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  mutating func clearFrame() {
    dx = 0
    dy = 0
    wheel = 0
    horizontalWheel = 0
    buttonsChanged = false
  }

  /// The press that is down, cancelled, and the buttons forgotten.
  mutating func cancelPress() -> [PointerInput] {
    buttonMask = []
    guard let id = pressID else { return [] }
    pressID = nil
    return [.press(TouchInput(id: id, phase: .cancelled, location: location, type: .indirectPointer), buttonMask: [])]
  }

  mutating func drop(at time: Timestamp) -> InputFrame? {
    dropping = true
    clearFrame()
    let inputs = cancelPress()
    return inputs.isEmpty ? nil : InputFrame(time: time, touches: [], pointerInputs: inputs)
  }

  func press(_ id: Int, _ phase: TouchPhase) -> PointerInput {
    .press(TouchInput(id: id, phase: phase, location: location, type: .indirectPointer), buttonMask: buttonMask)
  }

  mutating func finishFrame(at time: Timestamp) -> InputFrame {
    defer { clearFrame() }
    // Within the frame as hit-testing sees it, whose right and bottom edges are outside: up to
    // the last whole point before them, as a screen's pointer stops on its last pixel.
    let moved = Point(
      x: min(max(location.x + Double(dx), frame.minX), max(frame.minX, frame.maxX - 1)),
      y: min(max(location.y + Double(dy), frame.minY), max(frame.minY, frame.maxY - 1)))
    let didMove = moved != location
    location = moved
    var inputs: [PointerInput] = []
    if let id = pressID {
      if buttonMask.isEmpty {
        inputs.append(press(id, .ended))
        pressID = nil
      } else if didMove || buttonsChanged {
        inputs.append(press(id, .moved))
      }
    } else if !buttonMask.isEmpty {
      // A press that begins in a frame that also moves begins where the frame leaves the pointer.
      pressID = nextPressID
      nextPressID += 1
      hovering = false
      inputs.append(press(pressID!, .began))
    } else if didMove {
      hovering = true
      inputs.append(.hover(HoverInput(location: location)))
    }
    if wheel != 0 || horizontalWheel != 0 {
      // A wheel turned away from the user (positive REL_WHEEL) scrolls up: the content moves
      // down. A wheel tilted right (positive REL_HWHEEL) scrolls right: the content moves left.
      let delta = Point(
        x: horizontalWheel == 0 ? 0 : -Double(horizontalWheel) * Self.pointsPerWheelTick,
        y: Double(wheel) * Self.pointsPerWheelTick)
      inputs.append(.scroll(ScrollInput(location: location, delta: delta, type: .discrete)))
    }
    return InputFrame(time: time, touches: [], pointerInputs: inputs)
  }
}
