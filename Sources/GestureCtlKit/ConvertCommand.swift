import GestureCore
import GestureInput
import GestureRuntime

enum ConvertCommand {
  static let command = Subcommand(
    name: "convert",
    overview: "Print the event script (JSON lines) that a device recording (evemu) becomes in a scene.",
    usage: "convert <scene> <recording> [--description <file>] [--calibration <matrix>]",
    arguments: [
      (
        "<scene>",
        "The scene file (*.scene.json): its root view's frame is a touch device's surface, or where a mouse's pointer moves."
      ),
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
    try RecordingInput.read(
      path: path, file: file, frame: scene.root.frame, options: options, warnings: context.stderr
    ) { _ in }
    // force and majorRadius are written when the event script format takes them.
    let measured = EventScriptReader.touchFields.contains("force")
    try RecordingInput.read(path: path, file: file, frame: scene.root.frame, options: options) { frame in
      for line in lines(frame, measured: measured) { context.stdout.write(line + "\n") }
    }
    return 0
  }

  /// One frame as event-script lines: its touches, or a pointer device's presses, hover and
  /// scroll, one line each, or a time mark.
  static func lines(_ frame: InputFrame, measured: Bool) -> [String] {
    let t = JSONText.number(frame.time.seconds)
    if frame.isTimeMark { return ["{\"t\": \(t)}"] }
    var lines: [String] = []
    if !frame.touches.isEmpty { lines.append(touchLine(frame, measured: measured)) }
    for input in frame.pointerInputs { lines.append(pointerLine(input, t)) }
    return lines
  }

  /// A pointer device's input as an event-script line at time `t` (<doc:FileFormats>, pointer
  /// presses, hover and scroll).
  static func pointerLine(_ input: PointerInput, _ t: String) -> String {
    func point(_ location: Point) -> String {
      "\"x\": \(JSONText.number(location.x)), \"y\": \(JSONText.number(location.y))"
    }
    switch input {
    case .press(let touch, let buttonMask):
      let buttons = buttonMask.names.map { Int($0) != nil ? $0 : JSONText.quote($0) }.joined(separator: ", ")
      return
        "{\"t\": \(t), \"buttons\": [\(buttons)], \"touches\": [{\"id\": \(touch.id), \"phase\": \"\(touch.phase.rawValue)\", \(point(touch.location)), \"type\": \"indirectPointer\"}]}"
    case .hover(let hover):
      guard let location = hover.location else { return "{\"t\": \(t), \"hover\": \"exited\"}" }
      return "{\"t\": \(t), \"hover\": {\(point(location))}}"
    case .scroll(let scroll):
      return
        "{\"t\": \(t), \"scroll\": {\(point(scroll.location)), \"dx\": \(JSONText.number(scroll.delta.x)), \"dy\": \(JSONText.number(scroll.delta.y)), \"type\": \"\(scroll.type.rawValue)\"}}"
    }
  }

  /// A frame's touches as an event-script line.
  static func touchLine(_ frame: InputFrame, measured: Bool) -> String {
    let t = JSONText.number(frame.time.seconds)
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
