import Foundation
import GestureCore
import GestureRecognizers
import GestureRuntime
import Testing

@testable import GestureCtlKit

@Suite("gesturectl render")
struct RenderCommandTests {
  static let scene = example("swipe-pan.scene.json")
  static let events = example("swipe-pan-slow.events.jsonl")

  static func recordedTrace(_ files: Files) -> String {
    files.write("t.trace.jsonl", gesturectl(["trace", scene, events, "--format", "jsonl"]).out)
  }

  @Test("A JSON-lines trace renders as text exactly as trace prints it")
  func text() {
    let files = Files()
    let rendered = gesturectl(["render", Self.recordedTrace(files)])
    #expect(rendered.code == 0)
    #expect(rendered.err == "")
    #expect(rendered.out == gesturectl(["trace", Self.scene, Self.events, "--format", "text"]).out)
  }

  @Test("With its scene, a trace renders as the same timeline and page as trace draws")
  func withScene() {
    let files = Files()
    let trace = Self.recordedTrace(files)
    for format in ["svg", "html"] {
      let rendered = gesturectl(["render", trace, "--scene", Self.scene, "--format", format])
      let traced = gesturectl(["trace", Self.scene, Self.events, "--format", format])
      #expect(rendered.code == 0)
      // Only the page's title differs: it names the files.
      func body(_ text: String) -> String {
        text.components(separatedBy: "\n").filter { !$0.contains("<title>Trace") && !$0.contains("<h1>") }
          .joined(separator: "\n")
      }
      #expect(body(rendered.out) == body(traced.out), "\(format)")
    }
  }

  @Test("With a scene that lacks the trace's recognizers and views, render warns and still draws")
  func withAnotherScene() {
    let other = example("swipe-pan.scene.json")
    let rendered = gesturectl([
      "render", example("tap-doubletap-single.trace.jsonl"), "--scene", other, "--format", "html",
    ])
    #expect(rendered.code == 0)
    #expect(rendered.out.hasPrefix("<!DOCTYPE html>"))
    #expect(
      rendered.err
        == "\(other): warning: the trace names recognizers tap, doubleTap and view photo that this scene does not have; is it the scene the trace was recorded with?\n"
    )
    // Text draws no scene: the option is said to change nothing there.
    let text = gesturectl(["render", example("tap-doubletap-single.trace.jsonl"), "--scene", other])
    #expect(text.code == 0)
    #expect(
      text.err
        == "\(other): warning: --scene changes nothing in text: the scene orders the lanes of html and svg, which text has not\n"
    )
    let matching = gesturectl([
      "render", example("tap-doubletap-single.trace.jsonl"), "--scene", example("tap-doubletap.scene.json"),
      "--format", "html",
    ])
    #expect(matching.code == 0)
    #expect(matching.err == "")
  }

  @Test("Without a scene, lanes come in the order the trace names the recognizers, without kinds")
  func withoutScene() throws {
    let files = Files()
    let rendered = gesturectl(["render", Self.recordedTrace(files), "--format", "svg"])
    #expect(rendered.code == 0)
    let counter = try #require(XMLCounter.parse(rendered.out))
    #expect(counter.lanes.prefix(2) == ["pan", "swipe"])  // pan waits at 0.2 s, before swipe fails
    #expect(counter.lanes.contains("touch #1"))
    let page = gesturectl(["render", Self.recordedTrace(files), "--format", "html"])
    #expect(page.code == 0)
    #expect(!page.out.contains("class=\"graph\""))
  }

  @Test("A trace an app recorded through JSONLinesTraceWriter renders with gesturectl render")
  func fromAnApp() {
    var lines = ""
    let runtime = JSONLinesTraceWriterTests.photoViewer(trace: JSONLinesTraceWriter { lines += $0 })
    runtime.send(TouchInput(id: 1, phase: .began, x: 200, y: 200), at: Timestamp(seconds: 0))
    runtime.send(TouchInput(id: 1, phase: .ended, x: 200, y: 200), at: Timestamp(seconds: 0.08))
    runtime.advance(to: Timestamp(seconds: 1))
    let files = Files()
    let path = files.write("app.trace.jsonl", lines)
    let rendered = gesturectl(["render", path])
    #expect(rendered.code == 0)
    #expect(
      rendered.out
        == gesturectl([
          "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"),
        ]).out)
    let drawn = gesturectl(["render", path, "--scene", example("tap-doubletap.scene.json"), "--format", "svg"])
    #expect(drawn.code == 0)
    #expect(XMLCounter.parse(drawn.out)?.classes["mark"] == lines.split(separator: "\n").count)
  }

  @Test("The example trace the docs render is what trace --format jsonl prints for its script")
  func exampleTraceIsCurrent() throws {
    let stored = try String(contentsOfFile: example("tap-doubletap-single.trace.jsonl"), encoding: .utf8)
    let traced = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--format", "jsonl",
    ])
    // Regenerate with: gesturectl trace Examples/tap-doubletap.scene.json
    //   Examples/tap-doubletap-single.events.jsonl --format jsonl > Examples/tap-doubletap-single.trace.jsonl
    #expect(stored == traced.out)
  }

  struct BadTrace: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let message: String
    var testDescription: String { name }
  }

  static let good = #"{"t":0,"kind":"reset","recognizer":"tap"}"#
  static let badTraces: [BadTrace] = [
    BadTrace(name: "not JSON", text: good + "\n{\"t\":1,", message: "t.jsonl:2:8: error: expected a member name"),
    BadTrace(
      name: "unknown state",
      text: good + "\n\n" + #"{"t":1,"kind":"state","recognizer":"a","from":"possible","to":"recognised","reason":""}"#,
      message: "t.jsonl:3:63: error: to: unknown state 'recognised'"),
    BadTrace(
      name: "missing field", text: #"{"t":1,"kind":"wait","recognizer":"a","wants":"ended"}"#,
      message: "t.jsonl:1:1: error: missing required field 'waitingFor'"),
    BadTrace(
      name: "time goes backwards", text: #"{"t":1,"kind":"reset","recognizer":"a"}"# + "\n" + good,
      message: "t.jsonl:2:6: error: t: time goes backwards: 0 s after 1 s"),
    BadTrace(
      name: "a script instead of a trace", text: #"{"t": 0, "touches": []}"#,
      message: "t.jsonl:1:1: error: missing required field 'kind'"),
    BadTrace(name: "empty", text: "\n", message: "t.jsonl:1:1: error: expected trace lines"),
    BadTrace(
      name: "bad hover phase", text: #"{"t":0,"kind":"hover","phase":"entred","x":1,"y":2,"view":null}"#,
      message: "t.jsonl:1:31: error: phase: unknown hover phase 'entred' (did you mean 'entered'?)"),
    BadTrace(
      name: "scroll without dy", text: #"{"t":0,"kind":"scroll","dx":1,"type":"discrete","x":1,"y":2,"view":"v"}"#,
      message: "t.jsonl:1:1: error: missing required field 'dy'"),
    BadTrace(
      name: "bad call", text: #"{"t":0,"kind":"view","view":"v","call":"touchesBegun","touches":[1]}"#,
      message: "t.jsonl:1:40: error: call: unknown call 'touchesBegun' (did you mean 'touchesBegan'?)"),
  ]

  @Test("A bad trace line gets exit 65 with its line and column, and nothing is drawn", arguments: badTraces)
  func badTrace(_ bad: BadTrace) {
    let files = Files()
    let path = files.write("t.jsonl", bad.text)
    for format in ["text", "svg", "html"] {
      let result = gesturectl(["render", path, "--format", format])
      #expect(result.code == 65)
      #expect(result.out == "")
      #expect(result.err.hasPrefix(path.replacingOccurrences(of: "t.jsonl", with: "") + bad.message), "\(result.err)")
    }
  }

  @Test("Lines of kinds this build does not draw are skipped with a warning")
  func unknownKinds() {
    let files = Files()
    let path = files.write(
      "t.jsonl", Self.good + "\n" + #"{"t":0.5,"kind":"gaze","phase":"entered","x":1,"y":2}"# + "\n")
    let result = gesturectl(["render", path])
    #expect(result.code == 0)
    #expect(result.out == "    time  what      who            detail\n   0.000  reset     tap\n")
    #expect(result.err == "\(path): warning: skipped 1 line of kind 'gaze', which this gesturectl does not draw\n")
  }

  @Test(
    "A pointer trace (hover, scroll, presses) renders as trace prints it",
    arguments: ["list-row-wheel", "list-row-rightclick", "list-row-click"])
  func pointerTrace(_ name: String) {
    let files = Files()
    let scene = example("list-row.scene.json")
    let events = example(name + ".events.jsonl")
    let jsonl = gesturectl(["trace", scene, events, "--format", "jsonl"]).out
    // The traces have pointer lines to draw.
    #expect(jsonl.contains(#""kind":"hover""#))
    let path = files.write("t.trace.jsonl", jsonl)
    let rendered = gesturectl(["render", path])
    #expect(rendered.code == 0)
    #expect(rendered.err == "")
    #expect(rendered.out == gesturectl(["trace", scene, events]).out)
  }

  @Test("render's command line: a missing trace is 66, an unknown format 64")
  func commandLine() {
    #expect(gesturectl(["render", "/nonexistent/t.jsonl"]).code == 66)
    let files = Files()
    let path = files.write("t.jsonl", Self.good)
    let format = gesturectl(["render", path, "--format", "jsonl"])
    #expect(format.code == 64)
    #expect(format.err.hasPrefix("Error: unknown format 'jsonl'; expected text or html or svg"))
    #expect(gesturectl(["--help"]).out.contains("  render       Draw a JSON-lines trace"))
  }
}
