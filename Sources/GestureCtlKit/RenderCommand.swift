import GestureCore
import GestureRuntime

/// `gesturectl render`: draws a JSON-lines trace recorded elsewhere (by `trace --format jsonl`,
/// or by an app's ``GestureRuntime/JSONLinesTraceWriter``) as text, a timeline or a page.
enum RenderCommand {
  static let command = Subcommand(
    name: "render",
    overview: "Draw a JSON-lines trace recorded elsewhere (an app's trace sink, trace --format jsonl).",
    usage: "render <trace> [--scene <scene>] [--format text|html|svg]",
    arguments: [
      ("<trace>", "The trace, one JSON object per line (*.trace.jsonl); - reads standard input.")
    ],
    options: [
      (
        "--scene <scene>",
        "For html and svg, the scene the trace came from: lanes in its order with each recognizer's kind, and, in html, the scene and its dependency graph."
      ),
      ("--format <format>", "text (the default), html or svg."),
    ],
    valued: ["--scene", "--format"], flags: [],
    run: run)

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 1, command)
    let chosen = try TraceCommand.format(arguments, allowed: ["text", "html", "svg"])
    let tracePath = arguments.positional[0]
    let scene = try arguments.options["--scene"].map { path throws(InputError) in
      try GestureCtl.loadScene(path, context)
    }
    var reader = TraceFileReader(file: tracePath)
    let events = try reader.read(from: LineReader(path: tracePath))
    // Text draws no scene: only the timeline and the page are drawn with it.
    if let scene, let path = arguments.options["--scene"] {
      if chosen == "text" {
        context.stderr.write(
          "\(path): warning: --scene changes nothing in text: the scene orders the lanes of html and svg, which text has not\n"
        )
      } else {
        warnAboutUnknownNames(events, scene, path, context)
      }
    }
    for (kind, count) in reader.skipped {
      context.stderr.write(
        "\(tracePath): warning: skipped \(count) line\(count == 1 ? "" : "s") of kind '\(kind)', which this \(GestureCtl.toolName) does not draw\n"
      )
    }
    if chosen == "text" {
      context.stdout.write(StreamingTraceWriter.text(events))
    } else {
      let title = "Trace \(tracePath)" + (arguments.options["--scene"].map { " of \($0)" } ?? "")
      context.stdout.write(draw(format: chosen, events: events, scene: scene, title: title, context: context))
    }
    return 0
  }

  /// Warns when the trace names recognizers or views that the scene does not have: most likely
  /// the scene of another trace, whose lanes and graph would be drawn beside this one.
  static func warnAboutUnknownNames(_ events: [TraceEvent], _ scene: Scene, _ path: String, _ context: CommandContext) {
    let recognizers = Set(scene.recognizers.map(\.recognizer.name))
    let views = Set(scene.views.map(\.name))
    var missingRecognizers: [String] = []
    var missingViews: [String] = []
    for event in events {
      for name in event.namedRecognizers where !recognizers.contains(name) && !missingRecognizers.contains(name) {
        missingRecognizers.append(name)
      }
      if let name = event.namedView, !views.contains(name), !missingViews.contains(name) {
        missingViews.append(name)
      }
    }
    var parts: [String] = []
    if !missingRecognizers.isEmpty {
      parts.append(
        "recognizer\(missingRecognizers.count == 1 ? "" : "s") \(missingRecognizers.joined(separator: ", "))")
    }
    if !missingViews.isEmpty {
      parts.append("view\(missingViews.count == 1 ? "" : "s") \(missingViews.joined(separator: ", "))")
    }
    guard !parts.isEmpty else { return }
    context.stderr.write(
      "\(path): warning: the trace names \(parts.joined(separator: " and ")) that this scene does not have;"
        + " is it the scene the trace was recorded with?\n")
  }

  /// The svg timeline or the html page of `events`; without a scene, the recognizers' lanes come
  /// in the order they first appear in the trace.
  static func draw(format: String, events: [TraceEvent], scene: Scene?, title: String, context: CommandContext)
    -> String
  {
    let timeline = TimelineDrawing(scene: scene, events: events)
    if format == "svg" { return timeline.svg() }
    return TraceReport.html(
      timeline: timeline, scene: scene, events: events,
      analysis: scene.map { SceneAnalysis(scene: $0, catalog: context.catalog) }, title: title)
  }
}

extension TraceEvent {
  /// The recognizer whose lane a state, wait, action or reset line belongs to.
  var laneRecognizer: String? {
    switch kind {
    case .state(let who, _, _, _), .wait(let who, _, _), .action(let who, _, _, _), .reset(let who): who
    default: nil
    }
  }

  /// Every recognizer the line names: its lane's, those a wait is for, those a diagnostic is about.
  var namedRecognizers: [String] {
    switch kind {
    case .wait(let who, _, let targets): [who] + targets
    case .diagnostic(_, let recognizers): recognizers
    default: laneRecognizer.map { [$0] } ?? []
    }
  }

  /// The view the line names, if any: a touch's, a view call's, a hover's or a scroll's.
  var namedView: String? {
    switch kind {
    case .touch(_, _, _, let view, _, _), .hover(_, _, let view), .scroll(_, _, _, _, let view): view
    case .view(let view, _, _): view
    default: nil
    }
  }
}
