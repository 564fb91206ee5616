import GestureCore

/// Turns a relative pointer device's events (a mouse: `REL_X`, `REL_Y`, `BTN_LEFT`, `BTN_RIGHT`,
/// `BTN_MIDDLE`, `REL_WHEEL`, `REL_HWHEEL`) into pointer changes, one list per `SYN_REPORT`
/// (<doc:FileFormats>, device recordings): the pointer starts at the centre of the root view and
/// moves by the relative motion, one device unit a point, clamped to the root view; a press
/// begins when the first button goes down, moves with the pointer and ends when the last button
/// lifts; motion without a button is hover; a wheel tick is a 40-point discrete scroll.
///
/// The runtime's pointer input is not wired to it yet: it is decoded, tested, and kept internal
/// until the runtime takes pointer presses, hover and scroll.
struct PointerDecoder {
  /// Points a wheel tick scrolls (a documented choice: UIKit's discrete scroll has no unit).
  static let pointsPerWheelTick = 40.0

  /// One change of the pointer.
  enum Change: Hashable {
    /// A press (a touch of type `indirectPointer`): its id, phase, location, and the buttons
    /// down after the frame (1 primary, 2 secondary, 3 tertiary, 4 and up the others).
    case press(id: Int, phase: TouchPhase, location: Point, buttons: [Int])
    /// The pointer moved with no button down.
    case hover(Point)
    /// A wheel scrolled at the pointer's location: points, positive when the content should move
    /// right or down.
    case scroll(location: Point, dx: Double, dy: Double)
  }

  let frame: Rect
  private(set) var location: Point
  private(set) var buttons: Set<Int> = []
  var pressID: Int?
  var nextPressID = 1
  var dx = 0.0
  var dy = 0.0
  var wheel = 0.0
  var horizontalWheel = 0.0
  var changedButtons: Set<Int> = []
  var dropping = false

  init(frame: Rect) {
    self.frame = frame
    location = Point(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2)
  }

  /// The button number of a key code, or nil for keys that are no mouse buttons.
  static func button(_ code: UInt16) -> Int? {
    guard code >= EventCode.BTN_LEFT, code < EventCode.BTN_LEFT + 16 else { return nil }
    return Int(code - EventCode.BTN_LEFT) + 1
  }

  /// Reads one event; returns the changes of the frame it completes (at `SYN_REPORT`), if any.
  mutating func decode(_ event: InputEvent) -> [Change]? {
    switch (event.type, event.code) {
    case (EventCode.EV_SYN, EventCode.SYN_REPORT):
      if dropping {
        dropping = false
        clearFrame()
        return nil
      }
      return finishFrame()
    case (EventCode.EV_SYN, EventCode.SYN_DROPPED):
      dropping = true
      return nil
    case _ where dropping:
      return nil
    case (EventCode.EV_REL, EventCode.REL_X): dx += Double(event.value)
    case (EventCode.EV_REL, EventCode.REL_Y): dy += Double(event.value)
    case (EventCode.EV_REL, EventCode.REL_WHEEL): wheel += Double(event.value)
    case (EventCode.EV_REL, EventCode.REL_HWHEEL): horizontalWheel += Double(event.value)
    case (EventCode.EV_KEY, let code):
      guard let number = Self.button(code) else { return nil }
      let wasDown = buttons.contains(number)
      if (event.value != 0) != wasDown {
        if event.value != 0 { buttons.insert(number) } else { buttons.remove(number) }
        changedButtons.insert(number)
      }
    default: break
    }
    return nil
  }

  mutating func clearFrame() {
    dx = 0
    dy = 0
    wheel = 0
    horizontalWheel = 0
    changedButtons = []
  }

  mutating func finishFrame() -> [Change] {
    defer { clearFrame() }
    var changes: [Change] = []
    let moved = dx != 0 || dy != 0
    if moved {
      location = Point(
        x: min(max(location.x + dx, frame.origin.x), frame.origin.x + frame.size.width),
        y: min(max(location.y + dy, frame.origin.y), frame.origin.y + frame.size.height))
    }
    let down = buttons.sorted()
    if let id = pressID {
      if down.isEmpty {
        changes.append(.press(id: id, phase: .ended, location: location, buttons: []))
        pressID = nil
      } else if moved || !changedButtons.isEmpty {
        changes.append(.press(id: id, phase: .moved, location: location, buttons: down))
      }
    } else if !down.isEmpty {
      if moved { changes.append(.hover(location)) }
      pressID = nextPressID
      nextPressID += 1
      changes.append(.press(id: pressID!, phase: .began, location: location, buttons: down))
    } else if moved {
      changes.append(.hover(location))
    }
    if wheel != 0 || horizontalWheel != 0 {
      // A wheel turned away from the user (positive REL_WHEEL) scrolls up: the content moves down.
      changes.append(
        .scroll(
          location: location, dx: -horizontalWheel * Self.pointsPerWheelTick, dy: wheel * Self.pointsPerWheelTick))
    }
    return changes
  }
}
