public import GestureCore
import GestureRuntime

/// What the input mapping remembers between events.
struct InputState {
  /// The buttons down.
  var buttons: EventButtonMask = []
  /// The touch that the pointer's press drives, while a button is down.
  var pointerTouch: Int?
  /// The identifier of the next pointer touch.
  var nextTouchID = 1
  /// Where the pointer is.
  var pointer: Point?
}

// The one place where window-system input becomes runtime input. A pointer press is a touch of
// type `indirectPointer` at the pointer, from the first button going down to the last one lifting,
// sent with the buttons down; the pointer's moves with no button down are hover input; a wheel
// notch is a discrete scroll step; fingers are `direct` touches.
extension Viewer {
  /// The identifiers of fingers start here, away from the pointer's.
  static let fingerTouchBase = 1_000_000
  /// How far one wheel notch scrolls, in points.
  public static let wheelNotch = 40.0

  /// Hands one input event to the runtime at `time` (the window system's timestamp); a time
  /// earlier than the runtime's counts as the runtime's.
  public func handle(_ event: ViewerInput, at time: Timestamp) {
    let time = max(time, runtime.now)
    switch event {
    case .pointerDown(let button, let point):
      input.pointer = point
      guard !input.buttons.contains(Self.mask(button)) else { return }
      input.buttons.insert(Self.mask(button))
      if reportsInput { report("pointer-down", "\(button) at \(point)", at: time) }
      if input.pointerTouch == nil {
        let id = input.nextTouchID
        input.nextTouchID += 1
        input.pointerTouch = id
        send(id, .began, point, at: time)
      } else {
        runtime.send([], buttonMask: input.buttons, at: time)
      }
    case .pointerUp(let button, let point):
      input.pointer = point
      guard input.buttons.remove(Self.mask(button)) != nil else { return }
      if reportsInput { report("pointer-up", "\(button) at \(point)", at: time) }
      if input.buttons.isEmpty, let id = input.pointerTouch {
        input.pointerTouch = nil
        send(id, .ended, point, at: time)
        runtime.send(HoverInput(location: point), at: time)
      } else {
        runtime.send([], buttonMask: input.buttons, at: time)
      }
    case .pointerMoved(let point):
      guard point != input.pointer else { return }
      input.pointer = point
      if let id = input.pointerTouch {
        send(id, .moved, point, at: time)
      } else {
        runtime.send(HoverInput(location: point), at: time)
      }
    case .pointerLeft:
      input.pointer = nil
      if input.pointerTouch == nil { runtime.send(HoverInput.exited(), at: time) }
    case .wheel(let ticks, let point):
      runtime.send(
        ScrollInput(location: point, delta: Point(x: 0, y: ticks * Self.wheelNotch), type: .discrete), at: time)
    case .finger(let id, let phase, let point):
      if reportsInput { report("finger-\(phase)", "#\(id) at \(point)", at: time) }
      runtime.send(
        TouchInput(id: Self.fingerTouchBase + id, phase: phase, location: point, type: .direct), at: time)
    }
  }

  /// Fires the timers due by `time`: the app calls it when its wait for input times out.
  public func advance(to time: Timestamp) {
    runtime.advance(to: max(time, runtime.now))
  }

  /// How long the app may wait for input at `time` before the runtime's next timer is due, in
  /// whole milliseconds rounded up (0 when it is due); nil when no timer is pending.
  public func millisecondsUntilNextTimer(from time: Timestamp) -> Int32? {
    guard let remaining = runtime.timeUntilNextTimer(from: time) else { return nil }
    return Int32(clamping: (remaining.wholeMicroseconds + 999) / 1000)
  }

  private func send(_ id: Int, _ phase: TouchPhase, _ point: Point, at time: Timestamp) {
    runtime.send(
      [TouchInput(id: id, phase: phase, location: point, type: .indirectPointer)], buttonMask: input.buttons,
      at: time)
  }

  private static func mask(_ button: PointerButton) -> EventButtonMask {
    switch button {
    case .primary: .primary
    case .secondary: .secondary
    case .middle: .tertiary
    }
  }
}
