import Foundation
import Testing

@testable import GestureCtlKit

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Counts elements and attributes of an XML document.
final class XMLCounter: NSObject, XMLParserDelegate {
  var elements: [String: Int] = [:]
  var classes: [String: Int] = [:]
  var lanes: [String] = []
  var titles: [String] = []
  private var inTitle = false
  private var title = ""

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements[name, default: 0] += 1
    if let value = attributes["class"] { classes[value, default: 0] += 1 }
    if let lane = attributes["data-lane"] { lanes.append(lane) }
    if name == "title" {
      inTitle = true
      title = ""
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inTitle { title += string }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    if name == "title" {
      inTitle = false
      titles.append(title)
    }
  }

  static func parse(_ text: String) -> XMLCounter? {
    let counter = XMLCounter()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = counter
    return parser.parse() ? counter : nil
  }
}

@Suite("Pictures: timelines, scenes and graphs")
struct PictureTests {
  static let examples: [(String, String)] = [
    ("tap-doubletap.scene.json", "tap-doubletap-single.events.jsonl"),
    ("tap-doubletap.scene.json", "tap-doubletap-double.events.jsonl"),
    ("swipe-pan.scene.json", "swipe-pan-slow.events.jsonl"),
    ("swipe-pan.scene.json", "swipe-pan-flick.events.jsonl"),
    ("simultaneous.scene.json", "press-and-drag.events.jsonl"),
    ("button.scene.json", "button-tap.events.jsonl"),
  ]

  @Test(
    "The timeline parses as XML, has a lane per recognizer and one mark per trace event, titled with its line",
    arguments: examples.indices)
  func timeline(_ index: Int) throws {
    let (scene, events) = Self.examples[index]
    let svg = gesturectl(["trace", example(scene), example(events), "--format", "svg"])
    #expect(svg.code == 0)
    let counter = try #require(XMLCounter.parse(svg.out), "not well-formed XML")
    let jsonl = gesturectl(["trace", example(scene), example(events), "--format", "jsonl"])
    let lines = jsonl.out.split(separator: "\n")
    #expect(counter.classes["mark"] == lines.count)
    let text = gesturectl(["trace", example(scene), example(events), "--format", "text"], terminal: false)
    _ = text
    let loaded = try GestureCtl.loadScene(
      example(scene), CommandContext(stdout: StringOutput(), stderr: StringOutput(), stdoutIsTerminal: false))
    for info in loaded.recognizers {
      #expect(counter.lanes.contains("\(info.recognizer.name) (\(info.kind))"), "lane for \(info.recognizer.name)")
    }
    #expect(
      counter.lanes.filter { !$0.hasPrefix("touch") && !$0.hasPrefix("view") && $0 != "diagnostics" }.count
        == loaded.recognizers.count)
    // Every mark's title is its trace line, in order.
    let recorder = gesturectl(["trace", example(scene), example(events), "--format", "jsonl"])
    #expect(!recorder.out.isEmpty)
    #expect(counter.titles.contains("0 touch 1 began \(Self.firstTouch(jsonl.out))"))
  }

  static func firstTouch(_ jsonl: String) -> String {
    // "(x, y) view" of the first touch line, as TraceEvent.description prints it.
    guard let line = jsonl.split(separator: "\n").first,
      let data = line.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let x = object["x"] as? Double, let y = object["y"] as? Double
    else { return "" }
    return "(\(Int(x)), \(Int(y))) \(object["view"] as? String ?? "-")"
  }

  @Test("The HTML page is self-contained: no script, no external file, a timeline per zoom level, scene and graph")
  func html() throws {
    let page = gesturectl([
      "trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl"), "--format", "html",
    ])
    #expect(page.code == 0)
    #expect(page.out.hasPrefix("<!DOCTYPE html>"))
    #expect(!page.out.contains("<script"))
    #expect(!page.out.contains("src="))
    #expect(!page.out.contains("href="))
    #expect(!page.out.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
    let drawings = page.out.components(separatedBy: "<svg ").dropFirst().map {
      "<svg " + $0.components(separatedBy: "</svg>")[0] + "</svg>"
    }
    #expect(drawings.count == TraceReport.zoomLevels.count + 2)
    for drawing in drawings {
      #expect(XMLCounter.parse(drawing) != nil, "\(drawing.prefix(80))")
    }
    #expect(page.out.contains("class=\"scene\""))
    #expect(page.out.contains("class=\"graph\""))
    #expect(page.out.contains("class=\"touch-path\""))
  }

  @Test("graph --format svg lays out every recognizer, labels requirements with their origin and marks cycles")
  func graphSVG() throws {
    let files = Files()
    let path = files.write(
      "s.json",
      scene(
        """
        [{"name": "a", "kind": "tap", "view": "V", "requireToFail": ["b"]},
         {"name": "b", "kind": "tap", "view": "V", "requireToFail": ["a"], "delegate": "d"},
         {"name": "c", "kind": "pan", "view": "R", "requireToFail": ["a"]}]
        """, delegates: #"[{"name": "d", "shouldRecognizeSimultaneouslyWith": [["b", "c"]]}]"#))
    let svg = gesturectl(["graph", path, "--format", "svg"])
    #expect(svg.code == 0)
    let counter = try #require(XMLCounter.parse(svg.out))
    #expect(counter.classes["node"] == 3)
    #expect(counter.classes["edge"] == 3)
    #expect(counter.classes["edge simultaneous"] == 1)
    #expect(svg.out.contains("requireToFail (cycle)"))
    #expect(svg.out.contains("url(#cyclehead)"))
    #expect(counter.titles.contains("c waits for a to fail, via requireToFail"))
  }

  static let goldens: [(String, [String])] = [
    (
      "tap-doubletap-single.timeline.svg",
      ["trace", "Examples/tap-doubletap.scene.json", "Examples/tap-doubletap-single.events.jsonl", "--format", "svg"]
    ),
    (
      "swipe-pan-slow.timeline.svg",
      ["trace", "Examples/swipe-pan.scene.json", "Examples/swipe-pan-slow.events.jsonl", "--format", "svg"]
    ),
    ("tap-doubletap.graph.svg", ["graph", "Examples/tap-doubletap.scene.json", "--format", "svg"]),
    (
      "tap-doubletap-single.html",
      ["trace", "Examples/tap-doubletap.scene.json", "Examples/tap-doubletap-single.events.jsonl", "--format", "html"]
    ),
    // The picture the README and the docs show.
    (
      "../../../Docs/Gestures.docc/Resources/tap-doubletap-timeline.svg",
      ["trace", "Examples/tap-doubletap.scene.json", "Examples/tap-doubletap-single.events.jsonl", "--format", "svg"]
    ),
  ]

  @Test(
    "The documentation's pictures match their golden files (UPDATE_GOLDEN=1 rewrites them)", arguments: goldens.indices)
  func golden(_ index: Int) throws {
    let (name, words) = Self.goldens[index]
    let resolved = words.map { $0.hasPrefix("Examples/") ? packageRoot + "/" + $0 : $0 }
    let output = gesturectl(resolved).out.replacingOccurrences(of: packageRoot + "/", with: "")
    let path = packageRoot + "/Tests/GesturectlTests/Golden/" + name
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try output.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let golden = try String(contentsOfFile: path, encoding: .utf8)
    #expect(output == golden, "\(name) differs from its golden file")
  }
}
