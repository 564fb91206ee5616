import GestureCore
import GestureRuntime

#if canImport(Glibc)
  import Glibc
#endif

enum BenchCommand {
  static let command = Subcommand(
    name: "bench",
    overview:
      "Measure the runtime on a script: ns per event (median, min, max), events per second, heap allocations per event.",
    usage: "bench <scene> <events> [--repeat N] [--format text|json] [--description <file>] [--calibration <matrix>]",
    arguments: [
      ("<scene>", "The scene file (*.scene.json)."),
      (
        "<events>",
        "The event script or device recording (evemu); - reads standard input. Loaded once, then replayed on a fresh runtime each repeat."
      ),
    ],
    options: [
      ("--repeat <n>", "How many timed replays (default 5); one untimed warm-up replay comes first."),
      ("--format <format>", "text (the default) or json."),
    ] + RecordingOptions.help,
    valued: ["--repeat", "--format"] + RecordingOptions.valued, flags: [],
    run: run)

  /// A script in flat arrays, so the replay allocates nothing per event.
  struct LoadedScript {
    var times: [Timestamp] = []
    var kinds: [UInt8] = []  // 0 touches, 1 advance, 2 command
    var starts: [Int32] = []
    var counts: [Int32] = []
    var inputs: [TouchInput] = []
    var commands: [ScriptEvent] = []
    var touchEvents = 0
    /// Pointer presses, hover and scroll (a script's pointer entries, a mouse's recording).
    var pointerEvents = 0
  }

  /// The allocation counter of Scripts/alloccount.c when it is preloaded.
  typealias Counter = @convention(c) () -> UInt64
  static let allocationCounter: Counter? = {
    // A null handle is RTLD_DEFAULT on glibc: every loaded object, the preloaded one included.
    guard let symbol = dlsym(nil, "gesture_alloc_count") else { return nil }
    return unsafeBitCast(symbol, to: Counter.self)
  }()

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 2, command)
    let repeats = try arguments.int("--repeat", default: 5, range: 1...1000)
    let format = arguments.options["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      throw .usage("unknown format '\(format)'\(didYouMean(format, ["text", "json"])); expected text or json")
    }
    let scenePath = arguments.positional[0]
    if scenePath == "-" { throw .usage("the scene cannot be read from standard input; give a file") }
    #if DEBUG
      context.stderr.write(
        "\(GestureCtl.toolName): note: this is a debug build, whose figures say little about the package's speed;"
          + " measure a release build (swift build -c release)\n")
    #endif
    let sceneBytes = try readFile(scenePath)
    let loader = SceneLoader(file: scenePath, catalog: context.catalog)
    let first = try loader.load(bytes: sceneBytes)
    var script = LoadedScript()
    try GestureCtl.readEvents(
      path: arguments.positional[1], file: arguments.positional[1], scene: first,
      options: try RecordingOptions(arguments)
    ) { event in
      script.times.append(event.time)
      switch event {
      case .touches(_, let inputs):
        script.kinds.append(0)
        script.starts.append(Int32(script.inputs.count))
        script.counts.append(Int32(inputs.count))
        script.inputs.append(contentsOf: inputs)
        script.touchEvents += 1
      case .advance:
        script.kinds.append(1)
        script.starts.append(0)
        script.counts.append(0)
      default:
        if case .pointer = event { script.pointerEvents += 1 }
        if case .hover = event { script.pointerEvents += 1 }
        if case .scroll = event { script.pointerEvents += 1 }
        script.kinds.append(2)
        script.starts.append(Int32(script.commands.count))
        script.counts.append(0)
        script.commands.append(event)
      }
    }
    guard script.touchEvents + script.pointerEvents > 0 else {
      throw .data("\(arguments.positional[1]): error: the script has no touch or pointer event to measure")
    }

    var nanoseconds: [Double] = []
    var allocations: [Double] = []
    var actions = 0
    for round in 0...repeats {
      let scene = try loader.load(bytes: sceneBytes)
      let sent = ActionCount()
      for info in scene.recognizers { info.recognizer.addAction { _ in sent.add() } }
      let replay = Replay(scene: scene, trace: nil)
      let allocationsBefore = allocationCounter?() ?? 0
      let start = ContinuousClock.now
      replayAll(script, replay)
      let elapsed = ContinuousClock.now - start
      let allocationsAfter = allocationCounter?() ?? 0
      if round == 0 {
        actions = sent.value
        continue
      }
      nanoseconds.append(Double(elapsed.wholeMicroseconds) * 1000 / Double(script.times.count))
      allocations.append(Double(allocationsAfter - allocationsBefore) / Double(script.times.count))
    }
    let sorted = nanoseconds.sorted()
    let median = sorted[sorted.count / 2]
    let allocationText = allocationCounter == nil ? nil : allocations.sorted()[allocations.count / 2]
    if format == "json" {
      context.stdout.write(
        "{\"events\":\(script.times.count),\"repeats\":\(repeats),\"ns_per_event_runs\":[\(nanoseconds.map { JSONText.number(($0 * 1000).rounded() / 1000) }.joined(separator: ","))],\"ns_per_event_median\":\(JSONText.number((median * 1000).rounded() / 1000)),\"min\":\(JSONText.number((sorted.first! * 1000).rounded() / 1000)),\"max\":\(JSONText.number((sorted.last! * 1000).rounded() / 1000)),\"events_per_s_median\":\(JSONText.number((1e9 / median).rounded())),\"allocations_per_event\":\(allocationText.map { JSONText.number(($0 * 10000).rounded() / 10000) } ?? "null"),\"actions_per_replay\":\(actions)}\n"
      )
    } else {
      var text =
        "events:           \(script.times.count) (\(script.touchEvents) with touches\(script.pointerEvents > 0 ? ", \(script.pointerEvents) of the pointer" : "")), \(repeats) timed replays after one warm-up\n"
      text +=
        "ns per event:     median \(formatNumber((median * 10).rounded() / 10)), min \(formatNumber((sorted.first! * 10).rounded() / 10)), max \(formatNumber((sorted.last! * 10).rounded() / 10))\n"
      text += "events per s:     \(formatNumber((1e9 / median).rounded()))\n"
      text +=
        "allocations:      "
        + (allocationText.map { "\(formatNumber(($0 * 10000).rounded() / 10000)) per event" }
          ?? "not counted (run through Scripts/bench.sh, which preloads the counter)") + "\n"
      text += "actions sent:     \(actions) per replay\n"
      context.stdout.write(text)
    }
    return 0
  }

  static func replayAll(_ script: LoadedScript, _ replay: Replay) {
    let runtime = replay.runtime
    for index in script.times.indices {
      switch script.kinds[index] {
      case 0:
        let start = Int(script.starts[index])
        let count = Int(script.counts[index])
        if count == 1 {
          runtime.send(script.inputs[start], at: script.times[index])
        } else {
          runtime.send(Array(script.inputs[start..<start + count]), at: script.times[index])
        }
      case 1:
        runtime.advance(to: script.times[index])
      default:
        replay.apply(script.commands[Int(script.starts[index])])
      }
    }
    replay.finish()
  }
}

/// The actions a replay sent. A class whose count only this file reaches, not a variable the
/// action closures capture: a captured variable's every increment is checked for exclusive access
/// at run time, which `bench` would count as the package's cost.
private final class ActionCount {
  private(set) var value = 0

  func add() { value += 1 }
}
