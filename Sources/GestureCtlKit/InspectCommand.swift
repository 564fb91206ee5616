import GestureCore

enum InspectCommand {
  static let command = Subcommand(
    name: "inspect",
    overview:
      "Show a scene's views and recognizers, every failure requirement with its origin, simultaneity, and findings.",
    usage: "inspect <scene> [--format text|json]",
    arguments: [("<scene>", "The scene file (*.scene.json).")],
    options: [("--format <format>", "text (the default) or json.")],
    valued: ["--format"], flags: [],
    run: run)

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 1, command)
    let format = arguments.options["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      throw .usage("unknown format '\(format)'\(didYouMean(format, ["text", "json"])); expected text or json")
    }
    let scene = try GestureCtl.loadScene(arguments.positional[0], context)
    let analysis = SceneAnalysis(scene: scene, catalog: context.catalog)
    context.stdout.write(format == "json" ? json(analysis) : text(analysis))
    return analysis.findings.contains { $0.severity == .error } ? 1 : 0
  }

  static func describe(_ info: Scene.RecognizerInfo) -> String {
    let recognizer = info.recognizer
    var parts = [info.kind]
    if let delegate = info.delegateName { parts.append("delegate \(delegate)") }
    if !recognizer.isEnabled { parts.append("disabled") }
    if !recognizer.cancelsTouchesInView { parts.append("cancelsTouchesInView false") }
    if recognizer.delaysTouchesBegan { parts.append("delaysTouchesBegan") }
    if !recognizer.delaysTouchesEnded { parts.append("delaysTouchesEnded false") }
    return "\(recognizer.name) (\(parts.joined(separator: ", ")))"
  }

  static func text(_ analysis: SceneAnalysis) -> String {
    let scene = analysis.scene
    var out = "Views:\n"
    var stack: [(View, Int)] = [(scene.root, 1)]
    while let (view, depth) = stack.popLast() {
      var flags: [String] = []
      if view.isHidden { flags.append("hidden") }
      if !view.isUserInteractionEnabled { flags.append("no interaction") }
      if !view.isMultipleTouchEnabled { flags.append("single touch") }
      let indent = String(repeating: "  ", count: depth)
      out += "\(indent)\(view.name) \(view.frame)\(flags.isEmpty ? "" : " [" + flags.joined(separator: ", ") + "]")\n"
      for recognizer in view.gestureRecognizers {
        if let info = scene.recognizers.first(where: { $0.recognizer === recognizer }) {
          out += "\(indent)  • \(describe(info))\n"
        }
      }
      for child in view.subviews.reversed() { stack.append((child, depth + 1)) }
    }
    out += "\nFailure requirements (waiter → waits for target to fail):\n"
    if analysis.requirements.isEmpty { out += "  none\n" }
    for requirement in analysis.requirements {
      out +=
        "  \(requirement.waiter) → \(requirement.target)   via \(requirement.originText)\(requirement.onCycle ? "   [cycle]" : "")\n"
    }
    out += "\nSimultaneous recognition:\n"
    if analysis.simultaneous.isEmpty { out += "  none\n" }
    for (a, b, delegate) in analysis.simultaneous {
      out += "  \(a) ⇄ \(b)   via shouldRecognizeSimultaneouslyWith of \(delegate)\n"
    }
    out += "\nFindings:\n"
    if analysis.findings.isEmpty { out += "  none\n" }
    for finding in analysis.findings {
      out += "  \(finding.severity.rawValue): \(finding.message)\n"
    }
    return out
  }

  static func json(_ analysis: SceneAnalysis) -> String {
    let scene = analysis.scene
    var views: [String] = []
    for view in scene.views {
      let recognizers = view.gestureRecognizers.map { JSONText.quote($0.name) }.joined(separator: ",")
      views.append(
        "{\"name\":\(JSONText.quote(view.name)),\"superview\":\(view.superview.map { JSONText.quote($0.name) } ?? "null"),\"frame\":[\(JSONText.number(view.frame.minX)),\(JSONText.number(view.frame.minY)),\(JSONText.number(view.frame.width)),\(JSONText.number(view.frame.height))],\"recognizers\":[\(recognizers)]}"
      )
    }
    let recognizers = scene.recognizers.map { info in
      "{\"name\":\(JSONText.quote(info.recognizer.name)),\"kind\":\(JSONText.quote(info.kind)),\"view\":\(JSONText.quote(info.recognizer.view?.name ?? "")),\"delegate\":\(info.delegateName.map(JSONText.quote) ?? "null"),\"isEnabled\":\(info.recognizer.isEnabled)}"
    }
    let requirements = analysis.requirements.map { r in
      "{\"waiter\":\(JSONText.quote(r.waiter)),\"target\":\(JSONText.quote(r.target)),\"origin\":\(JSONText.quote(r.origin.description)),\"delegate\":\(r.delegate.map(JSONText.quote) ?? "null"),\"onCycle\":\(r.onCycle)}"
    }
    let simultaneous = analysis.simultaneous.map { a, b, d in
      "{\"recognizers\":[\(JSONText.quote(a)),\(JSONText.quote(b))],\"delegate\":\(JSONText.quote(d))}"
    }
    let findings = analysis.findings.map { f in
      "{\"severity\":\"\(f.severity.rawValue)\",\"message\":\(JSONText.quote(f.message))}"
    }
    let cycles = analysis.cycles.map { "[" + $0.map(JSONText.quote).joined(separator: ",") + "]" }
    return """
      {
        "views": [\(views.joined(separator: ",\n    "))],
        "recognizers": [\(recognizers.joined(separator: ",\n    "))],
        "requirements": [\(requirements.joined(separator: ",\n    "))],
        "simultaneous": [\(simultaneous.joined(separator: ",\n    "))],
        "cycles": [\(cycles.joined(separator: ", "))],
        "findings": [\(findings.joined(separator: ",\n    "))]
      }

      """
  }
}
