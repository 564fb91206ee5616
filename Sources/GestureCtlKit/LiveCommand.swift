import GestureCore
import GestureInput
import GestureRuntime

#if os(Linux)
  import Glibc
#endif

enum LiveCommand {
  static let command = Subcommand(
    name: "live",
    overview:
      "Run a scene on a live input device, a touch screen or a mouse (or a FIFO fed kernel events) on the real clock, printing the trace as it happens.",
    usage: "live <scene> <device> [--description <file>] [--calibration <matrix>] [--format text|jsonl]",
    arguments: [
      (
        "<scene>",
        "The scene file (*.scene.json): its root view's frame is a touch device's surface, or where a mouse's pointer moves."
      ),
      (
        "<device>",
        "An input device such as /dev/input/event5 (reading it takes the 'input' group), or a FIFO fed struct input_event records stamped on CLOCK_MONOTONIC."
      ),
    ],
    options: [
      (
        "--description <file>",
        "The device's description as evemu writes it (N:, I:, B:, A: lines); needed for a FIFO, optional for a device."
      ),
      (
        "--calibration <matrix>",
        "For a touch device: libinput's calibration matrix, six numbers a,b,c,d,e,f, applied to coordinates normalized to 0…1 (rotated or mirrored panels)."
      ),
      ("--format <format>", "text (the default) or jsonl."),
    ],
    valued: ["--format"] + RecordingOptions.valued, flags: [],
    run: run)

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 2, command)
    let chosen = try TraceCommand.format(arguments, allowed: ["text", "jsonl"])
    let scene = try GestureCtl.loadScene(arguments.positional[0], context)
    let options = try RecordingOptions(arguments)
    let description = options.descriptionPath == nil ? nil : try options.description()
    #if os(Linux)
      let path = arguments.positional[1]
      let device: InputDevice
      do {
        device = try InputDevice(path: path, description: description)
      } catch {
        var message = "\(path): error: \(error.message)"
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
          message += "; a device recording (evemu) is replayed with '\(GestureCtl.toolName) trace SCENE RECORDING'"
        }
        throw InputError(kind: error.cannotOpen ? .cannotOpen : .data, message: message)
      }
      let clock = MonotonicClock()
      let format = TraceFormat(rawValue: chosen)!
      let writer = StreamingTraceWriter(format: format, output: context.stdout)
      let runtime = GestureRuntime(window: scene.root, clock: clock, trace: writer)
      runtime.strictTransitions = false
      for warning in scene.warnings {
        writer.record(TraceEvent(time: .zero, kind: .diagnostic(message: warning.message, recognizers: [])))
      }
      let loop = InputEventLoop(runtime: runtime, clock: clock)
      if options.calibrationGiven && device.description.kind == .pointer {
        // The identity too: the decoder takes it, as it changes nothing, but it was a mistake.
        throw .data(
          "\(path): error: a calibration matrix applies to a touch device's absolute positions; this is a pointer device (REL_X, REL_Y), which moves by relative motion"
        )
      }
      do {
        try loop.add(device, calibration: options.calibration)
      } catch {
        throw .data("\(path): error: \(error.message)")
      }
      let name = device.description.name.isEmpty ? "" : " (\(device.description.name))"
      let tool = GestureCtl.toolName
      context.stderr.write(
        "\(tool) live: reading \(path)\(name), \(device.description.kind.rawValue); Ctrl-C stops\n")
      context.stderr.flush()
      if format == .text { context.stdout.write("    time  what      who            detail\n") }
      context.stdout.flush()
      loop.turnHandler = { context.stdout.flush() }
      loop.decodingErrorHandler = { _, error in
        context.stderr.write("\(tool) live: warning: \(path): \(error.message); dropped\n")
        context.stderr.flush()
      }
      loop.stop(onSignals: [SIGINT, SIGTERM])
      loop.run()
      // Stopped by a signal with a finger or a button down: the touches are cancelled, so that
      // the trace leaves no gesture in progress.
      loop.cancelAllInput()
      writer.finish()
      context.stdout.flush()
      return 0
    #else
      _ = (chosen, scene, description)
      throw .usage("live reads Linux input devices: it runs on Linux only")
    #endif
  }
}
