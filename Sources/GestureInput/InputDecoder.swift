public import GestureCore

/// Decodes any device that GestureInput reads into frames for the runtime: a touch device's
/// events with ``TouchDecoder``, a pointer device's with ``PointerDecoder``, chosen by the
/// device's ``DeviceDescription/kind``.
///
/// ``InputEventLoop`` and ``RecordingDecoder`` use it, so a mouse and a touch screen are both
/// read wherever a device is.
///
/// Events must be stamped on the runtime's clock first (``MonotonicClock/timestamp(kernelTime:)``:
/// the kernel stamps them in microseconds since the machine started), as ``InputEventLoop`` stamps
/// them; a recording's times are already (``RecordingDecoder``).
///
/// ```swift
/// var decoder = try InputDecoder(description: device.description, frame: window.frame)
/// for var event in events {
///   event.time = clock.timestamp(kernelTime: event.time)
///   if let frame = try decoder.decode(event) { frame.send(to: runtime) }
/// }
/// ```
public struct InputDecoder: Sendable {
  /// The touch decoder, for a touch device.
  public internal(set) var touchDecoder: TouchDecoder?
  /// The pointer decoder, for a pointer device.
  public private(set) var pointerDecoder: PointerDecoder?

  /// Creates the decoder that the device's kind asks for.
  ///
  /// - Parameters:
  ///   - description: The device's description.
  ///   - frame: The window's frame (the root view's frame): the surface of a touch device, the
  ///     area a pointer moves in.
  ///   - calibration: libinput's calibration matrix, for a touch device; a pointer device takes
  ///     none.
  /// - Throws: ``InputDecodingError`` for a device that is neither a touch device nor a pointer
  ///   device, one that is both (absolute position axes and relative motion: which of the two
  ///   it is cannot be told), and a calibration given for a pointer device.
  public init(description: DeviceDescription, frame: Rect, calibration: CalibrationMatrix = .identity)
    throws(InputDecodingError)
  {
    let relative = description.supportedCodes[EventCode.EV_REL] ?? []
    let hasRelativeMotion = relative.contains(EventCode.REL_X) || relative.contains(EventCode.REL_Y)
    switch description.kind {
    case .pointer:
      guard calibration == .identity else {
        throw InputDecodingError(
          "a calibration matrix applies to a touch device's absolute positions; this is a pointer device (REL_X, REL_Y), which moves by relative motion"
        )
      }
      pointerDecoder = try PointerDecoder(description: description, frame: frame)
    case .multiTouchSlots, .multiTouchAnonymous, .singleTouch:
      if hasRelativeMotion {
        let axes = description.kind == .singleTouch ? "ABS_X, ABS_Y" : "ABS_MT_POSITION_X, ABS_MT_POSITION_Y"
        throw InputDecodingError(
          "an ambiguous device: it has absolute position axes (\(axes)) and relative motion (REL_X, REL_Y); expected one or the other, a touch device or a pointer device"
        )
      }
      if description.properties.contains(EventCode.INPUT_PROP_POINTER)
        && !description.properties.contains(EventCode.INPUT_PROP_DIRECT)
      {
        throw InputDecodingError(
          "an indirect device (INPUT_PROP_POINTER, its P: line), such as a touchpad or a pen tablet: it moves a pointer on the screen, it does not touch the window where it is; expected a touch screen (INPUT_PROP_DIRECT) or a mouse"
        )
      }
      // A single-touch device touches with BTN_TOUCH. One whose keys are known (its B: 01 lines)
      // and lack it never touches: an absolute pointer (with mouse buttons, as a virtual
      // machine's tablet) or no pointing device at all (a joystick, an accelerometer).
      if description.kind == .singleTouch, let keys = description.supportedCodes[EventCode.EV_KEY],
        !keys.contains(EventCode.BTN_TOUCH)
      {
        throw InputDecodingError(
          keys.contains(EventCode.BTN_LEFT)
            ? "an absolute pointer (ABS_X and ABS_Y with mouse buttons and no BTN_TOUCH), such as a virtual machine's tablet: its buttons click, nothing touches; expected a touch screen (BTN_TOUCH) or a relative pointer (REL_X, REL_Y)"
            : "a device with ABS_X and ABS_Y but no BTN_TOUCH among its keys (its B: 01 lines): nothing of it touches; expected a touch screen (BTN_TOUCH)"
        )
      }
      touchDecoder = try TouchDecoder(description: description, frame: frame, calibration: calibration)
    case .unknown:
      throw InputDecodingError(
        "the device has no position axis: expected A: lines for ABS_MT_POSITION_X and ABS_MT_POSITION_Y (35, 36) or ABS_X and ABS_Y (00, 01) for a touch device, or REL_X and REL_Y in its B: 02 lines for a pointer device"
      )
    }
  }

  /// The kind of device decoded: ``DeviceDescription/Kind/pointer`` or one of the touch kinds.
  public var kind: DeviceDescription.Kind { touchDecoder?.kind ?? .pointer }

  /// Reads one event; returns the frame it completes, if any (see ``TouchDecoder/decode(_:)``
  /// and ``PointerDecoder/decode(_:)``).
  ///
  /// - Throws: ``InputDecodingError`` for events that make no sense for the device.
  public mutating func decode(_ event: InputEvent) throws(InputDecodingError) -> InputFrame? {
    if touchDecoder != nil { return try touchDecoder!.decode(event) }
    return try pointerDecoder!.decode(event)
  }

  /// Cancels every touch or press that is down (and takes a hovering pointer out of the window),
  /// as when the device goes away: the frame that does so, if any.
  public mutating func cancelAll(at time: Timestamp) -> InputFrame? {
    if touchDecoder != nil { return touchDecoder!.cancelAll(at: time) }
    return pointerDecoder!.cancelAll(at: time)
  }
}
