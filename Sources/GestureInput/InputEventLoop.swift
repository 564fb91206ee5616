#if os(Linux)
  import GestureCore
  public import GestureRuntime
  import Glibc
  import Synchronization

  /// The write end of the pipe that wakes every loop when a signal it stops on arrives.
  private let signalWakeDescriptor = Atomic<Int32>(-1)

  /// An event loop for apps: waits on input devices (and the app's own file descriptors) with a
  /// timeout taken from the runtime's next timer deadline, feeds each frame to the runtime with
  /// its kernel timestamp, fires due timers on time, and stops cleanly.
  ///
  /// ```swift
  /// let clock = MonotonicClock()
  /// let runtime = GestureRuntime(window: window, clock: clock)
  /// let loop = InputEventLoop(runtime: runtime, clock: clock)
  /// try loop.add(InputDevice(path: "/dev/input/event5"))
  /// loop.stop(onSignals: [SIGINT, SIGTERM])
  /// loop.run()
  /// ```
  ///
  /// Events are stamped by the kernel on `CLOCK_MONOTONIC`, the loop's clock, so a tap's 0.35 s
  /// window is measured from the moment the finger lifted, not from the moment the app got to
  /// read it. An event stamped before the runtime's time (it arrived while a timer fired) is
  /// delivered at the runtime's time.
  ///
  /// Touch devices and pointer devices (mice) are read alike (``InputDecoder``). Touch ids are
  /// numbered across all the loop's devices, 1, 2, 3, … in the order touches and presses begin,
  /// so that a finger on a touch screen and a mouse's press never share an id.
  public final class InputEventLoop {
    /// The runtime the loop feeds.
    public let runtime: GestureRuntime
    /// The loop's clock: the runtime's clock.
    public let clock: MonotonicClock
    /// Called with each frame as it is delivered (after the runtime has dispatched it), with the
    /// loop's touch ids.
    public var frameHandler: ((InputFrame) -> Void)?
    /// Called after each turn of the loop (input delivered, timers fired): the place to flush
    /// output or redraw.
    public var turnHandler: (() -> Void)?
    /// Called when a device's input ends (unplugged, or its FIFO's writer closed it), after its
    /// touches were cancelled (a pointer's press cancelled and its hover ended).
    public var endOfInputHandler: ((InputDevice) -> Void)?
    /// Whether ``run()`` returns once every device's input has ended and no timer is pending
    /// (true), or keeps waiting on the app's own descriptors (false).
    public var stopsWhenInputEnds = true
    /// Called when a device sends what makes no sense (a slot outside its slots, a contact
    /// without a position, an event cut off at the end of its input): the loop drops it and
    /// goes on, as it must with a live device; this is the place to log it.
    public var decodingErrorHandler: ((InputDevice, InputDecodingError) -> Void)?

    struct Source {
      let device: InputDevice
      var decoder: InputDecoder
      /// The loop's touch id of each of the device's touches that is down, by the device's id.
      var touchIDs: [Int: Int] = [:]
      /// Set at a `SYN_DROPPED`: the device is asked what it holds at the next `SYN_REPORT`.
      var synchronizesAtReport = false
    }

    var sources: [Source] = []
    var descriptors: [(fd: Int32, events: Int16, handler: (Int16) -> Void)] = []
    var stopRequested = false
    var wakePipe: [Int32] = [-1, -1]
    var events: [InputEvent] = []
    var nextTouchID = 1

    /// Creates a loop for `runtime`, whose clock must be `clock`.
    public init(runtime: GestureRuntime, clock: MonotonicClock) {
      precondition(runtime.clock === clock, "InputEventLoop: the runtime's clock must be the loop's MonotonicClock")
      self.runtime = runtime
      self.clock = clock
      if pipe(&wakePipe) == 0 {
        for fd in wakePipe {
          _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
          // A process the app starts must not inherit the loop's wake pipe.
          _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        }
      }
    }

    deinit {
      if signalWakeDescriptor.load(ordering: .relaxed) == wakePipe[1] {
        signalWakeDescriptor.store(-1, ordering: .relaxed)
      }
      for fd in wakePipe where fd >= 0 { close(fd) }
    }

    /// Adds a touch device, whose surface spans the runtime's window, or a pointer device, whose
    /// pointer moves in it (``InputDecoder``).
    ///
    /// - Parameters:
    ///   - device: The device.
    ///   - calibration: libinput's calibration matrix, for a touch device.
    /// - Throws: ``InputDecodingError`` when the device is neither a touch device nor a pointer
    ///   device (see ``InputDecoder/init(description:frame:calibration:)``).
    public func add(_ device: InputDevice, calibration: CalibrationMatrix = .identity) throws(InputDecodingError) {
      let decoder = try InputDecoder(
        description: device.description, frame: runtime.window.frame, calibration: calibration)
      sources.append(Source(device: device, decoder: decoder))
      synchronize(sources.count - 1)
    }

    /// Gives a touch device's decoder the values the device holds now (`InputDevice.touchState(slotCount:)`):
    /// the positions it will not send again, the contacts already down. A FIFO cannot be asked:
    /// it stands for a device just created, whose slots hold 0 and no contact.
    func synchronize(_ index: Int) {
      sources[index].decoder.synchronize(with: sources[index].device)
    }

    /// Adds one of the app's own file descriptors: `handler` is called with the returned poll
    /// events whenever one of `events` (`POLLIN`, 1, by default) is ready.
    public func add(fileDescriptor: Int32, events: Int16 = 1, handler: @escaping (Int16) -> Void) {
      descriptors.append((fileDescriptor, events, handler))
    }

    /// Stops the loop at its next turn; safe to call from the loop's handlers.
    public func stop() {
      stopRequested = true
      var byte: UInt8 = 1
      _ = write(wakePipe[1], &byte, 1)
    }

    /// Makes `signals` (such as `SIGINT`, `SIGTERM`) stop this loop instead of the process.
    ///
    /// The signals are also unblocked on the calling thread, which runs the loop: a process
    /// started with them blocked (as some launchers do) would never see them otherwise.
    public func stop(onSignals signals: [Int32]) {
      signalWakeDescriptor.store(wakePipe[1], ordering: .relaxed)
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      for number in signals { sigaddset(&unblocked, number) }
      pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
      for number in signals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
          let fd = signalWakeDescriptor.load(ordering: .relaxed)
          var byte: UInt8 = 2
          if fd >= 0 { _ = write(fd, &byte, 1) }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
      }
    }

    /// Runs until ``stop()`` (or a signal given to ``stop(onSignals:)``), or, when
    /// ``stopsWhenInputEnds``, until every device's input has ended and no timer is pending.
    public func run() {
      stopRequested = false
      while !stopRequested {
        if stopsWhenInputEnds && sources.isEmpty && !runtime.hasPendingTimers { break }
        turn()
      }
    }

    /// One turn: waits for input or the next timer deadline (or `maximumWait`, if sooner), then
    /// delivers what came and fires what is due.
    public func turn(maximumWait: Duration? = nil) {
      var wait = runtime.timeUntilNextTimer(from: clock.now)
      if let maximumWait, wait == nil || maximumWait < wait! { wait = maximumWait }
      // poll counts whole milliseconds: round up, so that a timer is never fired early.
      let timeout = wait.map { Int32(clamping: ($0.wholeMicroseconds + 999) / 1000) } ?? -1
      var polled = [pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
      for source in sources {
        polled.append(pollfd(fd: source.device.fileDescriptor, events: Int16(POLLIN), revents: 0))
      }
      for item in descriptors { polled.append(pollfd(fd: item.fd, events: item.events, revents: 0)) }
      let ready = poll(&polled, nfds_t(polled.count), timeout)
      if ready > 0 {
        if polled[0].revents != 0 {
          var bytes = [UInt8](repeating: 0, count: 64)
          let count = bytes.withUnsafeMutableBytes { read(wakePipe[0], $0.baseAddress!, $0.count) }
          if count > 0 && bytes[0..<count].contains(2) { stopRequested = true }
        }
        var ended: [Int] = []
        for index in sources.indices where polled[1 + index].revents != 0 {
          if readDevice(index) == .endOfInput { ended.append(index) }
        }
        for (offset, item) in descriptors.enumerated() {
          let revents = polled[1 + sources.count + offset].revents
          if revents != 0 { item.handler(revents) }
        }
        for index in ended.reversed() {
          let source = sources.remove(at: index)
          endOfInputHandler?(source.device)
        }
      }
      runtime.advance(to: clock.now)
      turnHandler?()
    }

    func readDevice(_ index: Int) -> InputDevice.ReadResult {
      events.removeAll(keepingCapacity: true)
      let result = sources[index].device.read(into: &events)
      let monotonic = sources[index].device.isMonotonic
      let readAt = clock.now
      for event in events {
        var stamped = event
        // A kernel that cannot stamp on CLOCK_MONOTONIC (before Linux 3.4) stamps on the wall
        // clock: the time of reading is the better guess then. So it is for a stamp after the
        // reading, which no device makes (a FIFO's writer may).
        stamped.time = monotonic ? min(clock.timestamp(kernelTime: event.time), readAt) : readAt
        let frame: InputFrame?
        do {
          frame = try sources[index].decoder.decode(stamped)
        } catch {
          // A live device's nonsense (a contact without a position) is dropped, not fatal: the
          // rest of its frame is decoded again without it.
          decodingErrorHandler?(sources[index].device, error)
          guard event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT,
            let rest = try? sources[index].decoder.decode(stamped)
          else { continue }
          frame = rest
        }
        if let frame { deliver(frame, from: index) }
        if event.type == EventCode.EV_SYN {
          if event.code == EventCode.SYN_DROPPED {
            sources[index].synchronizesAtReport = true
          } else if event.code == EventCode.SYN_REPORT && sources[index].synchronizesAtReport {
            // The kernel's buffer overflowed: once the frame it cut is over, the device says
            // what it holds now.
            sources[index].synchronizesAtReport = false
            synchronize(index)
          }
        }
      }
      if result == .endOfInput {
        let cut = sources[index].device.pendingByteCount
        if cut > 0 {
          decodingErrorHandler?(
            sources[index].device,
            InputDecodingError(
              "the input ended within an event: \(cut) of its \(InputEvent.byteCount) bytes came"))
        }
        if let frame = sources[index].decoder.cancelAll(at: clock.now) { deliver(frame, from: index) }
      }
      return result
    }

    /// Cancels every touch and press that is down on the loop's devices, and takes a hovering
    /// pointer out of the window, as when the devices go away; the devices stay in the loop. For
    /// an app that stops reading for good (a command line tool stopped by Ctrl-C), so that no
    /// gesture is left in progress.
    public func cancelAllInput() {
      for index in sources.indices {
        if let frame = sources[index].decoder.cancelAll(at: clock.now) { deliver(frame, from: index) }
      }
    }

    func deliver(_ decoded: InputFrame, from index: Int) {
      var frame = decoded
      if frame.time < runtime.now { frame.time = runtime.now }
      for touch in frame.touches.indices {
        renumber(&frame.touches[touch].input, from: index)
      }
      for input in frame.pointerInputs.indices {
        guard case .press(var touch, let buttonMask) = frame.pointerInputs[input] else { continue }
        renumber(&touch, from: index)
        frame.pointerInputs[input] = .press(touch, buttonMask: buttonMask)
      }
      frame.send(to: runtime)
      frameHandler?(frame)
    }

    /// Gives a device's touch the loop's id for it: a new one when it begins.
    func renumber(_ touch: inout TouchInput, from index: Int) {
      let deviceID = touch.id
      if touch.phase == .began {
        touch.id = nextTouchID
        nextTouchID += 1
        sources[index].touchIDs[deviceID] = touch.id
        return
      }
      touch.id = sources[index].touchIDs[deviceID] ?? deviceID
      if touch.phase == .ended || touch.phase == .cancelled { sources[index].touchIDs[deviceID] = nil }
    }
  }
#endif
