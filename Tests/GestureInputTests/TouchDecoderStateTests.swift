import GestureCore
import GestureInput
import GestureRuntime
import Testing

/// What the decoder knows of a device's state: values the kernel does not send again, the state
/// a device reports when asked (at open, after `SYN_DROPPED`), and frames taken whole.
@Suite("Touch decoder: device state")
struct TouchDecoderStateTests {
  /// Decodes as a live reader does: after an error at `SYN_REPORT` the same event is decoded
  /// again for the rest of the frame; other errors drop the event. `synchronize` is called
  /// before the event at its index, if any. Errors are listed as lines too.
  func liveLines(
    _ description: DeviceDescription, _ stream: EventStream,
    synchronize: [Int: (slot: Int, values: [TouchDecoder.SlotValues])] = [:]
  ) throws -> [String] {
    var decoder = try TouchDecoder(description: description, frame: window)
    var lines: [String] = []
    for (index, event) in stream.events.enumerated() {
      if let state = synchronize[index] { decoder.synchronize(currentSlot: state.slot, slots: state.values) }
      do {
        if let frame = try decoder.decode(event) { lines.append(render(frame)) }
      } catch {
        lines.append("error: \(error.message)")
        if event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT,
          let frame = try? decoder.decode(event)
        {
          lines.append(render(frame))
        }
      }
    }
    return lines
  }

  static let empty = TouchDecoder.SlotValues(trackingID: -1, x: 0, y: 0)

  @Test("A frame is taken whole: a contact without a position is an error, and the frame's lift still comes")
  func wholeFrames() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.syn()
    s.at(16)
    // Slot 0 lifts; slot 1, never used, begins with a Y only (its X is the kernel's 0, unsent).
    s.track(0, -1)
    s.track(1, 2)
    s.abs(EventCode.ABS_MT_POSITION_Y, 3000)
    s.syn()
    s.at(32)
    s.abs(EventCode.ABS_MT_POSITION_X, 2000)
    s.syn()
    s.at(48)
    s.track(1, -1)
    s.syn()
    #expect(
      try liveLines(multiTouchDevice(), s) == [
        "0 #1 began (100, 100)",
        "error: the contact in slot 1 began but the device never reported its position (ABS_MT_POSITION_X and ABS_MT_POSITION_Y)",
        "0.016 #1 ended (100, 100)",
        // It waited for its position, and begins with it.
        "0.032 #2 began (200, 300)",
        "0.048 #2 ended (200, 300)",
      ])
  }

  @Test("Values the device holds when opened: the current slot, positions not sent again, contacts already down")
  func synchronizedAtOpen() throws {
    var s = EventStream()
    // The device was last on slot 2; a contact lands there at its last X, so only Y comes.
    s.abs(EventCode.ABS_MT_TRACKING_ID, 7)
    s.abs(EventCode.ABS_MT_POSITION_Y, 4000)
    s.syn()
    s.at(16)
    // Slot 1's contact was down before: it begins when it reports, as a new touch.
    s.abs(EventCode.ABS_MT_SLOT, 1)
    s.abs(EventCode.ABS_MT_POSITION_Y, 2000)
    s.syn()
    s.at(32)
    s.abs(EventCode.ABS_MT_TRACKING_ID, -1)
    s.track(2, -1)
    s.syn()
    var values = Array(repeating: Self.empty, count: 10)
    values[1] = TouchDecoder.SlotValues(trackingID: 3, x: 1000, y: 1000)
    values[2] = TouchDecoder.SlotValues(trackingID: -1, x: 3000, y: 500)
    #expect(
      try liveLines(multiTouchDevice(), s, synchronize: [0: (2, values)]) == [
        "0 #1 began (300, 400)",
        "0.016 #2 began (100, 200)",
        "0.032 #2 ended (100, 200); #1 ended (300, 400)",
      ])
  }

  @Test("After SYN_DROPPED the device's state puts the decoder back on the right slot, with the right contacts")
  func synchronizedAfterDrop() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.track(1, 2)
    s.position(3000, 1000)
    s.syn()
    s.at(16)
    s.syn(EventCode.SYN_DROPPED)
    // Dropped: slot 1 moved, slot 0 lifted, a contact landed in slot 2 and is current.
    s.syn()
    s.at(32)
    // Without the state, these would go to slot 1, the last slot the decoder saw.
    s.abs(EventCode.ABS_MT_POSITION_Y, 6000)
    s.syn()
    s.at(48)
    s.abs(EventCode.ABS_MT_TRACKING_ID, -1)
    s.syn()
    var values = Array(repeating: Self.empty, count: 10)
    values[0] = TouchDecoder.SlotValues(trackingID: -1, x: 1000, y: 1000)
    values[1] = TouchDecoder.SlotValues(trackingID: 2, x: 3500, y: 1500)
    values[2] = TouchDecoder.SlotValues(trackingID: 9, x: 2000, y: 5000)
    // Given just after the SYN_REPORT that ends the dropped events (event 10).
    #expect(
      try liveLines(multiTouchDevice(), s, synchronize: [11: (2, values)]) == [
        "0 #1 began (100, 100); #2 began (300, 100)",
        "0.016 #1 cancelled (100, 100); #2 cancelled (300, 100)",
        // Slot 2's contact, down through the drop, begins when it reports.
        "0.032 #3 began (200, 600)",
        "0.048 #3 ended (200, 600)",
      ])
  }

  @Test("A single-touch device's state: BTN_TOUCH down and the position it will not send again")
  func singleTouchState() throws {
    var s = EventStream()
    s.abs(EventCode.ABS_X, 1000)
    s.syn()
    s.at(16)
    s.key(EventCode.BTN_TOUCH, 0)
    s.syn()
    #expect(
      try liveLines(
        singleTouchDevice, s,
        synchronize: [0: (0, [TouchDecoder.SlotValues(trackingID: 1, x: 2000, y: 3000)])]) == [
          "0 #1 began (100, 300)",
          "0.016 #1 ended (100, 300)",
        ])
  }

  @Test("Events after a slot outside the device's are ignored until the next valid slot")
  func invalidSlot() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.syn()
    s.at(16)
    s.abs(EventCode.ABS_MT_SLOT, 40)
    s.abs(EventCode.ABS_MT_POSITION_X, 3000)
    s.abs(EventCode.ABS_MT_TRACKING_ID, -1)
    s.syn()
    s.at(32)
    s.abs(EventCode.ABS_MT_SLOT, 0)
    s.abs(EventCode.ABS_MT_POSITION_X, 1500)
    s.syn()
    #expect(
      try liveLines(multiTouchDevice(), s) == [
        "0 #1 began (100, 100)",
        "error: slot 40 is outside the device's slots 0…9 (its ABS_MT_SLOT axis)",
        // Slot 0's touch was neither moved nor lifted by the events of slot 40.
        "0.016 mark",
        "0.032 #1 moved (150, 100)",
      ])
  }

  @Test("A touchpad and an absolute pointer are refused, with what they are and what is read instead")
  func touchpadsAndTablets() {
    var touchpad = multiTouchDevice()
    touchpad.properties = [EventCode.INPUT_PROP_POINTER]
    #expect {
      try InputDecoder(description: touchpad, frame: window)
    } throws: { error in
      (error as? InputDecodingError)?.message.hasPrefix(
        "an indirect device (INPUT_PROP_POINTER, its P: line), such as a touchpad or a pen tablet") == true
    }
    // A touch screen that says it is direct, and one that says nothing, are read.
    var screen = multiTouchDevice()
    screen.properties = [EventCode.INPUT_PROP_DIRECT]
    #expect(throws: Never.self) { try InputDecoder(description: screen, frame: window) }
    #expect(throws: Never.self) { try InputDecoder(description: multiTouchDevice(), frame: window) }
    let tablet = DeviceDescription(
      name: "QEMU USB Tablet", supportedCodes: [EventCode.EV_KEY: [EventCode.BTN_LEFT, 0x111, 0x112]],
      axes: [
        EventCode.ABS_X: AbsoluteAxis(minimum: 0, maximum: 32767),
        EventCode.ABS_Y: AbsoluteAxis(minimum: 0, maximum: 32767),
      ])
    #expect {
      try InputDecoder(description: tablet, frame: window)
    } throws: { error in
      (error as? InputDecodingError)?.message.hasPrefix(
        "an absolute pointer (ABS_X and ABS_Y with mouse buttons and no BTN_TOUCH)")
        == true
    }
    var pen = tablet
    pen.supportedCodes[EventCode.EV_KEY]?.insert(EventCode.BTN_TOUCH)
    #expect(throws: Never.self) { try InputDecoder(description: pen, frame: window) }
    // Absolute axes and keys, none of them BTN_TOUCH nor a mouse button: a joystick.
    var joystick = tablet
    joystick.supportedCodes[EventCode.EV_KEY] = [0x120]
    #expect {
      try InputDecoder(description: joystick, frame: window)
    } throws: { error in
      (error as? InputDecodingError)?.message.hasPrefix("a device with ABS_X and ABS_Y but no BTN_TOUCH") == true
    }
    // A description that does not list its keys is read as it says: a single-touch device.
    #expect(throws: Never.self) { try InputDecoder(description: singleTouchDevice, frame: window) }
  }

  @Test("Protocol A: a frame with a contact that makes no sense changes nothing, and the fingers down stay down")
  func protocolABadFrame() throws {
    var s = EventStream()
    s.position(1000, 1000)
    s.syn(EventCode.SYN_MT_REPORT)
    s.syn()
    s.at(16)
    // The same finger, and a contact with a pressure and no position.
    s.position(1000, 1000)
    s.syn(EventCode.SYN_MT_REPORT)
    s.abs(EventCode.ABS_MT_PRESSURE, 20)
    s.syn(EventCode.SYN_MT_REPORT)
    s.syn()
    s.at(32)
    s.position(1100, 1000)
    s.syn(EventCode.SYN_MT_REPORT)
    s.syn()
    s.at(48)
    s.syn()
    #expect(
      try liveLines(multiTouchDevice(slots: false, pressure: true), s) == [
        "0 #1 began (100, 100)",
        "error: a contact was reported without its position: expected ABS_MT_POSITION_X and ABS_MT_POSITION_Y before SYN_MT_REPORT",
        "0.016 mark",
        "0.032 #1 moved (110, 100)",
        "0.048 #1 ended (110, 100)",
      ])
  }

  @Test("After cancelAll a slot keeps its position: a contact that lands where it was begins there")
  func cancelAllKeepsValues() throws {
    var decoder = try TouchDecoder(description: multiTouchDevice(), frame: window)
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 2000)
    s.syn()
    for event in s.events { _ = try decoder.decode(event) }
    let frame = decoder.cancelAll(at: Timestamp(microseconds: 10_000))
    let cancelled = try #require(frame)
    #expect(render(cancelled) == "0.01 #1 cancelled (100, 200)")
    var t = EventStream()
    t.at(20)
    // A new contact at the same place: the kernel sends its tracking id only.
    t.abs(EventCode.ABS_MT_TRACKING_ID, 2)
    t.syn()
    var lines: [String] = []
    for event in t.events { if let frame = try decoder.decode(event) { lines.append(render(frame)) } }
    #expect(lines == ["0.02 #2 began (100, 200)"])
  }

  @Test("A current slot beyond the decoder's makes its events ignored until the next ABS_MT_SLOT")
  func synchronizedBeyondSlots() throws {
    var s = EventStream()
    s.abs(EventCode.ABS_MT_TRACKING_ID, 5)
    s.position(1000, 1000)
    s.syn()
    s.at(16)
    s.track(0, 6)
    s.position(2000, 2000)
    s.syn()
    #expect(
      try liveLines(multiTouchDevice(), s, synchronize: [0: (70, Array(repeating: Self.empty, count: 10))]) == [
        "0 mark",
        "0.016 #1 began (200, 200)",
      ])
  }

  @Test("A palm is no touch: one that lands as a palm never begins, a touch that turns into one is cancelled")
  func palms() throws {
    var s = EventStream()
    s.track(0, 1)
    s.position(1000, 1000)
    s.syn()
    s.at(16)
    // The device decides slot 0's contact is a palm; slot 1's lands as one.
    s.abs(EventCode.ABS_MT_SLOT, 0)
    s.abs(EventCode.ABS_MT_TOOL_TYPE, EventCode.MT_TOOL_PALM)
    s.track(1, 2)
    s.abs(EventCode.ABS_MT_TOOL_TYPE, EventCode.MT_TOOL_PALM)
    s.position(3000, 3000)
    s.syn()
    s.at(32)
    // Both move and lift: nothing.
    s.abs(EventCode.ABS_MT_SLOT, 0)
    s.abs(EventCode.ABS_MT_POSITION_X, 1200)
    s.abs(EventCode.ABS_MT_TRACKING_ID, -1)
    s.track(1, -1)
    s.syn()
    s.at(48)
    // A finger lands in slot 1: its tool changes back, and it is a touch.
    s.track(1, 3)
    s.abs(EventCode.ABS_MT_TOOL_TYPE, 0)
    s.position(2000, 2000)
    s.syn()
    s.at(64)
    // Slot 0's next contact keeps the slot's palm tool (the kernel does not send it again).
    s.track(0, 4)
    s.position(500, 500)
    s.syn()
    #expect(
      try liveLines(multiTouchDevice(), s) == [
        "0 #1 began (100, 100)",
        "0.016 #1 cancelled (100, 100)",
        "0.032 mark",
        "0.048 #2 began (200, 200)",
        "0.064 mark",
      ])
  }
}
