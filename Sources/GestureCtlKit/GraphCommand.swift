import GestureCore

enum GraphCommand {
  static let command = Subcommand(
    name: "graph",
    overview:
      "Draw a scene's dependency graph: views as clusters, requirements labelled with their origin, simultaneity dashed.",
    usage: "graph <scene> [--format dot|mermaid|svg]",
    arguments: [("<scene>", "The scene file (*.scene.json).")],
    options: [("--format <format>", "dot (the default; Graphviz), mermaid, or svg (laid out by this tool itself).")],
    valued: ["--format"], flags: [],
    run: run)

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 1, command)
    let format = arguments.options["--format"] ?? "dot"
    guard ["dot", "mermaid", "svg"].contains(format) else {
      throw .usage(
        "unknown format '\(format)'\(didYouMean(format, ["dot", "mermaid", "svg"])); expected dot, mermaid or svg")
    }
    let scene = try GestureCtl.loadScene(arguments.positional[0], context)
    let analysis = SceneAnalysis(scene: scene, catalog: context.catalog)
    switch format {
    case "dot": context.stdout.write(dot(analysis))
    case "mermaid": context.stdout.write(mermaid(analysis))
    default: context.stdout.write(GraphDrawing(analysis: analysis).svg())
    }
    return 0
  }

  static func id(_ prefix: String, _ name: String) -> String {
    var out = prefix
    for scalar in name.unicodeScalars {
      out +=
        (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) && scalar.isASCII
        ? String(scalar) : "_\(scalar.value)_"
    }
    return out
  }

  /// Text inside a Mermaid label's quotes: its quote, the characters of HTML and `#` written as
  /// Mermaid's entity codes, line breaks as spaces, so that no name can end the label.
  static func mermaidText(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\"": out += "#quot;"
      case "#": out += "#35;"
      case "<": out += "#lt;"
      case ">": out += "#gt;"
      case "&": out += "#amp;"
      case "\n", "\r", "\r\n": out += " "
      default: out.append(character)
      }
    }
    return out
  }

  /// A Graphviz string literal with one line per element.
  static func dotQuote(_ lines: [String]) -> String {
    let escaped = lines.map { line in
      var out = ""
      for character in line {
        if character == "\"" || character == "\\" { out.append("\\") }
        out.append(character)
      }
      return out
    }
    return "\"" + escaped.joined(separator: "\\n") + "\""
  }

  static func dot(_ analysis: SceneAnalysis) -> String {
    let scene = analysis.scene
    var out =
      "digraph scene {\n  rankdir=LR;\n  compound=true;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
    // Views as nested clusters, walked without recursion.
    var stack: [(View, Int, Bool)] = [(scene.root, 1, false)]
    while let (view, depth, closing) = stack.popLast() {
      let indent = String(repeating: "  ", count: depth)
      if closing {
        out += "\(indent)}\n"
        continue
      }
      out += "\(indent)subgraph \(id("cluster_", view.name)) {\n\(indent)  label=\(JSONText.quote(view.name));\n"
      for recognizer in view.gestureRecognizers {
        let kind = scene.recognizers.first { $0.recognizer === recognizer }?.kind ?? ""
        out += "\(indent)  \(id("r_", recognizer.name)) [label=\(dotQuote([recognizer.name, kind]))];\n"
      }
      stack.append((view, depth, true))
      for child in view.subviews.reversed() { stack.append((child, depth + 1, false)) }
    }
    for requirement in analysis.requirements {
      let style = requirement.onCycle ? ", color=\"#D55E00\", fontcolor=\"#D55E00\", penwidth=2" : ""
      let label = requirement.originText + (requirement.onCycle ? " (cycle)" : "")
      out +=
        "  \(id("r_", requirement.waiter)) -> \(id("r_", requirement.target)) [label=\(JSONText.quote(label))\(style)];\n"
    }
    for (a, b, delegate) in analysis.simultaneous {
      out +=
        "  \(id("r_", a)) -> \(id("r_", b)) [dir=none, style=dashed, label=\(JSONText.quote("simultaneous (\(delegate))"))];\n"
    }
    return out + "}\n"
  }

  static func mermaid(_ analysis: SceneAnalysis) -> String {
    let scene = analysis.scene
    var out = "flowchart LR\n"
    var stack: [(View, Int, Bool)] = [(scene.root, 1, false)]
    while let (view, depth, closing) = stack.popLast() {
      let indent = String(repeating: "  ", count: depth)
      if closing {
        out += "\(indent)end\n"
        continue
      }
      out += "\(indent)subgraph \(id("v_", view.name))[\"\(mermaidText(view.name))\"]\n"
      for recognizer in view.gestureRecognizers {
        let kind = scene.recognizers.first { $0.recognizer === recognizer }?.kind ?? ""
        out +=
          "\(indent)  \(id("r_", recognizer.name))[\"\(mermaidText(recognizer.name))<br/><i>\(mermaidText(kind))</i>\"]\n"
      }
      stack.append((view, depth, true))
      for child in view.subviews.reversed() { stack.append((child, depth + 1, false)) }
    }
    var cycleEdges: [Int] = []
    var edgeIndex = 0
    for requirement in analysis.requirements {
      out +=
        "  \(id("r_", requirement.waiter)) -->|\"\(mermaidText(requirement.originText))\(requirement.onCycle ? " (cycle)" : "")\"| \(id("r_", requirement.target))\n"
      if requirement.onCycle { cycleEdges.append(edgeIndex) }
      edgeIndex += 1
    }
    for (a, b, delegate) in analysis.simultaneous {
      out += "  \(id("r_", a)) -.-|\"simultaneous (\(mermaidText(delegate)))\"| \(id("r_", b))\n"
      edgeIndex += 1
    }
    for index in cycleEdges {
      out += "  linkStyle \(index) stroke:#D55E00,stroke-width:3px\n"
    }
    return out
  }
}
