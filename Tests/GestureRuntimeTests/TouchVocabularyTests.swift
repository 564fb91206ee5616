import GestureCore
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Touches: types, force and contact size, the event's touches (behaviour reference §2.2)")
struct TouchVocabularyTests {
  @Test("2.2 An indirectPointer touch reaches recognizers that allow it (the default) and no others")
  func indirectPointerIsAllowedByDefault() {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let fingersOnly = h.add(LoggingRecognizer("fingersOnly", log), "fingersOnly")
    fingersOnly.allowedTouchTypes = [.direct, .indirect, .pencil]
    h.add(LoggingRecognizer("any", log), "any")
    h.down(1, 10, 10, at: 0, type: .indirectPointer)
    h.up(1, 10, 10, at: 0.1)
    #expect(log.entries == ["any began [1]", "any ended [1]"])
    #expect(TouchType.allCases.map(\.rawValue) == ["direct", "indirect", "pencil", "indirectPointer"])
  }
}
