import GestureCore
import GestureRecognizers
import GestureRuntime
import Testing

@testable import GestureCtlKit

@Suite("The public JSON-lines trace sink")
struct JSONLinesTraceWriterTests {
  /// The README's tap and double tap, built in Swift as an app builds them.
  static func photoViewer(trace: any TraceSink) -> GestureRuntime {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let photo = View(name: "photo", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(photo)
    let tap = TapGestureRecognizer(name: "tap")
    let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
    tap.require(toFail: doubleTap)
    photo.addGestureRecognizer(tap)
    photo.addGestureRecognizer(doubleTap)
    return GestureRuntime(window: window, trace: trace)
  }

  @Test("An app's runtime writes, line for line, what gesturectl trace --format jsonl prints")
  func sameLinesAsGesturectl() {
    var written: [String] = []
    let runtime = Self.photoViewer(trace: JSONLinesTraceWriter { written.append($0) })
    runtime.send(TouchInput(id: 1, phase: .began, x: 200, y: 200), at: Timestamp(seconds: 0))
    runtime.send(TouchInput(id: 1, phase: .ended, x: 200, y: 200), at: Timestamp(seconds: 0.08))
    runtime.advance(to: Timestamp(seconds: 1))
    let replayed = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--format", "jsonl",
    ])
    #expect(replayed.code == 0)
    #expect(written.allSatisfy { $0.hasSuffix("}\n") && $0.dropLast().allSatisfy { $0 != "\n" } })
    #expect(written.joined() == replayed.out)
  }

  @Test("Strings are escaped and attributes written as numbers or pairs")
  func encoding() {
    let events = [
      TraceEvent(
        time: Timestamp(seconds: 0.25),
        kind: .diagnostic(message: "a \"quoted\"\nmessage\u{1}", recognizers: ["a", "b"])),
      TraceEvent(
        time: Timestamp(seconds: 1.5),
        kind: .action(
          recognizer: "pan", state: .changed, location: Point(x: 1.5, y: -2),
          attributes: [
            TraceAttribute(name: "translation", values: [3, 4]), TraceAttribute(name: "scale", values: [0.5]),
          ])),
      TraceEvent(time: .zero, kind: .touch(id: 7, phase: .cancelled, location: Point(x: 1, y: 2), view: nil)),
    ]
    #expect(
      events.map(JSONLinesTraceWriter.line) == [
        #"{"t":0.25,"kind":"diagnostic","message":"a \"quoted\"\nmessage\u0001","recognizers":["a","b"]}"#,
        #"{"t":1.5,"kind":"action","recognizer":"pan","state":"changed","location":[1.5,-2],"translation":[3,4],"scale":0.5}"#,
        #"{"t":0,"kind":"touch","touch":7,"phase":"cancelled","x":1,"y":2,"view":null}"#,
      ])
  }
}
