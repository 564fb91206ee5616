import GestureCore
import GestureRuntime

enum ExplainCommand {
  static let command = Subcommand(
    name: "explain",
    overview: "Say why a recognizer did or did not fire, as a short chain of sentences drawn from the trace.",
    usage: "explain <scene> <events> <recognizer> [--description <file>] [--calibration <matrix>]",
    arguments: [
      ("<scene>", "The scene file (*.scene.json)."),
      ("<events>", "The event script or a device recording (evemu); - reads standard input."),
      ("<recognizer>", "The name of the recognizer to explain."),
    ],
    options: RecordingOptions.help,
    valued: RecordingOptions.valued, flags: [],
    run: run)

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 3, command)
    let scene = try GestureCtl.loadScene(arguments.positional[0], context, script: arguments.positional[1])
    let name = arguments.positional[2]
    guard let recognizer = scene.recognizer(named: name) else {
      let names = scene.recognizers.map(\.recognizer.name)
      throw .usage(
        "no recognizer named '\(name)' in \(arguments.positional[0])\(didYouMean(name, names)); it has \(names.joined(separator: ", "))"
      )
    }
    let recorder = TraceRecorder()
    try GestureCtl.replay(
      scene: scene, scenePath: arguments.positional[0], eventsPath: arguments.positional[1], trace: recorder,
      recording: try RecordingOptions(arguments), warnings: context.stderr)
    let lines = explain(name, recognizer: recognizer, scene: scene, events: recorder.events)
    context.stdout.write(lines.joined(separator: "\n") + "\n")
    return 0
  }

  static func seconds(_ time: Timestamp) -> String { "\(TraceFormat.fixed3(time.seconds)) s" }

  /// The explanation: one line per attempt, sentences joined by "; ".
  static func explain(_ name: String, recognizer: GestureRecognizer, scene: Scene, events: [TraceEvent]) -> [String] {
    var attempts: [[String]] = []
    var current: [String] = []
    var waitedFor: Set<String> = []
    var actions = 0
    var touchedViews: [String] = []
    var pointerViews = PointerViews()
    var sawAnything = false

    func close() {
      if actions > 0 { current.append("\(actions) action\(actions == 1 ? "" : "s") sent") }
      if !current.isEmpty { attempts.append(current) }
      current = []
      waitedFor = []
      actions = 0
    }

    for event in events {
      let t = seconds(event.time)
      switch event.kind {
      case .touch(_, let phase, _, let view, _, _):
        if phase == .began { touchedViews.append(view ?? "no view") }
      case .hover(let phase, _, let view):
        if phase != .exited { pointerViews.hovered.append(view ?? "no view") }
      case .scroll(_, let type, _, _, let view):
        pointerViews.scrolled.append((type, view ?? "no view"))
      case .wait(let who, let wants, let targets) where who == name:
        sawAnything = true
        waitedFor.formUnion(targets)
        current.append(
          "\(name) asked for \(wants) at \(t) but waited for \(targets.joined(separator: " and ")) to fail")
      case .state(let who, let from, let to, let reason) where who == name:
        sawAnything = true
        switch (from, to) {
        case (.possible, .ended):
          current.append("\(name) recognized at \(t)\(reason == "recognized" ? "" : " (\(reason))")")
        case (.possible, .began): current.append("\(name) began at \(t) (\(reason))")
        case (_, .changed): break
        case (_, .ended): current.append("\(name) ended at \(t) (\(reason))")
        case (_, .failed): current.append("\(name) failed at \(t) because \(reason)")
        case (_, .cancelled): current.append("\(name) was cancelled at \(t) because \(reason)")
        default: break
        }
      case .state(let who, _, let to, let reason) where waitedFor.contains(who) && to.isTerminal:
        current.append(
          to == .failed
            ? "\(who) failed at \(t) because \(reason)"
            : "\(who) \(to == .ended ? "recognized" : to.description) at \(t)")
        waitedFor.remove(who)
      case .state(let who, .possible, let to, _) where waitedFor.contains(who) && to == .began:
        current.append("\(who) began at \(t)")
        waitedFor.remove(who)
      case .action(let who, _, _, _) where who == name:
        actions += 1
      case .diagnostic(let message, let names) where names.contains(name):
        sawAnything = true
        current.append("note at \(t): \(message)")
      case .reset(let who) where who == name:
        sawAnything = true
        close()
      default:
        break
      }
    }
    close()
    if !sawAnything {
      if let sentence = neverReachedByPointer(
        name, recognizer: recognizer, pointerViews, hadTouches: !touchedViews.isEmpty)
      {
        return [sentence]
      }
      return [neverReached(name, recognizer: recognizer, touchedViews: touchedViews)]
    }
    return attempts.enumerated().map { index, sentences in
      (attempts.count > 1 ? "Attempt \(index + 1): " : "") + sentences.joined(separator: "; ") + "."
    }
  }

  static func neverReached(_ name: String, recognizer: GestureRecognizer, touchedViews: [String]) -> String {
    var reasons: [String] = []
    if !recognizer.isEnabled { reasons.append("it is disabled (isEnabled false)") }
    if let view = recognizer.view {
      var node: View? = view
      while let current = node {
        if current.isHidden { reasons.append("\(current.name) is hidden") }
        if !current.isUserInteractionEnabled { reasons.append("\(current.name) has user interaction disabled") }
        node = current.superview
      }
      let unique = touchedViews.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      if touchedViews.isEmpty {
        reasons.append("the script has no touch")
      } else if reasons.isEmpty {
        reasons.append(
          "touches hit \(unique.joined(separator: ", ")), and \(name) is on \(view.name), which none of them is or is inside"
        )
      }
    }
    return "\(name) never received a touch, so it never left possible: \(reasons.joined(separator: "; "))."
  }
}
