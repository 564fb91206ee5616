import GestureCore
import GestureInput
import GestureRuntime

enum ConvertCommand {
  static let command = Subcommand(
    name: "convert",
    overview: "Print the event script (JSON lines) that a device recording (evemu) becomes in a scene.",
    usage: "convert <scene> <recording> [--description <file>] [--calibration <matrix>]",
    arguments: [
      ("<scene>", "The scene file (*.scene.json): its root view's frame is the device's surface."),
      ("<recording>", "The device recording, as evemu-record writes it; - reads standard input."),
    ],
    options: RecordingOptions.help,
    valued: RecordingOptions.valued, flags: [],
    run: run)

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 2, command)
    let scene = try GestureCtl.loadScene(arguments.positional[0], context)
    let options = try RecordingOptions(arguments)
    let file = arguments.positional[1]
    var path = file
    var spooled: String?
    if file == "-" {
      path = try spoolStandardInput()
      spooled = path
    }
    defer { if let spooled { removeFile(spooled) } }
    guard try RecordingInput.isRecording(path: path) else {
      throw .data(
        "\(file):1:1: error: not a device recording: expected evemu's '# EVEMU' header or its N:, A:, E: lines")
    }
    // The whole recording is checked first, so that a bad one prints nothing.
    try RecordingInput.read(path: path, file: file, frame: scene.root.frame, options: options) { _ in }
    // force and majorRadius are written when the event script format takes them.
    let measured = EventScriptReader.touchFields.contains("force")
    try RecordingInput.read(path: path, file: file, frame: scene.root.frame, options: options) { frame in
      context.stdout.write(line(frame, measured: measured) + "\n")
    }
    return 0
  }

  /// One frame as an event-script line.
  static func line(_ frame: InputFrame, measured: Bool) -> String {
    let t = JSONText.number(frame.time.seconds)
    if frame.isTimeMark { return "{\"t\": \(t)}" }
    let touches = frame.touches.map { touch in
      var text =
        "{\"id\": \(touch.input.id), \"phase\": \"\(touch.input.phase.rawValue)\", \"x\": \(JSONText.number(touch.input.location.x)), \"y\": \(JSONText.number(touch.input.location.y))"
      if measured, let force = touch.force {
        text +=
          ", \"force\": \(JSONText.number(force)), \"maximumPossibleForce\": \(JSONText.number(touch.input.maximumPossibleForce))"
      }
      if measured, let radius = touch.majorRadius { text += ", \"majorRadius\": \(JSONText.number(radius))" }
      return text + "}"
    }
    return "{\"t\": \(t), \"touches\": [\(touches.joined(separator: ", "))]}"
  }
}
