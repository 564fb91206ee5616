import Foundation
import GestureCore
import GestureRecognizers
import GestureRuntime
import Testing

@testable import GestureCtlKit

/// The photo viewer's scripts in Examples/, `photo-viewer-NAME.events.jsonl`.
let photoViewerScripts = ["transform", "pinch", "rotate", "doubletap", "press", "back"]

/// The JSON-lines trace of an event script of touches and time marks replayed through the tree
/// under `window` by an app's own runtime.
func traceInCode(_ window: View, script: String) throws -> String {
  var trace = ""
  let runtime = GestureRuntime(window: window, trace: JSONLinesTraceWriter { trace += $0 })
  func number(_ value: Any?) throws -> Double { try #require((value as? NSNumber)?.doubleValue) }
  for line in script.split(separator: "\n") {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let time = Timestamp(seconds: try number(object["t"]))
    guard let touches = object["touches"] as? [[String: Any]] else {
      runtime.advance(to: time)
      continue
    }
    var inputs: [TouchInput] = []
    for touch in touches {
      let phase = try #require(TouchPhase(rawValue: touch["phase"] as? String ?? ""))
      inputs.append(
        TouchInput(id: Int(try number(touch["id"])), phase: phase, x: try number(touch["x"]), y: try number(touch["y"]))
      )
    }
    runtime.send(inputs, at: time)
  }
  runtime.runUntilIdle()
  return trace
}

/// `trace` (the text format) with the velocities of pinches and rotations left out: they come
/// from smoothing the recognizers choose, and are compared where those recognizers are tested.
/// A pan's velocity, a vector in parentheses, stays.
func withoutScalarVelocities(_ trace: String) -> String {
  trace.split(separator: "\n", omittingEmptySubsequences: false).map { line in
    guard let range = line.range(of: "  velocity ", options: .backwards), !line[range.upperBound...].hasPrefix("(")
    else { return String(line) }
    return line[..<range.upperBound] + "…"
  }.joined(separator: "\n")
}

/// The text trace of `script` (synth's words) through the scene `sceneText`.
func traceText(_ sceneText: String, synth words: [String]) -> String {
  let files = Files()
  let script = gesturectl(["synth"] + words)
  #expect(script.code == 0, "\(script.err)")
  let result = gesturectl([
    "trace", files.write("s.scene.json", sceneText), files.write("e.events.jsonl", script.out), "--format", "text",
  ])
  #expect(result.code == 0, "\(result.err)")
  return result.out
}

@Suite("The photo viewer: pan, pinch and rotation together, a double tap, a long press, a back swipe")
struct PhotoViewerTests {
  /// A view with a pan, a pinch and a rotation, allowed to recognize together or not.
  static func transformScene(simultaneous: Bool) -> String {
    scene(
      """
      [{"name": "pan", "kind": "pan", "view": "V", "delegate": "d"},
       {"name": "pinch", "kind": "pinch", "view": "V", "delegate": "d"},
       {"name": "rotation", "kind": "rotation", "view": "V", "delegate": "d"}]
      """,
      delegates: simultaneous
        ? #"[{"name": "d", "shouldRecognizeSimultaneouslyWith": [["pan", "pinch"], ["pan", "rotation"], ["pinch", "rotation"]]}]"#
        : #"[{"name": "d"}]"#)
  }

  static let twoFingers = [
    "pinch", "--x", "200", "--y", "200", "--scale", "1.5", "--rotation", "30", "--move", "60,40", "--duration", "0.064",
    "--step", "0.032",
  ]

  @Test("Pan, pinch and rotation on one view all begin, change and end together on a two-finger gesture")
  func panPinchRotationTogether() {
    let trace = traceText(Self.transformScene(simultaneous: true), synth: Self.twoFingers)
    #expect(
      withoutScalarVelocities(trace) == """
            time  what      who            detail
           0.000  touch     #1             began      (150, 200) in V
           0.000  touch     #2             began      (250, 200) in V
           0.000  view      V              touchesBegan #1 #2
           0.032  touch     #1             moved      (169.63, 203.824) in V
           0.032  touch     #2             moved      (290.37, 236.176) in V
           0.032  state     pan            possible → began     moved 30 pt, at least 10 pt
           0.032  state     pinch          possible → began     fingers moved 24.999198 pt apart or together, more than 8 pt
           0.032  state     rotation       possible → began     turned 0.261798 rad, more than 0.087266 rad
           0.032  ▶ action  pan            began      at (230, 220)  translation (20, 10)  velocity (937.5, 625)
           0.032  ▶ action  pinch          began      at (230, 220)  scale 1.249992  velocity …
           0.032  ▶ action  rotation       began      at (230, 220)  rotation 0.261798  velocity …
           0.032  view      V              touchesCancelled #1 #2
           0.064  touch     #1             moved      (195.048, 202.5) in V
           0.064  touch     #2             moved      (324.952, 277.5) in V
           0.064  ▶ changed pan            began → changed      at (260, 240)  translation (50, 30)  velocity (937.5, 625)
           0.064  ▶ changed pinch          began → changed      at (260, 240)  scale 1.500002  velocity …
           0.064  ▶ changed rotation       began → changed      at (260, 240)  rotation 0.523598  velocity …
           0.064  touch     #1             ended      (195.048, 202.5) in V
           0.064  touch     #2             ended      (324.952, 277.5) in V
           0.064  state     pan            changed → ended      all fingers lifted
           0.064  state     pinch          changed → ended      all fingers lifted
           0.064  state     rotation       changed → ended      all fingers lifted
           0.064  ▶ action  pan            ended      at (260, 240)  translation (50, 30)  velocity (937.5, 625)
           0.064  ▶ action  pinch          ended      at (260, 240)  scale 1.500002  velocity …
           0.064  ▶ action  rotation       ended      at (260, 240)  rotation 0.523598  velocity …
           0.064  reset     pan
           0.064  reset     pinch
           0.064  reset     rotation

        """)
  }

  @Test("Without the delegate's pairs, the first of the three to begin excludes the other two")
  func panPinchRotationExclusive() {
    let trace = traceText(Self.transformScene(simultaneous: false), synth: Self.twoFingers)
    #expect(trace.contains("state     pan            possible → began"))
    #expect(trace.contains("state     pinch          possible → failed    prevented by pan"))
    #expect(trace.contains("state     rotation       possible → failed    prevented by pan"))
    #expect(!trace.contains("▶ action  pinch"))
  }

  static let pinchOrDoubleTap = scene(
    """
    [{"name": "doubleTap", "kind": "tap", "view": "V", "numberOfTapsRequired": 2},
     {"name": "pinch", "kind": "pinch", "view": "V"}]
    """)

  @Test("Two fingers pinching do not make a double tap: it fails as they land, and the pinch begins")
  func pinchIsNoDoubleTap() {
    let trace = traceText(
      Self.pinchOrDoubleTap, synth: ["pinch", "--x", "200", "--y", "200", "--duration", "0.064", "--step", "0.032"])
    #expect(
      withoutScalarVelocities(trace) == """
            time  what      who            detail
           0.000  touch     #1             began      (150, 200) in V
           0.000  touch     #2             began      (250, 200) in V
           0.000  state     doubleTap      possible → failed    2 fingers down, 1 required
           0.000  view      V              touchesBegan #1 #2
           0.000  reset     doubleTap
           0.032  touch     #1             moved      (125, 200) in V
           0.032  touch     #2             moved      (275, 200) in V
           0.032  state     pinch          possible → began     fingers moved 50 pt apart or together, more than 8 pt
           0.032  ▶ action  pinch          began      at (200, 200)  scale 1.5  velocity …
           0.032  view      V              touchesCancelled #1 #2
           0.064  touch     #1             moved      (100, 200) in V
           0.064  touch     #2             moved      (300, 200) in V
           0.064  ▶ changed pinch          began → changed      at (200, 200)  scale 2  velocity …
           0.064  touch     #1             ended      (100, 200) in V
           0.064  touch     #2             ended      (300, 200) in V
           0.064  state     pinch          changed → ended      all fingers lifted
           0.064  ▶ action  pinch          ended      at (200, 200)  scale 2  velocity …
           0.064  reset     pinch

        """)
  }

  @Test("A double tap does not begin a pinch: one finger at a time fails it at each lift")
  func doubleTapIsNoPinch() {
    let trace = traceText(Self.pinchOrDoubleTap, synth: ["doubletap", "--x", "200", "--y", "200"])
    #expect(
      trace == """
            time  what      who            detail
           0.000  touch     #1             began      (200, 200) in V
           0.000  view      V              touchesBegan #1
           0.080  touch     #1             ended      (200, 200) in V
           0.080  state     pinch          possible → failed    lifted before the fingers moved 8 pt
           0.080  reset     pinch
           0.200  touch     #2             began      (200, 200) in V
           0.200  view      V              touchesBegan #2
           0.280  touch     #2             ended      (200, 200) in V
           0.280  state     pinch          possible → failed    lifted before the fingers moved 8 pt
           0.280  state     doubleTap      possible → ended     tap 2 of 2 ended
           0.280  ▶ action  doubleTap      ended      at (200, 200)
           0.280  view      V              touchesCancelled #1 #2
           0.280  reset     pinch
           0.280  reset     doubleTap

        """)
  }

  @Test("The photo viewer built in code traces each script as its scene file does", arguments: photoViewerScripts)
  func codeAndSceneAgree(_ name: String) throws {
    let delegate = PhotoViewerDelegate()
    let window = makePhotoViewer(delegate: delegate)
    let script = try String(contentsOfFile: example("photo-viewer-\(name).events.jsonl"), encoding: .utf8)
    let scripted = gesturectl([
      "trace", example("photo-viewer.scene.json"), example("photo-viewer-\(name).events.jsonl"), "--format", "jsonl",
    ])
    #expect(scripted.code == 0, "\(scripted.err)")
    #expect(try traceInCode(window, script: script) == scripted.out)
    #expect(scripted.out.contains(#""kind":"action""#), "every script makes the viewer act")
  }
}

extension PhotoViewerTests {
  @Test("The photo-viewer article names the synth command of every photo-viewer script")
  func articleNamesEveryCommand() throws {
    let article = try String(contentsOfFile: DocsTests.catalogFolder + "/BuildingAPhotoViewer.md", encoding: .utf8)
    let written = DocsTests.synthCommands(in: article).map(\.path)
    #expect(written == photoViewerScripts.map { "Examples/photo-viewer-\($0).events.jsonl" })
  }
}
