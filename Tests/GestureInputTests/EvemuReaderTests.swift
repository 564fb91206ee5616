import GestureCore
import GestureInput
import Testing

@Suite("evemu reader")
struct EvemuReaderTests {
  func read(_ text: String) throws -> (EvemuReader, [InputEvent]) {
    var reader = EvemuReader()
    var events: [InputEvent] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let event = try reader.read(Array(line.utf8)[...], number: index + 1) { events.append(event) }
    }
    return (reader, events)
  }

  @Test("The description lines give the name, ids, properties, event bits and axis ranges")
  func description() throws {
    let (reader, events) = try read(
      """
      # EVEMU 1.3
      N: Some Panel  
      I: 0018 04f3 2a1a 0100
      P: 02 00 00 00 00 00 00 00
      B: 00 0b 00 00 00 00 00 00 00
      B: 01 00 00 00 00 00 00 00 00
      B: 01 00 00 00 00 00 00 00 00
      B: 01 00 00 00 00 00 00 00 00
      B: 01 00 00 00 00 00 00 00 00
      B: 01 00 00 00 00 00 00 00 00
      B: 01 00 04 00 00 00 00 00 00
      B: 03 03 00 00 00 00 80 61 06
      A: 00 0 4000 0 0 10
      A: 35 -5 4000 4 8 10
      A: 36 0 8000 0 0
      """)
    #expect(events.isEmpty)
    let description = reader.description
    #expect(description.name == "Some Panel  ")
    #expect(description.identifier == [0x18, 0x4F3, 0x2A1A, 0x100])
    #expect(description.properties == [EventCode.INPUT_PROP_DIRECT])
    #expect(description.supportedCodes[EventCode.EV_SYN] == [0, 1, 3])
    #expect(description.supportedCodes[EventCode.EV_KEY] == [EventCode.BTN_TOUCH])
    #expect(
      description.supportedCodes[EventCode.EV_ABS] == [0, 1, 0x2F, 0x30, 0x35, 0x36, 0x39, 0x3A])
    #expect(description.axes[0x35] == AbsoluteAxis(minimum: -5, maximum: 4000, fuzz: 4, flat: 8, resolution: 10))
    // Older evemu versions write no resolution.
    #expect(description.axes[0x36] == AbsoluteAxis(minimum: 0, maximum: 8000))
    #expect(description.kind == .multiTouchAnonymous)
  }

  @Test("Events keep exact microseconds from the first event, with evemu's trailing comments")
  func events() throws {
    let (_, events) = try read(
      """
      E: 12.999999 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
      E: 13.5 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +500ms
      E: 14.000001 0001 014A +1
      """)
    #expect(
      events == [
        InputEvent(time: .zero, type: 3, code: 0x39, value: -1),
        InputEvent(time: Timestamp(microseconds: 500_001), type: 0, code: 0, value: 0),
        InputEvent(time: Timestamp(microseconds: 1_000_002), type: 1, code: 0x14A, value: 1),
      ])
  }

  @Test(
    "Malformed lines are errors at their line and column",
    arguments: [
      ("X: 1", 1, 1, "unknown line kind 'X:'"),
      ("E: 1.0 0003 0035", 1, 1, "E: expected 4 fields"),
      ("E: 1 0003 0035 7", 1, 4, "E: expected a time as SECONDS.MICROSECONDS"),
      ("E: 1.0 00g3 0035 7", 1, 8, "E: expected an event type in hexadecimal"),
      ("E: 1.0 0003 0035 99999999999", 1, 18, "E: the value 99999999999 is out of range"),
      ("E: 2.0 0000 0000 0\nE: 1.0 0000 0000 0", 2, 4, "time goes backwards: 1 s after 2 s"),
      ("E: 1.0 0000 0000 0\nA: 00 0 10 0 0 0", 2, 1, "a description line (A:) after the first event"),
      ("A: 00 0 10", 1, 1, "A: expected 6 fields"),
      ("A: 40 0 10 0 0 0", 1, 1, "A: expected an axis code in hexadecimal (00 to 3f)"),
      ("I: 0018 04f3", 1, 1, "I: expected 4 fields"),
      ("hello", 1, 1, "expected an evemu line"),
      ("P: " + String(repeating: "ff ", count: 9), 1, 28, "P: the mask is longer than any property mask"),
      ("B: 01 " + String(repeating: "ff ", count: 97), 1, 295, "B: the mask is longer than any event type's codes"),
    ])
  func malformed(_ text: String, _ line: Int, _ column: Int, _ message: String) {
    do {
      _ = try read(text)
      Issue.record("no error for \(text)")
    } catch let error as RecordingError {
      #expect(error.line == line && error.column == column, "\(error)")
      #expect(error.message.contains(message), "\(error.message)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test("A file is a recording when its first telling line is the evemu header or an evemu line")
  func detection() {
    func looks(_ text: String) -> Bool? { EvemuReader.looksLikeRecording(Array(text.utf8)[...]) }
    #expect(looks("# EVEMU 1.3") == true)
    #expect(looks("E: 0.000000 0000 0000 0000") == true)
    #expect(looks("N: Panel") == true)
    #expect(looks("# a comment") == nil)
    #expect(looks("   ") == nil)
    #expect(looks("{\"t\": 0}") == false)
    #expect(looks("[") == false)
  }
}
