#if os(Linux)
  import Foundation
  import GestureCore
  import GestureInput
  import GestureRecognizers
  import GestureRuntime
  import GestureTestSupport
  import Glibc
  import Testing

  /// The event loop in process, on the real clock: a FIFO stands for the device, fed from another
  /// thread in real time with events stamped on CLOCK_MONOTONIC.
  @Suite("Input event loop", .serialized)
  struct InputEventLoopTests {
    static let description = DeviceDescription(
      name: "fifo",
      axes: [
        EventCode.ABS_MT_SLOT: AbsoluteAxis(minimum: 0, maximum: 9),
        EventCode.ABS_MT_POSITION_X: AbsoluteAxis(minimum: 0, maximum: 4000),
        EventCode.ABS_MT_POSITION_Y: AbsoluteAxis(minimum: 0, maximum: 8000),
      ])

    static func frame(_ fd: Int32, _ events: [(UInt16, Int32)]) {
      let now = MonotonicClock.kernelNow()
      var bytes: [UInt8] = []
      for (code, value) in events {
        bytes += InputEvent(time: now, type: EventCode.EV_ABS, code: code, value: value).bytes
      }
      bytes += InputEvent(time: now, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0).bytes
      _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
    }

    @Test(
      "The loop feeds frames at their kernel time, fires the tap's timer, and returns when input ends; the device is close-on-exec"
    )
    func tapThroughTheLoop() throws {
      let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
      let tap = TapGestureRecognizer(name: "tap")
      let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
      tap.require(toFail: doubleTap)
      window.addGestureRecognizer(tap)
      window.addGestureRecognizer(doubleTap)
      let clock = MonotonicClock()
      let recorder = TraceRecorder()
      let runtime = GestureRuntime(window: window, clock: clock, trace: recorder)
      var actionAt: Timestamp?
      tap.addAction { _ in actionAt = clock.now }
      let (frames, ended) = try Self.framesThroughFIFO("tap", runtime: runtime) { fd in
        usleep(20_000)
        Self.frame(
          fd,
          [(EventCode.ABS_MT_TRACKING_ID, 1), (EventCode.ABS_MT_POSITION_X, 2000), (EventCode.ABS_MT_POSITION_Y, 2000)])
        usleep(60_000)
        Self.frame(fd, [(EventCode.ABS_MT_TRACKING_ID, -1)])
      }
      #expect(frames.map(\.touchInputs.first?.phase) == [.began, .ended])
      #expect(ended == 1)
      let lift = try #require(frames.last?.time)
      // On the runtime's clock, exactly 0.35 s after the lift; on the real one, within a few ms.
      let lines = recorder.lines.map { String($0.drop { $0 != " " }.dropFirst()) }
      #expect(
        lines == [
          "touch 1 began (200, 200) R", "view R touchesBegan 1", "touch 1 ended (200, 200) R",
          "wait tap wants ended, waiting for doubleTap",
          "state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
          "state tap possible → ended: released: doubleTap failed", "action tap ended at (200, 200)",
          "view R touchesCancelled 1", "reset tap", "reset doubleTap",
        ], "\(recorder.lines)")
      #expect(recorder.events.last?.time == lift + .milliseconds(350))
      let late = try #require(actionAt).microseconds - (lift + .milliseconds(350)).microseconds
      #expect(late >= 0 && late < 60_000, "the action came \(late) µs after its deadline")
    }

    @Test(
      "A touch screen and a mouse on one loop: their touches get ids of the loop, so a press and a finger never share one"
    )
    func touchScreenAndMouse() throws {
      try withTemporaryFIFO("loop-touch") { touchFifo, _ in
        try withTemporaryFIFO("loop-mouse") { mouseFifo, _ in try touchScreenAndMouse(touchFifo, mouseFifo) }
      }
    }

    /// The test above, on a touch screen's FIFO and a mouse's.
    func touchScreenAndMouse(_ touchFifo: String, _ mouseFifo: String) throws {
      @Sendable func write(_ fd: Int32, _ events: [(UInt16, UInt16, Int32)]) {
        let now = MonotonicClock.kernelNow()
        var bytes: [UInt8] = []
        for (type, code, value) in events + [(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)] {
          bytes += InputEvent(time: now, type: type, code: code, value: value).bytes
        }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
      }
      let touchWriter = Thread {
        let fd = open(touchFifo, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        usleep(20_000)
        write(
          fd,
          [
            (EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, 7), (EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, 2000),
            (EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, 2000),
          ])
        usleep(400_000)
        write(fd, [(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, -1)])
        close(fd)
      }
      let mouseWriter = Thread {
        let fd = open(mouseFifo, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        usleep(150_000)
        write(fd, [(EventCode.EV_KEY, EventCode.BTN_RIGHT, 1)])
        usleep(50_000)
        write(fd, [(EventCode.EV_KEY, EventCode.BTN_RIGHT, 0)])
        close(fd)
      }
      touchWriter.start()
      mouseWriter.start()
      let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
      let clock = MonotonicClock()
      let recorder = TraceRecorder()
      let runtime = GestureRuntime(window: window, clock: clock, trace: recorder)
      let loop = InputEventLoop(runtime: runtime, clock: clock)
      try loop.add(InputDevice(path: touchFifo, description: Self.description))
      let mouse = DeviceDescription(
        name: "mouse",
        supportedCodes: [EventCode.EV_KEY: [EventCode.BTN_LEFT, EventCode.BTN_RIGHT], EventCode.EV_REL: [0, 1]])
      try loop.add(InputDevice(path: mouseFifo, description: mouse))
      var presses: [String] = []
      loop.frameHandler = { frame in
        for case .press(let touch, let buttonMask) in frame.pointerInputs {
          presses.append("#\(touch.id) \(touch.phase) \(buttonMask)")
        }
      }
      loop.run()
      let touches = recorder.lines.map { String($0.drop { $0 != " " }.dropFirst()) }.filter { $0.hasPrefix("touch") }
      #expect(
        touches.sorted() == [
          "touch 1 began (200, 200) R", "touch 1 ended (200, 200) R", "touch 2 began (200, 400) R",
          "touch 2 ended (200, 400) R",
        ], "\(recorder.lines)")
      #expect(presses == ["#2 began secondary", "#2 ended none"])
      #expect(!recorder.lines.contains { $0.contains("dropped") }, "\(recorder.lines)")
    }

    /// Runs a loop for `runtime` (whose clock is a `MonotonicClock`) on a touch device's FIFO that
    /// `writing` feeds from another thread (then closes), until the input ends; returns the frames
    /// delivered and how many times the loop said the input ended.
    static func framesThroughFIFO(
      _ name: String, runtime: GestureRuntime, writing: @escaping @Sendable (Int32) -> Void
    ) throws -> (frames: [InputFrame], inputEnded: Int) {
      try withTemporaryFIFO("loop-\(name)") { fifo, _ in
        try framesThroughFIFO(at: fifo, runtime: runtime, writing: writing)
      }
    }

    /// ``framesThroughFIFO(_:runtime:writing:)`` on the FIFO at `fifo`.
    static func framesThroughFIFO(
      at fifo: String, runtime: GestureRuntime, writing: @escaping @Sendable (Int32) -> Void
    ) throws -> (frames: [InputFrame], inputEnded: Int) {
      let writer = Thread {
        let fd = open(fifo, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        writing(fd)
        close(fd)
      }
      writer.start()
      let clock = try #require(runtime.clock as? MonotonicClock)
      let loop = InputEventLoop(runtime: runtime, clock: clock)
      let device = try InputDevice(path: fifo, description: Self.description)
      // A process the app starts must not inherit the device (a FIFO's reader would then never
      // see its end, an evdev device stay open after the app closed it).
      #expect(fcntl(device.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0, "the device is not close-on-exec")
      try loop.add(device)
      var frames: [InputFrame] = []
      var ended = 0
      loop.frameHandler = { frames.append($0) }
      loop.endOfInputHandler = { _ in ended += 1 }
      loop.run()
      return (frames, ended)
    }

    /// A runtime for a 400 × 800 window on a new `MonotonicClock`.
    static func plainRuntime(_ clock: MonotonicClock = MonotonicClock()) -> GestureRuntime {
      GestureRuntime(window: View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800)), clock: clock)
    }

    @Test(
      "A FIFO stands for a device just created: its slots hold 0, so a contact whose X is 0 (unsent) begins, and its frame's lift comes with it"
    )
    func fifoStartsAtZero() throws {
      let (frames, _) = try Self.framesThroughFIFO("zero", runtime: Self.plainRuntime()) { fd in
        // Slot 0 lands at X 0, which the kernel does not send (the slot already holds it).
        Self.frame(fd, [(EventCode.ABS_MT_TRACKING_ID, 1), (EventCode.ABS_MT_POSITION_Y, 2000)])
        // Slot 0 lifts while slot 1 lands with its Y only: in a FIFO's device slot 1 holds 0 too.
        Self.frame(
          fd,
          [
            (EventCode.ABS_MT_TRACKING_ID, -1), (EventCode.ABS_MT_SLOT, 1), (EventCode.ABS_MT_TRACKING_ID, 2),
            (EventCode.ABS_MT_POSITION_Y, 4000),
          ])
        Self.frame(fd, [(EventCode.ABS_MT_TRACKING_ID, -1)])
      }
      let lines = frames.map { frame in
        frame.touchInputs.map { "#\($0.id) \($0.phase) \($0.location)" }.joined(separator: "; ")
      }
      #expect(lines == ["#1 began (0, 200)", "#1 ended (0, 200); #2 began (0, 400)", "#2 ended (0, 400)"])
    }

    @Test(
      "One read takes at most maximumEventsPerRead events, so that a device that never runs dry cannot keep the loop from stopping"
    )
    func boundedRead() throws {
      // The writer stays open, so the device never sees the end of its input.
      try withTemporaryFIFO("loop-bounded", openWriter: true) { fifo, writer in try boundedRead(fifo, writer) }
    }

    /// The test above, on the FIFO at `fifo` written through `writer`.
    func boundedRead(_ fifo: String, _ writer: Int32) throws {
      let count = InputDevice.maximumEventsPerRead + 44
      var bytes: [UInt8] = []
      for _ in 0..<count {
        bytes += InputEvent(time: .zero, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0).bytes
      }
      #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) } == bytes.count)
      let device = try InputDevice(path: fifo, description: Self.description)
      var events: [InputEvent] = []
      #expect(device.read(into: &events) == .events)
      #expect(events.count == InputDevice.maximumEventsPerRead)
      #expect(device.read(into: &events) == .events)
      #expect(events.count == count)
      #expect(device.read(into: &events) == .events)
      #expect(events.count == count)
    }

    @Test("Stamps no device makes (far in the past, in the future, beyond Int64) are taken as the time of reading")
    func hostileStamps() throws {
      let clock = MonotonicClock()
      #expect(clock.timestamp(kernelTime: Timestamp(microseconds: .min)) == Timestamp(microseconds: .min))
      #expect(clock.timestamp(kernelTime: Timestamp(microseconds: .max)).microseconds > 0)
      let (frames, _) = try Self.framesThroughFIFO("stamps", runtime: Self.plainRuntime(clock)) { fd in
        var bytes: [UInt8] = []
        // tv_sec 0, tv_usec Int64.min; then an hour from now; then a plain one.
        for (time, code, value) in [
          (Timestamp(microseconds: .min), EventCode.ABS_MT_TRACKING_ID, Int32(1)),
          (Timestamp(microseconds: .min), EventCode.ABS_MT_POSITION_X, 2000),
          (Timestamp(microseconds: .min), EventCode.ABS_MT_POSITION_Y, 2000),
        ] {
          bytes += InputEvent(time: time, type: EventCode.EV_ABS, code: code, value: value).bytes
        }
        bytes += InputEvent(time: Timestamp(microseconds: .min), type: EventCode.EV_SYN, code: 0, value: 0).bytes
        let later = Timestamp(microseconds: MonotonicClock.kernelNow().microseconds + 3_600_000_000)
        bytes += InputEvent(time: later, type: EventCode.EV_ABS, code: EventCode.ABS_MT_POSITION_X, value: 2100).bytes
        bytes += InputEvent(time: later, type: EventCode.EV_SYN, code: 0, value: 0).bytes
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        Self.frame(fd, [(EventCode.ABS_MT_TRACKING_ID, -1)])
      }
      #expect(frames.map { $0.touchInputs.first?.phase } == [.began, .moved, .ended])
      // None is later than the loop read it, nor earlier than the runtime's time.
      #expect(frames.allSatisfy { $0.time >= .zero && $0.time <= clock.now }, "\(frames.map(\.time))")
    }

    @Test("The app's own descriptors are polled with the devices, and stop() ends the loop from a handler")
    func appDescriptors() throws {
      var pipeEnds: [Int32] = [-1, -1]
      #expect(pipe(&pipeEnds) == 0)
      defer { for fd in pipeEnds { close(fd) } }
      let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
      let clock = MonotonicClock()
      let runtime = GestureRuntime(window: window, clock: clock)
      let loop = InputEventLoop(runtime: runtime, clock: clock)
      loop.stopsWhenInputEnds = false
      var seen: [UInt8] = []
      // Unowned: the loop keeps its handlers, so a strong capture would be a cycle.
      loop.add(fileDescriptor: pipeEnds[0]) { [unowned loop] _ in
        var byte: UInt8 = 0
        if read(pipeEnds[0], &byte, 1) == 1 { seen.append(byte) }
        if byte == 3 { loop.stop() }
      }
      for byte: UInt8 in [1, 2, 3] {
        var value = byte
        _ = write(pipeEnds[1], &value, 1)
      }
      let start = ContinuousClock.now
      loop.run()
      #expect(seen == [1, 2, 3])
      #expect(ContinuousClock.now - start < .seconds(5))
    }
  }
#endif
