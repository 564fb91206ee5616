import CSDL2
import GestureCore
import PhotoViewerKit

/// SDL's events as the viewer's input: mouse buttons, motion and wheel, fingers (in window
/// coordinates), and the pointer leaving the window. The mapping of that input to the runtime is
/// `Viewer+Input.swift`.
struct SDLEvents {
  /// SDL's finger identifiers (64-bit, per device) to small numbers, while the finger is down.
  private var fingers: [SDL_FingerID: Int] = [:]
  private var nextFinger = 1

  /// The viewer's input for `event`, with its SDL timestamp, or nil for an event it does not use.
  mutating func input(for event: SDL_Event, windowSize: Size) -> (ViewerInput, UInt32)? {
    let touchMouse = CSDL2_touchMouseID()
    switch SDL_EventType(event.type) {
    case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
      let button = event.button
      // Mouse events that SDL makes up from touches: the fingers come as finger events.
      guard button.which != touchMouse, let which = Self.button(button.button) else { return nil }
      let point = Point(x: Double(button.x), y: Double(button.y))
      let down = SDL_EventType(event.type) == SDL_MOUSEBUTTONDOWN
      return (down ? .pointerDown(which, point) : .pointerUp(which, point), button.timestamp)
    case SDL_MOUSEMOTION:
      let motion = event.motion
      guard motion.which != touchMouse else { return nil }
      return (.pointerMoved(Point(x: Double(motion.x), y: Double(motion.y))), motion.timestamp)
    case SDL_MOUSEWHEEL:
      let wheel = event.wheel
      guard wheel.which != touchMouse, wheel.y != 0 else { return nil }
      var x: Int32 = 0
      var y: Int32 = 0
      _ = SDL_GetMouseState(&x, &y)
      let ticks = Double(wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -wheel.y : wheel.y)
      return (.wheel(ticks: ticks, at: Point(x: Double(x), y: Double(y))), wheel.timestamp)
    case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
      let finger = event.tfinger
      let point = Point(x: Double(finger.x) * windowSize.width, y: Double(finger.y) * windowSize.height)
      let phase: TouchPhase
      let id: Int
      switch SDL_EventType(event.type) {
      case SDL_FINGERDOWN:
        phase = .began
        id = nextFinger
        nextFinger += 1
        fingers[finger.fingerId] = id
      case SDL_FINGERUP:
        phase = .ended
        guard let known = fingers.removeValue(forKey: finger.fingerId) else { return nil }
        id = known
      default:
        phase = .moved
        guard let known = fingers[finger.fingerId] else { return nil }
        id = known
      }
      return (.finger(id: id, phase: phase, point), finger.timestamp)
    case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_LEAVE.rawValue):
      return (.pointerLeft, event.window.timestamp)
    default:
      return nil
    }
  }

  private static func button(_ sdlButton: UInt8) -> PointerButton? {
    switch Int32(sdlButton) {
    case SDL_BUTTON_LEFT: .primary
    case SDL_BUTTON_RIGHT: .secondary
    case SDL_BUTTON_MIDDLE: .middle
    default: nil
    }
  }
}
