public import GestureCore
public import GestureRuntime

/// One frame of a device, decoded: what changed at its `SYN_REPORT`.
///
/// A touch device's frame holds the touches that changed (``touches``); a pointer device's holds
/// its press, hover and scroll input (``pointerInputs``). A frame with neither is a time mark:
/// the app advances the runtime's clock to ``time``. ``send(to:)`` hands any frame to the
/// runtime.
public struct InputFrame: Hashable, Sendable {
  /// The kernel timestamp of the frame's `SYN_REPORT` (or of the `SYN_DROPPED` that cancelled
  /// the touches).
  public var time: Timestamp
  /// The touches that began, moved, ended or were cancelled in this frame.
  public var touches: [DeviceTouch]
  /// A pointer device's input in this frame, in the order it is sent.
  public var pointerInputs: [PointerInput]

  /// Creates a frame.
  public init(time: Timestamp, touches: [DeviceTouch], pointerInputs: [PointerInput] = []) {
    self.time = time
    self.touches = touches
    self.pointerInputs = pointerInputs
  }

  /// The touch changes as the runtime takes them (the runtime's `send(_:at:)`).
  public var touchInputs: [TouchInput] { touches.map(\.input) }

  /// Whether the frame only marks time.
  public var isTimeMark: Bool { touches.isEmpty && pointerInputs.isEmpty }

  /// Hands the frame to `runtime` at its ``time``: a time mark advances the runtime's clock, the
  /// touches go to ``GestureRuntime/GestureRuntime/send(_:at:)-([TouchInput],_)``, and a pointer
  /// device's input, in order, to the runtime's methods for presses, hover and scroll (see
  /// ``PointerInput``). This is how ``InputEventLoop`` delivers every frame, and what
  /// `gesturectl` replays from a recording.
  public func send(to runtime: GestureRuntime) {
    if isTimeMark {
      runtime.advance(to: time)
      return
    }
    if !touches.isEmpty { runtime.send(touchInputs, at: time) }
    for input in pointerInputs {
      switch input {
      case .press(let touch, let buttonMask): runtime.send([touch], buttonMask: buttonMask, at: time)
      case .hover(let hover): runtime.send(hover, at: time)
      case .scroll(let scroll): runtime.send(scroll, at: time)
      }
    }
  }
}

/// One contact's change in a frame, with what the device measured of it.
public struct DeviceTouch: Hashable, Sendable {
  /// The touch change: its id (1, 2, 3, … in the order contacts first appeared), phase and window
  /// location.
  public var input: TouchInput
  /// UIKit's `force`: the pressure over its axis's maximum, times 2 (so a half-pressed finger
  /// reads as an average touch's 1); nil when the device reports no pressure.
  public var force: Double?
  /// UIKit's `majorRadius` in points: half the contact's major axis; nil when the device does not
  /// report it.
  public var majorRadius: Double?

  /// Creates a touch change.
  public init(input: TouchInput, force: Double? = nil, majorRadius: Double? = nil) {
    self.input = input
    self.force = force
    self.majorRadius = majorRadius
  }
}

/// A device's events that make no sense, such as a contact that never reports its position.
public struct InputDecodingError: Error, Hashable, Sendable {
  /// What was wrong and what was expected.
  public var message: String
  /// The code of the absolute axis whose description is wrong, when the error is about one (an
  /// axis with an empty range): a reader of the description can point at its line.
  public var axis: UInt16?

  /// Creates an error.
  public init(_ message: String, axis: UInt16? = nil) {
    self.message = message
    self.axis = axis
  }
}
