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
        "text (the default: aligned columns for people), jsonl (one JSON object per line, for tools and `render`), html (a page with the timeline, the scene and the dependency graph) or svg (the timeline alone)."
      )
    ] + RecordingOptions.help,
    valued: ["--format"] + RecordingOptions.valued, flags: [],
    run: run)

  /// The `--format` option, or the first of `allowed` (whatever standard output is: a trace
  /// piped into a file reads the same as on the terminal).
  static func format(_ arguments: Arguments, allowed: [String]) throws(InputError) -> String {
    let chosen = arguments.options["--format"] ?? allowed[0]
    guard allowed.contains(chosen) else {
      throw .usage(
        "unknown format '\(chosen)'\(didYouMean(chosen, allowed)); expected \(allowed.joined(separator: " or "))")
    }
    return chosen
  }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 2, command)
    let chosen = try format(arguments, allowed: ["text", "jsonl", "html", "svg"])
    let scenePath = arguments.positional[0]
    let eventsPath = arguments.positional[1]
    let scene = try GestureCtl.loadScene(scenePath, context, script: eventsPath)
    let recording = try RecordingOptions(arguments)
    if chosen == "html" || chosen == "svg" {
      let recorder = TraceRecorder()
      try GestureCtl.replay(
        scene: scene, scenePath: scenePath, eventsPath: eventsPath, trace: recorder, recording: recording,
        warnings: context.stderr)
      let title = "Trace of \(eventsPath) through \(scenePath)"
      context.stdout.write(
        RenderCommand.draw(format: chosen, events: recorder.events, scene: scene, title: title, context: context))
      return 0
    }
    let format = TraceFormat(rawValue: chosen)!
    let writer = StreamingTraceWriter(format: format, output: context.stdout)
    try GestureCtl.replay(
      scene: scene, scenePath: scenePath, eventsPath: eventsPath, trace: writer, recording: recording,
      warnings: context.stderr
    ) {
      if format == .text { context.stdout.write(StreamingTraceWriter.textHeader) }
    }
    writer.finish()
    return 0
  }
}
