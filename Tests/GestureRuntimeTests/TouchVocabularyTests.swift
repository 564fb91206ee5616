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

/// Records what a recognizer saw of each event: the touches it got, the event's touches, and the
/// force and radius of its own.
final class EventObserver: GestureRecognizer {
  var seen: [String] = []

  private func note(_ call: String, _ touches: [Touch], _ event: TouchEvent) {
    let own = touches.map { "\($0.identifier) f\(formatNumber($0.force))/\(formatNumber($0.maximumPossibleForce))" }
    let radii = touches.map { "r\(formatNumber($0.majorRadius))±\(formatNumber($0.majorRadiusTolerance))" }
    let all = event.allTouches.map(\.identifier).sorted()
    let mine = event.touches(for: self).map(\.identifier).sorted()
    let inView = view.map { event.touches(for: $0).map(\.identifier).sorted() } ?? []
    seen.append("\(call) \(own) \(radii) all \(all) mine \(mine) inView \(inView)")
  }

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { note("began", touches, event) }
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { note("moved", touches, event) }
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { note("ended", touches, event) }
}

/// A view that lists each call's touches and the event's touches.
final class EventListingView: View {
  var calls: [String] = []
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    calls.append("began \(touches.map(\.identifier)) all \(event.allTouches.map(\.identifier).sorted())")
  }
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    calls.append("moved \(touches.map(\.identifier)) all \(event.allTouches.map(\.identifier).sorted())")
  }
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    calls.append("ended \(touches.map(\.identifier)) all \(event.allTouches.map(\.identifier).sorted())")
  }
}

extension TouchVocabularyTests {
  @Test("A touch carries the force and contact size of its latest event; 0 when the device reports none")
  func forceAndRadius() {
    let h = Harness()
    let observer = h.add(EventObserver(), "observer")
    h.runtime.send(
      TouchInput(
        id: 1, phase: .began, x: 10, y: 10, force: 0.5, maximumPossibleForce: 6.67, majorRadius: 20.5,
        majorRadiusTolerance: 5.25), at: Timestamp(seconds: 0))
    h.runtime.send(
      TouchInput(id: 1, phase: .moved, x: 30, y: 10, force: 2, maximumPossibleForce: 6.67, majorRadius: 24),
      at: Timestamp(seconds: 0.1))
    h.up(1, 30, 10, at: 0.2)
    #expect(
      observer.seen == [
        "began [\"1 f0.5/6.67\"] [\"r20.5±5.25\"] all [1] mine [1] inView [1]",
        "moved [\"1 f2/6.67\"] [\"r24±0\"] all [1] mine [1] inView [1]",
        "ended [\"1 f0/0\"] [\"r0±0\"] all [1] mine [1] inView [1]",
      ])
  }

  @Test("A move whose force and size compare equal to the touch's leaves them as they were (a zero keeps its sign)")
  func equalAttributesKept() {
    let h = Harness()
    let observer = h.add(EventObserver(), "observer")
    h.down(1, 10, 10, at: 0)
    let touch = observer.numberOfTouches == 1 ? observer.touch(at: 0) : nil
    #expect(touch != nil)
    h.runtime.send(
      TouchInput(
        id: 1, phase: .moved, x: 20, y: 10, force: -0.0, maximumPossibleForce: -0.0, majorRadius: -0.0,
        majorRadiusTolerance: -0.0), at: Timestamp(seconds: 0.1))
    #expect(touch?.force.sign == .plus)
    #expect(touch?.majorRadius.sign == .plus)
    h.runtime.send(
      TouchInput(id: 1, phase: .moved, x: 30, y: 10, force: -0.0, majorRadius: 3), at: Timestamp(seconds: 0.2))
    // One differs: all four are the event's.
    #expect(touch?.force.sign == .minus)
    #expect(touch?.majorRadius == 3)
  }

  @Test("allTouches lists the fingers that stayed still; touches(for:) narrows it to a view or a recognizer")
  func allTouchesIncludesStationary() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let left = EventListingView(name: "left", frame: Rect(x: 0, y: 0, width: 200, height: 400))
    let right = View(name: "right", frame: Rect(x: 200, y: 0, width: 200, height: 400))
    window.addSubview(left)
    window.addSubview(right)
    let h = Harness(window: window)
    let onLeft = h.add(EventObserver(), "onLeft", to: left)
    let onRight = h.add(EventObserver(), "onRight", to: right)
    for recognizer in [onLeft, onRight] { recognizer.delaysTouchesEnded = false }
    h.down(1, 50, 50, at: 0)
    h.down(2, 250, 50, at: 0.1)
    h.down(3, 60, 60, at: 0.2)
    h.move(2, 260, 50, at: 0.3)
    h.event(
      at: 0.4, [TouchInput(id: 1, phase: .moved, x: 55, y: 50), TouchInput(id: 3, phase: .stationary, x: 60, y: 60)])
    h.up(1, 55, 50, at: 0.5)
    #expect(
      onLeft.seen == [
        "began [\"1 f0/0\"] [\"r0±0\"] all [1] mine [1] inView [1]",
        "began [\"3 f0/0\"] [\"r0±0\"] all [1, 2, 3] mine [1, 3] inView [1, 3]",
        "moved [\"1 f0/0\"] [\"r0±0\"] all [1, 2, 3] mine [1, 3] inView [1, 3]",
        "ended [\"1 f0/0\"] [\"r0±0\"] all [1, 2, 3] mine [1, 3] inView [1, 3]",
      ])
    #expect(
      onRight.seen == [
        "began [\"2 f0/0\"] [\"r0±0\"] all [1, 2] mine [2] inView [2]",
        "moved [\"2 f0/0\"] [\"r0±0\"] all [1, 2, 3] mine [2] inView [2]",
      ])
    #expect(
      left.calls == [
        "began [1] all [1]", "began [3] all [1, 2, 3]", "moved [1] all [1, 2, 3]", "ended [1] all [1, 2, 3]",
      ])
  }
}
