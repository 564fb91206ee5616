// Code shown in the documentation (Docs/Gestures.docc). Each block between `// snippet: NAME`
// and `// end-snippet` appears verbatim in an article; DocsTests fails when they drift apart.
public import GestureCore
import GestureInput
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@testable import GestureCtlKit

#if os(Linux)
  import Foundation
  import Glibc
#endif

// snippet: check-mark
/// Recognizes a check mark: one finger strokes down and to the right, then up and to the right,
/// and lifts. Discrete, and built only on GestureCore's public subclassing API.
public final class CheckMarkGestureRecognizer: GestureRecognizer {
  /// How far, in points, the finger must travel down; it must then travel up twice as far.
  public var minimumStroke = 20.0

  private var start = Point.zero
  private var lowest = Point.zero
  private var previous = Point.zero

  public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible else { return }
    guard numberOfTouches == 1, let touch = touches.first else {
      setState(.failed, reason: "a check mark takes one finger")
      return
    }
    start = touch.locationInWindow
    lowest = start
    previous = start
  }

  public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible, let point = touches.first?.locationInWindow else { return }
    if point.x < previous.x - 5 {
      setState(.failed, reason: "moved left")
      return
    }
    if point.y > lowest.y { lowest = point }
    previous = point
  }

  public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard requestedState == .possible, let end = touches.first?.locationInWindow else { return }
    let down = lowest.y - start.y
    let up = lowest.y - end.y
    if down >= minimumStroke && up >= 2 * minimumStroke && lowest.x > start.x && end.x > lowest.x {
      setState(.ended, reason: "down \(Int(down)) pt, then up \(Int(up)) pt")
    } else {
      setState(.failed, reason: "not a check mark: down \(Int(down)) pt, then up \(Int(up)) pt")
    }
  }

  public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    setState(.failed, reason: "its touch was cancelled")
  }

  public override func reset() {
    start = .zero
    lowest = .zero
    previous = .zero
  }

  /// It answers no failure-requirement questions, so the runtime need not ask.
  public override var asksForDynamicFailureRequirements: Bool { false }
}
// end-snippet

// snippet: check-mark-kind
extension CheckMarkGestureRecognizer {
  /// The scene-file kind `checkMark`, for a catalog.
  static let kind = RecognizerKind(
    name: "checkMark",
    summary: "A check mark drawn with one finger; discrete.",
    parameters: [
      RecognizerParameter(
        name: "minimumStroke", type: .distance(1...1000), defaultValue: .number(20),
        summary: "Points the finger must travel down; it must then travel up twice as far.")
    ],
    make: { name, values in
      let checkMark = CheckMarkGestureRecognizer(name: name)
      if let stroke = values["minimumStroke"]?.numberValue { checkMark.minimumStroke = stroke }
      return checkMark
    }
  ).reading { recognizer in
    // Read back for SceneExporter: nil for a recognizer of another kind.
    guard let checkMark = recognizer as? CheckMarkGestureRecognizer else { return nil }
    return ["minimumStroke": .number(checkMark.minimumStroke)]
  }
}

/// The catalog of a tool that knows the built-in kinds and the check mark.
func catalogWithCheckMark() -> RecognizerCatalog {
  var catalog = RecognizerCatalog.standard
  catalog.register(CheckMarkGestureRecognizer.kind)
  return catalog
}
// end-snippet

@Suite("The documentation's custom recognizer")
struct CheckMarkTests {
  // snippet: check-mark-test
  @Test("A check mark is recognized at the lift; a stroke that goes left fails")
  func checkMark() {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let recorder = TraceRecorder()
    let runtime = GestureRuntime(window: window, trace: recorder)
    window.addGestureRecognizer(CheckMarkGestureRecognizer(name: "check"))
    func send(_ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Double) {
      runtime.send(TouchInput(id: 1, phase: phase, x: x, y: y), at: Timestamp(seconds: t))
    }
    send(.began, 100, 100, 0)
    send(.moved, 120, 130, 0.05)
    send(.moved, 180, 60, 0.1)
    send(.ended, 180, 60, 0.15)
    #expect(
      recorder.lines == [
        "0 touch 1 began (100, 100) window",
        "0 view window touchesBegan 1",
        "0.05 touch 1 moved (120, 130) window",
        "0.05 view window touchesMoved 1",
        "0.1 touch 1 moved (180, 60) window",
        "0.1 view window touchesMoved 1",
        "0.15 touch 1 ended (180, 60) window",
        "0.15 state check possible → ended: down 30 pt, then up 70 pt",
        "0.15 action check ended at (180, 60)",
        "0.15 view window touchesCancelled 1",
        "0.15 reset check",
      ])
    recorder.removeAll()
    send(.began, 100, 100, 1)
    send(.moved, 80, 120, 1.05)
    #expect(recorder.lines.contains("1.05 state check possible → failed: moved left"))
  }
  // end-snippet

  @Test("Scene files can name the check mark once it is registered in the catalog")
  func fromScene() {
    let result = gesturectl(
      ["trace", example("checkmark.scene.json"), example("checkmark.events.jsonl"), "--format", "jsonl"],
      catalog: catalogWithCheckMark())
    #expect(result.code == 0)
    #expect(
      result.out.contains(#""recognizer":"check","from":"possible","to":"ended","reason":"down 30 pt, then up 70 pt""#))
    let unknown = gesturectl(["validate", example("checkmark.scene.json")])
    #expect(unknown.code == 65)
    #expect(unknown.err.contains("unknown kind 'checkMark'"))
  }
}

@Suite("The documentation's Swift examples")
struct DocExampleTests {
  // snippet: delegate-on-swipe
  /// The swipe's delegate makes every pan wait for the swipe to fail.
  final class SwipeFirst: GestureRecognizerDelegate {
    func gestureRecognizer(
      _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool {
      gestureRecognizer is SwipeGestureRecognizer && other is PanGestureRecognizer
    }
  }
  // end-snippet

  // snippet: delegate-on-pan
  /// The pan's delegate makes the pan wait for any swipe to fail.
  final class PanAfterSwipe: GestureRecognizerDelegate {
    func gestureRecognizer(
      _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool {
      gestureRecognizer is PanGestureRecognizer && other is SwipeGestureRecognizer
    }
  }
  // end-snippet

  @Test("Either delegate makes a slow drag a pan and a flick a swipe")
  func swipeBeforePan() {
    for onSwipe in [true, false] {
      var fired: [String] = []
      // snippet: swipe-before-pan
      // onSwipe chooses the example: true puts the delegate on the swipe (2), false on the pan (3).
      let card = View(name: "card", frame: Rect(x: 0, y: 0, width: 400, height: 400))
      let swipe = SwipeGestureRecognizer(name: "swipe", direction: .right)
      let pan = PanGestureRecognizer(name: "pan")
      card.addGestureRecognizer(swipe)
      card.addGestureRecognizer(pan)
      let swipeFirst = SwipeFirst()
      let panAfterSwipe = PanAfterSwipe()
      if onSwipe {
        swipe.delegate = swipeFirst  // example 2: the delegate on the swipe
      } else {
        pan.delegate = panAfterSwipe  // example 3: the delegate on the pan
      }
      // end-snippet
      swipe.addAction { _ in fired.append("swipe") }
      pan.addAction { fired.append("pan \($0.state)") }
      let runtime = GestureRuntime(window: card)
      runtime.send(TouchInput(id: 1, phase: .began, x: 40, y: 200), at: Timestamp(seconds: 0))
      runtime.send(TouchInput(id: 1, phase: .moved, x: 70, y: 201), at: Timestamp(seconds: 0.03))
      runtime.send(TouchInput(id: 1, phase: .moved, x: 170, y: 202), at: Timestamp(seconds: 0.06))
      runtime.send(TouchInput(id: 1, phase: .ended, x: 170, y: 202), at: Timestamp(seconds: 0.09))
      #expect(fired == ["swipe"])
      fired.removeAll()
      runtime.send(TouchInput(id: 2, phase: .began, x: 40, y: 200), at: Timestamp(seconds: 1))
      runtime.send(TouchInput(id: 2, phase: .moved, x: 55, y: 200), at: Timestamp(seconds: 1.2))
      runtime.send(TouchInput(id: 2, phase: .moved, x: 90, y: 200), at: Timestamp(seconds: 1.6))
      runtime.send(TouchInput(id: 2, phase: .ended, x: 90, y: 200), at: Timestamp(seconds: 1.7))
      #expect(fired == ["pan began", "pan ended"])
      _ = (swipeFirst, panAfterSwipe)
    }
  }

  @Test("Simultaneous recognition: a delegate lets a long press and a pan both run")
  func simultaneous() {
    var fired: [String] = []
    // snippet: simultaneous
    final class Together: GestureRecognizerDelegate {
      func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
      ) -> Bool { true }
    }
    let map = View(name: "map", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let press = LongPressGestureRecognizer(name: "press")
    let pan = PanGestureRecognizer(name: "pan")
    let together = Together()
    press.delegate = together
    map.addGestureRecognizer(press)
    map.addGestureRecognizer(pan)
    // end-snippet
    press.addAction { fired.append("press \($0.state)") }
    pan.addAction { fired.append("pan \($0.state)") }
    let runtime = GestureRuntime(window: map)
    runtime.send(TouchInput(id: 1, phase: .began, x: 100, y: 100), at: Timestamp(seconds: 0))
    runtime.advance(to: Timestamp(seconds: 0.6))
    runtime.send(TouchInput(id: 1, phase: .moved, x: 140, y: 100), at: Timestamp(seconds: 0.7))
    runtime.send(TouchInput(id: 1, phase: .ended, x: 140, y: 100), at: Timestamp(seconds: 0.8))
    #expect(fired == ["press began", "press changed", "pan began", "press ended", "pan ended"])
    _ = together
  }

  @Test("A button keeps its tap from its container's recognizer by vetoing it")
  func buttonVeto() {
    var fired: [String] = []
    // snippet: button-veto
    final class Button: View {
      override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        // Keep taps for the button itself: recognizers of the views around it may not begin.
        !(gestureRecognizer is TapGestureRecognizer) || gestureRecognizer.view === self
      }
    }
    let toolbar = View(name: "toolbar", frame: Rect(x: 0, y: 0, width: 400, height: 60))
    let button = Button(name: "button", frame: Rect(x: 10, y: 10, width: 80, height: 40))
    toolbar.addSubview(button)
    let toolbarTap = TapGestureRecognizer(name: "toolbarTap")
    toolbar.addGestureRecognizer(toolbarTap)
    // end-snippet
    toolbarTap.addAction { _ in fired.append("toolbar") }
    let runtime = GestureRuntime(window: toolbar)
    runtime.send(TouchInput(id: 1, phase: .began, x: 20, y: 20), at: Timestamp(seconds: 0))
    runtime.send(TouchInput(id: 1, phase: .ended, x: 20, y: 20), at: Timestamp(seconds: 0.1))
    runtime.send(TouchInput(id: 2, phase: .began, x: 200, y: 20), at: Timestamp(seconds: 1))
    runtime.send(TouchInput(id: 2, phase: .ended, x: 200, y: 20), at: Timestamp(seconds: 1.1))
    #expect(fired == ["toolbar"])
  }

  // snippet: manual-clock-test
  @Test("A long press begins after 0.5 s, not before")
  func longPressOnTheManualClock() {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let press = LongPressGestureRecognizer(name: "press")
    window.addGestureRecognizer(press)
    let recorder = TraceRecorder()
    let runtime = GestureRuntime(window: window, clock: ManualClock(), trace: recorder)

    runtime.send(TouchInput(id: 1, phase: .began, x: 50, y: 50), at: Timestamp(seconds: 0))
    runtime.advance(to: Timestamp(seconds: 0.499))
    #expect(press.state == .possible)  // time moved only as far as the test said
    runtime.advance(to: Timestamp(seconds: 0.5))
    #expect(press.state == .began)
    runtime.send(TouchInput(id: 1, phase: .ended, x: 50, y: 50), at: Timestamp(seconds: 0.7))

    #expect(
      recorder.lines == [
        "0 touch 1 began (50, 50) window",
        "0 view window touchesBegan 1",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 action press began at (50, 50)",
        "0.5 view window touchesCancelled 1",
        "0.7 touch 1 ended (50, 50) window",
        "0.7 state press began → ended: a finger lifted",
        "0.7 action press ended at (50, 50)",
        "0.7 reset press",
      ])
  }
  // end-snippet

  @Test("A list row: hover highlights it, a click selects it, a right-click opens its menu, the wheel scrolls")
  func pointerListRow() {
    var fired: [String] = []
    // snippet: pointer-list-row
    let list = View(name: "list", frame: Rect(x: 0, y: 0, width: 400, height: 600))
    let row = View(name: "row", frame: Rect(x: 0, y: 100, width: 400, height: 44))
    list.addSubview(row)

    let highlight = HoverGestureRecognizer(name: "highlight")
    let select = TapGestureRecognizer(name: "select")  // buttonMaskRequired: .primary
    let menu = TapGestureRecognizer(name: "menu")
    menu.buttonMaskRequired = .secondary
    let scroll = PanGestureRecognizer(name: "scroll")
    scroll.allowedScrollTypesMask = .all
    for recognizer in [highlight, select, menu] { row.addGestureRecognizer(recognizer) }
    list.addGestureRecognizer(scroll)

    highlight.addAction { fired.append("highlight \($0.state)") }
    select.addAction { _ in fired.append("select") }
    menu.addAction { _ in fired.append("menu") }
    scroll.addAction { [unowned scroll, unowned list] in
      fired.append("scroll \(scroll.translation(in: list).y) \($0.state)")
    }

    let runtime = GestureRuntime(window: list)
    runtime.send(HoverInput(x: 80, y: 122), at: Timestamp(seconds: 0))
    let press = TouchInput(id: 1, phase: .began, x: 80, y: 122, type: .indirectPointer)
    runtime.send([press], buttonMask: .secondary, at: Timestamp(seconds: 0.5))
    var lift = press
    lift.phase = .ended
    runtime.send([lift], buttonMask: [], at: Timestamp(seconds: 0.58))
    runtime.send(
      ScrollInput(x: 80, y: 122, dx: 0, dy: -40, type: .discrete), at: Timestamp(seconds: 1))
    runtime.runUntilIdle()  // the wheel's sequence ends 0.25 s after its last tick
    // end-snippet
    #expect(
      fired == [
        "highlight began", "highlight ended", "menu", "scroll -40.0 began", "scroll -40.0 ended",
      ])
  }
}

@Suite("The documentation's field report")
struct FieldReportSnippetTests {
  @Test("An app records its trace and input, and exports its scene, for a report")
  func fieldReport() throws {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let tap = TapGestureRecognizer(name: "tap")
    window.addGestureRecognizer(tap)
    var traceLog = ""
    // snippet: field-report
    // At start-up: the trace as JSON lines, and the input as an event script.
    let recorder = EventScriptRecorder(forwardingTo: JSONLinesTraceWriter { traceLog += $0 })
    let runtime = GestureRuntime(window: window, trace: recorder)

    // … the app runs; a user reports that a gesture did not fire …

    // With the report: the view tree as a scene, the input since start-up, and the trace.
    let report = (
      scene: try SceneExporter(catalog: .standard).scene(of: window),
      events: recorder.script,
      trace: traceLog
    )
    // end-snippet
    runtime.send(TouchInput(id: 1, phase: .began, x: 10, y: 10), at: .zero)
    #expect(report.scene.contains(#""kind": "tap""#))
    #expect(recorder.script == #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}]}"# + "\n")
    #expect(traceLog.hasPrefix(#"{"t":0,"kind":"touch""#))
  }
}

@Suite("The documentation's diagnostic handler")
struct DiagnosticHandlerSnippetTests {
  @Test("An app without a trace logs the runtime's diagnostics")
  func diagnosticHandler() {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let tap = TapGestureRecognizer(name: "tap")
    let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
    window.addGestureRecognizer(tap)
    window.addGestureRecognizer(doubleTap)
    tap.require(toFail: doubleTap)
    doubleTap.require(toFail: tap)
    let runtime = GestureRuntime(window: window)
    var log: [String] = []
    // snippet: diagnostic-handler
    runtime.diagnosticHandler = { diagnostic in
      // "[tap, doubleTap] cycle of failure requirements among tap, doubleTap; …"
      log.append("\(diagnostic.time) s: \(diagnostic)")
    }
    // end-snippet
    runtime.send(TouchInput(id: 1, phase: .began, x: 10, y: 10), at: Timestamp(seconds: 0.25))
    #expect(
      log == [
        "0.25 s: [tap, doubleTap] cycle of failure requirements among tap, doubleTap; those requirements are ignored for this attempt"
      ])
  }
}

#if os(Linux)
  @Suite("The documentation's loop of another toolkit")
  struct ForeignLoopSnippetTests {
    /// One protocol B frame, stamped now on the kernel's clock.
    static func frame(_ events: [(UInt16, UInt16, Int32)]) -> [UInt8] {
      let now = MonotonicClock.kernelNow()
      var bytes: [UInt8] = []
      for (type, code, value) in events { bytes += InputEvent(time: now, type: type, code: code, value: value).bytes }
      return bytes + InputEvent(time: now, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0).bytes
    }

    @Test(
      "Events read from a device are stamped, decoded and sent; nonsense is logged, a frame keeps its good contact, and a drop synchronizes"
    )
    func foreignLoop() throws {
      try withTemporaryFIFO("doc-loop", openWriter: true) { fifo, writer in try foreignLoop(fifo, writer) }
    }

    /// The test above, on the FIFO at `fifo` written through `writer`.
    func foreignLoop(_ fifo: String, _ writer: Int32) throws {
      let description = DeviceDescription(
        name: "fifo",
        axes: [
          EventCode.ABS_MT_SLOT: AbsoluteAxis(minimum: 0, maximum: 9),
          EventCode.ABS_MT_POSITION_X: AbsoluteAxis(minimum: 0, maximum: 4000),
          EventCode.ABS_MT_POSITION_Y: AbsoluteAxis(minimum: 0, maximum: 8000),
        ])
      let device = try InputDevice(path: fifo, description: description)
      let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
      let tap = TapGestureRecognizer(name: "tap")
      window.addGestureRecognizer(tap)
      var taps = 0
      tap.addAction { _ in taps += 1 }
      let clock = MonotonicClock()
      let runtime = GestureRuntime(window: window, clock: clock)
      var decoder = try InputDecoder(description: device.description, frame: window.frame)
      decoder.synchronize(with: device)
      var log: [String] = []
      var dropped = false
      // A tap in slot 0; between its landing and its lift, a frame naming slot 40 of a device
      // with 10 (nonsense the loop logs); then a drop, after which the loop synchronizes.
      let (abs, syn) = (EventCode.EV_ABS, EventCode.EV_SYN)
      var bytes = Self.frame([
        (abs, EventCode.ABS_MT_SLOT, 0), (abs, EventCode.ABS_MT_TRACKING_ID, 1),
        (abs, EventCode.ABS_MT_POSITION_X, 2000), (abs, EventCode.ABS_MT_POSITION_Y, 2000),
      ])
      bytes += Self.frame([(abs, EventCode.ABS_MT_SLOT, 40), (abs, EventCode.ABS_MT_TRACKING_ID, 2)])
      bytes += Self.frame([(abs, EventCode.ABS_MT_SLOT, 0), (abs, EventCode.ABS_MT_TRACKING_ID, -1)])
      bytes += Self.frame([(syn, EventCode.SYN_DROPPED, 0)])
      /// What the app's loop does when the device is readable.
      func readable() {
        // snippet: foreign-loop
        var events: [InputEvent] = []
        _ = device.read(into: &events)
        for var event in events {
          event.time = clock.timestamp(kernelTime: event.time)  // clock: the runtime's MonotonicClock
          let isReport = event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT
          var frame: InputFrame?
          do {
            frame = try decoder.decode(event)
          } catch {
            log.append("\(error)")  // the device's nonsense: dropped, and the frame goes on without it
            if isReport { frame = try? decoder.decode(event) }
          }
          frame?.send(to: runtime)
          if event.type == EventCode.EV_SYN && event.code == EventCode.SYN_DROPPED { dropped = true }
          if isReport && dropped {
            // Events were lost: once the frame they cut is over, ask the device what it holds.
            dropped = false
            decoder.synchronize(with: device)
          }
        }
        // end-snippet
      }
      #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) } == bytes.count)
      readable()
      #expect(taps == 1)
      #expect(log.count == 1)
      #expect(!dropped)

      // A decoder not synchronized (as for a device read before it was asked what it holds): a
      // contact landing without a position is nonsense its frame's SYN_REPORT reports; decoded
      // again, the report gives the frame with the other contact, whose tap fires.
      decoder = try InputDecoder(description: device.description, frame: window.frame)
      bytes = Self.frame([
        (abs, EventCode.ABS_MT_SLOT, 0), (abs, EventCode.ABS_MT_TRACKING_ID, 5),
        (abs, EventCode.ABS_MT_SLOT, 1), (abs, EventCode.ABS_MT_TRACKING_ID, 6),
        (abs, EventCode.ABS_MT_POSITION_X, 1000), (abs, EventCode.ABS_MT_POSITION_Y, 1000),
      ])
      bytes += Self.frame([(abs, EventCode.ABS_MT_TRACKING_ID, -1)])
      #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) } == bytes.count)
      readable()
      #expect(taps == 2)
      #expect(log.count == 2)
      #expect(log.last?.contains("never reported its position") == true)
    }
  }
#endif

// snippet: photo-viewer
/// Lets the photo's pan, pinch and rotation recognize with each other.
final class PhotoViewerDelegate: GestureRecognizerDelegate {
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    let together = ["pan", "pinch", "rotation"]
    return together.contains(gestureRecognizer.name) && together.contains(other.name)
  }
}

/// The photo viewer's window: a zoomed and turned photo with its recognizers, and a back swipe
/// from the left edge. Recognizers hold their delegate weakly, as in UIKit: keep it alive.
func makePhotoViewer(delegate: PhotoViewerDelegate) -> View {
  let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
  let photo = View(name: "photo", frame: Rect(x: 50, y: 250, width: 300, height: 300))
  photo.transform = AffineTransform(scaleX: 1.5, y: 1.5).rotated(by: 0.5)
  window.addSubview(photo)

  let back = ScreenEdgePanGestureRecognizer(name: "back", edges: .left)
  window.addGestureRecognizer(back)
  let pan = PanGestureRecognizer(name: "pan")
  pan.require(toFail: back)
  let together: [GestureRecognizer] = [
    pan, PinchGestureRecognizer(name: "pinch"), RotationGestureRecognizer(name: "rotation"),
  ]
  for recognizer in together {
    recognizer.delegate = delegate
    photo.addGestureRecognizer(recognizer)
  }
  photo.addGestureRecognizer(TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2))
  photo.addGestureRecognizer(LongPressGestureRecognizer(name: "press"))
  return window
}
// end-snippet
