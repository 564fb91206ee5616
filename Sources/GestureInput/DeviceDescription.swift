/// What a Linux input device says about itself: its name, its ids, the events it can send and the
/// ranges of its absolute axes (the `N:`, `I:`, `P:`, `B:` and `A:` lines of an evemu recording,
/// or what ``InputDevice`` reads with `EVIOCGNAME`, `EVIOCGBIT` and `EVIOCGABS`).
public struct DeviceDescription: Hashable, Sendable {
  /// The device's name, such as `ELAN Touchscreen`.
  public var name: String
  /// The bus type, vendor, product and version (`struct input_id`).
  public var identifier: [UInt16]
  /// The device's input properties (`INPUT_PROP_*` numbers).
  public var properties: Set<UInt16>
  /// The event codes the device can send, per event type (from `B:` lines or `EVIOCGBIT`); empty
  /// when the description does not say, in which case the axes decide.
  public var supportedCodes: [UInt16: Set<UInt16>]
  /// The absolute axes and their ranges, by axis code (`ABS_X`, `ABS_MT_POSITION_X`, …).
  public var axes: [UInt16: AbsoluteAxis]

  /// Creates a description.
  public init(
    name: String = "", identifier: [UInt16] = [], properties: Set<UInt16> = [],
    supportedCodes: [UInt16: Set<UInt16>] = [:], axes: [UInt16: AbsoluteAxis] = [:]
  ) {
    self.name = name
    self.identifier = identifier
    self.properties = properties
    self.supportedCodes = supportedCodes
    self.axes = axes
  }

  /// How a device reports its input, as far as the decoders are concerned.
  public enum Kind: String, Hashable, Sendable {
    /// Multi-touch protocol B: slots (`ABS_MT_SLOT`) and tracking ids.
    case multiTouchSlots
    /// Multi-touch protocol A: every contact every frame, each ended by `SYN_MT_REPORT`.
    case multiTouchAnonymous
    /// One contact: `BTN_TOUCH` with `ABS_X` and `ABS_Y`.
    case singleTouch
    /// A mouse or another relative pointer: `REL_X`, `REL_Y`, buttons, wheels.
    case pointer
    /// None of these: no position axis and no relative motion.
    case unknown
  }

  /// The kind of device, from its axes first, then the events it says it sends.
  public var kind: Kind {
    if axes[EventCode.ABS_MT_POSITION_X] != nil || axes[EventCode.ABS_MT_POSITION_Y] != nil {
      return axes[EventCode.ABS_MT_SLOT] != nil ? .multiTouchSlots : .multiTouchAnonymous
    }
    if axes[EventCode.ABS_X] != nil || axes[EventCode.ABS_Y] != nil { return .singleTouch }
    if let relative = supportedCodes[EventCode.EV_REL],
      relative.contains(EventCode.REL_X) || relative.contains(EventCode.REL_Y)
    {
      return .pointer
    }
    return .unknown
  }

  /// The x and y axes that positions are read from: the multi-touch ones when the device has
  /// them, else `ABS_X` and `ABS_Y`.
  public var positionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)? {
    let codes =
      kind == .singleTouch
      ? (EventCode.ABS_X, EventCode.ABS_Y) : (EventCode.ABS_MT_POSITION_X, EventCode.ABS_MT_POSITION_Y)
    guard let x = axes[codes.0], let y = axes[codes.1] else { return nil }
    return (x, y)
  }
}
