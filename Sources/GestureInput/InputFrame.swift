public import GestureCore
public import GestureRuntime

/// One frame of a device, decoded: the touches that changed at its `SYN_REPORT`.
///
/// A frame without touches is a time mark: the app advances the runtime's clock to ``time``.
public struct InputFrame: Hashable, Sendable {
  /// The kernel timestamp of the frame's `SYN_REPORT` (or of the `SYN_DROPPED` that cancelled
  /// the touches).
  public var time: Timestamp
  /// The touches that began, moved, ended or were cancelled in this frame.
  public var touches: [DeviceTouch]

  /// Creates a frame.
  public init(time: Timestamp, touches: [DeviceTouch]) {
    self.time = time
    self.touches = touches
  }

  /// The touch changes as the runtime takes them (the runtime's `send(_:at:)`).
  public var touchInputs: [TouchInput] { touches.map(\.input) }

  /// Whether the frame only marks time.
  public var isTimeMark: Bool { touches.isEmpty }
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

  /// Creates an error.
  public init(_ message: String) { self.message = message }
}
