import GestureCore
import GestureRuntime

/// Reads a JSON-lines trace (<doc:FileFormats>, trace), as `gesturectl trace --format jsonl` and
/// ``GestureRuntime/JSONLinesTraceWriter`` write it, back into trace events, for `render`.
///
/// Every line must be a trace object with `t` and a known `kind` and that kind's fields; extra
/// fields are ignored, as the format allows, except on `action` lines, where numbers and
/// `[x, y]` pairs are the recognizer's attributes. Lines of kinds this build does not know are
/// skipped and counted, so a newer trace still draws.
struct TraceFileReader {
  let file: String
  /// The kinds of the lines skipped because this reader does not know them, with their counts.
  private(set) var skipped: [(kind: String, count: Int)] = []

  init(file: String) {
    self.file = file
  }

  private func error(_ node: JSONNode, _ message: String) -> InputError {
    .at(file, node.line, node.column, message)
  }

  /// Reads every line; throws at the first bad one, so that nothing is drawn from a bad trace.
  mutating func read(from reader: LineReader) throws(InputError) -> [TraceEvent] {
    var events: [TraceEvent] = []
    var last = -Double.infinity
    while let line = try reader.nextLine() {
      var bytes = line
      if reader.lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      let node: JSONNode
      do {
        node = try JSONParser.parse(Array(bytes), firstLine: reader.lineNumber)
      } catch {
        throw .at(file, error.line, error.column, error.message)
      }
      guard let event = try event(node) else { continue }
      if event.time.seconds < last {
        throw error(
          node["t"]!,
          "t: time goes backwards: \(formatNumber(event.time.seconds)) s after \(formatNumber(last)) s")
      }
      last = event.time.seconds
      events.append(event)
    }
    if events.isEmpty && skipped.isEmpty {
      throw .at(
        file, max(1, reader.lineNumber), 1, "expected trace lines (JSON objects with 't' and 'kind'), found none")
    }
    return events
  }

  private func string(_ node: JSONNode, _ field: String) throws(InputError) -> String {
    guard let value = node[field] else { throw error(node, "missing required field '\(field)'") }
    guard let text = value.stringValue else {
      throw error(value, "\(field): expected a string, found \(value.typeName)")
    }
    return text
  }

  private func number(_ node: JSONNode, _ field: String) throws(InputError) -> Double {
    guard let value = node[field] else { throw error(node, "missing required field '\(field)'") }
    guard let number = value.numberValue, number.isFinite else {
      throw error(value, "\(field): expected a number, found \(value.typeName)")
    }
    return number
  }

  private func names(_ node: JSONNode, _ field: String) throws(InputError) -> [String] {
    guard let value = node[field] else { throw error(node, "missing required field '\(field)'") }
    guard let items = value.arrayValue else {
      throw error(value, "\(field): expected an array of names, found \(value.typeName)")
    }
    var result: [String] = []
    for item in items {
      guard let text = item.stringValue else { throw error(item, "\(field): expected a name, found \(item.typeName)") }
      result.append(text)
    }
    return result
  }

  private func state(_ node: JSONNode, _ field: String) throws(InputError) -> GestureRecognizer.State {
    let name = try string(node, field)
    guard let state = GestureRecognizer.State(name: name) else {
      let names = GestureRecognizer.State.allCases.map(\.description)
      throw error(
        node[field]!,
        "\(field): unknown state '\(name)'\(didYouMean(name, names)); expected one of \(names.joined(separator: ", "))")
    }
    return state
  }

  private func phase(_ node: JSONNode, _ field: String, calls: Bool = false) throws(InputError) -> TouchPhase {
    let name = try string(node, field)
    let phases: [(String, TouchPhase)] =
      calls
      ? [.began, .moved, .ended, .cancelled].map { (TraceEvent.callName($0), $0) }
      : TouchPhase.allCases.map { ($0.rawValue, $0) }
    guard let found = phases.first(where: { $0.0 == name }) else {
      let names = phases.map(\.0)
      throw error(
        node[field]!,
        "\(field): unknown \(calls ? "call" : "phase") '\(name)'\(didYouMean(name, names)); expected one of \(names.joined(separator: ", "))"
      )
    }
    return found.1
  }

  /// A field whose value names a case of `Value` (a hover's phase, a scroll's type).
  private func named<Value: RawRepresentable & CaseIterable>(_ node: JSONNode, _ field: String, _ what: String)
    throws(InputError) -> Value where Value.RawValue == String
  {
    let name = try string(node, field)
    guard let value = Value(rawValue: name) else {
      let names = Value.allCases.map(\.rawValue)
      throw error(
        node[field]!,
        "\(field): unknown \(what) '\(name)'\(didYouMean(name, names)); expected one of \(names.joined(separator: ", "))"
      )
    }
    return value
  }

  /// The optional `buttons` of a touch line (a pointer's press): names, or numbers from 4 up.
  private func pressButtons(_ node: JSONNode) throws(InputError) -> EventButtonMask {
    guard let field = node["buttons"] else { return [] }
    guard let items = field.arrayValue else {
      throw error(field, "buttons: expected an array of button names, found \(field.typeName)")
    }
    var buttons: EventButtonMask = []
    for item in items {
      var button: EventButtonMask?
      if let name = item.stringValue {
        button = EventButtonMask(name: name)
      } else if let number = item.numberValue, number == number.rounded(), number >= 4, number <= 62 {
        button = .button(Int(number))
      }
      guard let button else {
        throw error(item, "buttons: expected primary, secondary, tertiary or a button number from 4 to 62")
      }
      buttons.insert(button)
    }
    return buttons
  }

  /// The optional `view` of a pointer line: a name, or null for none.
  private func pointerView(_ node: JSONNode) throws(InputError) -> String? {
    guard let viewNode = node["view"], !viewNode.value.isNull else { return nil }
    return try string(node, "view")
  }

  private func point(_ node: JSONNode, _ field: String) throws(InputError) -> Point {
    guard let value = node[field] else { throw error(node, "missing required field '\(field)'") }
    guard let items = value.arrayValue, items.count == 2, let x = items[0].numberValue, let y = items[1].numberValue
    else {
      throw error(value, "\(field): expected [x, y], two numbers")
    }
    return Point(x: x, y: y)
  }

  private mutating func event(_ node: JSONNode) throws(InputError) -> TraceEvent? {
    guard let members = node.objectValue else {
      throw error(node, "expected a trace object, found \(node.typeName)")
    }
    let seconds = try number(node, "t")
    guard seconds >= 0, seconds < 1e12 else {
      throw error(node["t"]!, "t: expected seconds from 0 to 1e12, found \(formatNumber(seconds))")
    }
    let time = Timestamp(seconds: seconds)
    let kind = try string(node, "kind")
    switch kind {
    case "touch":
      guard let idNode = node["touch"] else { throw error(node, "missing required field 'touch'") }
      guard case .number(let id, _) = idNode.value, id == id.rounded(), abs(id) < 9e15 else {
        throw error(idNode, "touch: expected a whole number")
      }
      let location = Point(x: try number(node, "x"), y: try number(node, "y"))
      var view: String?
      if let viewNode = node["view"], !viewNode.value.isNull { view = try string(node, "view") }
      // A touch of another type than direct says which; a pointer's press, its buttons.
      let type: TouchType = node["type"] == nil ? .direct : try named(node, "type", "touch type")
      let buttons = try pressButtons(node)
      return TraceEvent(
        time: time,
        kind: .touch(
          id: Int(id), phase: try phase(node, "phase"), location: location, view: view, type: type, buttons: buttons))
    case "state":
      return TraceEvent(
        time: time,
        kind: .state(
          recognizer: try string(node, "recognizer"), from: try state(node, "from"), to: try state(node, "to"),
          reason: try string(node, "reason")))
    case "wait":
      return TraceEvent(
        time: time,
        kind: .wait(
          recognizer: try string(node, "recognizer"), wants: try state(node, "wants"),
          waitingFor: try names(node, "waitingFor")))
    case "action":
      var attributes: [TraceAttribute] = []
      for member in members where !["t", "kind", "recognizer", "state", "location"].contains(member.key) {
        if let number = member.value.numberValue {
          attributes.append(TraceAttribute(name: member.key, values: [number]))
        } else if let items = member.value.arrayValue, !items.isEmpty, items.allSatisfy({ $0.numberValue != nil }) {
          attributes.append(TraceAttribute(name: member.key, values: items.map { $0.numberValue! }))
        }
      }
      return TraceEvent(
        time: time,
        kind: .action(
          recognizer: try string(node, "recognizer"), state: try state(node, "state"),
          location: try point(node, "location"), attributes: attributes))
    case "hover":
      let location = Point(x: try number(node, "x"), y: try number(node, "y"))
      let phase: HoverPhase = try named(node, "phase", "hover phase")
      return TraceEvent(time: time, kind: .hover(phase: phase, location: location, view: try pointerView(node)))
    case "scroll":
      let delta = Point(x: try number(node, "dx"), y: try number(node, "dy"))
      let location = Point(x: try number(node, "x"), y: try number(node, "y"))
      let type: ScrollType = try named(node, "type", "scroll type")
      var scrollPhase: ScrollInput.Phase?
      if node["phase"] != nil { scrollPhase = try named(node, "phase", "scroll phase") as ScrollInput.Phase }
      return TraceEvent(
        time: time,
        kind: .scroll(delta: delta, type: type, phase: scrollPhase, location: location, view: try pointerView(node)))
    case "reset":
      return TraceEvent(time: time, kind: .reset(recognizer: try string(node, "recognizer")))
    case "view":
      guard let touchesNode = node["touches"] else { throw error(node, "missing required field 'touches'") }
      guard let items = touchesNode.arrayValue else {
        throw error(touchesNode, "touches: expected an array of touch ids, found \(touchesNode.typeName)")
      }
      var touches: [Int] = []
      for item in items {
        guard case .number(let id, _) = item.value, id == id.rounded(), abs(id) < 9e15 else {
          throw error(item, "touches: expected a whole number")
        }
        touches.append(Int(id))
      }
      return TraceEvent(
        time: time,
        kind: .view(view: try string(node, "view"), call: try phase(node, "call", calls: true), touches: touches))
    case "diagnostic":
      var recognizers: [String] = []
      if node["recognizer"] != nil { recognizers = [try string(node, "recognizer")] }
      if node["recognizers"] != nil { recognizers = try names(node, "recognizers") }
      return TraceEvent(time: time, kind: .diagnostic(message: try string(node, "message"), recognizers: recognizers))
    default:
      if let index = skipped.firstIndex(where: { $0.kind == kind }) {
        skipped[index].count += 1
      } else {
        skipped.append((kind, 1))
      }
      return nil
    }
  }
}

extension JSONNode.Value {
  var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}
