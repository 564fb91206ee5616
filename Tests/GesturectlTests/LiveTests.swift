#if os(Linux)
  import Foundation
  import GestureCore
  import GestureInput
  import Glibc
  import Synchronization
  import Testing

  /// `gesturectl live` end to end on the real clock: the built executable reads a FIFO that the test
  /// feeds `struct input_event` records in real time, stamped on CLOCK_MONOTONIC as the kernel
  /// stamps a device's events, and the test times the trace lines as they arrive.
  @Suite("gesturectl live", .serialized)
  struct LiveTests {
    static let scene = """
      {"format": "gesture-scene/1",
       "views": [{"name": "window", "frame": [0, 0, 400, 800], "subviews": [{"name": "photo", "frame": [0, 0, 400, 400]}]}],
       "recognizers": [
         {"name": "tap", "kind": "tap", "view": "photo", "requireToFail": ["doubleTap"]},
         {"name": "doubleTap", "kind": "tap", "view": "photo", "numberOfTapsRequired": 2},
         {"name": "press", "kind": "longPress", "view": "photo"}],
       "delegates": []}
      """

    /// A running `gesturectl live` on a FIFO, and the lines it printed with their arrival times.
    final class LiveRun {
      /// Lines with their arrival times, shared with the thread that reads them.
      final class Log: Sendable {
        let lines = Mutex<[(text: String, at: Timestamp)]>([])
        /// Signalled when the reading thread has read the output to its end.
        let ended = DispatchSemaphore(value: 0)
      }

      let process: Process
      let fifo: String
      let log = Log()
      /// Where its standard error goes.
      let errorPath: String

      init(
        files: Files, scene: String = LiveTests.scene,
        description: String = packageRoot + "/Examples/recordings/long-press.desc.evemu", extra: [String] = []
      ) throws {
        let binary = try #require(BinaryTests.binary, "build gesturectl first")
        fifo = files.directory + "/device.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
          [
            "live", files.write("live.scene.json", scene), fifo, "--description", description, "--format", "jsonl",
          ] + extra
        let output = Pipe()
        process.standardOutput = output
        errorPath = files.write("live.stderr", "")
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        let handle = output.fileHandleForReading
        let log = self.log
        let reader = Thread {
          var partial = ""
          while true {
            let data = handle.availableData
            if data.isEmpty {
              log.ended.signal()
              break
            }
            let now = MonotonicClock.kernelNow()
            partial += String(decoding: data, as: UTF8.self)
            while let newline = partial.firstIndex(of: "\n") {
              let line = String(partial[..<newline])
              partial.removeSubrange(...newline)
              log.lines.withLock { $0.append((line, now)) }
            }
          }
        }
        reader.start()
      }

      /// The arrival time of the first line containing `text`.
      func arrival(of text: String) -> Timestamp? {
        log.lines.withLock { $0.first { $0.text.contains(text) }?.at }
      }

      var text: String { log.lines.withLock { $0.map(\.text).joined(separator: "\n") } }

      /// What it wrote to standard error.
      var errorText: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

      /// Waits for the process to end and for its output to be read to the end (the process can
      /// exit before the reading thread has taken its last lines); a bound for hangs only (the
      /// exit is not timed), wide enough for a loaded machine running the whole suite on two cores.
      func waitForExit(seconds: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds * wallClockScale)
        while process.isRunning && Date() < deadline { usleep(5000) }
        if process.isRunning {
          process.terminate()
          return nil
        }
        let left = max(deadline.timeIntervalSinceNow, 0)
        #expect(log.ended.wait(timeout: .now() + left) == .success, "the output was not read to its end")
        return process.terminationStatus
      }
    }

    /// Writes one frame (events then SYN_REPORT) stamped now; returns the stamp.
    @discardableResult
    static func frame(_ fd: Int32, _ events: [(UInt16, UInt16, Int32)]) -> Timestamp {
      let now = MonotonicClock.kernelNow()
      var bytes: [UInt8] = []
      for (type, code, value) in events + [(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)] {
        bytes += InputEvent(time: now, type: type, code: code, value: value).bytes
      }
      let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
      #expect(written == bytes.count)
      return now
    }

    static let down: [(UInt16, UInt16, Int32)] = [
      (EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, 1), (EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, 2000),
      (EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, 2000),
    ]
    /// How late (ms) a timer may be seen on the real clock: a few ms when the machine is idle
    /// (1.5 to 3 ms measured), tens when the whole suite runs beside it on two cores; more under
    /// a sanitizer (`wallClockScale`).
    static let lateness = 60.0 * wallClockScale

    static let up: [(UInt16, UInt16, Int32)] = [(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, -1)]

    func milliseconds(_ from: Timestamp, _ to: Timestamp?) -> Double {
      guard let to else { return .infinity }
      return Double(to.microseconds - from.microseconds) / 1000
    }

    @Test("A single tap's action comes 0.35 s after the lift on the real clock, and the run ends with its input")
    func singleTap() throws {
      let files = Files()
      let run = try LiveRun(files: files)
      let fd = open(run.fifo, O_WRONLY | O_CLOEXEC)
      try #require(fd >= 0)
      usleep(50_000)
      Self.frame(fd, Self.down)
      usleep(80_000)
      let lift = Self.frame(fd, Self.up)
      close(fd)
      let code = run.waitForExit()
      let delay = milliseconds(lift, run.arrival(of: "\"kind\":\"action\",\"recognizer\":\"tap\""))
      print("live single tap: action \(formatNumber((delay * 10).rounded() / 10)) ms after the lift")
      #expect(code == 0)
      // A few ms late on an idle machine; the bound leaves room for the test suite's own load.
      #expect(delay >= 350 && delay < 350 + Self.lateness, "action \(delay) ms after the lift:\n\(run.text)")
      #expect(
        Self.untimed(run.text) == [
          #"{"kind":"touch","touch":1,"phase":"began","x":200,"y":200,"view":"photo"}"#,
          #"{"kind":"view","view":"photo","call":"touchesBegan","touches":[1]}"#,
          #"{"kind":"touch","touch":1,"phase":"ended","x":200,"y":200,"view":"photo"}"#,
          #"{"kind":"state","recognizer":"press","from":"possible","to":"failed","reason":"lifted before 0.5 s"}"#,
          #"{"kind":"wait","recognizer":"tap","wants":"ended","waitingFor":["doubleTap"]}"#,
          #"{"kind":"reset","recognizer":"press"}"#,
          #"{"kind":"state","recognizer":"doubleTap","from":"possible","to":"failed","reason":"tap 2 did not begin within 0.35 s"}"#,
          #"{"kind":"state","recognizer":"tap","from":"possible","to":"ended","reason":"released: doubleTap failed"}"#,
          #"{"kind":"action","recognizer":"tap","state":"ended","location":[200,200]}"#,
          #"{"kind":"view","view":"photo","call":"touchesCancelled","touches":[1]}"#,
          #"{"kind":"reset","recognizer":"tap"}"#, #"{"kind":"reset","recognizer":"doubleTap"}"#,
        ])
      // On the runtime's clock the action is exactly 0.35 s after the lift's kernel timestamp.
      let times = Self.times(run.text)
      #expect(times.count == 12 && times.suffix(6).allSatisfy { ($0 - times[2] - 0.35).magnitude < 1e-9 }, "\(times)")
    }

    /// The trace's lines without their times.
    static func untimed(_ text: String) -> [String] {
      text.split(separator: "\n").map { line in
        String(line.replacing(#/"t":[0-9.e-]+,/#, with: ""))
      }
    }

    /// The trace's times.
    static func times(_ text: String) -> [Double] {
      text.split(separator: "\n").map { line in
        Double(line.firstMatch(of: #/"t":([0-9.e-]+),/#).map { String($0.1) } ?? "") ?? -1
      }
    }

    @Test("A long press begins 0.5 s after the touch-down on the real clock")
    func longPress() throws {
      let files = Files()
      let run = try LiveRun(files: files)
      let fd = open(run.fifo, O_WRONLY | O_CLOEXEC)
      try #require(fd >= 0)
      usleep(50_000)
      let down = Self.frame(fd, Self.down)
      usleep(700_000)
      Self.frame(fd, Self.up)
      close(fd)
      let code = run.waitForExit()
      let delay = milliseconds(down, run.arrival(of: "\"recognizer\":\"press\",\"from\":\"possible\",\"to\":\"began\""))
      print("live long press: began \(formatNumber((delay * 10).rounded() / 10)) ms after the touch-down")
      #expect(code == 0)
      #expect(delay >= 500 && delay < 500 + Self.lateness, "began \(delay) ms after the touch-down:\n\(run.text)")
      #expect(
        Self.untimed(run.text) == [
          #"{"kind":"touch","touch":1,"phase":"began","x":200,"y":200,"view":"photo"}"#,
          #"{"kind":"view","view":"photo","call":"touchesBegan","touches":[1]}"#,
          #"{"kind":"state","recognizer":"press","from":"possible","to":"began","reason":"held 0.5 s"}"#,
          #"{"kind":"state","recognizer":"tap","from":"possible","to":"failed","reason":"prevented by press"}"#,
          #"{"kind":"state","recognizer":"doubleTap","from":"possible","to":"failed","reason":"prevented by press"}"#,
          #"{"kind":"action","recognizer":"press","state":"began","location":[200,200]}"#,
          #"{"kind":"view","view":"photo","call":"touchesCancelled","touches":[1]}"#,
          #"{"kind":"reset","recognizer":"tap"}"#, #"{"kind":"reset","recognizer":"doubleTap"}"#,
          #"{"kind":"touch","touch":1,"phase":"ended","x":200,"y":200,"view":"photo"}"#,
          #"{"kind":"state","recognizer":"press","from":"began","to":"ended","reason":"a finger lifted"}"#,
          #"{"kind":"action","recognizer":"press","state":"ended","location":[200,200]}"#,
          #"{"kind":"reset","recognizer":"press"}"#,
        ])
      // On the runtime's clock the press began exactly 0.5 s after the touch-down's timestamp.
      let times = Self.times(run.text)
      #expect(times.count > 2 && (times[2] - times[0] - 0.5).magnitude < 1e-9, "\(times)")
    }

    static let pointerScene = """
      {"format": "gesture-scene/1",
       "views": [{"name": "window", "frame": [0, 0, 400, 800]}],
       "recognizers": [
         {"name": "click", "kind": "tap", "view": "window"},
         {"name": "menu", "kind": "tap", "view": "window", "buttonMaskRequired": ["secondary"]},
         {"name": "highlight", "kind": "hover", "view": "window"}]}
      """

    /// The description of the mouse of Examples/recordings: the recording's lines before its
    /// events.
    static func mouseDescription(_ files: Files) throws -> String {
      let recording = try String(
        contentsOfFile: packageRoot + "/Examples/recordings/mouse-click.evemu", encoding: .utf8)
      let lines = recording.split(separator: "\n").filter { !$0.hasPrefix("E:") }
      return files.write("mouse.desc.evemu", lines.joined(separator: "\n") + "\n")
    }

    @Test("A mouse's click on a FIFO fires a tap at its lift, after the hover it ends, on the real clock")
    func mouseClick() throws {
      let files = Files()
      let run = try LiveRun(files: files, scene: Self.pointerScene, description: try Self.mouseDescription(files))
      let fd = open(run.fifo, O_WRONLY | O_CLOEXEC)
      try #require(fd >= 0)
      usleep(50_000)
      Self.frame(fd, [(EventCode.EV_REL, EventCode.REL_X, 10)])
      usleep(30_000)
      Self.frame(fd, [(EventCode.EV_MSC, 4, 589_825), (EventCode.EV_KEY, EventCode.BTN_LEFT, 1)])
      usleep(60_000)
      let lift = Self.frame(fd, [(EventCode.EV_MSC, 4, 589_825), (EventCode.EV_KEY, EventCode.BTN_LEFT, 0)])
      close(fd)
      let code = run.waitForExit()
      let delay = milliseconds(lift, run.arrival(of: "\"kind\":\"action\",\"recognizer\":\"click\""))
      #expect(code == 0)
      // The action comes with the lift's own dispatch; the bound leaves room for a loaded machine.
      #expect(delay >= 0 && delay < 1000 * wallClockScale, "action \(delay) ms after the lift:\n\(run.text)")
      #expect(
        Self.untimed(run.text) == [
          #"{"kind":"hover","phase":"entered","x":210,"y":400,"view":"window"}"#,
          #"{"kind":"state","recognizer":"highlight","from":"possible","to":"began","reason":"pointer entered window"}"#,
          #"{"kind":"action","recognizer":"highlight","state":"began","location":[210,400]}"#,
          #"{"kind":"hover","phase":"exited","x":210,"y":400,"view":null}"#,
          #"{"kind":"state","recognizer":"highlight","from":"began","to":"ended","reason":"pointer left window"}"#,
          #"{"kind":"action","recognizer":"highlight","state":"ended","location":[210,400]}"#,
          #"{"kind":"reset","recognizer":"highlight"}"#,
          #"{"kind":"touch","touch":1,"phase":"began","x":210,"y":400,"view":"window","type":"indirectPointer","buttons":["primary"]}"#,
          #"{"kind":"state","recognizer":"menu","from":"possible","to":"failed","reason":"pressed primary, requires secondary"}"#,
          #"{"kind":"view","view":"window","call":"touchesBegan","touches":[1]}"#,
          #"{"kind":"reset","recognizer":"menu"}"#,
          #"{"kind":"touch","touch":1,"phase":"ended","x":210,"y":400,"view":"window","type":"indirectPointer","buttons":[]}"#,
          #"{"kind":"state","recognizer":"click","from":"possible","to":"ended","reason":"recognized"}"#,
          #"{"kind":"action","recognizer":"click","state":"ended","location":[210,400]}"#,
          #"{"kind":"view","view":"window","call":"touchesCancelled","touches":[1]}"#,
          #"{"kind":"reset","recognizer":"click"}"#,
        ], "\(run.text)")
      // On the runtime's clock the tap's action is at the lift's kernel timestamp.
      let times = Self.times(run.text)
      #expect(times.count == 16 && (times[13] - times[11]).magnitude < 1e-9, "\(times)")
    }

    @Test("SIGINT ends a live run cleanly: exit 0, the trace so far printed, the finger down cancelled")
    func interrupt() throws {
      let files = Files()
      let run = try LiveRun(files: files)
      let fd = open(run.fifo, O_WRONLY | O_CLOEXEC)
      try #require(fd >= 0)
      Self.frame(fd, Self.down)
      usleep(150_000)
      kill(run.process.processIdentifier, SIGINT)
      let code = run.waitForExit()
      close(fd)
      #expect(code == 0)
      #expect(run.text.contains("\"kind\":\"touch\",\"touch\":1,\"phase\":\"began\""), "\(run.text)")
      // No gesture is left in progress: the touch is cancelled, and the press with it.
      #expect(run.text.contains("\"kind\":\"touch\",\"touch\":1,\"phase\":\"cancelled\""), "\(run.text)")
      #expect(run.text.contains("\"recognizer\":\"press\",\"from\":\"possible\",\"to\":\"failed\""), "\(run.text)")
    }

    @Test("What a device sends that makes no sense is dropped with a warning, and the run goes on")
    func nonsenseWarned() throws {
      let files = Files()
      let run = try LiveRun(files: files)
      let fd = open(run.fifo, O_WRONLY | O_CLOEXEC)
      try #require(fd >= 0)
      Self.frame(fd, [(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, 77)])
      Self.frame(fd, [(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, 0)] + Self.down)
      Self.frame(fd, Self.up)
      // Half an event, then the end of input.
      var half = [UInt8](repeating: 0, count: 10)
      _ = write(fd, &half, half.count)
      close(fd)
      let code = run.waitForExit()
      #expect(code == 0)
      #expect(run.text.contains("\"kind\":\"touch\",\"touch\":1,\"phase\":\"ended\""), "\(run.text)")
      let warnings = run.errorText.split(separator: "\n").filter { $0.contains("warning") }
      #expect(
        warnings == [
          "gesturectl live: warning: \(run.fifo): slot 77 is outside the device's slots 0…9 (its ABS_MT_SLOT axis); dropped",
          "gesturectl live: warning: \(run.fifo): the input ended within an event: 10 of its 24 bytes came; dropped",
        ], "\(run.errorText)")
    }

    @Test("A FIFO without --description, and a missing device, are refused")
    func refused() {
      let files = Files()
      let fifo = files.directory + "/plain.fifo"
      mkfifo(fifo, 0o600)
      let scene = files.write("s.scene.json", Self.scene)
      let missing = gesturectl(["live", scene, files.directory + "/nothing"])
      #expect(missing.code == 66)
      #expect(missing.err.contains("nothing: error: cannot open: No such file or directory"), "\(missing.err)")
      // Refused before it is opened: opening a FIFO waits for a writer. Should it be opened all
      // the same, a writer comes and goes, so that the test fails rather than hangs.
      let writer = Thread {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
          let fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
          if fd >= 0 {
            close(fd)
            return
          }
          usleep(10_000)
        }
      }
      writer.start()
      let plain = gesturectl(["live", scene, fifo])
      #expect(plain.code == 65)
      #expect(plain.err.contains("a FIFO cannot describe itself"), "\(plain.err)")
    }
  }
#endif
