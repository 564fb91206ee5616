import Foundation
import GestureCore
import GestureRecognizers
import Testing

@testable import GestureCtlKit

@Suite("gesturectl inspect, graph, list")
struct InspectGraphListTests {
  @Test("inspect shows the tree, each requirement with its origin, simultaneity, and no findings for the example")
  func inspectExample() {
    let result = gesturectl(["inspect", example("tap-doubletap.scene.json")])
    #expect(result.code == 0)
    #expect(
      result.out == """
        Views:
          window [0, 0, 400, 800]
            photo [0, 0, 400, 400]
              • tap (tap, delegate photoDelegate)
              • doubleTap (tap)

        Failure requirements (waiter → waits for target to fail):
          tap → doubleTap   via shouldRequireFailureOf of photoDelegate

        Simultaneous recognition:
          none

        Findings:
          none

        """)
  }

  @Test("inspect reports a cycle as an error (exit 1) and each kind of warning")
  func inspectFindings() {
    let files = Files()
    let path = files.write(
      "s.json",
      """
      {"views": [{"name": "R", "frame": [0, 0, 400, 800], "subviews": [
         {"name": "A", "frame": [0, 0, 100, 100]},
         {"name": "B", "frame": [200, 0, 100, 100]},
         {"name": "H", "frame": [0, 200, 100, 100], "isHidden": true},
         {"name": "Under", "frame": [0, 400, 50, 50]},
         {"name": "Over", "frame": [0, 400, 100, 100]}]}],
       "recognizers": [
         {"name": "a", "kind": "tap", "view": "A", "requireToFail": ["b"]},
         {"name": "b", "kind": "tap", "view": "A", "requireToFail": ["a"]},
         {"name": "far", "kind": "tap", "view": "B", "requireToFail": ["a"]},
         {"name": "press", "kind": "longPress", "view": "A", "requireToFail": ["pan"], "delegate": "d"},
         {"name": "pan", "kind": "pan", "view": "A"},
         {"name": "hidden", "kind": "tap", "view": "H"},
         {"name": "covered", "kind": "tap", "view": "Under"}],
       "delegates": [{"name": "d", "shouldRecognizeSimultaneouslyWith": [["pan", "press"], ["press", "*"]]}]}
      """)
    let result = gesturectl(["inspect", path])
    #expect(result.code == 1)
    let findings = result.out.components(separatedBy: "Findings:\n").last ?? ""
    #expect(
      findings.split(separator: "\n").map(String.init) == [
        "  warning: d.shouldRecognizeSimultaneouslyWith lists [pan, press], but pan does not have d as its delegate: never consulted",
        "  error: cycle of failure requirements: a → b → a; the runtime ignores these requirements and the recognizers compete by plain exclusion",
        "  warning: far (on B) requires a (on A) to fail, but no touch reaches both views: the requirement only holds while a has a touch from another finger",
        "  warning: press waits for pan, which cannot fail while a finger rests: press (longPress) cannot begin until the finger moves or lifts",
        "  warning: hidden is on H, which is hidden: no touch reaches it",
        "  warning: covered is on Under, which is entirely covered by Over in front: no touch reaches it",
      ])
    #expect(result.out.contains("  a → b   via requireToFail   [cycle]"))
    #expect(result.out.contains("  press ⇄ a   via shouldRecognizeSimultaneouslyWith of d"))
    let json = gesturectl(["inspect", path, "--format", "json"])
    #expect(json.code == 1)
    #expect(json.out.contains(#""cycles": [["a","b"]]"#))
    #expect((try? JSONSerialization.jsonObject(with: Data(json.out.utf8))) != nil)
  }

  @Test("graph draws views as clusters, requirement edges with their origin, simultaneity dashed, cycles marked")
  func graph() {
    let files = Files()
    let path = files.write(
      "s.json",
      scene(
        """
        [{"name": "a", "kind": "tap", "view": "V", "requireToFail": ["b"]},
         {"name": "b", "kind": "tap", "view": "V", "requireToFail": ["a"], "delegate": "d"},
         {"name": "p", "kind": "pan", "view": "R"}]
        """, delegates: #"[{"name": "d", "shouldRecognizeSimultaneouslyWith": [["b", "p"]]}]"#))
    let dot = gesturectl(["graph", path])
    #expect(dot.code == 0)
    #expect(dot.out.contains("subgraph cluster_R {"))
    #expect(dot.out.contains("subgraph cluster_V {"))
    #expect(dot.out.contains(##"r_a -> r_b [label="requireToFail (cycle)", color="#D55E00""##))
    #expect(dot.out.contains(#"r_b -> r_p [dir=none, style=dashed, label="simultaneous (d)"];"#))
    let mermaid = gesturectl(["graph", path, "--format", "mermaid"])
    #expect(mermaid.out.hasPrefix("flowchart LR\n"))
    #expect(mermaid.out.contains(#"r_a -->|"requireToFail (cycle)"| r_b"#))
    #expect(mermaid.out.contains(#"r_b -.-|"simultaneous (d)"| r_p"#))
    #expect(mermaid.out.contains("linkStyle 0 stroke:#D55E00"))
  }

  @Test("list shows every kind of the catalog with every parameter and its default")
  func list() throws {
    let text = gesturectl(["list"]).out
    for kind in RecognizerCatalog.standard.kinds {
      #expect(text.contains("\(kind.name): \(kind.summary)"))
      for parameter in kind.parameters {
        #expect(text.contains(parameter.name), "\(kind.name).\(parameter.name)")
      }
    }
    #expect(text.contains("maximumIntervalBetweenSuccessiveTaps"))
    let json = gesturectl(["list", "--format", "json"]).out
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(
      parsed.map { $0["kind"] as? String } == [
        "tap", "swipe", "pan", "longPress", "pinch", "rotation", "screenEdgePan", "hover",
      ])
    #expect(text.contains("edges") && text.contains("required"))
    // The defaults every kind shares are the recognizers' own; a hover recognizer's touch types
    // are none.
    #expect(TapGestureRecognizer().allowedTouchTypes == Set(TouchType.allCases))
    #expect(HoverGestureRecognizer().allowedTouchTypes.isEmpty)
    #expect(text.contains("indirectPointer default all (hover: none, it gets no touches)\n"))
  }

  @Test(
    "A delegate's \"*\" pairs over 300 recognizers: each of the 89,700 requirements is listed once, one cycle through all"
  )
  func everyPairOfAStar() throws {
    let count = 300
    let recognizers = (0..<count).map { #"{"name": "r\#($0)", "kind": "tap", "view": "w", "delegate": "d"}"# }
    let pairs = (0..<count).map { #"["r\#($0)", "*"]"# }
    let text = """
      {"views": [{"name": "w", "frame": [0, 0, 400, 800]}],
       "recognizers": [\(recognizers.joined(separator: ", "))],
       "delegates": [{"name": "d", "shouldRequireFailureOf": [\(pairs.joined(separator: ", "))]}]}
      """
    let loaded = try SceneLoader(file: "star.scene.json").load(bytes: Array(text.utf8))
    let analysis = SceneAnalysis(scene: loaded, catalog: .standard)
    #expect(analysis.requirements.count == count * (count - 1))
    #expect(Set(analysis.requirements.map { [$0.waiter, $0.target] }).count == count * (count - 1))
    #expect(analysis.cycles.count == 1 && analysis.cycles.first?.count == count)
  }

  @Test("graph --format mermaid writes names that hold quotes, brackets and arrows inside their labels")
  func mermaidEscapes() {
    let files = Files()
    let path = files.write(
      "q.scene.json",
      #"""
      {"views": [{"name": "win\"dow", "frame": [0, 0, 400, 800]}], "recognizers": [
        {"name": "t\"ap]; x -->", "kind": "tap", "view": "win\"dow", "requireToFail": ["b#1"]},
        {"name": "b#1", "kind": "tap", "view": "win\"dow", "numberOfTapsRequired": 2}]}
      """#)
    let result = gesturectl(["graph", path, "--format", "mermaid"])
    #expect(result.code == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasSuffix(#"["win#quot;dow"]"#) })
    #expect(lines.contains { $0.hasSuffix(#"["t#quot;ap]; x --#gt;<br/><i>tap</i>"]"#) })
    #expect(lines.contains { $0.hasSuffix(#"["b#35;1<br/><i>tap</i>"]"#) })
    // Every label's quotes pair up: no name ends one early.
    #expect(lines.allSatisfy { $0.filter { $0 == "\"" }.count % 2 == 0 })
  }

  @Test("A plug-in kind registered in the catalog can be named by scene files")
  func pluginKind() throws {
    var catalog = RecognizerCatalog.standard
    catalog.register(
      RecognizerKind(
        name: "custom", summary: "A test kind.", parameters: [], make: { name, _ in TapGestureRecognizer(name: name) }))
    let loader = SceneLoader(file: "s.json", catalog: catalog)
    let loaded = try loader.load(bytes: Array(scene(#"[{"name": "c", "kind": "custom", "view": "V"}]"#).utf8))
    #expect(loaded.recognizers.map(\.kind) == ["custom"])
  }

  @Test("An app's own build names itself in its help, usage lines and version")
  func toolName() {
    let (help, usage, synthHelp, version, unknown) = GestureCtl.$toolName.withValue("checkmarkctl") {
      (
        gesturectl(["trace", "--help"]), gesturectl(["trace"]), gesturectl(["synth", "tap", "--help"]),
        gesturectl(["--version"]), gesturectl(["tracee"])
      )
    }
    #expect(help.out.contains("USAGE: checkmarkctl trace <scene> <events>"))
    #expect(usage.code == 64)
    #expect(usage.err.contains("Usage: checkmarkctl trace <scene> <events>"))
    #expect(usage.err.contains("See 'checkmarkctl trace --help'."))
    #expect(synthHelp.out.contains("USAGE: checkmarkctl synth tap [options]"))
    #expect(synthHelp.out.contains("EXAMPLE:\n  checkmarkctl synth tap"))
    #expect(version.out == "checkmarkctl \(GestureCtl.version)\n")
    #expect(unknown.err.hasSuffix("See 'checkmarkctl --help'.\n"), "\(unknown.err)")
    for result in [help, usage, synthHelp, version, unknown] {
      #expect(!(result.out + result.err).contains("gesturectl"), "\(result.out)\(result.err)")
    }
    // Outside it, the standard name.
    #expect(gesturectl(["--version"]).out == "gesturectl \(GestureCtl.version)\n")
  }

  @Test(
    "Recognizers whose own settings keep them from recognizing are warned about; a scroll-only pan and a hover are not")
  func neverRecognizes() {
    let files = Files()
    let path = files.write(
      "never.scene.json",
      """
      {"format": "gesture-scene/1", "views": [{"name": "w", "frame": [0, 0, 400, 800]}], "recognizers": [
       {"name": "edge", "kind": "screenEdgePan", "view": "w", "edges": []},
       {"name": "tap", "kind": "tap", "view": "w", "allowedTouchTypes": []},
       {"name": "pan", "kind": "pan", "view": "w", "minimumNumberOfTouches": 3, "maximumNumberOfTouches": 2},
       {"name": "wheel", "kind": "pan", "view": "w", "allowedTouchTypes": [], "allowedScrollTypesMask": ["discrete"]},
       {"name": "hover", "kind": "hover", "view": "w"}]}
      """)
    let expected = [
      "edge watches no edge (edges is empty): it can never begin",
      "tap allows no touch type (allowedTouchTypes is empty): no touch reaches it",
      "pan needs at least 3 fingers (minimumNumberOfTouches) but takes at most 2 (maximumNumberOfTouches): it can never begin",
    ]
    let inspected = gesturectl(["inspect", path])
    #expect(inspected.code == 0)
    #expect(inspected.out.hasSuffix("Findings:\n" + expected.map { "  warning: \($0)\n" }.joined()), "\(inspected.out)")
    let validated = gesturectl(["validate", path])
    #expect(validated.code == 0)
    #expect(validated.err == expected.map { "\(path): warning: \($0)\n" }.joined(), "\(validated.err)")
  }
}
