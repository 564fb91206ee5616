public import GestureCore
import GestureRuntime

/// What the input mapping remembers between events.
struct InputState {
  /// The buttons down.
  var buttons: Set<PointerButton> = []
  /// The touch that the primary button drives, while it is down.
  var pointerTouch: Int?
  /// The identifier of the next pointer touch.
  var nextTouchID = 1
  /// Where the pointer is.
  var pointer: Point?
}

// The one place where window-system input becomes runtime input: mouse presses, the wheel, hover
// and fingers. A press of the primary button is a touch of type `indirectPointer` at the pointer,
// from the button going down to its lift; fingers are `direct` touches. The secondary click, the
// wheel and hover are handled here, outside the recognizers, until the runtime takes the pointer's
// buttons, hover and scroll of its own.
extension Viewer {
  /// The identifiers of fingers start here, away from the pointer's.
  static let fingerTouchBase = 1_000_000

  /// Hands one input event to the runtime at `time` (the window system's timestamp); a time
  /// earlier than the runtime's counts as the runtime's.
  public func handle(_ event: ViewerInput, at time: Timestamp) {
    let time = max(time, runtime.now)
    switch event {
    case .pointerDown(let button, let point):
      input.pointer = point
      let first = input.buttons.isEmpty
      input.buttons.insert(button)
      if reportsInput { report("pointer-down", "\(button) at \(point)", at: time) }
      if first, button == .primary {
        let id = input.nextTouchID
        input.nextTouchID += 1
        input.pointerTouch = id
        runtime.send(TouchInput(id: id, phase: .began, location: point, type: .indirectPointer), at: time)
      }
    case .pointerUp(let button, let point):
      input.pointer = point
      guard input.buttons.remove(button) != nil else { return }
      if reportsInput { report("pointer-up", "\(button) at \(point)", at: time) }
      if button == .primary, let id = input.pointerTouch {
        input.pointerTouch = nil
        runtime.send(TouchInput(id: id, phase: .ended, location: point, type: .indirectPointer), at: time)
      } else if button == .secondary, input.buttons.isEmpty, input.pointerTouch == nil {
        runtime.advance(to: time)
        openMenu(at: point, reportedAs: "secondaryClick")
      }
      if input.buttons.isEmpty { hover(at: point, at: time) }
    case .pointerMoved(let point):
      guard point != input.pointer else { return }
      input.pointer = point
      if let id = input.pointerTouch {
        runtime.send(TouchInput(id: id, phase: .moved, location: point, type: .indirectPointer), at: time)
      } else if input.buttons.isEmpty {
        hover(at: point, at: time)
      }
    case .pointerLeft:
      input.pointer = nil
      if input.buttons.isEmpty {
        runtime.advance(to: time)
        setToolbarHighlighted(false)
      }
    case .wheel(let ticks, let point):
      runtime.advance(to: time)
      zoomByWheel(ticks: ticks, at: point)
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

  /// Hover over the toolbar: the pointer, with no button down, over the visible toolbar.
  private func hover(at point: Point, at time: Timestamp) {
    runtime.advance(to: time)
    setToolbarHighlighted(window.hitTest(point) === toolbar)
  }
}
