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

  /// "1 view", "2 views".
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Reports every schema error of the scene and every bad line of the script it can; a scene
  /// whose failure requirements form a cycle is an error, as `inspect` says (exit 1).
  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    guard (1...2).contains(arguments.positional.count) else {
      throw .usage(
        arguments.positional.isEmpty ? "missing argument" : "unexpected argument '\(arguments.positional[2])'")
    }
    let scenePath = arguments.positional[0]
    let eventsPath = arguments.positional.count == 2 ? arguments.positional[1] : nil
    let scene = try GestureCtl.loadScene(scenePath, context, script: eventsPath)
    let analysis = SceneAnalysis(scene: scene, catalog: context.catalog)
    var summary =
      "\(scenePath): ok: \(count(scene.views.count, "view")), \(count(scene.recognizers.count, "recognizer")), \(count(scene.delegates.count, "delegate"))"
    if let eventsPath {
      let options = try RecordingOptions(arguments)
      let events = try GestureCtl.readEvents(
        path: eventsPath, file: eventsPath, scene: scene, options: options, everyError: true, warnings: context.stderr
      ) { _ in }
      summary += "\n\(eventsPath): ok: \(count(events, "event"))"
    }
    for finding in analysis.findings {
      let place = finding.location.map { ":\($0.line):\($0.column)" } ?? ""
      context.stderr.write("\(scenePath)\(place): \(finding.severity.rawValue): \(finding.message)\n")
    }
    if analysis.findings.contains(where: { $0.severity == .error }) { return 1 }
    context.stdout.write(summary + "\n")
    return 0
  }
}
