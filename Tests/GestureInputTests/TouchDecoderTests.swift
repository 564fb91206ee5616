import GestureCore
import GestureInput
import GestureRuntime
import Testing

@Suite("Touch decoder")
struct TouchDecoderTests {
  @Test("Protocol B: slots and tracking ids become touches numbered in order of appearance")
  func protocolB() throws {
    var s = EventStream()
    s.track(0, 500)
    s.position(1000, 2000)
    s.syn()
    s.at(16)
    s.abs(EventCode.ABS_MT_POSITION_X, 1100)
    s.syn()
    s.at(32)
    s.track(3, 501)
    s.position(3000, 4000)
    s.syn()
    s.at(48)
    // Slot 3 moves, slot 0 lifts: the lift comes first (slot order), then the move.
    s.abs(EventCode.ABS_MT_POSITION_Y, 4100)
    s.track(0, -1)
    s.syn()
    s.at(64)
    // A new contact in slot 0 is a new touch, id 3.
    s.track(0, 502)
    s.syn()
    s.at(80)
    s.track(0, -1)
    s.track(3, -1)
    s.syn()
    try expectFrames(
      multiTouchDevice(), s,
      [
        "0 #1 began (100, 200)",
        "0.016 #1 moved (110, 200)",
        "0.032 #2 began (300, 400)",
        "0.048 #1 ended (110, 200); #2 moved (300, 410)",
        "0.064 #3 began (110, 200)",
        "0.08 #3 ended (110, 200); #2 ended (300, 410)",
      ])
  }

  @Test("Protocol B: a new tracking id in a slot without a lift ends the old touch and begins another")
  func protocolBReplacedContact() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.syn()
    s.at(10)
    s.abs(EventCode.ABS_MT_TRACKING_ID, 2)
    s.position(2000, 2000)
    s.syn()
    try expectFrames(
      multiTouchDevice(), s,
      [
        "0 #1 began (100, 100)",
        "0.01 #1 ended (100, 100); #2 began (200, 200)",
      ])
  }

  @Test("Pressure and touch size become force and majorRadius; a pressure-only frame is a time mark")
  func forceAndRadius() throws {
    var s = EventStream()
    s.track(0, 9)
    s.position(2000, 2000)
    s.abs(EventCode.ABS_MT_PRESSURE, 255)
    s.abs(EventCode.ABS_MT_TOUCH_MAJOR, 40)
    s.syn()
    s.at(40)
    s.abs(EventCode.ABS_MT_PRESSURE, 51)
    s.syn()
    s.at(50)
    s.abs(EventCode.ABS_MT_POSITION_X, 2010)
    s.syn()
    s.at(60)
    s.syn()
    try expectFrames(
      multiTouchDevice(pressure: true, major: true), s,
      [
        "0 #1 began (200, 200) force 2 radius 2",
        "0.04 mark",
        "0.05 #1 moved (201, 200) force 0.4 radius 2",
        "0.06 mark",
      ])
  }

  @Test("The runtime's touch carries the force and the radius; 0 where the device reports none")
  func forceReachesTheRuntime() throws {
    var s = EventStream()
    s.track(0, 9)
    s.position(2000, 2000)
    s.abs(EventCode.ABS_MT_PRESSURE, 51)
    s.abs(EventCode.ABS_MT_TOUCH_MAJOR, 40)
    s.syn()
    var measured = try TouchDecoder(description: multiTouchDevice(pressure: true, major: true), frame: window)
    var plain = try TouchDecoder(description: multiTouchDevice(), frame: window)
    var inputs: [TouchInput] = []
    for event in s.events {
      if let frame = try measured.decode(event) { inputs += frame.touchInputs }
      if let frame = try plain.decode(event) { inputs += frame.touchInputs }
    }
    #expect(
      inputs == [
        TouchInput(
          id: 1, phase: .began, location: Point(x: 200, y: 200), force: 0.4, maximumPossibleForce: 2, majorRadius: 2),
        TouchInput(id: 1, phase: .began, location: Point(x: 200, y: 200)),
      ])
  }

  @Test("Protocol A: contacts are matched to the previous frame's by nearest position")
  func protocolA() throws {
    var s = EventStream()
    func contact(_ x: Int32, _ y: Int32) {
      s.position(x, y)
      s.syn(EventCode.SYN_MT_REPORT)
    }
    contact(1000, 1000)
    contact(3000, 1000)
    s.syn()
    s.at(16)
    // Reported the other way round: still the same touches.
    contact(3050, 1000)
    contact(1050, 1000)
    s.syn()
    s.at(32)
    // Only the right one is left.
    contact(3100, 1000)
    s.syn()
    s.at(40)
    // A new one appears far away.
    contact(3150, 1000)
    contact(2000, 7000)
    s.syn()
    s.at(48)
    s.syn(EventCode.SYN_MT_REPORT)
    s.syn()
    s.at(64)
    s.syn()
    try expectFrames(
      multiTouchDevice(slots: false), s,
      [
        "0 #1 began (100, 100); #2 began (300, 100)",
        "0.016 #2 moved (305, 100); #1 moved (105, 100)",
        "0.032 #1 ended (105, 100); #2 moved (310, 100)",
        "0.04 #2 moved (315, 100); #3 began (200, 700)",
        "0.048 #2 ended (315, 100); #3 ended (200, 700)",
        "0.064 mark",
      ])
  }

  @Test("Single touch: BTN_TOUCH with ABS_X and ABS_Y; an unrepeated position is remembered")
  func singleTouch() throws {
    var s = EventStream()
    s.key(EventCode.BTN_TOUCH, 1)
    s.abs(EventCode.ABS_X, 2000)
    s.abs(EventCode.ABS_Y, 2000)
    s.abs(EventCode.ABS_PRESSURE, 500)
    s.syn()
    s.at(30)
    s.abs(EventCode.ABS_Y, 2100)
    s.syn()
    s.at(60)
    s.key(EventCode.BTN_TOUCH, 0)
    s.syn()
    s.at(200)
    s.key(EventCode.BTN_TOUCH, 1)
    s.syn()
    s.at(250)
    s.key(EventCode.BTN_TOUCH, 0)
    s.syn()
    try expectFrames(
      singleTouchDevice, s,
      [
        "0 #1 began (200, 200) force 1",
        "0.03 #1 moved (200, 210) force 1",
        "0.06 #1 ended (200, 210) force 1",
        "0.2 #2 began (200, 210) force 1",
        "0.25 #2 ended (200, 210) force 1",
      ])
  }

  @Test("A multi-touch device's single-touch emulation (BTN_TOUCH, ABS_X) is ignored")
  func emulationIgnored() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.key(EventCode.BTN_TOUCH, 1)
    s.abs(EventCode.ABS_X, 1000)
    s.syn()
    s.at(10)
    s.abs(EventCode.ABS_X, 3000)
    s.syn()
    try expectFrames(multiTouchDevice(), s, ["0 #1 began (100, 100)", "0.01 mark"])
  }

  @Test("SYN_DROPPED cancels every touch down, discards up to the next SYN_REPORT, then resynchronizes")
  func synDropped() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.track(1, 2)
    s.position(3000, 1000)
    s.track(2, 3)
    s.position(2000, 5000)
    s.syn()
    s.at(16)
    s.syn(EventCode.SYN_DROPPED)
    // Discarded: up to and including the next SYN_REPORT.
    s.track(0, 9)
    s.position(500, 500)
    s.syn()
    s.at(32)
    // Slot 1 is still down and reports: it begins again as a new touch. Slot 2 lifts: nothing.
    s.track(1, 2)
    s.abs(EventCode.ABS_MT_POSITION_X, 3100)
    s.track(2, -1)
    s.syn()
    s.at(48)
    s.track(1, -1)
    s.syn()
    try expectFrames(
      multiTouchDevice(), s,
      [
        "0 #1 began (100, 100); #2 began (300, 100); #3 began (200, 500)",
        "0.016 #1 cancelled (100, 100); #2 cancelled (300, 100); #3 cancelled (200, 500)",
        "0.032 #4 began (310, 100)",
        "0.048 #4 ended (310, 100)",
      ])
  }

  @Test("SYN_DROPPED on protocol A and single-touch devices")
  func synDroppedOtherProtocols() throws {
    var a = EventStream()
    a.position(1000, 1000)
    a.syn(EventCode.SYN_MT_REPORT)
    a.syn()
    a.at(10)
    a.syn(EventCode.SYN_DROPPED)
    a.at(20)
    a.position(1000, 1000)
    a.syn(EventCode.SYN_MT_REPORT)
    a.syn()
    a.at(30)
    a.position(1010, 1000)
    a.syn(EventCode.SYN_MT_REPORT)
    a.syn()
    try expectFrames(
      multiTouchDevice(slots: false), a,
      [
        "0 #1 began (100, 100)", "0.01 #1 cancelled (100, 100)", "0.03 #2 began (101, 100)",
      ])

    var single = EventStream()
    single.key(EventCode.BTN_TOUCH, 1)
    single.abs(EventCode.ABS_X, 1000)
    single.abs(EventCode.ABS_Y, 1000)
    single.syn()
    single.at(10)
    single.syn(EventCode.SYN_DROPPED)
    single.syn()
    single.at(20)
    single.abs(EventCode.ABS_X, 1200)
    single.syn()
    single.at(30)
    single.key(EventCode.BTN_TOUCH, 0)
    single.syn()
    try expectFrames(
      singleTouchDevice, single,
      [
        "0 #1 began (100, 100)", "0.01 #1 cancelled (100, 100)", "0.02 #2 began (120, 100)",
        "0.03 #2 ended (120, 100)",
      ])
  }

  @Test("The calibration matrix turns a panel mounted 90° clockwise upright, and mirrors")
  func calibration() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(2000, 2000)
    s.syn()
    let rotated = try #require(CalibrationMatrix(parsing: "0,1,0,-1,0,1"))
    let mirrored = try #require(CalibrationMatrix(parsing: "-1 0 1 0 1 0"))
    try expectFrames(multiTouchDevice(), s, calibration: rotated, ["0 #1 began (100, 400)"])
    try expectFrames(multiTouchDevice(), s, calibration: mirrored, ["0 #1 began (200, 200)"])
    s.abs(EventCode.ABS_MT_POSITION_X, 1000)
    s.syn()
    try expectFrames(
      multiTouchDevice(), s, calibration: mirrored,
      [
        "0 #1 began (200, 200)", "0 #1 moved (300, 200)",
      ])
    #expect(CalibrationMatrix(parsing: "1,0,0,0,1") == nil)
    #expect(CalibrationMatrix(parsing: "1,0,0,0,1,nan") == nil)
  }

  @Test("Axis ranges that do not start at zero map onto the root view's frame")
  func offsetAxes() throws {
    let description = DeviceDescription(axes: [
      EventCode.ABS_X: AbsoluteAxis(minimum: 100, maximum: 300),
      EventCode.ABS_Y: AbsoluteAxis(minimum: -50, maximum: 50),
    ])
    var decoder = try TouchDecoder(description: description, frame: Rect(x: 10, y: 20, width: 200, height: 100))
    var frames: [String] = []
    for event in [
      InputEvent(time: .zero, type: EventCode.EV_KEY, code: EventCode.BTN_TOUCH, value: 1),
      InputEvent(time: .zero, type: EventCode.EV_ABS, code: EventCode.ABS_X, value: 300),
      InputEvent(time: .zero, type: EventCode.EV_ABS, code: EventCode.ABS_Y, value: -50),
      InputEvent(time: .zero, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0),
    ] {
      if let frame = try decoder.decode(event) { frames.append(render(frame)) }
    }
    #expect(frames == ["0 #1 began (210, 20)"])
  }

  @Test("Contacts without a position, slots out of range and devices without position axes are errors")
  func errors() throws {
    var s = EventStream()
    s.track(0, 1)
    s.syn()
    #expect(throws: InputDecodingError.self) { try decodeLines(multiTouchDevice(), s) }
    var slot = EventStream()
    slot.abs(EventCode.ABS_MT_SLOT, 10)
    #expect(throws: InputDecodingError.self) { try decodeLines(multiTouchDevice(), slot) }
    var a = EventStream()
    a.abs(EventCode.ABS_MT_POSITION_X, 1)
    a.syn(EventCode.SYN_MT_REPORT)
    #expect(throws: InputDecodingError.self) { try decodeLines(multiTouchDevice(slots: false), a) }
    let noY = DeviceDescription(axes: [EventCode.ABS_MT_POSITION_X: AbsoluteAxis(minimum: 0, maximum: 10)])
    #expect(throws: InputDecodingError.self) { try TouchDecoder(description: noY, frame: window) }
    let empty = DeviceDescription(axes: [
      EventCode.ABS_X: AbsoluteAxis(minimum: 5, maximum: 5), EventCode.ABS_Y: AbsoluteAxis(minimum: 0, maximum: 10),
    ])
    #expect(throws: InputDecodingError.self) { try TouchDecoder(description: empty, frame: window) }
    #expect(throws: InputDecodingError.self) { try TouchDecoder(description: DeviceDescription(), frame: window) }
  }

  @Test("A contact that begins and lifts within one frame is never seen")
  func beganAndLiftedInOneFrame() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.abs(EventCode.ABS_MT_TRACKING_ID, -1)
    s.syn()
    try expectFrames(multiTouchDevice(), s, ["0 mark"])
  }

  @Test("Kernel events round-trip through struct input_event bytes")
  func eventBytes() {
    let event = InputEvent(
      time: Timestamp(microseconds: 1_234_567_890_123), type: EventCode.EV_ABS, code: EventCode.ABS_MT_TRACKING_ID,
      value: -1)
    let bytes = event.bytes
    #expect(bytes.count == InputEvent.byteCount)
    #expect(Array(bytes[16..<24]) == [0x03, 0x00, 0x39, 0x00, 0xFF, 0xFF, 0xFF, 0xFF])
    #expect(InputEvent(bytes: bytes, at: 0) == event)
    // Times before 0, down to the earliest there is, are written with tv_usec in 0..<1_000_000.
    for microseconds: Int64 in [-1, -1_000_000, -1_500_000, .min, .max] {
      let early = InputEvent(time: Timestamp(microseconds: microseconds), type: 0, code: 0, value: 0)
      let usec = early.bytes[8..<16].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      #expect(usec < 1_000_000, "\(microseconds)")
      #expect(InputEvent(bytes: early.bytes, at: 0) == early, "\(microseconds)")
    }
  }
}
