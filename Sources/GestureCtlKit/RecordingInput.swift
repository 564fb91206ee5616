import GestureCore
import GestureInput
import GestureRuntime

/// The options of the commands that read an event script or a device recording
/// (<doc:FileFormats>, device recordings): `--description FILE` and `--calibration a,b,c,d,e,f`.
struct RecordingOptions {
  static let valued = ["--description", "--calibration"]
  static let help: [(String, String)] = [
    (
      "--description <file>",
      "For a device recording (evemu) whose description (N:, I:, B:, A: lines) is in another file, as older evemu versions write it."
    ),
    (
      "--calibration <matrix>",
      "For a touch device's recording: libinput's calibration matrix, six numbers a,b,c,d,e,f, applied to coordinates normalized to 0…1 before they are mapped onto the root view (rotated or mirrored panels)."
    ),
  ]

  var descriptionPath: String?
  var calibration = CalibrationMatrix.identity
  /// Whether `--calibration` was given (the identity included): a pointer device refuses it.
  var calibrationGiven = false

  init() {}

  init(_ arguments: Arguments) throws(InputError) {
    descriptionPath = arguments.options["--description"]
    if let text = arguments.options["--calibration"] {
      guard let matrix = CalibrationMatrix(parsing: text) else {
        throw .usage("option '--calibration' expects six numbers a,b,c,d,e,f, found '\(text)'")
      }
      // A panel's rotation, mirroring and scale take small values; beyond, positions overflow.
      guard matrix.values.allSatisfy({ abs($0) <= 1_000 }) else {
        throw .usage("option '--calibration' expects six numbers from -1000 to 1000, found '\(text)'")
      }
      calibration = matrix
      calibrationGiven = true
    }
  }

  /// Reads the description file, if one was given, for a device (`live`): an axis that makes it
  /// unusable (an empty range) is an error at its `A:` line.
  func description() throws(InputError) -> DeviceDescription {
    let (description, axisLines) = try readDescription()
    guard let path = descriptionPath else { return description }
    do {
      _ = try InputDecoder(description: description, frame: Rect(x: 0, y: 0, width: 1, height: 1))
    } catch {
      if let axis = error.axis, let line = axisLines[axis] { throw .at(path, line, 1, error.message) }
    }
    return description
  }

  /// Reads the description file, if one was given, with the line of each of its `A:` lines (a
  /// recording's own lines may still take the place of some).
  func readDescription() throws(InputError) -> (DeviceDescription, axisLines: [UInt16: Int]) {
    guard let path = descriptionPath else { return (DeviceDescription(), [:]) }
    if path == "-" { throw .usage("the description cannot be read from standard input; give a file") }
    let lines = try LineReader(path: path)
    var reader = EvemuReader()
    while let line = try lines.nextLine() {
      do {
        if try reader.read(line, number: lines.lineNumber) != nil {
          throw InputError.at(
            path, lines.lineNumber, 1, "a description file holds no events: expected N:, I:, P:, B: and A: lines only")
        }
      } catch let error as RecordingError {
        throw InputError.at(path, error.line, error.column, error.message)
      } catch let error as InputError {
        throw error
      } catch {
        throw .data("\(path): error: \(error)")
      }
    }
    guard reader.hasDescription else {
      throw .data("\(path):1:1: error: expected a device description (N:, I:, P:, B: and A: lines), found none")
    }
    return (reader.description, reader.axisLines)
  }
}

/// Reads device recordings for gesturectl: content detection, and the frames of a recording.
enum RecordingInput {
  /// Whether the file at `path` is an evemu recording: the `# EVEMU` header or evemu's `X:` lines
  /// come before anything else (<doc:FileFormats>, device recordings).
  static func isRecording(path: String) throws(InputError) -> Bool {
    let lines = try LineReader(path: path)
    var checked = 0
    while checked < 10_000, let line = try lines.nextLine() {
      checked += 1
      if let answer = EvemuReader.looksLikeRecording(line) { return answer }
    }
    return false
  }

  /// Reads every frame of the recording at `path` (shown as `file`), calling `body` with each;
  /// throws at the first malformed line, before or after frames were handed out.
  ///
  /// A last frame that no `SYN_REPORT` closed (a recording cut off) is delivered as if one
  /// closed it, with a warning on `warnings`.
  static func read(
    path: String, file: String, frame: Rect, options: RecordingOptions, warnings: (any TextOutput)? = nil,
    _ body: (InputFrame) -> Void
  ) throws(InputError) {
    let (description, descriptionAxisLines) = try options.readDescription()
    let lines = try LineReader(path: path)
    var decoder = RecordingDecoder(description: description, frame: frame, calibration: options.calibration)
    while let line = try lines.nextLine() {
      let decoded: InputFrame?
      do {
        decoded = try decoder.decode(line: line, number: lines.lineNumber)
      } catch {
        // An axis the recording took from the description file is wrong at its line there.
        if let axis = error.axis, let given = options.descriptionPath, let axisLine = descriptionAxisLines[axis] {
          throw .at(given, axisLine, 1, error.message)
        }
        throw .at(file, error.line, error.column, error.message)
      }
      guard let decoded else { continue }
      // The identity changes nothing, so the decoder takes it from a pointer device too; a
      // calibration given for one is a mistake all the same (it moves by relative motion).
      if options.calibrationGiven && decoder.reader.description.kind == .pointer {
        throw .at(
          file, lines.lineNumber, 1,
          "a calibration matrix applies to a touch device's absolute positions; this is a pointer device (REL_X, REL_Y), which moves by relative motion"
        )
      }
      body(decoded)
    }
    if !decoder.hasEvents {
      throw .data("\(file):\(max(1, lines.lineNumber)):1: error: the recording holds no event: expected E: lines")
    }
    if let given = options.descriptionPath, decoder.reader.hasDescription {
      warnings?.write(
        "\(file): warning: the recording describes its device itself, over the description of \(given): its N:, I: and A: lines take the place of those given, its P: and B: lines add to them\n"
      )
    }
    if let line = decoder.unreportedLine {
      let count = decoder.unreportedCount
      warnings?.write(
        "\(file):\(line):1: warning: the recording ends without a SYN_REPORT after its last \(count == 1 ? "event" : "\(count) events") (from this line; was evemu-record cut off?): they are delivered as a last frame, as if a SYN_REPORT closed it\n"
      )
      do {
        if let decoded = try decoder.finish() { body(decoded) }
      } catch {
        throw .at(file, error.line, error.column, error.message)
      }
    }
  }

  /// The script events of a frame: its touches, a pointer device's presses, hover and scroll
  /// (each as the runtime call ``InputFrame/send(to:)`` makes), or a time mark.
  static func scriptEvents(_ frame: InputFrame) -> [ScriptEvent] {
    if frame.isTimeMark { return [.advance(frame.time)] }
    var events: [ScriptEvent] = []
    if !frame.touches.isEmpty { events.append(.touches(frame.time, frame.touchInputs)) }
    for input in frame.pointerInputs {
      switch input {
      case .press(let touch, let buttonMask):
        events.append(.pointer(frame.time, [touch], buttons: buttonMask, modifiers: []))
      case .hover(let hover): events.append(.hover(frame.time, hover))
      case .scroll(let scroll): events.append(.scroll(frame.time, scroll))
      }
    }
    return events
  }
}

extension GestureCtl {
  /// Follows which of `touches` are down (their identifiers in `down`).
  private static func track(_ touches: [TouchInput], in down: inout Set<Int>) {
    for touch in touches {
      switch touch.phase {
      case .began: down.insert(touch.id)
      case .ended, .cancelled: down.remove(touch.id)
      case .moved, .stationary: break
      }
    }
  }

  /// Reads an event script or a device recording (told apart by content; `-` is standard input),
  /// calling `body` with each event; returns how many events it read.
  ///
  /// With `everyError`, every bad line of a JSON-lines script is reported (`validate`), not only
  /// the first; with `warnings`, a script or recording whose touches never all lift, a recording
  /// that ends with a button pressed, and a script with no event, get a warning there.
  @discardableResult
  static func readEvents(
    path: String, file: String, scene: Scene, options: RecordingOptions, everyError: Bool = false,
    warnings: (any TextOutput)? = nil, _ body: (ScriptEvent) -> Void
  ) throws(InputError) -> Int {
    if path == "-" {
      // Standard input is spooled to a file: telling a recording from a script reads it once.
      let spooled = try spoolStandardInput()
      defer { removeFile(spooled) }
      return try readEvents(
        path: spooled, file: file, scene: scene, options: options, everyError: everyError, warnings: warnings, body)
    }
    if try RecordingInput.isRecording(path: path) {
      var count = 0
      // The contacts down, and the pointer's presses held, after the last frame.
      var down: Set<Int> = []
      var pressed: Set<Int> = []
      try RecordingInput.read(
        path: path, file: file, frame: scene.root.frame, options: options, warnings: warnings
      ) { frame in
        for event in RecordingInput.scriptEvents(frame) {
          count += 1
          if warnings != nil {
            switch event {
            case .touches(_, let touches): track(touches, in: &down)
            case .pointer(_, let touches, _, _): track(touches, in: &pressed)
            default: break
            }
          }
          body(event)
        }
      }
      if let warnings {
        warnUnlifted(down.sorted(), recording: true, file, warnings)
        if !pressed.isEmpty {
          warnings.write(
            "\(file): warning: a button is still pressed at the end (the recording ends with it down):"
              + " recognizers that wait for its release will not finish\n")
        }
      }
      return count
    }
    if options.descriptionPath != nil || options.calibration != .identity {
      throw .usage("--description and --calibration apply to device recordings; \(file) is an event script")
    }
    var reader = EventScriptReader(
      file: file, recognizerNames: Set(scene.recognizers.map(\.recognizer.name)),
      viewNames: Set(scene.views.map(\.name)), rootViewName: scene.root.name)
    reader.collectsErrors = everyError
    try reader.read(path: path, body)
    if !reader.errors.isEmpty {
      let shown = 50
      var message = reader.errors.prefix(shown).map(\.message).joined(separator: "\n")
      if reader.errors.count > shown {
        message += "\n\(file): error: \(reader.errors.count - shown) more bad lines not shown"
      }
      throw .data(message)
    }
    if let warnings {
      if reader.count == 0 { warnings.write("\(file): warning: the script holds no events\n") }
      warnUnlifted(reader.touchesDown, recording: false, file, warnings)
    }
    return reader.count
  }
}
