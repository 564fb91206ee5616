import Foundation
import GestureCore
import GestureRuntime
import Testing

@testable import GestureCtlKit

@Suite("Timeline layout")
struct TimelineLayoutTests {
  /// A pan dragged for a second at 125 moves a second, next to a tap that waits for a double tap.
  static func denseScene(_ files: Files) -> (scene: String, events: String) {
    let scenePath = files.write(
      "s.json",
      scene(
        #"""
        [{"name": "pan", "kind": "pan", "view": "V"},
         {"name": "aTapWithAVeryLongNameIndeed", "kind": "tap", "view": "V", "requireToFail": ["doubleTap"]},
         {"name": "doubleTap", "kind": "tap", "view": "V", "numberOfTapsRequired": 2}]
        """#))
    var script = #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100}]}"# + "\n"
    for step in 1...125 {
      script +=
        #"{"t": \#(Double(step) * 0.008), "touches": [{"id": 1, "phase": "moved", "x": \#(100 + step), "y": 100}]}"#
        + "\n"
    }
    script += #"{"t": 1.01, "touches": [{"id": 1, "phase": "ended", "x": 225, "y": 100}]}"# + "\n"
    script += #"{"t": 1.5, "touches": [{"id": 2, "phase": "began", "x": 50, "y": 50}]}"# + "\n"
    script += #"{"t": 1.55, "touches": [{"id": 2, "phase": "ended", "x": 50, "y": 50}]}"# + "\n"
    return (scenePath, files.write("e.jsonl", script))
  }

  static func numbers(_ text: String, _ attribute: String) -> Double? {
    guard let range = text.range(of: " \(attribute)=\"") else { return nil }
    return Double(text[range.upperBound...].prefix { $0 != "\"" })
  }

  @Test("Dense actions are drawn as ticks, and no two action triangles of a lane touch")
  func denseActions() {
    let files = Files()
    let (scenePath, eventsPath) = Self.denseScene(files)
    let svg = gesturectl(["trace", scenePath, eventsPath, "--format", "svg"]).out
    let actions = svg.components(separatedBy: "\n").filter { $0.contains("data-kind=\"action\"") }
    let ticks = actions.filter { $0.contains("<line ") }
    let triangles = actions.filter { $0.contains("<path ") }
    #expect(actions.count > 100)
    #expect(ticks.count >= actions.count - 3)
    // Triangles left: their tips are at least a triangle's width apart within the pan's lane.
    let tips = triangles.filter { $0.contains("action pan") }.compactMap { line -> Double? in
      guard let range = line.range(of: "<path d=\"M ") else { return nil }
      return Double(line[range.upperBound...].prefix { $0 != " " }).map { $0 + 5 }
    }
    for (a, b) in zip(tips, tips.dropFirst()) { #expect(b - a >= TimelineDrawing.actionWidth) }
  }

  @Test("Band labels keep off each other and off the lane's marks; long lane labels are shortened")
  func labels() throws {
    let files = Files()
    let (scenePath, eventsPath) = Self.denseScene(files)
    let svg = gesturectl(["trace", scenePath, eventsPath, "--format", "svg"]).out
    let lines = svg.components(separatedBy: "\n")
    // Vertical marks (state, wait, reset) by lane top: x positions.
    var marks: [(x: Double, top: Double, bottom: Double)] = []
    for line in lines where line.contains("data-kind=\"state\"") || line.contains("data-kind=\"wait\"") {
      if let x = Self.numbers(line, "x1"), let y1 = Self.numbers(line, "y1"), let y2 = Self.numbers(line, "y2") {
        marks.append((x, y1, y2))
      }
    }
    var labels: [(x0: Double, x1: Double, y: Double)] = []
    for line in lines {
      for piece in line.components(separatedBy: "<text class=\"small band-label\"").dropFirst() {
        let x = try #require(Self.numbers(piece, "x"))
        let y = try #require(Self.numbers(piece, "y"))
        let text = piece.components(separatedBy: ">")[1].components(separatedBy: "<")[0]
        labels.append((x, x + Double(text.count) * TimelineDrawing.smallCharacterWidth, y))
      }
    }
    #expect(!labels.isEmpty)
    for (i, a) in labels.enumerated() {
      for b in labels[(i + 1)...] where a.y == b.y {
        #expect(a.x1 <= b.x0 || b.x1 <= a.x0, "labels at \(a) and \(b) overlap")
      }
      for mark in marks where mark.top <= a.y && a.y - 10 <= mark.bottom {
        #expect(!(a.x0 < mark.x && mark.x < a.x1), "label at \(a) covers a mark at \(mark.x)")
      }
    }
    let counter = try #require(XMLCounter.parse(svg))
    let long = "aTapWithAVeryLongNameIndeed (tap)"
    #expect(counter.lanes.contains(long))
    #expect(svg.contains("<title>\(long)</title>"))
    #expect(!svg.contains(">\(long)</text>"))
  }

  @Test("The page's timeline spans its width and can be zoomed, without a script")
  func zoom() {
    let page = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--format", "html",
    ]).out
    #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\""))
    for level in TraceReport.zoomLevels {
      #expect(page.contains("<input type=\"radio\" name=\"zoom\" id=\"zoom\(level)\""))
      #expect(page.contains("#zoom\(level):checked ~ .zoom-levels .z\(level) { display: block; }"))
      #expect(page.contains("id=\"z\(level)-hatch\""))
    }
    #expect(page.contains("viewBox=\"0 0 \(SVG.number(TimelineDrawing.labelWidth + 900 * 16 + 30))"))
  }
}
