import GestureCore
import GestureRuntime

enum TraceCommand {
  static let command = Subcommand(
    name: "trace",
    overview: "Replay an event script through a scene on the manual clock and print the trace.",
    usage: "trace <scene> <events> [--format text|jsonl|html|svg] [--description <file>] [--calibration <matrix>]",
    arguments: [
      ("<scene>", "The scene file (*.scene.json)."),
      (
        "<events>",
        "The event script (JSON lines or a JSON array) or a device recording (evemu); - reads standard input."
      ),
    ],
    options: [
      (
        "--format <format>",
        "text (the default on a terminal), jsonl (the default otherwise), html (a page with the timeline, the scene and the dependency graph) or svg (the timeline alone)."
      )
    ] + RecordingOptions.help,
    valued: ["--format"] + RecordingOptions.valued, flags: [],
    run: run)

  static func format(_ arguments: Arguments, _ context: CommandContext, allowed: [String]) throws(InputError) -> String
  {
    let chosen = arguments.options["--format"] ?? (context.stdoutIsTerminal ? allowed[0] : allowed[1])
    guard allowed.contains(chosen) else {
      throw .usage(
        "unknown format '\(chosen)'\(didYouMean(chosen, allowed)); expected \(allowed.joined(separator: " or "))")
    }
    return chosen
  }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 2, command)
    let chosen = try format(arguments, context, allowed: ["text", "jsonl", "html", "svg"])
    let scene = try GestureCtl.loadScene(arguments.positional[0], context)
    let recording = try RecordingOptions(arguments)
    if chosen == "html" || chosen == "svg" {
      let recorder = TraceRecorder()
      try GestureCtl.replay(
        scene: scene, scenePath: arguments.positional[0], eventsPath: arguments.positional[1], trace: recorder,
        recording: recording)
      if chosen == "svg" {
        context.stdout.write(TimelineDrawing(scene: scene, events: recorder.events).svg())
      } else {
        let analysis = SceneAnalysis(scene: scene, catalog: context.catalog)
        let title = "Trace of \(arguments.positional[1]) through \(arguments.positional[0])"
        context.stdout.write(TraceReport.html(scene: scene, events: recorder.events, analysis: analysis, title: title))
      }
      return 0
    }
    let format = TraceFormat(rawValue: chosen)!
    if format == .text {
      context.stdout.write("    time  what      who            detail\n")
    }
    let writer = StreamingTraceWriter(format: format, output: context.stdout)
    try GestureCtl.replay(
      scene: scene, scenePath: arguments.positional[0], eventsPath: arguments.positional[1], trace: writer,
      recording: recording)
    return 0
  }
}
