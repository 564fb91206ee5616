public import GestureCore
import GestureRuntime

/// Turns a touch device's kernel events into touch frames for the runtime.
///
/// It reads the three ways Linux touch devices report contacts (<doc:FileFormats>, device
/// recordings):
///
/// - multi-touch protocol B: `ABS_MT_SLOT` selects a slot, `ABS_MT_TRACKING_ID` starts a contact
///   in it (a new id) or lifts it (-1), and positions change per slot;
/// - multi-touch protocol A: every contact of every frame, each ended by `SYN_MT_REPORT`, matched
///   to the previous frame's contacts by nearest position;
/// - single-touch devices: `BTN_TOUCH` with `ABS_X` and `ABS_Y`.
///
/// A frame ends at `SYN_REPORT` and becomes one ``InputFrame``: the contacts that began, moved or
/// ended then, numbered 1, 2, 3, … in the order they first appeared. `SYN_DROPPED` (the kernel's
/// buffer overflowed) cancels every touch that is down at once; the events up to the next
/// `SYN_REPORT` are discarded, as the kernel asks; a contact still down afterwards begins again,
/// as a new touch, the next time the device reports it.
///
/// A contact whose tool is a palm (`ABS_MT_TOOL_TYPE` `MT_TOOL_PALM`, which devices that tell a
/// resting hand from a finger send) is no touch: one that lands as a palm never begins, and a
/// touch whose contact turns into one is cancelled, and stays ignored until its contact lifts.
///
/// The kernel sends a value only when it changes: a contact that lands where its slot's last
/// contact was comes without that position. The decoder keeps each slot's values from one
/// contact to the next; what it cannot have seen (the values the device held when it was opened,
/// those that changed while events were dropped) the device tells when asked, which
/// ``synchronize(currentSlot:slots:)`` takes (``InputEventLoop`` asks the device when it adds it
/// and after every `SYN_DROPPED`, as the kernel's documentation says to;
/// ``InputDecoder/synchronize(with:)`` does both steps).
///
/// Events must be stamped on the runtime's clock first (``MonotonicClock/timestamp(kernelTime:)``:
/// the kernel stamps them in microseconds since the machine started), as ``InputEventLoop`` stamps
/// them; a recording's times are already (``RecordingDecoder``).
///
/// ```swift
/// var decoder = try TouchDecoder(description: device.description, frame: window.frame)
/// for var event in events {
///   event.time = clock.timestamp(kernelTime: event.time)
///   guard let frame = try decoder.decode(event) else { continue }
///   if frame.isTimeMark { runtime.advance(to: frame.time) } else { runtime.send(frame.touchInputs, at: frame.time) }
/// }
/// ```
public struct TouchDecoder: Sendable {
  /// The most contacts a frame may hold, and the most slots a protocol B device may have.
  public static let maximumContacts = 64

  /// How the device reports contacts.
  public let kind: DeviceDescription.Kind
  /// The mapping from device units to window points.
  public let mapping: PointMapping
  let pressureAxis: AbsoluteAxis?
  let majorAxis: AbsoluteAxis?

  /// One contact as the decoder follows it: a protocol B slot, the single touch, or a protocol A
  /// contact.
  struct Contact: Sendable {
    /// Protocol B: the device's tracking id (-1 for none). Single touch: 1 while `BTN_TOUCH` is down.
    var trackingID: Int32 = -1
    var x: Int32?
    var y: Int32?
    var pressure: Int32?
    var major: Int32?
    /// The touch id while its touch is down (began was sent).
    var touchID: Int?
    /// The location last sent for it.
    var sentLocation = Point.zero
    /// A contact started this frame, to begin at `SYN_REPORT`.
    var wantsBegin = false
    /// The touch that a lift or a new tracking id ended this frame.
    var ending: DeviceTouch?
    /// Down through a `SYN_DROPPED`: begins again when the device next reports it.
    var stale = false
    /// The slot's `ABS_MT_TOOL_TYPE`, kept from one contact to the next as the kernel keeps it.
    var toolType: Int32 = 0

    var hasData: Bool { x != nil || y != nil || pressure != nil || major != nil }
  }

  var slots: [Contact]
  var slot = 0
  /// False after an `ABS_MT_SLOT` outside the device's slots: the events that follow belong to
  /// no slot the decoder keeps, and are ignored until the next valid `ABS_MT_SLOT`.
  var slotIsValid = true
  /// Protocol A: the contact being reported, and the contacts of the previous frame.
  var current = Contact()
  var reported: [Contact] = []
  var previous: [Contact] = []
  /// Between a `SYN_DROPPED` and the next `SYN_REPORT`.
  var dropping = false
  /// Protocol A: a contact of the frame being reported made no sense. The frame is taken whole
  /// or not at all: at its `SYN_REPORT` it changes nothing (the contacts down stay down).
  var anonymousFrameIsBad = false
  /// Whether ``synchronize(currentSlot:slots:)`` was called.
  var hasSynchronized = false
  /// How many slots the decoder keeps: the device's (at most ``maximumContacts``), 1 for a
  /// single-touch or protocol A device. The count to ask the device for
  /// (``InputDevice/touchState(slotCount:)``) before ``synchronize(currentSlot:slots:)``.
  public var slotCount: Int { slots.count }
  var nextTouchID = 1

  /// Creates a decoder for a touch device.
  ///
  /// - Parameters:
  ///   - description: The device's description; it must have position axes.
  ///   - frame: The window's frame (the root view's frame) that the device's surface spans.
  ///   - calibration: libinput's calibration matrix, for rotated or mirrored panels.
  /// - Throws: ``InputDecodingError`` when the device has no position axes.
  public init(description: DeviceDescription, frame: Rect, calibration: CalibrationMatrix = .identity)
    throws(InputDecodingError)
  {
    kind = description.kind
    if kind == .pointer {
      throw InputDecodingError(
        "a pointer device (REL_X, REL_Y): PointerDecoder reads it (InputDecoder picks the decoder a device needs); expected ABS_MT_POSITION_X/Y or ABS_X/Y axes for a touch device"
      )
    }
    guard kind == .multiTouchSlots || kind == .multiTouchAnonymous || kind == .singleTouch else {
      throw InputDecodingError(
        "the device has no position axis: expected A: lines for ABS_MT_POSITION_X and ABS_MT_POSITION_Y (35, 36) or ABS_X and ABS_Y (00, 01)"
      )
    }
    guard let axes = description.positionAxes else {
      let names =
        kind == .singleTouch ? "ABS_X (00) and ABS_Y (01)" : "ABS_MT_POSITION_X (35) and ABS_MT_POSITION_Y (36)"
      throw InputDecodingError("the touch device has no position axis: expected A: lines for \(names)")
    }
    let codes =
      kind == .singleTouch
      ? (EventCode.ABS_X, EventCode.ABS_Y) : (EventCode.ABS_MT_POSITION_X, EventCode.ABS_MT_POSITION_Y)
    for (name, axis, code) in [("x", axes.x, codes.0), ("y", axes.y, codes.1)] where axis.maximum <= axis.minimum {
      throw InputDecodingError(
        "the \(name) position axis has an empty range \(axis.minimum)…\(axis.maximum): expected its maximum above its minimum",
        axis: code)
    }
    mapping = PointMapping(xAxis: axes.x, yAxis: axes.y, frame: frame, calibration: calibration)
    let multiTouch = kind != .singleTouch
    pressureAxis = description.axes[multiTouch ? EventCode.ABS_MT_PRESSURE : EventCode.ABS_PRESSURE]
    majorAxis = multiTouch ? description.axes[EventCode.ABS_MT_TOUCH_MAJOR] : nil
    var slotCount = 1
    if kind == .multiTouchSlots, let slotAxis = description.axes[EventCode.ABS_MT_SLOT] {
      slotCount = Int(max(0, min(Int32(Self.maximumContacts - 1), slotAxis.maximum))) + 1
    }
    slots = Array(repeating: Contact(), count: slotCount)
  }

  /// The number of touches down.
  public var activeTouchCount: Int {
    kind == .multiTouchAnonymous ? previous.count : slots.count(where: { $0.touchID != nil })
  }

  /// What a slot holds in the device: its contact's tracking id (-1 for none) and position, in
  /// device units. A single-touch device has one slot, whose tracking id is 1 while `BTN_TOUCH`
  /// is down.
  public struct SlotValues: Hashable, Sendable {
    /// The tracking id of the slot's contact, -1 when the slot has none.
    public var trackingID: Int32
    /// The slot's `ABS_MT_POSITION_X` (`ABS_X` for a single-touch device).
    public var x: Int32
    /// The slot's `ABS_MT_POSITION_Y` (`ABS_Y` for a single-touch device).
    public var y: Int32

    /// Creates a slot's values.
    public init(trackingID: Int32, x: Int32, y: Int32) {
      self.trackingID = trackingID
      self.x = x
      self.y = y
    }
  }

  /// Takes the values the device holds now, as the device reports them when asked (`EVIOCGABS`
  /// for the current slot, `EVIOCGMTSLOTS` for the slots' values; `EVIOCGKEY` and `EVIOCGABS`
  /// for a single-touch device): when the device is opened, and after a `SYN_DROPPED` once its
  /// `SYN_REPORT` has come.
  ///
  /// A position the device does not send again (the contact is where the value already was) is
  /// then known. A contact that is down and that the decoder has no touch for (down before the
  /// device was opened, or through the dropped events) begins, as a new touch, the next time the
  /// device reports one of its values; a slot whose contact lifted meanwhile is empty. Touches
  /// that are down go on. A protocol A device keeps no values between frames: it takes nothing.
  ///
  /// - Parameters:
  ///   - currentSlot: The slot the device's next events are for (`ABS_MT_SLOT`'s value); the
  ///     events of a slot outside the decoder's are ignored until the next `ABS_MT_SLOT`.
  ///   - values: The values of the slots from slot 0 on; those beyond the decoder's are ignored.
  public mutating func synchronize(currentSlot: Int, slots values: [SlotValues]) {
    guard kind != .multiTouchAnonymous else { return }
    hasSynchronized = true
    // A slot beyond those the decoder keeps (a device with more than `maximumContacts`): its
    // events are ignored, as after an ABS_MT_SLOT outside them.
    slotIsValid = currentSlot >= 0 && currentSlot < slots.count
    if slotIsValid { slot = currentSlot }
    for index in 0..<min(values.count, slots.count) {
      let value = values[index]
      slots[index].x = value.x
      slots[index].y = value.y
      if slots[index].touchID != nil && slots[index].trackingID == value.trackingID { continue }
      if slots[index].touchID != nil {
        // Its contact lifted and another may have landed: the touch ends with this frame.
        track(&slots[index], down: false, trackingID: -1)
      }
      slots[index].trackingID = value.trackingID
      slots[index].wantsBegin = false
      slots[index].stale = value.trackingID >= 0
    }
  }

  /// Reads one event; returns the frame it completes (at `SYN_REPORT`, or the touches a
  /// `SYN_DROPPED` cancelled), if any.
  ///
  /// - Throws: ``InputDecodingError`` for events that make no sense: a contact that begins where
  ///   the device never reported a position, a slot outside the device's range, too many contacts.
  ///   A frame is taken whole or not at all: after an error at `SYN_REPORT`, decoding the same
  ///   event again gives the frame without the contact at fault (which waits for its position),
  ///   as a reader that goes on after a device's nonsense does; after an `ABS_MT_SLOT` outside
  ///   the device's slots, the events up to the next valid one are ignored.
  public mutating func decode(_ event: InputEvent) throws(InputDecodingError) -> InputFrame? {
    if event.type == EventCode.EV_SYN {
      switch event.code {
      case EventCode.SYN_REPORT:
        if dropping {
          dropping = false
          return nil
        }
        return try finishFrame(at: event.time)
      case EventCode.SYN_DROPPED:
        return drop(at: event.time)
      case EventCode.SYN_MT_REPORT where kind == .multiTouchAnonymous && !dropping:
        do {
          try reportContact()
        } catch {
          anonymousFrameIsBad = true
          throw error
        }
        return nil
      default:
        return nil
      }
    }
    if dropping { return nil }
    switch kind {
    case .multiTouchSlots: try slotEvent(event)
    case .multiTouchAnonymous: anonymousEvent(event)
    default: singleTouchEvent(event)
    }
    return nil
  }

  /// Cancels every touch that is down, as when a device goes away (its end of input) or the app
  /// stops reading it: the frame of cancelled touches, if any was down.
  ///
  /// As after a `SYN_DROPPED`, without the events to discard: each slot keeps what the kernel
  /// keeps for it (its position, tool and contact), and a contact still down begins again, as a
  /// new touch, when the device next reports it.
  public mutating func cancelAll(at time: Timestamp) -> InputFrame? {
    let frame = drop(at: time)
    dropping = false
    anonymousFrameIsBad = false
    return frame
  }

  // MARK: Touch changes

  func location(_ contact: Contact) -> Point {
    mapping.point(x: contact.x ?? 0, y: contact.y ?? 0)
  }

  func touch(_ id: Int, _ phase: TouchPhase, _ location: Point, _ contact: Contact) -> DeviceTouch {
    var force: Double?
    if let pressureAxis, let pressure = contact.pressure, pressureAxis.maximum > 0 {
      force = max(0, Double(pressure) / Double(pressureAxis.maximum) * 2)
    }
    var radius: Double?
    if majorAxis != nil, let major = contact.major {
      radius = max(0, Double(major) / 2 * mapping.pointsPerUnitX)
    }
    // The runtime's touch carries them too; 0 is the runtime's "not reported". The highest
    // force the device can report is its pressure axis's maximum, which reads as 2.
    let input = TouchInput(
      id: id, phase: phase, location: location, force: force ?? 0, maximumPossibleForce: force == nil ? 0 : 2,
      majorRadius: radius ?? 0)
    return DeviceTouch(input: input, force: force, majorRadius: radius)
  }

  /// The touch a contact ends with, at its current position.
  func ended(_ contact: Contact, _ phase: TouchPhase = .ended) -> DeviceTouch? {
    guard let id = contact.touchID else { return nil }
    return touch(id, phase, contact.hasData ? location(contact) : contact.sentLocation, contact)
  }

  mutating func drop(at time: Timestamp) -> InputFrame? {
    dropping = true
    var cancelled: [DeviceTouch] = []
    for index in slots.indices {
      if var ending = slots[index].ending {
        ending.input.phase = .cancelled
        cancelled.append(ending)
      }
      if let touch = ended(slots[index], .cancelled) { cancelled.append(touch) }
      slots[index].ending = nil
      slots[index].wantsBegin = false
      slots[index].stale = slots[index].trackingID >= 0
      slots[index].touchID = nil
    }
    for contact in previous {
      if let touch = ended(contact, .cancelled) { cancelled.append(touch) }
    }
    previous = []
    reported = []
    current = Contact()
    return cancelled.isEmpty ? nil : InputFrame(time: time, touches: cancelled)
  }

  mutating func finishFrame(at time: Timestamp) throws(InputDecodingError) -> InputFrame {
    if kind == .multiTouchAnonymous { return try finishAnonymousFrame(at: time) }
    // A contact that begins without a position is checked before anything changes: a frame is
    // taken whole or not at all, so a reader that goes on after the error (a live device) has
    // lost none of its other changes. The contact then waits for its position, as one down
    // through a `SYN_DROPPED` does.
    if let index = slots.indices.first(where: {
      slots[$0].wantsBegin && slots[$0].trackingID >= 0 && slots[$0].toolType != EventCode.MT_TOOL_PALM
        && (slots[$0].x == nil || slots[$0].y == nil)
    }) {
      slots[index].wantsBegin = false
      slots[index].stale = true
      throw InputDecodingError(
        kind == .singleTouch
          ? "a touch began but the device never reported its position (ABS_X and ABS_Y)"
          : "the contact in slot \(index) began but the device never reported its position (ABS_MT_POSITION_X and ABS_MT_POSITION_Y)"
      )
    }
    var touches: [DeviceTouch] = []
    for index in slots.indices {
      if let ending = slots[index].ending {
        touches.append(ending)
        slots[index].ending = nil
      }
      var contact = slots[index]
      if contact.wantsBegin {
        contact.wantsBegin = false
        // A palm begins no touch.
        if contact.trackingID >= 0 && contact.toolType != EventCode.MT_TOOL_PALM {
          let id = nextTouchID
          nextTouchID += 1
          contact.touchID = id
          contact.sentLocation = location(contact)
          touches.append(touch(id, .began, contact.sentLocation, contact))
        }
      } else if let id = contact.touchID {
        let now = location(contact)
        if now != contact.sentLocation {
          contact.sentLocation = now
          touches.append(touch(id, .moved, now, contact))
        }
      }
      slots[index] = contact
    }
    return InputFrame(time: time, touches: touches)
  }

  // MARK: Protocol B and single touch

  mutating func slotEvent(_ event: InputEvent) throws(InputDecodingError) {
    guard event.type == EventCode.EV_ABS else { return }
    switch event.code {
    case EventCode.ABS_MT_SLOT:
      guard event.value >= 0, Int(event.value) < slots.count else {
        slotIsValid = false
        throw InputDecodingError(
          "slot \(event.value) is outside the device's slots 0…\(slots.count - 1) (its ABS_MT_SLOT axis)")
      }
      slot = Int(event.value)
      slotIsValid = true
    case _ where !slotIsValid:
      return
    case EventCode.ABS_MT_TRACKING_ID:
      track(&slots[slot], down: event.value >= 0, trackingID: event.value)
    case EventCode.ABS_MT_POSITION_X: report(&slots[slot]) { $0.x = event.value }
    case EventCode.ABS_MT_POSITION_Y: report(&slots[slot]) { $0.y = event.value }
    case EventCode.ABS_MT_PRESSURE: report(&slots[slot]) { $0.pressure = event.value }
    case EventCode.ABS_MT_TOUCH_MAJOR: report(&slots[slot]) { $0.major = event.value }
    case EventCode.ABS_MT_TOOL_TYPE: tool(&slots[slot], event.value)
    default: break
    }
  }

  /// The slot's tool changed: a touch whose contact turns into a palm is cancelled, and its
  /// contact begins nothing more until it lifts (a new tracking id is a new contact).
  func tool(_ contact: inout Contact, _ type: Int32) {
    contact.toolType = type
    guard type == EventCode.MT_TOOL_PALM else { return }
    contact.stale = false
    contact.wantsBegin = false
    if let cancelled = ended(contact, .cancelled) {
      contact.ending = cancelled
      contact.touchID = nil
    }
  }

  mutating func singleTouchEvent(_ event: InputEvent) {
    if event.type == EventCode.EV_KEY && event.code == EventCode.BTN_TOUCH {
      let down = event.value != 0
      // A repeated BTN_TOUCH 1 is no new touch.
      if down && slots[0].trackingID >= 0 && !slots[0].stale { return }
      track(&slots[0], down: down, trackingID: down ? 1 : -1)
      return
    }
    guard event.type == EventCode.EV_ABS else { return }
    switch event.code {
    case EventCode.ABS_X: report(&slots[0]) { $0.x = event.value }
    case EventCode.ABS_Y: report(&slots[0]) { $0.y = event.value }
    case EventCode.ABS_PRESSURE: report(&slots[0]) { $0.pressure = event.value }
    default: break
    }
  }

  /// A contact starts (`down`) or lifts.
  func track(_ contact: inout Contact, down: Bool, trackingID: Int32) {
    if let ending = ended(contact) { contact.ending = ending }
    contact.touchID = nil
    contact.stale = false
    contact.trackingID = trackingID
    contact.wantsBegin = down
  }

  /// The device reported a value of a contact; one still down through a `SYN_DROPPED` begins again.
  func report(_ contact: inout Contact, _ change: (inout Contact) -> Void) {
    change(&contact)
    if contact.stale && contact.toolType != EventCode.MT_TOOL_PALM {
      contact.stale = false
      contact.wantsBegin = true
    }
  }

  // MARK: Protocol A

  mutating func anonymousEvent(_ event: InputEvent) {
    guard event.type == EventCode.EV_ABS else { return }
    switch event.code {
    case EventCode.ABS_MT_POSITION_X: current.x = event.value
    case EventCode.ABS_MT_POSITION_Y: current.y = event.value
    case EventCode.ABS_MT_PRESSURE: current.pressure = event.value
    case EventCode.ABS_MT_TOUCH_MAJOR: current.major = event.value
    default: break
    }
  }

  mutating func reportContact() throws(InputDecodingError) {
    defer { current = Contact() }
    guard current.hasData else { return }
    guard current.x != nil, current.y != nil else {
      throw InputDecodingError(
        "a contact was reported without its position: expected ABS_MT_POSITION_X and ABS_MT_POSITION_Y before SYN_MT_REPORT"
      )
    }
    guard reported.count < Self.maximumContacts else {
      throw InputDecodingError("more than \(Self.maximumContacts) contacts in one frame")
    }
    reported.append(current)
  }

  mutating func finishAnonymousFrame(at time: Timestamp) throws(InputDecodingError) -> InputFrame {
    var failure: InputDecodingError?
    if !anonymousFrameIsBad {
      do {
        try reportContact()
      } catch {
        failure = error
      }
    }
    if anonymousFrameIsBad || failure != nil {
      // Dropped whole: the contacts down stay down, and the next frame starts empty. An error
      // found here is thrown once; decoding the same SYN_REPORT again (or a frame whose error
      // came at its SYN_MT_REPORT) gives the frame that changes nothing.
      reported = []
      current = Contact()
      if let failure {
        anonymousFrameIsBad = true
        throw failure
      }
      anonymousFrameIsBad = false
      return InputFrame(time: time, touches: [])
    }
    var contacts = reported
    reported = []
    // Nearest pairs first: every pair of an old and a new contact, by distance in device units.
    var pairs: [(distance: Double, old: Int, new: Int)] = []
    for (oldIndex, old) in previous.enumerated() {
      for (newIndex, new) in contacts.enumerated() {
        let dx = Double(old.x!) - Double(new.x!)
        let dy = Double(old.y!) - Double(new.y!)
        pairs.append((dx * dx + dy * dy, oldIndex, newIndex))
      }
    }
    pairs.sort { ($0.distance, $0.old, $0.new) < ($1.distance, $1.old, $1.new) }
    var oldTaken = [Bool](repeating: false, count: previous.count)
    var newMatch = [Int?](repeating: nil, count: contacts.count)
    for pair in pairs where !oldTaken[pair.old] && newMatch[pair.new] == nil {
      oldTaken[pair.old] = true
      newMatch[pair.new] = pair.old
    }
    var touches: [DeviceTouch] = []
    for (oldIndex, old) in previous.enumerated() where !oldTaken[oldIndex] {
      touches.append(touch(old.touchID!, .ended, old.sentLocation, old))
    }
    for index in contacts.indices {
      let now = location(contacts[index])
      if let oldIndex = newMatch[index] {
        let old = previous[oldIndex]
        contacts[index].touchID = old.touchID
        contacts[index].sentLocation = old.sentLocation
        if now != old.sentLocation {
          contacts[index].sentLocation = now
          touches.append(touch(old.touchID!, .moved, now, contacts[index]))
        }
      } else {
        contacts[index].touchID = nextTouchID
        contacts[index].sentLocation = now
        touches.append(touch(nextTouchID, .began, now, contacts[index]))
        nextTouchID += 1
      }
    }
    previous = contacts
    return InputFrame(time: time, touches: touches)
  }
}
