public import GestureCore
import GestureRecognizers
import GestureRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The command-line tool: inspect, trace, explain, graph and generate recognizer chains.
///
/// An app builds its own `gesturectl`, one that knows the app's recognizer kinds, with an
/// executable target whose `main.swift` is one call:
///
/// ```swift
/// import GestureCore
/// import GestureCtlKit
///
/// GestureCtl.main(catalog: .standard.registering(CheckMarkGestureRecognizer.kind), toolName: "checkmarkctl")
/// ```
public enum GestureCtl {
  /// The package's version, printed by `gesturectl --version`: a semantic version, with `-dev`
  /// while the changes since the last release (CHANGELOG.md, Unreleased) lead up to it.
  public static let version = "0.1.0-dev"

  /// The name the tool goes by in its help, usage lines and messages: `gesturectl`, or the name an
  /// app's own build of it gives (``main(catalog:toolName:)``) for the run.
  @TaskLocal static var toolName = "gesturectl"

  /// The exit code when standard output cannot be written (`EX_IOERR`).
  static let exitCodeForWriteFailure: Int32 = 74

  /// Runs the command line of this process with the given recognizer kinds and exits with the
  /// command's exit code.
  ///
  /// - Parameters:
  ///   - catalog: the recognizer kinds scenes may name (`kind`); for example `.standard`, the
  ///     built-in kinds, or those with an app's own added.
  ///   - toolName: the name the tool's help, usage lines and messages give it: an app's own build
  ///     names itself, so that what they suggest runs it rather than the standard `gesturectl`.
  public static func main(catalog: RecognizerCatalog, toolName: String = "gesturectl") -> Never {
    let stdout = OutputBuffer(fd: 1)
    let stderr = OutputBuffer(fd: 2)
    var context = CommandContext(stdout: stdout, stderr: MessageOutput(stderr), stdoutIsTerminal: isTerminal(1))
    context.catalog = catalog
    var code = $toolName.withValue(toolName) { run(Array(CommandLine.arguments.dropFirst()), context) }
    stdout.flush()
    if let failure = stdout.failure {
      // What was asked for did not all reach its destination (a full disk): not a success.
      stderr.write("\(toolName): error: cannot write the output: \(String(cString: strerror(failure)))\n")
      code = exitCodeForWriteFailure
    }
    stderr.flush()
    exitProcess(code)
  }

  static var subcommands: [Subcommand] {
    [
      TraceCommand.command, RenderCommand.command, ExplainCommand.command, InspectCommand.command, GraphCommand.command,
      SynthCommand.command, ListCommand.command, ValidateCommand.command, BenchCommand.command,
      ConvertCommand.command, LiveCommand.command,
    ]
  }

  static var help: String {
    var text = """
      OVERVIEW: Make gesture-recognizer chains visible: trace a touch script through a scene, \
      explain why a recognizer did or did not fire, inspect and graph the dependencies, \
      generate scripts.

      USAGE: \(toolName) <subcommand> [arguments] [options]

      SUBCOMMANDS:

      """
    for command in subcommands {
      text += "  \(TraceFormat.pad(command.name, 12)) \(command.overview)\n"
    }
    text += """

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      See '\(toolName) help <subcommand>' or '\(toolName) <subcommand> --help' for details.
      Exit codes: 0 success, 1 findings or failure, 64 usage, 65 bad input data,
      66 an input that cannot be opened, 74 output that cannot be written. A usage error
      reads 'Error: ...'; a problem in a file reads 'FILE:LINE:COLUMN: error: ...', as
      compilers write it.

      """
    return text
  }

  /// Runs a command line and returns the exit code; every error becomes text here, in one place.
  static func run(_ words: [String], _ context: CommandContext) -> Int32 {
    guard let first = words.first else {
      context.stderr.write("Error: missing subcommand\n" + help)
      return 64
    }
    if first == "--version" || first == "version" {
      guard words.count == 1 else {
        context.stderr.write("Error: '\(first)' takes no arguments, found '\(words[1])'\n")
        return 64
      }
      context.stdout.write("\(toolName) \(version)\n")
      return 0
    }
    if first == "-h" || first == "--help" {
      context.stdout.write(help)
      return 0
    }
    if first == "help" {
      if words.count > 1 {
        guard let command = subcommands.first(where: { $0.name == words[1] }) else {
          context.stderr.write(
            "Error: unknown subcommand '\(words[1])'\(didYouMean(words[1], subcommands.map(\.name)))\n")
          return 64
        }
        context.stdout.write(command.help(for: Array(words.dropFirst(2))))
      } else {
        context.stdout.write(help)
      }
      return 0
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
      context.stderr.write(
        "Error: unknown subcommand '\(first)'\(didYouMean(first, subcommands.map(\.name)))\nSee '\(toolName) --help'.\n"
      )
      return 64
    }
    let rest = Array(words.dropFirst())
    if rest.contains("-h") || rest.contains("--help") {
      context.stdout.write(command.help(for: rest))
      return 0
    }
    do {
      let arguments = try Arguments.parse(rest, valued: command.valued, flags: command.flags)
      return try command.run(arguments, context)
    } catch {
      switch error.kind {
      case .usage:
        // Every usage error ends with a usage line: the command's, unless the error brings a more
        // particular one (a gesture of `synth`).
        let usage = error.message.contains("\nUsage: ") ? "" : "\n\(command.shortUsage)"
        context.stderr.write("Error: \(error.message)\(usage)\n")
      case .data, .cannotOpen: context.stderr.write("\(error.message)\n")
      }
      return error.exitCode
    }
  }

  /// Loads and validates a scene file. With `script` (the command's event-script argument), a
  /// scene that fails to load because the two arguments were given the other way round gets a
  /// message that says so.
  static func loadScene(_ path: String, _ context: CommandContext, script: String? = nil) throws(InputError)
    -> Scene
  {
    if path == "-" { throw .usage("the scene cannot be read from standard input; give a file") }
    let bytes = try readFile(path)
    do {
      return try SceneLoader(file: path, catalog: context.catalog).load(bytes: bytes)
    } catch {
      if let script, looksLikeScript(bytes), let other = try? readFile(script), looksLikeScene(other) {
        throw .usage(
          "the arguments are swapped: '\(path)' is an event script and '\(script)' a scene; "
            + "give the scene first, then the events")
      }
      throw error
    }
  }

  /// Whether a file reads as an event script: its first entry is an object with a time `t`.
  static func looksLikeScript(_ bytes: [UInt8]) -> Bool {
    let reader = LineReader(bytes: bytes)
    while let line = try? reader.nextLine() ?? nil {
      guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      if first == UInt8(ascii: "#") { continue }
      if first == UInt8(ascii: "["), let document = try? JSONParser.parse(bytes) {
        return document.arrayValue?.first?["t"] != nil
      }
      return (try? JSONParser.parse(Array(line)))?["t"] != nil
    }
    return false
  }

  /// Whether a file reads as a scene: one JSON object with `views`.
  static func looksLikeScene(_ bytes: [UInt8]) -> Bool {
    (try? JSONParser.parse(bytes))?["views"] != nil
  }

  static func requirePositional(_ arguments: Arguments, _ count: Int, _ command: Subcommand) throws(InputError) {
    if arguments.positional.count < count {
      let missing = command.arguments.dropFirst(arguments.positional.count).prefix(count - arguments.positional.count)
      guard missing.count == 1, let (name, summary) = missing.first else {
        let names = missing.map(\.0).joined(separator: ", ")
        throw .usage("missing arguments\(names.isEmpty ? "" : " " + names)")
      }
      let what = summary.prefix(1).lowercased() + summary.dropFirst()
      throw .usage("missing argument \(name): \(what)")
    }
    if arguments.positional.count > count {
      throw .usage("unexpected argument '\(arguments.positional[count])'")
    }
  }

  /// Reads and validates a whole script or recording first (so that a bad one prints no trace),
  /// then replays it. Standard input is spooled to a temporary file so that memory stays flat.
  ///
  /// `validated` runs once the whole script is known to be valid, before the first event is
  /// replayed (the text format's header is written there). A script or recording whose touches
  /// never all lift, a recording that ends with a button pressed, and a script with no event get
  /// a warning on `warnings`, since recognizers waiting for a lift never finish.
  static func replay(
    scene: Scene, scenePath: String, eventsPath: String, trace: any TraceSink,
    recording: RecordingOptions = RecordingOptions(), warnings: (any TextOutput)? = nil, validated: () -> Void = {}
  ) throws(InputError) {
    var path = eventsPath
    var spooled: String?
    if eventsPath == "-" {
      path = try spoolStandardInput()
      spooled = path
    }
    defer { if let spooled { removeFile(spooled) } }
    // An event script or a device recording (<doc:FileFormats>), told apart by its content.
    try readEvents(path: path, file: eventsPath, scene: scene, options: recording, warnings: warnings) { _ in }
    validated()
    let replay = Replay(scene: scene, trace: trace)
    try readEvents(path: path, file: eventsPath, scene: scene, options: recording) { event in replay.apply(event) }
    replay.finish()
  }

  /// Warns about touches a script or recording leaves down after its last event (`down`, their
  /// identifiers).
  static func warnUnlifted(_ down: [Int], recording: Bool, _ path: String, _ output: any TextOutput) {
    guard !down.isEmpty else { return }
    let list = down.map { "\($0)" }.joined(separator: ", ")
    let why = recording ? "the recording ends with it down" : "no 'ended' or 'cancelled' phase"
    output.write(
      "\(path): warning: touch\(down.count == 1 ? "" : "es") \(list) never lift\(down.count == 1 ? "s" : "") "
        + "(\(why)): recognizers that wait for the lift will not finish\n")
  }
}
