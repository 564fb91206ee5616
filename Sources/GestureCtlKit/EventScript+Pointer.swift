import GestureCore
import GestureRuntime

/// What an event script has said of the pointer so far: the buttons and keys down, whether it
/// hovers in the window, whether a trackpad scroll is in progress.
struct ScriptPointerState {
  var buttons: EventButtonMask = []
  var modifiers: ModifierFlags = []
  var hovering = false
  var continuousScroll = false
  /// The touch id of the pointer press that is down, if any.
  var press: Int?
}

/// The pointer entries of an event script (<doc:FileFormats>, event script): `buttons`,
/// `modifiers`, `hover` and `scroll`.
extension EventScriptReader {
  static let hoverFields = ["x", "y"]
  static let scrollFields = ["x", "y", "dx", "dy", "type", "phase"]
  static let buttonNames = ["primary", "secondary", "tertiary"]

  private func fail(_ node: JSONNode, _ message: String) -> InputError {
    .at(file, node.line, node.column, message)
  }

  /// The event's `buttons` and `modifiers`, each nil when absent; nil when both are.
  func pointerFields(_ node: JSONNode) throws(InputError) -> (EventButtonMask?, ModifierFlags?)? {
    let buttons = try node["buttons"].map { (field) throws(InputError) in try buttonMask(field) }
    let modifiers = try node["modifiers"].map { (field) throws(InputError) in try modifierFlags(field) }
    if buttons == nil && modifiers == nil { return nil }
    return (buttons, modifiers)
  }

  func buttonMask(_ node: JSONNode) throws(InputError) -> EventButtonMask {
    guard let items = node.arrayValue else {
      throw fail(node, "buttons: expected an array of primary, secondary, tertiary or button numbers from 4 up")
    }
    var mask: EventButtonMask = []
    for (index, item) in items.enumerated() {
      if case .number(let number, _) = item.value {
        guard number == number.rounded(), number >= 4, number <= 62 else {
          throw fail(item, "buttons[\(index)]: expected a button number from 4 to 62, found \(formatNumber(number))")
        }
        mask.formUnion(.button(Int(number)))
        continue
      }
      guard let name = item.stringValue else {
        throw fail(item, "buttons[\(index)]: expected a button name or number, found \(item.typeName)")
      }
      guard let button = EventButtonMask(name: name) else {
        throw fail(
          item,
          "buttons[\(index)]: unknown button '\(name)'\(didYouMean(name, Self.buttonNames)); expected primary, secondary, tertiary or a number from 4 up"
        )
      }
      mask.formUnion(button)
    }
    return mask
  }

  func modifierFlags(_ node: JSONNode) throws(InputError) -> ModifierFlags {
    let names = ModifierFlags.named.map(\.name)
    guard let items = node.arrayValue else {
      throw fail(node, "modifiers: expected an array of \(names.joined(separator: ", "))")
    }
    var flags: ModifierFlags = []
    for (index, item) in items.enumerated() {
      guard let name = item.stringValue, let flag = ModifierFlags(name: name) else {
        let shown = item.stringValue.map { "'\($0)'" } ?? item.typeName
        throw fail(
          item,
          "modifiers[\(index)]: unknown modifier \(shown)\(item.stringValue.map { didYouMean($0, names) } ?? ""); expected one of \(names.joined(separator: ", "))"
        )
      }
      flags.formUnion(flag)
    }
    return flags
  }

  /// An event of touches with the pointer's buttons and keys: a pointer press begins with a
  /// button down (the primary one when the event does not say) and ends when the last lifts.
  mutating func pointerEvent(
    _ node: JSONNode, _ inputs: [TouchInput], _ fields: (EventButtonMask?, ModifierFlags?)?, _ time: Timestamp
  ) throws(InputError) -> ScriptEvent {
    let given = fields?.0
    var buttons = given ?? pointer.buttons
    let presses = inputs.filter { $0.type == .indirectPointer }
    let anchor = node["buttons"] ?? node["touches"] ?? node
    if let given, !given.isEmpty, presses.isEmpty, pointer.press == nil {
      // A finger's touch has no buttons: without this, the buttons would be dropped unseen.
      throw fail(
        anchor,
        "buttons \(given) down, but no pointer press is: a pointer's buttons go with its press, a touch of type indirectPointer"
          + (inputs.isEmpty ? "" : " (this event's touches are \(inputs[0].type))"))
    }
    if presses.filter({ $0.phase == .began }).count > 1 {
      throw fail(anchor, "two pointer presses began in one event; the pointer has one press at a time")
    }
    for input in presses {
      switch input.phase {
      case .began:
        if let other = pointer.press {
          throw fail(anchor, "a pointer press began while press \(other) is down; the pointer has one press at a time")
        }
        pointer.press = input.id
      case .ended, .cancelled:
        pointer.press = nil
      default: break
      }
    }
    if presses.contains(where: { $0.phase == .began }) {
      if given == nil && buttons.isEmpty { buttons = .primary }
      if buttons.isEmpty {
        throw fail(anchor, "a pointer press begins when a button goes down, but 'buttons' is empty")
      }
    }
    if presses.contains(where: { $0.phase == .ended }) {
      if given == nil { buttons = [] }
      if !buttons.isEmpty {
        throw fail(anchor, "a pointer press ends when the last button lifts, but 'buttons' lists \(buttons)")
      }
    }
    if let press = pointer.press, buttons.isEmpty {
      // The press would stay down with no button: it ends with the last button, in this event.
      throw fail(
        anchor,
        "every button lifted, but press \(press) is still down: a pointer press ends when the last button lifts, so end it (phase ended) in this event"
      )
    }
    pointer.buttons = buttons
    if let modifiers = fields?.1 { pointer.modifiers = modifiers }
    if presses.contains(where: { $0.phase == .began }) { pointer.hovering = false }
    return .pointer(time, inputs, buttons: buttons, modifiers: pointer.modifiers)
  }

  /// `{"t": …, "hover": {"x": …, "y": …}}` or `{"t": …, "hover": "exited"}`.
  mutating func hoverEvent(_ node: JSONNode, _ hover: JSONNode, _ time: Timestamp) throws(InputError) -> ScriptEvent {
    for field in ["touches", "scroll", "buttons"] where node[field] != nil {
      throw fail(node[field]!, "'\(field)' cannot be in a hover event (a hovering pointer has no button down)")
    }
    if let modifiers = node["modifiers"] { pointer.modifiers = try modifierFlags(modifiers) }
    if !pointer.buttons.isEmpty {
      throw fail(hover, "hover while \(pointer.buttons) is down; a pointer with a button down is a press")
    }
    if let text = hover.stringValue {
      guard text == "exited" else {
        throw fail(hover, "hover: expected {\"x\": …, \"y\": …} or \"exited\", found '\(text)'")
      }
      guard pointer.hovering else {
        throw fail(hover, "hover: the pointer exited but it was not hovering in the window")
      }
      pointer.hovering = false
      return .hover(time, .exited(modifierFlags: pointer.modifiers))
    }
    let (x, y) = try coordinates(hover, "hover", fields: Self.hoverFields, names: ("x", "y"))
    pointer.hovering = true
    return .hover(time, HoverInput(x: x, y: y, modifierFlags: pointer.modifiers))
  }

  /// `{"t": …, "scroll": {"x": …, "y": …, "dx": …, "dy": …, "type": …, "phase": …}}`.
  mutating func scrollEvent(_ node: JSONNode, _ scroll: JSONNode, _ time: Timestamp) throws(InputError)
    -> ScriptEvent
  {
    for field in ["touches", "buttons"] where node[field] != nil {
      throw fail(node[field]!, "'\(field)' cannot be in a scroll event")
    }
    if let modifiers = node["modifiers"] { pointer.modifiers = try modifierFlags(modifiers) }
    let (x, y) = try coordinates(scroll, "scroll", fields: Self.scrollFields, names: ("x", "y"))
    let (dx, dy) = try coordinates(scroll, "scroll", fields: Self.scrollFields, names: ("dx", "dy"))
    var type = ScrollType.discrete
    if let typeNode = scroll["type"] {
      let names = ScrollType.allCases.map(\.rawValue)
      guard let name = typeNode.stringValue, let parsed = ScrollType(rawValue: name) else {
        let shown = typeNode.stringValue.map { "'\($0)'" } ?? typeNode.typeName
        throw fail(
          typeNode,
          "scroll.type: unknown scroll type \(shown)\(typeNode.stringValue.map { didYouMean($0, names) } ?? ""); expected discrete or continuous"
        )
      }
      type = parsed
    }
    var phase = ScrollInput.Phase.changed
    if let phaseNode = scroll["phase"] {
      let names = ScrollInput.Phase.allCases.map(\.rawValue)
      guard type == .continuous else {
        throw fail(phaseNode, "scroll.phase: only a continuous scroll has phases; a discrete one is a single tick")
      }
      guard let name = phaseNode.stringValue, let parsed = ScrollInput.Phase(rawValue: name) else {
        let shown = phaseNode.stringValue.map { "'\($0)'" } ?? phaseNode.typeName
        throw fail(
          phaseNode,
          "scroll.phase: unknown phase \(shown)\(phaseNode.stringValue.map { didYouMean($0, names) } ?? ""); expected began, changed or ended"
        )
      }
      phase = parsed
    } else if type == .continuous {
      throw fail(scroll, "scroll: a continuous scroll needs 'phase' (began, changed or ended)")
    }
    if type == .continuous {
      switch phase {
      case .began:
        if pointer.continuousScroll {
          throw fail(scroll["phase"] ?? scroll, "scroll: a continuous scroll began while another is in progress")
        }
        pointer.continuousScroll = true
      case .changed, .ended:
        guard pointer.continuousScroll else {
          throw fail(scroll["phase"] ?? scroll, "scroll: a continuous scroll \(phase) before it began")
        }
        if phase == .ended { pointer.continuousScroll = false }
      }
    } else {
      pointer.continuousScroll = false
    }
    return .scroll(
      time, ScrollInput(x: x, y: y, dx: dx, dy: dy, type: type, phase: phase, modifierFlags: pointer.modifiers))
  }

  /// Two required finite numbers of an object, whose fields must be among `fields`.
  private func coordinates(_ node: JSONNode, _ path: String, fields: [String], names: (String, String))
    throws(InputError) -> (Double, Double)
  {
    guard let members = node.objectValue else {
      throw fail(node, "\(path): expected an object, found \(node.typeName)")
    }
    for member in members where !fields.contains(member.key) {
      throw fail(member.value, "\(path).\(member.key): unknown field '\(member.key)'\(fieldHint(member.key, fields))")
    }
    var values: [Double] = []
    for axis in [names.0, names.1] {
      guard let value = node[axis] else { throw fail(node, "\(path): missing required field '\(axis)'") }
      guard let number = value.numberValue else {
        throw fail(value, "\(path).\(axis): expected a number of points, found \(value.typeName)")
      }
      guard number.isFinite, abs(number) < 1e12 else {
        throw fail(
          value, "\(path).\(axis): expected a number of points from -1e12 to 1e12, found \(formatNumber(number))")
      }
      values.append(number)
    }
    return (values[0], values[1])
  }
}
