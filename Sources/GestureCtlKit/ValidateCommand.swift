import GestureCore
import GestureRuntime

enum ValidateCommand {
  static let command = Subcommand(
    name: "validate",
    overview: "Check a scene, and optionally an event script against it, without running anything.",
    usage: "validate <scene> [<events>]",
    arguments: [
      ("<scene>", "The scene file (*.scene.json)."),
      ("<events>", "An event script to check against the scene; - reads standard input."),
    ],
    options: [],
    valued: [], flags: [],
    run: run)

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    guard (1...2).contains(arguments.positional.count) else {
      throw .usage(
        (arguments.positional.isEmpty ? "missing argument" : "unexpected argument '\(arguments.positional[2])'") + "\n"
          + command.shortUsage)
    }
    let scenePath = arguments.positional[0]
    let scene = try GestureCtl.loadScene(scenePath, context)
    var summary =
      "\(scenePath): ok: \(scene.views.count) views, \(scene.recognizers.count) recognizers, \(scene.delegates.count) delegates"
    if arguments.positional.count == 2 {
      let eventsPath = arguments.positional[1]
      var reader = EventScriptReader(
        file: eventsPath, recognizerNames: Set(scene.recognizers.map(\.recognizer.name)),
        viewNames: Set(scene.views.map(\.name)))
      try reader.read(path: eventsPath) { _ in }
      summary += "\n\(eventsPath): ok: \(reader.count) events"
    }
    for warning in scene.warnings { context.stderr.write("\(scenePath): warning: \(warning)\n") }
    context.stdout.write(summary + "\n")
    return 0
  }
}
