import GestureCore
import GestureRuntime

enum TraceCommand {
  static let command = Subcommand(
    name: "trace",
    overview: "Replay an event script through a scene on the manual clock and print the trace.",
    usage: "trace <scene> <events> [--format text|jsonl]",
    arguments: [
      ("<scene>", "The scene file (*.scene.json)."),
      ("<events>", "The event script (JSON lines or a JSON array); - reads standard input."),
    ],
    options: [("--format <format>", "text (the default on a terminal) or jsonl (the default otherwise).")],
    valued: ["--format"], flags: [],
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
    let chosen = try format(arguments, context, allowed: ["text", "jsonl"])
    let scene = try GestureCtl.loadScene(arguments.positional[0], context)
    let format = TraceFormat(rawValue: chosen)!
    if format == .text {
      context.stdout.write("    time  what      who            detail\n")
    }
    let writer = StreamingTraceWriter(format: format, output: context.stdout)
    try GestureCtl.replay(
      scene: scene, scenePath: arguments.positional[0], eventsPath: arguments.positional[1], trace: writer)
    return 0
  }
}
