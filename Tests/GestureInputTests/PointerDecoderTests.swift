import GestureCore
import Testing

@testable import GestureInput

@Suite("Pointer decoder")
struct PointerDecoderTests {
  func changes(_ stream: EventStream) -> [String] {
    var decoder = PointerDecoder(frame: window)
    var lines: [String] = []
    for event in stream.events {
      guard let changes = decoder.decode(event) else { continue }
      let text = changes.map { change -> String in
        switch change {
        case .press(let id, let phase, let location, let buttons): "press #\(id) \(phase) \(location) \(buttons)"
        case .hover(let location): "hover \(location)"
        case .scroll(let location, let dx, let dy): "scroll \(location) \(formatNumber(dx)),\(formatNumber(dy))"
        }
      }
      lines.append("\(event.time) " + (text.isEmpty ? "mark" : text.joined(separator: "; ")))
    }
    return lines
  }

  func rel(_ s: inout EventStream, _ code: UInt16, _ value: Int32) {
    s.events.append(InputEvent(time: s.time, type: EventCode.EV_REL, code: code, value: value))
  }

  @Test("Motion is hover from the root view's centre; buttons make a press that moves and ends with the last lift")
  func pressAndHover() {
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
    #expect(
      changes(s) == [
        "0 hover (210, 380)",
        "0.01 press #1 began (210, 380) [1]",
        "0.02 press #1 moved (215, 380) [1, 2]",
        "0.03 press #1 moved (215, 380) [2]",
        "0.04 press #1 ended (215, 380) []",
        "0.05 hover (216, 380); press #2 began (216, 380) [3]",
        "0.06 press #2 ended (216, 380) []",
      ])
  }

  @Test("The pointer is clamped to the root view; wheel ticks scroll 40 points; other keys are ignored")
  func clampAndWheel() {
    var s = EventStream()
    rel(&s, EventCode.REL_X, -1000)
    rel(&s, EventCode.REL_Y, 5000)
    s.syn()
    s.at(10)
    rel(&s, EventCode.REL_WHEEL, -1)
    s.syn()
    s.at(20)
    rel(&s, EventCode.REL_HWHEEL, 2)
    s.key(30, 1)  // KEY_A
    s.syn()
    s.at(30)
    s.syn()
    #expect(
      changes(s) == [
        "0 hover (0, 800)", "0.01 scroll (0, 800) 0,-40", "0.02 scroll (0, 800) -80,0", "0.03 mark",
      ])
  }

  @Test("SYN_DROPPED discards the motion up to the next SYN_REPORT")
  func dropped() {
    var s = EventStream()
    s.syn(EventCode.SYN_DROPPED)
    rel(&s, EventCode.REL_X, 50)
    s.syn()
    s.at(10)
    rel(&s, EventCode.REL_X, 1)
    s.syn()
    #expect(changes(s) == ["0.01 hover (201, 400)"])
  }
}
