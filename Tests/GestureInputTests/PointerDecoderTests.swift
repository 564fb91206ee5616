import GestureCore
import Testing

@testable import GestureInput

/// A mouse as evemu describes one: SYN, KEY, REL and MSC events; three buttons; motion, both
/// wheels and their high-resolution codes; MSC_SCAN.
let mouseDevice = DeviceDescription(
  name: "mouse",
  supportedCodes: [
    EventCode.EV_SYN: [EventCode.EV_SYN, EventCode.EV_KEY, EventCode.EV_REL, EventCode.EV_MSC],
    EventCode.EV_KEY: [EventCode.BTN_LEFT, EventCode.BTN_RIGHT, EventCode.BTN_MIDDLE],
    EventCode.EV_REL: [EventCode.REL_X, EventCode.REL_Y, EventCode.REL_HWHEEL, EventCode.REL_WHEEL, 0x0B, 0x0C],
    EventCode.EV_MSC: [0x04],
  ])

@Suite("Pointer decoder")
struct PointerDecoderTests {
  /// Renders a pointer frame as one line: `0.01 press #1 began (210, 380) primary`, the inputs
  /// joined by `; `, a time mark as `0.03 mark`.
  static func render(_ frame: InputFrame) -> String {
    if frame.isTimeMark { return "\(frame.time) mark" }
    let inputs = frame.pointerInputs.map { input -> String in
      switch input {
      case .press(let touch, let buttonMask):
        #expect(touch.type == .indirectPointer)
        return "press #\(touch.id) \(touch.phase) \(touch.location) \(buttonMask)"
      case .hover(let hover): return "hover \(hover.location.map { "\($0)" } ?? "exited")"
      case .scroll(let scroll):
        #expect(scroll.type == .discrete)
        return "scroll \(scroll.location) \(formatNumber(scroll.delta.x)),\(formatNumber(scroll.delta.y))"
      }
    }
    return "\(frame.time) " + inputs.joined(separator: "; ")
  }

  func changes(_ stream: EventStream, device: DeviceDescription? = nil) throws -> [String] {
    var decoder =
      try device.map { (description) throws(InputDecodingError) in
        try PointerDecoder(description: description, frame: window)
      } ?? PointerDecoder(frame: window)
    var lines: [String] = []
    for event in stream.events {
      guard let frame = try decoder.decode(event) else { continue }
      #expect(frame.touches.isEmpty)
      lines.append(Self.render(frame))
    }
    return lines
  }

  func rel(_ s: inout EventStream, _ code: UInt16, _ value: Int32) {
    s.events.append(InputEvent(time: s.time, type: EventCode.EV_REL, code: code, value: value))
  }

  @Test("Motion is hover from the root view's centre; buttons make a press that moves and ends with the last lift")
  func pressAndHover() throws {
    var s = EventStream()
    rel(&s, EventCode.REL_X, 10)
    rel(&s, EventCode.REL_Y, -20)
    s.syn()
    s.at(10)
    s.key(EventCode.BTN_LEFT, 1)
    s.syn()
    s.at(20)
    rel(&s, EventCode.REL_X, 5)
    s.key(EventCode.BTN_RIGHT, 1)
    s.syn()
    s.at(30)
    s.key(EventCode.BTN_LEFT, 0)
    s.syn()
    s.at(40)
    s.key(EventCode.BTN_RIGHT, 0)
    s.syn()
    s.at(50)
    s.key(EventCode.BTN_MIDDLE, 1)
    rel(&s, EventCode.REL_X, 1)
    s.syn()
    s.at(60)
    s.key(EventCode.BTN_MIDDLE, 0)
    s.syn()
    s.at(70)
    rel(&s, EventCode.REL_Y, 3)
    s.syn()
    #expect(
      try changes(s, device: mouseDevice) == [
        "0 hover (210, 380)",
        "0.01 press #1 began (210, 380) primary",
        "0.02 press #1 moved (215, 380) primary+secondary",
        "0.03 press #1 moved (215, 380) secondary",
        "0.04 press #1 ended (215, 380) none",
        "0.05 press #2 began (216, 380) tertiary",
        "0.06 press #2 ended (216, 380) none",
        "0.07 hover (216, 383)",
      ])
  }

  @Test("The pointer is clamped to the root view; wheel ticks scroll 40 points; other keys and codes are ignored")
  func clampAndWheel() throws {
    var s = EventStream()
    rel(&s, EventCode.REL_X, -1000)
    rel(&s, EventCode.REL_Y, 5000)
    s.syn()
    s.at(10)
    rel(&s, EventCode.REL_WHEEL, -1)
    rel(&s, 0x0B, -120)  // REL_WHEEL_HI_RES
    s.syn()
    s.at(20)
    rel(&s, EventCode.REL_HWHEEL, 2)
    s.key(30, 1)  // KEY_A
    s.syn()
    s.at(30)
    s.syn()
    s.at(40)
    rel(&s, EventCode.REL_X, -5)  // at the edge already: no move
    s.events.append(InputEvent(time: s.time, type: EventCode.EV_MSC, code: 0x04, value: 589_825))
    s.syn()
    s.at(50)
    rel(&s, EventCode.REL_WHEEL, 3)
    s.syn()
    #expect(
      try changes(s) == [
        "0 hover (0, 799)", "0.01 scroll (0, 799) 0,-40", "0.02 scroll (0, 799) -80,0", "0.03 mark", "0.04 mark",
        "0.05 scroll (0, 799) 0,120",
      ])
  }

  @Test(
    "Pushed against the right and bottom edges, the pointer stops on the last whole point before them, where a click hits the window"
  )
  func farEdges() throws {
    var s = EventStream()
    rel(&s, EventCode.REL_X, 5000)
    rel(&s, EventCode.REL_Y, 5000)
    s.syn()
    s.at(10)
    rel(&s, EventCode.REL_X, 1)  // at the edge already: no move
    s.syn()
    s.at(20)
    s.key(EventCode.BTN_LEFT, 1)
    s.syn()
    #expect(
      try changes(s) == ["0 hover (399, 799)", "0.01 mark", "0.02 press #1 began (399, 799) primary"])
    // Hit-testing leaves the right and bottom edges out: a pointer kept on them would hit nothing.
    let root = View(name: "root", frame: window)
    #expect(root.hitTest(Point(x: 399, y: 799)) === root)
    #expect(root.hitTest(Point(x: 400, y: 800)) == nil)
  }

  @Test(
    "SYN_DROPPED cancels the press that is down, discards the events up to the next SYN_REPORT, and forgets the buttons"
  )
  func dropped() throws {
    var s = EventStream()
    s.syn(EventCode.SYN_DROPPED)
    rel(&s, EventCode.REL_X, 50)
    s.syn()
    s.at(10)
    rel(&s, EventCode.REL_X, 1)
    s.syn()
    s.at(20)
    s.key(EventCode.BTN_LEFT, 1)
    s.syn()
    s.at(30)
    s.syn(EventCode.SYN_DROPPED)
    s.key(EventCode.BTN_LEFT, 0)
    s.syn()
    s.at(40)
    rel(&s, EventCode.REL_Y, 1)
    s.syn()
    s.at(50)
    s.key(EventCode.BTN_LEFT, 0)
    s.syn()
    s.at(60)
    s.key(EventCode.BTN_LEFT, 1)
    s.syn()
    #expect(
      try changes(s, device: mouseDevice) == [
        "0.01 hover (201, 400)", "0.02 press #1 began (201, 400) primary", "0.03 press #1 cancelled (201, 400) none",
        "0.04 hover (201, 401)", "0.05 mark", "0.06 press #2 began (201, 401) primary",
      ])
  }

  @Test("At the end of input the press is cancelled and the hovering pointer leaves the window")
  func cancelAll() throws {
    var decoder = try PointerDecoder(description: mouseDevice, frame: window)
    let nothing = decoder.cancelAll(at: .zero)
    #expect(nothing == nil)
    var s = EventStream()
    rel(&s, EventCode.REL_X, 4)
    s.syn()
    s.key(EventCode.BTN_LEFT, 1)
    s.syn()
    for event in s.events { _ = try decoder.decode(event) }
    #expect(decoder.isPressed && decoder.buttonMask == .primary)
    let cancelFrame = decoder.cancelAll(at: Timestamp(seconds: 1))
    let cancelled = try #require(cancelFrame)
    #expect(Self.render(cancelled) == "1 press #1 cancelled (204, 400) none")
    _ = try decoder.decode(InputEvent(time: .zero, type: EventCode.EV_REL, code: EventCode.REL_X, value: 1))
    _ = try decoder.decode(InputEvent(time: .zero, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0))
    let exitFrame = decoder.cancelAll(at: Timestamp(seconds: 2))
    let exited = try #require(exitFrame)
    #expect(Self.render(exited) == "2 hover exited")
    #expect(!decoder.isPressed && decoder.location == Point(x: 205, y: 400))
  }

  @Test("An event the description does not list is an error that names it")
  func unlistedEvent() throws {
    var decoder = try PointerDecoder(description: mouseDevice, frame: window)
    for (type, code) in [(EventCode.EV_ABS, EventCode.ABS_X), (EventCode.EV_KEY, EventCode.BTN_SIDE), (0x02, 0x09)] {
      #expect(throws: InputDecodingError.self) {
        try decoder.decode(InputEvent(time: .zero, type: type, code: code, value: 1))
      }
    }
    do {
      _ = try decoder.decode(InputEvent(time: .zero, type: EventCode.EV_ABS, code: 0, value: 1))
    } catch {
      #expect(error.message.hasPrefix("an event the device does not send: type 0003 (EV_ABS) code 0000"))
    }
  }

  @Test("InputDecoder picks the pointer decoder for a mouse and refuses devices it cannot tell")
  func inputDecoder() throws {
    let mouse = try InputDecoder(description: mouseDevice, frame: window)
    #expect(mouse.kind == .pointer && mouse.pointerDecoder != nil && mouse.touchDecoder == nil)
    let touch = try InputDecoder(description: multiTouchDevice(), frame: window)
    #expect(touch.kind == .multiTouchSlots && touch.touchDecoder != nil && touch.pointerDecoder == nil)
    var both = singleTouchDevice
    both.supportedCodes = mouseDevice.supportedCodes
    func message(_ description: DeviceDescription, _ calibration: CalibrationMatrix = .identity) -> String? {
      do {
        _ = try InputDecoder(description: description, frame: window, calibration: calibration)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message(both)?.hasPrefix("an ambiguous device: it has absolute position axes (ABS_X, ABS_Y)") == true)
    let rotated = try #require(CalibrationMatrix(parsing: "0,1,0,-1,0,1"))
    #expect(message(mouseDevice, rotated)?.hasPrefix("a calibration matrix applies to a touch device") == true)
    #expect(message(DeviceDescription())?.hasPrefix("the device has no position axis") == true)
    #expect(throws: InputDecodingError.self) { try TouchDecoder(description: mouseDevice, frame: window) }
    #expect(throws: InputDecodingError.self) { try PointerDecoder(description: multiTouchDevice(), frame: window) }
  }
}
