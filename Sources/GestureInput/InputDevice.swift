#if os(Linux)
  import Glibc

  /// A Linux input device (`/dev/input/eventN`), or a FIFO fed `struct input_event` records,
  /// opened for non-blocking reads.
  ///
  /// Opening a device reads what it says about itself (`EVIOCGNAME`, `EVIOCGID`, `EVIOCGPROP`,
  /// `EVIOCGBIT`, `EVIOCGABS`) and sets its timestamps to `CLOCK_MONOTONIC` (`EVIOCSCLOCKID`),
  /// the clock of ``MonotonicClock``. A FIFO has no description: give one (an evemu description
  /// of the device it stands for). Reading needs permission on the device node: membership of
  /// the `input` group on most distributions.
  public final class InputDevice {
    /// The path the device was opened from.
    public let path: String
    /// The open file descriptor.
    public let fileDescriptor: Int32
    /// What the device says about itself, or the description it was given.
    public let description: DeviceDescription
    /// Whether the device's events are stamped on `CLOCK_MONOTONIC`: the kernel's, once
    /// `EVIOCSCLOCKID` succeeded, or a FIFO's, whose writer must stamp them so, as the kernel would.
    public private(set) var isMonotonic = false
    var pending: [UInt8] = []
    /// The bytes read of an event not yet whole (at the end of input: an event cut off).
    var pendingByteCount: Int { pending.count }
    var buffer = [UInt8](repeating: 0, count: InputEvent.byteCount * InputDevice.maximumEventsPerRead)

    /// Opens `path`.
    ///
    /// - Parameters:
    ///   - path: `/dev/input/eventN`, or a FIFO.
    ///   - description: The device's description, when it cannot say itself (a FIFO); nil reads
    ///     it from the device.
    /// - Throws: ``InputDeviceError`` when the path cannot be opened, is neither a character
    ///   device nor a FIFO (a regular file's bytes are not input events), or is no input device and
    ///   no description was given.
    public init(path: String, description: DeviceDescription? = nil) throws(InputDeviceError) {
      self.path = path
      var info = stat()
      guard stat(path, &info) == 0 else { throw InputDeviceError(path: path, errno: errno) }
      let isFIFO = (info.st_mode & S_IFMT) == S_IFIFO
      guard isFIFO || (info.st_mode & S_IFMT) == S_IFCHR else {
        let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "a regular file or other non-device"
        throw InputDeviceError(
          path: path,
          message:
            "\(kind), not a character device or FIFO: expected an input device such as /dev/input/event5, or a FIFO fed struct input_event records",
          cannotOpen: true)
      }
      // A FIFO cannot describe itself: refused before opening it waits for a writer.
      if isFIFO && description == nil {
        throw InputDeviceError(
          path: path,
          message:
            "a FIFO cannot describe itself: give the description of the device it stands for with --description FILE (the N:, I:, P:, B: and A: lines evemu-describe writes)"
        )
      }
      // A FIFO opened without O_NONBLOCK waits for its writer; reads become non-blocking after.
      // Close-on-exec: a process the app starts must not inherit (and hold open) the device.
      let descriptor = open(path, isFIFO ? O_RDONLY | O_CLOEXEC : O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { throw InputDeviceError(path: path, errno: errno) }
      if isFIFO { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
      fileDescriptor = descriptor
      if let description {
        self.description = description
      } else {
        guard let read = Self.readDescription(descriptor) else {
          close(descriptor)
          throw InputDeviceError(
            path: path,
            message:
              "not an input device (EVIOCGBIT failed): give its description with --description FILE (the N:, I:, P:, B: and A: lines evemu-describe writes)"
          )
        }
        self.description = read
      }
      var clockID = CLOCK_MONOTONIC
      isMonotonic =
        isFIFO
        || withUnsafeMutableBytes(of: &clockID) { ioctl(descriptor, EvdevRequest.setClockID, $0.baseAddress!) } == 0
    }

    deinit { close(fileDescriptor) }

    /// What reading found.
    public enum ReadResult: Equatable, Sendable {
      /// Events were read (possibly none, if the device had nothing whole to give).
      case events
      /// The device went away or the FIFO's writer closed it.
      case endOfInput
    }

    /// The most events one ``read(into:)`` takes.
    public static let maximumEventsPerRead = 256

    /// Reads the whole events available without blocking, at most ``maximumEventsPerRead`` of
    /// them, appending them to `events`. A device that has more stays ready, to be read again:
    /// one that never runs dry (a FIFO whose writer never pauses, a character device that is no
    /// input device) cannot keep its reader from the rest of its work, such as a request to stop.
    public func read(into events: inout [InputEvent]) -> ReadResult {
      while true {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress!, $0.count) }
        if count == 0 { return .endOfInput }
        if count < 0 {
          if errno == EINTR { continue }
          if errno == EAGAIN || errno == EWOULDBLOCK { return .events }
          return .endOfInput
        }
        pending.append(contentsOf: buffer[0..<count])
        var offset = 0
        while pending.count - offset >= InputEvent.byteCount {
          events.append(InputEvent(bytes: pending, at: offset))
          offset += InputEvent.byteCount
        }
        pending.removeFirst(offset)
        return .events
      }
    }

    /// What a touch device holds now: the slot its next events are for, and each slot's contact
    /// and position (`EVIOCGABS` and `EVIOCGMTSLOTS` for a multi-touch device with slots;
    /// `EVIOCGKEY` for `BTN_TOUCH` and `EVIOCGABS` for a single-touch device, as one slot). Nil
    /// when the device cannot be asked (a FIFO) or is no such device.
    ///
    /// - Parameter slotCount: How many slots to read, from slot 0 on (at most 64).
    public func touchState(slotCount: Int) -> (currentSlot: Int, slots: [TouchDecoder.SlotValues])? {
      let count = max(1, min(slotCount, TouchDecoder.maximumContacts))
      switch description.kind {
      case .multiTouchSlots:
        guard let current = Self.absoluteValue(fileDescriptor, EventCode.ABS_MT_SLOT),
          let ids = Self.slotValues(fileDescriptor, EventCode.ABS_MT_TRACKING_ID, count),
          let xs = Self.slotValues(fileDescriptor, EventCode.ABS_MT_POSITION_X, count),
          let ys = Self.slotValues(fileDescriptor, EventCode.ABS_MT_POSITION_Y, count)
        else { return nil }
        let slots = (0..<count).map { TouchDecoder.SlotValues(trackingID: ids[$0], x: xs[$0], y: ys[$0]) }
        return (Int(current), slots)
      case .singleTouch:
        guard let x = Self.absoluteValue(fileDescriptor, EventCode.ABS_X),
          let y = Self.absoluteValue(fileDescriptor, EventCode.ABS_Y)
        else { return nil }
        // The key states, a bit per code: BTN_TOUCH is 0x14a.
        var keys = [UInt8](repeating: 0, count: 96)
        let result = keys.withUnsafeMutableBytes {
          ioctl(fileDescriptor, EvdevRequest.keyState(length: 96), $0.baseAddress!)
        }
        guard result >= 0 else { return nil }
        let code = Int(EventCode.BTN_TOUCH)
        let down = keys[code / 8] & (1 << UInt8(code % 8)) != 0
        return (0, [TouchDecoder.SlotValues(trackingID: down ? 1 : -1, x: x, y: y)])
      default:
        return nil
      }
    }

    /// An absolute axis's current value (`EVIOCGABS`, the first field of `struct input_absinfo`).
    static func absoluteValue(_ fd: Int32, _ code: UInt16) -> Int32? {
      var info = [Int32](repeating: 0, count: 6)
      let result = info.withUnsafeMutableBytes { ioctl(fd, EvdevRequest.absoluteInfo(code), $0.baseAddress!) }
      return result < 0 ? nil : info[0]
    }

    /// The values of a multi-touch axis in slots 0..<count (`EVIOCGMTSLOTS`: the code, then a
    /// value per slot).
    static func slotValues(_ fd: Int32, _ code: UInt16, _ count: Int) -> [Int32]? {
      var values = [Int32](repeating: 0, count: count + 1)
      values[0] = Int32(code)
      let length = values.count * 4
      let result = values.withUnsafeMutableBytes { ioctl(fd, EvdevRequest.slotValues(length: length), $0.baseAddress!) }
      return result < 0 ? nil : Array(values.dropFirst())
    }

    /// Reads a device's description with ioctls; nil when it is no evdev device.
    static func readDescription(_ fd: Int32) -> DeviceDescription? {
      func query(_ request: UInt, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let result = bytes.withUnsafeMutableBytes { ioctl(fd, request, $0.baseAddress!) }
        return result < 0 ? nil : bytes
      }
      func bits(_ bytes: [UInt8]) -> Set<UInt16> {
        var set: Set<UInt16> = []
        for (index, byte) in bytes.enumerated() {
          for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16(index * 8 + bit)) }
        }
        return set
      }
      guard let types = query(EvdevRequest.bits(type: 0, length: 4), 4) else { return nil }
      var description = DeviceDescription()
      if let name = query(EvdevRequest.name(length: 256), 256) {
        description.name = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let id = query(EvdevRequest.identifier, 8) {
        description.identifier = (0..<4).map { UInt16(id[$0 * 2]) | UInt16(id[$0 * 2 + 1]) << 8 }
      }
      if let properties = query(EvdevRequest.properties(length: 4), 4) { description.properties = bits(properties) }
      for type in bits(types) where type != 0 && type < 0x20 {
        if let codes = query(EvdevRequest.bits(type: type, length: 96), 96) {
          description.supportedCodes[type] = bits(codes)
        }
      }
      for code in description.supportedCodes[EventCode.EV_ABS] ?? [] where code <= EventCode.ABS_MAX {
        guard let info = query(EvdevRequest.absoluteInfo(code), 24) else { continue }
        func field(_ index: Int) -> Int32 {
          Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(info[index * 4 + $1]) << (8 * UInt32($1)) })
        }
        description.axes[code] = AbsoluteAxis(
          minimum: field(1), maximum: field(2), fuzz: field(3), flat: field(4), resolution: field(5))
      }
      return description
    }
  }

  /// An input device that cannot be opened or read.
  public struct InputDeviceError: Error, Hashable, Sendable {
    /// The device's path.
    public var path: String
    /// What went wrong.
    public var message: String
    /// Whether the device could not be opened at all (a missing path, no permission).
    public var cannotOpen: Bool

    /// Creates an error.
    public init(path: String, message: String, cannotOpen: Bool = false) {
      self.path = path
      self.message = message
      self.cannotOpen = cannotOpen
    }

    init(path: String, errno code: Int32) {
      var text = String(cString: strerror(code))
      if code == EACCES {
        text += " (reading input devices takes membership of the 'input' group: sudo usermod -aG input $USER)"
      }
      self.init(path: path, message: "cannot open: \(text)", cannotOpen: true)
    }
  }

  /// The evdev ioctl request numbers (`linux/input.h`), built as `_IOC` builds them.
  enum EvdevRequest {
    static func make(_ direction: UInt, _ number: UInt, _ size: UInt) -> UInt {
      direction << 30 | size << 16 | UInt(UInt8(ascii: "E")) << 8 | number
    }
    static let read: UInt = 2
    static let write: UInt = 1
    /// `EVIOCGID`: `struct input_id`.
    static let identifier = make(read, 0x02, 8)
    /// `EVIOCGNAME(len)`.
    static func name(length: Int) -> UInt { make(read, 0x06, UInt(length)) }
    /// `EVIOCGPROP(len)`.
    static func properties(length: Int) -> UInt { make(read, 0x09, UInt(length)) }
    /// `EVIOCGBIT(ev, len)`.
    static func bits(type: UInt16, length: Int) -> UInt { make(read, 0x20 + UInt(type), UInt(length)) }
    /// `EVIOCGKEY(len)`: the key states, a bit per code.
    static func keyState(length: Int) -> UInt { make(read, 0x18, UInt(length)) }
    /// `EVIOCGMTSLOTS(len)`: a code, then the values of the slots.
    static func slotValues(length: Int) -> UInt { make(read, 0x0a, UInt(length)) }
    /// `EVIOCGABS(abs)`: `struct input_absinfo`.
    static func absoluteInfo(_ code: UInt16) -> UInt { make(read, 0x40 + UInt(code), 24) }
    /// `EVIOCSCLOCKID`: an `int` clock id.
    static let setClockID = make(write, 0xA0, 4)
  }
#endif
