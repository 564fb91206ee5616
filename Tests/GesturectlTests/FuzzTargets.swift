import GestureCore
import GestureInput
import GestureRecognizers
import GestureRuntime

@testable import GestureCtlKit

#if canImport(GestureTestSupport)
  import GestureTestSupport  // the fuzzer compiles its SeededGenerator into its own module
#endif

// The bodies of the libFuzzer targets of Tests/Fuzz (built and run by Scripts/fuzz.sh). The tests
// run the same bodies over the committed corpus, so every input the fuzzer ever kept, and every
// crash it found, stays a regression test. No Testing, no Foundation: the fuzzer compiles this file.

/// Random draws taken from the fuzzer's bytes, one byte a draw, so that a mutated byte changes one
/// decision; when the bytes run out, a fixed seeded sequence takes over (never a constant, which
/// could make a rejection-sampling draw loop forever).
struct FuzzByteSource: RandomNumberGenerator {
  let bytes: [UInt8]
  var index = 0
  var fallback = SeededGenerator(seed: 0x5EED)

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() -> UInt64 {
    guard index < bytes.count else { return fallback.next() }
    index += 1
    return UInt64(bytes[index - 1]) &* 0x0101_0101_0101_0101
  }
}

enum FuzzTargets {
  /// The targets, by the name Scripts/fuzz.sh gives in GESTURE_FUZZ_TARGET and the corpus folders.
  static let names = ["scene", "script", "runtime", "recording"]

  /// Runs target `name` on one input. Returns a broken invariant, if any (the fuzzer traps on it).
  static func run(_ name: String, _ bytes: [UInt8]) -> String? {
    switch name {
    case "scene": scene(bytes)
    case "script": script(bytes)
    case "recording": recording(bytes)
    default: runtime(bytes)
    }
  }

  /// The scene parser and loader, then the analysis every command runs on a loaded scene.
  static func scene(_ bytes: [UInt8]) -> String? {
    let loaded: Scene
    do {
      loaded = try SceneLoader(file: "fuzz.scene.json").load(bytes: bytes)
    } catch {
      return error.message.isEmpty ? "an error without a message" : nil
    }
    let analysis = SceneAnalysis(scene: loaded, catalog: .standard)
    if InspectCommand.text(analysis).isEmpty || InspectCommand.json(analysis).isEmpty {
      return "inspect printed nothing for a scene that loads"
    }
    // Whatever the scene, a short fixed script runs through it: two fingers, a tap, a drag, a hold.
    let replay = Replay(scene: loaded, trace: TraceRecorder())
    let inputs: [(Double, [TouchInput])] = [
      (0, [TouchInput(id: 1, phase: .began, x: 20, y: 20)]), (0.05, [TouchInput(id: 1, phase: .ended, x: 20, y: 20)]),
      (0.2, [TouchInput(id: 2, phase: .began, x: 50, y: 50), TouchInput(id: 3, phase: .began, x: 90, y: 60)]),
      (0.25, [TouchInput(id: 2, phase: .moved, x: 90, y: 50)]),
      (0.3, [TouchInput(id: 3, phase: .cancelled, x: 90, y: 60)]),
      (1.2, [TouchInput(id: 2, phase: .ended, x: 90, y: 50)]),
    ]
    for (time, touches) in inputs { replay.runtime.send(touches, at: Timestamp(seconds: time)) }
    replay.finish()
    if replay.runtime.activeTouchCount != 0 { return "a finger is still down after every touch ended" }
    return nil
  }

  /// A scene every script can name things in: the W1 group with a delegate, on nested views, and
  /// a secondary-click tap, a hover and a scroll pan for pointer input.
  static let scriptScene = """
    {"format": "gesture-scene/1",
     "views": [{"name": "window", "frame": [0, 0, 1000, 1000], "subviews": [
       {"name": "canvas", "frame": [0, 0, 1000, 1000], "subviews": [{"name": "button", "frame": [10, 10, 80, 40]}]}]}],
     "recognizers": [
       {"name": "doubleTap", "kind": "tap", "view": "canvas", "numberOfTapsRequired": 2},
       {"name": "tap", "kind": "tap", "view": "canvas", "requireToFail": ["doubleTap"]},
       {"name": "swipe", "kind": "swipe", "view": "canvas", "direction": ["left", "right", "up", "down"]},
       {"name": "pan", "kind": "pan", "view": "canvas", "requireToFail": ["swipe"], "delegate": "d"},
       {"name": "press", "kind": "longPress", "view": "canvas", "minimumPressDuration": 0.25},
       {"name": "buttonTap", "kind": "tap", "view": "button", "cancelsTouchesInView": false},
       {"name": "menu", "kind": "tap", "view": "button", "buttonMaskRequired": ["secondary"]},
       {"name": "hover", "kind": "hover", "view": "button"},
       {"name": "wheel", "kind": "pan", "view": "window", "allowedScrollTypesMask": ["discrete", "continuous"]}],
     "delegates": [{"name": "d", "shouldRecognizeSimultaneouslyWith": [["pan", "press"]]}]}
    """

  /// The event-script reader; a script it accepts is replayed and traced in both formats.
  static func script(_ bytes: [UInt8]) -> String? {
    guard let scene = try? SceneLoader(file: "fuzz.scene.json").load(bytes: Array(scriptScene.utf8)) else {
      return "the fixed scene does not load"
    }
    var reader = EventScriptReader(
      file: "fuzz.events.jsonl", recognizerNames: Set(scene.recognizers.map(\.recognizer.name)),
      viewNames: Set(scene.views.map(\.name)))
    var events: [ScriptEvent] = []
    do {
      try reader.read(from: LineReader(bytes: bytes)) { events.append($0) }
    } catch {
      return error.message.isEmpty ? "an error without a message" : nil
    }
    let recorder = TraceRecorder()
    let replay = Replay(scene: scene, trace: recorder)
    for event in events.prefix(10_000) { replay.apply(event) }
    replay.finish()
    for event in recorder.events {
      _ = TraceFormat.text(event)
      _ = TraceFormat.json(event)
    }
    return nil
  }

  /// The evemu reader and the touch decoders on a recording: every frame's touches must make a
  /// valid event (a touch begins once, moves and ends only while down, appears once per frame,
  /// at finite coordinates), and the frames replay through the script scene.
  static func recording(_ bytes: [UInt8]) -> String? {
    guard let scene = try? SceneLoader(file: "fuzz.scene.json").load(bytes: Array(scriptScene.utf8)) else {
      return "the fixed scene does not load"
    }
    let lines = LineReader(bytes: bytes)
    var decoder = RecordingDecoder(frame: scene.root.frame)
    var frames: [InputFrame] = []
    var live: Set<Int> = []
    var lastTime = Timestamp.zero
    // An axis the recording describes wrongly is reported at its A: line, when the first event
    // needs it; any other error is on the line read.
    var axisLines: Set<Int> = []
    while let line = try? lines.nextLine() ?? nil {
      if line.starts(with: Array("A:".utf8)) { axisLines.insert(lines.lineNumber) }
      let frame: InputFrame?
      do {
        frame = try decoder.decode(line: line, number: lines.lineNumber)
      } catch {
        if error.message.isEmpty { return "an error without a message" }
        if error.column < 1 || (error.line != lines.lineNumber && !axisLines.contains(error.line)) {
          return "an error at \(error.line):\(error.column), neither on line \(lines.lineNumber) nor on an A: line"
        }
        break
      }
      guard let frame else { continue }
      if frame.time < lastTime { return "a frame at \(frame.time) s after one at \(lastTime) s" }
      lastTime = frame.time
      var seen: Set<Int> = []
      for touch in frame.touches {
        let id = touch.input.id
        if !seen.insert(id).inserted { return "touch \(id) twice in one frame" }
        if !touch.input.location.x.isFinite || !touch.input.location.y.isFinite { return "a non-finite location" }
        switch touch.input.phase {
        case .began:
          if !live.insert(id).inserted { return "touch \(id) began twice" }
        case .moved, .stationary:
          if !live.contains(id) { return "touch \(id) moved while up" }
        case .ended, .cancelled:
          if live.remove(id) == nil { return "touch \(id) ended while up" }
        }
        if let force = touch.force, !(force >= 0) { return "a negative force" }
        if let radius = touch.majorRadius, !(radius >= 0) { return "a negative radius" }
      }
      if let problem = pointerViolation(frame, &live, within: scene.root.frame) { return problem }
      if frames.count < 10_000 { frames.append(frame) }
    }
    let replay = Replay(scene: scene, trace: TraceRecorder())
    for frame in frames {
      for event in RecordingInput.scriptEvents(frame) { replay.apply(event) }
    }
    replay.finish()
    return nil
  }

  /// A pointer device's frame must make valid pointer input: one press at a time, begun with a
  /// button down, moved with one down, ended or cancelled with none; no hover while it is down;
  /// finite locations and deltas within the root view.
  static func pointerViolation(_ frame: InputFrame, _ live: inout Set<Int>, within bounds: Rect) -> String? {
    func outside(_ point: Point) -> Bool {
      !(point.x >= bounds.origin.x && point.x <= bounds.origin.x + bounds.size.width && point.y >= bounds.origin.y
        && point.y <= bounds.origin.y + bounds.size.height)
    }
    for input in frame.pointerInputs {
      switch input {
      case .press(let touch, let buttonMask):
        if touch.type != .indirectPointer { return "a press of type \(touch.type)" }
        if outside(touch.location) { return "a press at \(touch.location), outside the root view" }
        switch touch.phase {
        case .began:
          if !live.isEmpty { return "press \(touch.id) began while another is down" }
          if buttonMask.isEmpty { return "press \(touch.id) began with no button down" }
          live.insert(touch.id)
        case .moved, .stationary:
          if !live.contains(touch.id) || buttonMask.isEmpty { return "press \(touch.id) moved while up" }
        case .ended, .cancelled:
          if live.remove(touch.id) == nil || !buttonMask.isEmpty { return "press \(touch.id) ended while up" }
        }
      case .hover(let hover):
        if !live.isEmpty { return "hover while a press is down" }
        if let location = hover.location, outside(location) { return "hover at \(location), outside the root view" }
      case .scroll(let scroll):
        if outside(scroll.location) || !scroll.delta.x.isFinite || !scroll.delta.y.isFinite {
          return "a scroll by \(scroll.delta) at \(scroll.location)"
        }
      }
    }
    return nil
  }

  /// The runtime on a scene and a touch stream decoded from the bytes, with every invariant of
  /// the randomized tests checked after every dispatch.
  static func runtime(_ bytes: [UInt8]) -> String? {
    var source = FuzzByteSource(bytes)
    return violation(of: RandomCase.make(using: &source))
  }
}
