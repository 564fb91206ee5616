import GestureCore
import GestureRuntime

enum ValidateCommand {
  static let command = Subcommand(
    name: "validate",
    overview: "Check a scene, and optionally an event script against it, without running anything.",
    usage: "validate <scene> [<events>] [--description <file>] [--calibration <matrix>]",
    arguments: [
      ("<scene>", "The scene file (*.scene.json)."),
      (
        "<events>", "An event script or a device recording (evemu) to check against the scene; - reads standard input."
      ),
    ],
    options: RecordingOptions.help,
    valued: RecordingOptions.valued, flags: [],
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
      let options = try RecordingOptions(arguments)
      let count = try GestureCtl.readEvents(path: eventsPath, file: eventsPath, scene: scene, options: options) { _ in }
      summary += "\n\(eventsPath): ok: \(count) events"
    }
    for warning in scene.warnings { context.stderr.write("\(scenePath): warning: \(warning)\n") }
    context.stdout.write(summary + "\n")
    return 0
  }
}
