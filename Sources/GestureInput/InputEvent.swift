public import GestureCore

/// One kernel input event, as a Linux input device reports it (`struct input_event`).
///
/// A device reports a frame as a run of events ended by a `SYN_REPORT` event: the values that
/// changed since the previous frame, each as one event. ``TouchDecoder`` turns a touch device's
/// frames into touch changes for the runtime, ``PointerDecoder`` a mouse's into pointer input.
public struct InputEvent: Hashable, Sendable {
  /// When the kernel stamped the event, on the device's clock (`CLOCK_MONOTONIC` once
  /// ``InputDevice`` has set it; a recording's time since its first event).
  public var time: Timestamp
  /// The event type (`EV_SYN`, `EV_KEY`, `EV_REL`, `EV_ABS`, …).
  public var type: UInt16
  /// The event code within its type (`ABS_MT_POSITION_X`, `BTN_TOUCH`, …).
  public var code: UInt16
  /// The event's value: a position, a button state (1 down, 0 up), a relative motion.
  public var value: Int32

  /// Creates an event.
  public init(time: Timestamp, type: UInt16, code: UInt16, value: Int32) {
    self.time = time
    self.type = type
    self.code = code
    self.value = value
  }

  /// The size of `struct input_event` on 64-bit Linux: two 64-bit time fields, type, code, value.
  public static let byteCount = 24

  /// Decodes one `struct input_event` from `bytes` at `offset` (64-bit little-endian layout:
  /// `tv_sec`, `tv_usec`, `type`, `code`, `value`).
  public init(bytes: [UInt8], at offset: Int) {
    func integer(_ start: Int, _ count: Int) -> UInt64 {
      var result: UInt64 = 0
      for index in (0..<count).reversed() { result = result << 8 | UInt64(bytes[offset + start + index]) }
      return result
    }
    let seconds = Int64(bitPattern: integer(0, 8))
    let microseconds = Int64(bitPattern: integer(8, 8))
    self.init(
      time: Timestamp(microseconds: seconds &* 1_000_000 &+ microseconds), type: UInt16(integer(16, 2)),
      code: UInt16(integer(18, 2)), value: Int32(bitPattern: UInt32(integer(20, 4))))
  }

  /// The event as `struct input_event` bytes (the layout ``init(bytes:at:)`` reads), as a device
  /// or a program feeding a FIFO writes it.
  public var bytes: [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(Self.byteCount)
    func append(_ value: UInt64, _ count: Int) {
      for index in 0..<count { result.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
    // tv_usec in 0..<1_000_000, as the kernel writes it (floor division, for times before 0).
    var (seconds, microseconds) = time.microseconds.quotientAndRemainder(dividingBy: 1_000_000)
    if microseconds < 0 {
      seconds -= 1
      microseconds += 1_000_000
    }
    append(UInt64(bitPattern: seconds), 8)
    append(UInt64(bitPattern: microseconds), 8)
    append(UInt64(type), 2)
    append(UInt64(code), 2)
    append(UInt64(UInt32(bitPattern: value)), 4)
    return result
  }
}

/// The kernel's event types and codes that the decoders read (`linux/input-event-codes.h`).
public enum EventCode {
  /// Synchronization events: frame boundaries.
  public static let EV_SYN: UInt16 = 0x00
  /// Keys and buttons.
  public static let EV_KEY: UInt16 = 0x01
  /// Relative axes (mice).
  public static let EV_REL: UInt16 = 0x02
  /// Absolute axes (touch screens, touch pads, tablets).
  public static let EV_ABS: UInt16 = 0x03
  /// Miscellaneous events (hardware timestamps, scan codes); ignored.
  public static let EV_MSC: UInt16 = 0x04

  /// The end of a frame.
  public static let SYN_REPORT: UInt16 = 0x00
  /// The end of one contact's data in a multi-touch protocol A frame.
  public static let SYN_MT_REPORT: UInt16 = 0x02
  /// The kernel's buffer overflowed: events were lost.
  public static let SYN_DROPPED: UInt16 = 0x03

  /// The primary (left) mouse button.
  public static let BTN_LEFT: UInt16 = 0x110
  /// The secondary (right) mouse button.
  public static let BTN_RIGHT: UInt16 = 0x111
  /// The middle mouse button.
  public static let BTN_MIDDLE: UInt16 = 0x112
  /// The side button (button 4).
  public static let BTN_SIDE: UInt16 = 0x113
  /// The extra button (button 5).
  public static let BTN_EXTRA: UInt16 = 0x114
  /// A contact is touching the surface (single-touch devices, and multi-touch devices' summary).
  public static let BTN_TOUCH: UInt16 = 0x14A

  /// Relative motion along x.
  public static let REL_X: UInt16 = 0x00
  /// Relative motion along y.
  public static let REL_Y: UInt16 = 0x01
  /// A horizontal wheel.
  public static let REL_HWHEEL: UInt16 = 0x06
  /// The vertical wheel.
  public static let REL_WHEEL: UInt16 = 0x08

  /// Absolute x (single-touch position).
  public static let ABS_X: UInt16 = 0x00
  /// Absolute y (single-touch position).
  public static let ABS_Y: UInt16 = 0x01
  /// Single-touch pressure.
  public static let ABS_PRESSURE: UInt16 = 0x18
  /// The multi-touch slot that the following events describe (protocol B).
  public static let ABS_MT_SLOT: UInt16 = 0x2F
  /// The major axis of the contact's touch ellipse.
  public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
  /// A contact's x.
  public static let ABS_MT_POSITION_X: UInt16 = 0x35
  /// A contact's y.
  public static let ABS_MT_POSITION_Y: UInt16 = 0x36
  /// The tool of a contact (`MT_TOOL_FINGER`, `MT_TOOL_PEN`, `MT_TOOL_PALM`).
  public static let ABS_MT_TOOL_TYPE: UInt16 = 0x37
  /// ``ABS_MT_TOOL_TYPE``'s value for a palm: a contact the device judged not to be meant.
  public static let MT_TOOL_PALM: Int32 = 2
  /// A contact's tracking id (protocol B): a new id is a new contact, -1 a lift.
  public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
  /// A contact's pressure.
  public static let ABS_MT_PRESSURE: UInt16 = 0x3A
  /// The highest absolute axis code.
  public static let ABS_MAX: UInt16 = 0x3F

  /// The device's property: a pointer moved by the input rather than the input itself (a
  /// touchpad).
  public static let INPUT_PROP_POINTER: UInt16 = 0x00
  /// The device's property: a direct input device (a touch screen).
  public static let INPUT_PROP_DIRECT: UInt16 = 0x01
}
