import Foundation
import GestureCore
import GestureRecognizers
import GestureRuntime
import Testing

@testable import GestureCtlKit

/// An app's delegate, answering in code.
private final class PhotoDelegate: GestureRecognizerDelegate {
  var preferDoubleTap = true

  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer)
    -> Bool
  {
    preferDoubleTap && gestureRecognizer.name == "tap" && other.name == "doubleTap"
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    gestureRecognizer.name == "press" && other.name == "pan"
  }

  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    guard gestureRecognizer.name == "pan" else { return true }
    var view = touch.view
    while let current = view {
      if current.name == "toolbar" { return false }
      view = current.superview
    }
    return true
  }
}

/// A button that keeps its container's pan away, as UIButton does.
private final class ButtonView: View {
  override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    gestureRecognizer.name != "pan"
  }
}

/// An app's screen: a photo with a tap, a double tap, a long press and a pan, a toolbar with a
/// button.
private struct PhotoApp {
  let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
  let delegate = PhotoDelegate()
  let tap = TapGestureRecognizer(name: "tap")
  let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
  let press = LongPressGestureRecognizer(name: "press")
  let pan = PanGestureRecognizer(name: "pan")
  let buttonTap = TapGestureRecognizer(name: "buttonTap")

  init() {
    let photo = View(name: "photo", frame: Rect(x: 0, y: 0, width: 400, height: 600))
    let toolbar = View(name: "toolbar", frame: Rect(x: 0, y: 700, width: 400, height: 100))
    let button = ButtonView(name: "button", frame: Rect(x: 10, y: 10, width: 80, height: 80))
    window.addSubview(photo)
    window.addSubview(toolbar)
    toolbar.addSubview(button)
    press.minimumPressDuration = .milliseconds(400)
    pan.maximumNumberOfTouches = 2
    for recognizer in [tap, doubleTap, press] {
      recognizer.delegate = delegate
      photo.addGestureRecognizer(recognizer)
    }
    pan.delegate = delegate
    pan.cancelsTouchesInView = false
    window.addGestureRecognizer(pan)
    button.addGestureRecognizer(buttonTap)
  }
}

@Suite("Debugging a field report: export, record, replay")
struct FieldReportTests {
  @Test("A live view tree exports as a scene: kinds, changed parameters, delegates' answers, vetoes")
  func export() throws {
    let app = PhotoApp()
    let scene = try SceneExporter().scene(of: app.window)
    #expect(
      scene == """
        {
          "format": "gesture-scene/1",
          "views": [
            { "name": "window", "frame": [0, 0, 400, 800], "subviews": [
              { "name": "photo", "frame": [0, 0, 400, 600] },
              { "name": "toolbar", "frame": [0, 700, 400, 100], "subviews": [
                { "name": "button", "frame": [10, 10, 80, 80], "vetoes": ["pan"] }
              ]}
            ]}
          ],
          "recognizers": [
            { "name": "pan", "kind": "pan", "view": "window", "cancelsTouchesInView": false, "delegate": "panDelegate", "maximumNumberOfTouches": 2 },
            { "name": "tap", "kind": "tap", "view": "photo", "delegate": "panDelegate" },
            { "name": "doubleTap", "kind": "tap", "view": "photo", "delegate": "panDelegate", "numberOfTapsRequired": 2 },
            { "name": "press", "kind": "longPress", "view": "photo", "delegate": "panDelegate", "minimumPressDuration": 0.4 },
            { "name": "buttonTap", "kind": "tap", "view": "button" }
          ],
          "delegates": [
            { "name": "panDelegate", "shouldRequireFailureOf": [["tap", "doubleTap"]], "shouldRecognizeSimultaneouslyWith": [["press", "pan"]], "shouldReceiveTouch": { "pan": { "notInViews": ["toolbar"] } } }
          ]
        }

        """)
    let files = Files()
    let path = files.write("app.scene.json", scene)
    let validated = gesturectl(["validate", path])
    #expect(validated.code == 0, "\(validated.err)")
    #expect(validated.err == "")
  }

  @Test("The answers are frozen at export time")
  func frozen() throws {
    let app = PhotoApp()
    app.delegate.preferDoubleTap = false
    let scene = try SceneExporter().scene(of: app.window)
    #expect(!scene.contains("shouldRequireFailureOf"))
  }

  @Test("What cannot be a scene is an error that names it")
  func failures() {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(View(name: "window", frame: Rect(x: 0, y: 0, width: 1, height: 1)))
    #expect(throws: SceneExporter.Failure.self) { try SceneExporter().scene(of: window) }
    let lone = View(name: "lone", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let outside = TapGestureRecognizer(name: "outside")
    let inside = TapGestureRecognizer(name: "inside")
    inside.require(toFail: outside)
    lone.addGestureRecognizer(inside)
    #expect(throws: SceneExporter.Failure.self) { try SceneExporter().scene(of: lone) }
    let other = View(name: "root", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    other.addGestureRecognizer(CheckMarkGestureRecognizer(name: "check"))
    do {
      _ = try SceneExporter(catalog: .standard).scene(of: other)
      Issue.record("a kind that cannot read its recognizers back was exported")
    } catch {
      #expect(
        error.description
          == "recognizer 'check' (CheckMarkGestureRecognizer) is of no kind the catalog can read back: register its RecognizerKind with reading(_:)"
      )
    }
  }

  @Test("Every built-in kind exports, each with its parameters, and loads back as the same kind")
  func everyBuiltInKind() throws {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let pinch = PinchGestureRecognizer(name: "pinch")
    pinch.minimumSpanChange = 12
    let rotation = RotationGestureRecognizer(name: "rotation")
    rotation.minimumRotation = 0.25
    let edge = ScreenEdgePanGestureRecognizer(name: "edge")
    edge.edges = [.left, .bottom]
    let all: [GestureRecognizer] = [
      TapGestureRecognizer(name: "tap"), SwipeGestureRecognizer(name: "swipe"), PanGestureRecognizer(name: "pan"),
      LongPressGestureRecognizer(name: "press"), pinch, rotation, edge, HoverGestureRecognizer(name: "hover"),
    ]
    for recognizer in all { root.addGestureRecognizer(recognizer) }
    let scene = try SceneExporter().scene(of: root)
    for line in [
      #"{ "name": "pinch", "kind": "pinch", "view": "root", "minimumSpanChange": 12 }"#,
      #"{ "name": "rotation", "kind": "rotation", "view": "root", "minimumRotation": 0.25 }"#,
      #"{ "name": "edge", "kind": "screenEdgePan", "view": "root", "edges": ["left", "bottom"]"#,
      #"{ "name": "hover", "kind": "hover", "view": "root", "allowedTouchTypes": [] }"#,
    ] {
      #expect(scene.contains(line), "\(line) not in \(scene)")
    }
    let loaded = try SceneLoader(file: "kinds.scene.json").load(bytes: Array(scene.utf8))
    let kinds = loaded.root.gestureRecognizers.map { String(describing: type(of: $0)) }
    #expect(kinds == all.map { String(describing: type(of: $0)) })
  }

  @Test("An app's own kind exports once it reads its recognizers back")
  func appKind() throws {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let check = CheckMarkGestureRecognizer(name: "check")
    check.minimumStroke = 30
    root.addGestureRecognizer(check)
    let scene = try SceneExporter(catalog: catalogWithCheckMark()).scene(of: root)
    #expect(scene.contains(#"{ "name": "check", "kind": "checkMark", "view": "root", "minimumStroke": 30 }"#))
  }

  @Test("An exported scene and the recorded script replay to the app's own trace, line for line")
  func replay() throws {
    let app = PhotoApp()
    var appTrace = ""
    let recorder = EventScriptRecorder(forwardingTo: JSONLinesTraceWriter { appTrace += $0 })
    let runtime = GestureRuntime(window: app.window, trace: recorder)
    func send(_ t: Double, _ touches: TouchInput...) { runtime.send(touches, at: Timestamp(seconds: t)) }
    // A single tap, released when the double tap fails.
    send(0, TouchInput(id: 1, phase: .began, x: 200, y: 200))
    send(0.08, TouchInput(id: 1, phase: .ended, x: 200, y: 200))
    // A long press, then a two-finger drag that pans with it.
    send(1, TouchInput(id: 2, phase: .began, x: 100, y: 100))
    runtime.advance(to: Timestamp(seconds: 1.5))
    send(1.6, TouchInput(id: 3, phase: .began, x: 150, y: 100))
    for step in 1...5 {
      let dx = Double(step) * 12
      send(
        1.6 + Double(step) * 0.02, TouchInput(id: 2, phase: .moved, x: 100 + dx, y: 100),
        TouchInput(id: 3, phase: .moved, x: 150 + dx, y: 100))
    }
    send(1.8, TouchInput(id: 2, phase: .ended, x: 160, y: 100), TouchInput(id: 3, phase: .ended, x: 210, y: 100))
    // The app disables the double tap; a tap on the photo is then recognized at once.
    app.doubleTap.isEnabled = false
    recorder.recordSetEnabled(app.doubleTap, false, at: Timestamp(seconds: 2))
    send(2.5, TouchInput(id: 4, phase: .began, x: 200, y: 300))
    send(2.55, TouchInput(id: 4, phase: .ended, x: 200, y: 300))
    // A press on the button, which keeps the pan away even when the finger drags.
    send(3, TouchInput(id: 5, phase: .began, x: 50, y: 750))
    send(3.05, TouchInput(id: 5, phase: .moved, x: 52, y: 751))
    send(3.1, TouchInput(id: 5, phase: .ended, x: 52, y: 751))
    runtime.runUntilIdle()

    app.doubleTap.isEnabled = true  // the scene is exported as the app was set up
    let files = Files()
    let scenePath = files.write("report.scene.json", try SceneExporter().scene(of: app.window))
    let scriptPath = files.write("report.events.jsonl", recorder.script)
    // Both files are what the package's JSON Schemas describe.
    #expect(SchemaTests.sceneErrors(try SceneExporter().scene(of: app.window)) == [])
    #expect(SchemaTests.scriptErrors(recorder.script) == [])
    let replayed = gesturectl(["trace", scenePath, scriptPath, "--format", "jsonl"])
    #expect(replayed.code == 0, "\(replayed.err)")
    #expect(replayed.err == "")
    #expect(replayed.out == appTrace)
    #expect(appTrace.contains(#""recognizer":"pan","from":"possible","to":"began""#))
    #expect(appTrace.contains(#""recognizer":"press","from":"possible","to":"began""#))
    #expect(recorder.script.contains(#"{"t": 0.43}"#))
    // And explain answers the report's question.
    let explained = gesturectl(["explain", scenePath, scriptPath, "tap"])
    #expect(explained.out.hasPrefix("Attempt 1: tap asked for ended at 0.080 s but waited for doubleTap to fail"))
    // The app's trace renders with its exported scene.
    let tracePath = files.write("report.trace.jsonl", appTrace)
    #expect(
      gesturectl(["render", tracePath, "--scene", scenePath]).out == gesturectl(["trace", scenePath, scriptPath]).out)
  }

  /// The pointer example's scene (Examples/list-row.scene.json), loaded as an app's view tree.
  static func listRow() throws -> Scene {
    let text = try String(contentsOfFile: example("list-row.scene.json"), encoding: .utf8)
    return try SceneLoader(file: "list-row.scene.json").load(bytes: Array(text.utf8))
  }

  @Test("Hover and scroll input is recorded as the script's hover and scroll entries, and replays to the app's trace")
  func pointerReplay() throws {
    let scene = try Self.listRow()
    var appTrace = ""
    let recorder = EventScriptRecorder(forwardingTo: JSONLinesTraceWriter { appTrace += $0 })
    let runtime = GestureRuntime(window: scene.root, trace: recorder)
    runtime.send(HoverInput(x: 200, y: 300), at: .zero)
    runtime.send(HoverInput(x: 80, y: 122), at: Timestamp(seconds: 0.1))
    for step in 0..<3 {
      runtime.send(
        ScrollInput(x: 80, y: 122, dx: 0, dy: -40, type: .discrete), at: Timestamp(seconds: 0.2 + 0.05 * Double(step)))
    }
    let phases: [ScrollInput.Phase] = [.began, .changed, .changed, .ended]
    for (index, phase) in phases.enumerated() {
      runtime.send(
        ScrollInput(x: 80, y: 122, dx: 0, dy: index == 0 ? 0 : 12, type: .continuous, phase: phase),
        at: Timestamp(seconds: 1 + 0.016 * Double(index)))
    }
    // A right click on the row: a press of the pointer with its secondary button.
    runtime.send(HoverInput(x: 80, y: 122), at: Timestamp(seconds: 1.2))
    let press = TouchInput(id: 1, phase: .began, x: 80, y: 122, type: .indirectPointer)
    runtime.send([press], buttonMask: .secondary, at: Timestamp(seconds: 1.3))
    var lift = press
    lift.phase = .ended
    runtime.send([lift], buttonMask: [], at: Timestamp(seconds: 1.38))
    runtime.send(HoverInput(x: 90, y: 122), at: Timestamp(seconds: 1.45))
    runtime.send(HoverInput.exited(), at: Timestamp(seconds: 1.5))
    runtime.runUntilIdle()
    let files = Files()
    let scriptPath = files.write("report.events.jsonl", recorder.script)
    #expect(recorder.script.hasPrefix(#"{"t": 0, "hover": {"x": 200, "y": 300}}"#), "\(recorder.script)")
    #expect(recorder.script.contains(#"{"t": 1.5, "hover": "exited"}"#), "\(recorder.script)")
    #expect(
      recorder.script.contains(
        #"{"t": 1.016, "scroll": {"x": 80, "y": 122, "dx": 0, "dy": 12, "type": "continuous", "phase": "changed"}}"#),
      "\(recorder.script)")
    #expect(SchemaTests.scriptErrors(recorder.script) == [])
    let replayed = gesturectl(["trace", example("list-row.scene.json"), scriptPath, "--format", "jsonl"])
    #expect(replayed.code == 0, "\(replayed.err)")
    #expect(replayed.out == appTrace)
    #expect(appTrace.contains(#""recognizer":"scroll","from":"possible","to":"began""#))
    #expect(appTrace.contains(#""recognizer":"highlight","from":"possible","to":"began""#))
    // The press comes back as a press, with its button: the menu recognizes, not the tap.
    #expect(
      recorder.script.contains(
        #"{"t": 1.3, "buttons": ["secondary"], "touches": [{"id": 1, "phase": "began", "x": 80, "y": 122, "type": "indirectPointer"}]}"#
      ), "\(recorder.script)")
    #expect(appTrace.contains(#""recognizer":"menu","from":"possible","to":"ended""#))
    #expect(appTrace.contains(#""type":"indirectPointer","buttons":["secondary"]"#))
  }

  @Test("A continuous scroll the app sent out of order is recorded as a script gives it, which gesturectl reads")
  func scrollOutOfOrder() throws {
    let scene = try Self.listRow()
    let recorder = EventScriptRecorder()
    let runtime = GestureRuntime(window: scene.root, trace: recorder)
    // An ended with nothing begun, then steps without a began: the runtime takes them.
    let phases: [ScrollInput.Phase] = [.ended, .changed, .changed, .ended]
    for (index, phase) in phases.enumerated() {
      runtime.send(
        ScrollInput(x: 80, y: 122, dx: 0, dy: 10, type: .continuous, phase: phase),
        at: Timestamp(seconds: 0.016 * Double(index)))
    }
    runtime.runUntilIdle()
    let scrolls = recorder.script.split(separator: "\n").filter { $0.contains("scroll") }
    #expect(
      scrolls.map { $0.firstMatch(of: #/"phase": "(\w+)"/#).map { String($0.1) } ?? "" } == [
        "began", "changed", "ended",
      ],
      "\(recorder.script)")
    let files = Files()
    let scriptPath = files.write("report.events.jsonl", recorder.script)
    let validated = gesturectl(["validate", example("list-row.scene.json"), scriptPath])
    #expect(validated.code == 0, "\(validated.err)")
  }
}
