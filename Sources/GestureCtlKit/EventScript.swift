import GestureCore
import GestureRuntime

/// One entry of an event script (<doc:FileFormats>, event script).
enum ScriptEvent {
  case touches(Timestamp, [TouchInput])
  case advance(Timestamp)
  case setEnabled(Timestamp, recognizer: String, value: Bool)
  case removeFromSuperview(Timestamp, view: String)
  case removeRecognizer(Timestamp, recognizer: String)
  /// Touches (possibly none) with the pointer's buttons and modifier keys after the event.
  case pointer(Timestamp, [TouchInput], buttons: EventButtonMask, modifiers: ModifierFlags)
  case hover(Timestamp, HoverInput)
  case scroll(Timestamp, ScrollInput)

  var time: Timestamp {
    switch self {
    case .touches(let t, _), .advance(let t), .setEnabled(let t, _, _), .removeFromSuperview(let t, _),
      .removeRecognizer(let t, _), .pointer(let t, _, _, _), .hover(let t, _), .scroll(let t, _):
      return t
    }
  }
}

/// Reads an event script, as JSON lines or as one JSON array, checking each event against the
/// previous ones: time order, touch life cycles, names of the scene.
struct EventScriptReader {
  /// What a message says it found: a number as written back, otherwise the JSON type.
  static func shown(_ node: JSONNode) -> String {
    if let number = node.numberValue { return formatNumber(number) }
    return node.typeName
  }

  static let eventFields = [
    "t", "touches", "command", "recognizer", "view", "value", "buttons", "modifiers", "hover", "scroll",
  ]
  static let touchFields = [
    "id", "phase", "x", "y", "type", "force", "maximumPossibleForce", "majorRadius", "majorRadiusTolerance",
  ]
  static let commands = ["setEnabled", "removeFromSuperview", "removeRecognizer"]
  /// More simultaneous touches than this in one event is refused.
  static let maximumTouchesPerEvent = 100_000

  let file: String
  let recognizerNames: Set<String>
  let viewNames: Set<String>
  /// The root view's name: the window, which has no superview to be removed from.
  let rootViewName: String?
  private var lastTime = Timestamp.zero
  private var live: Set<Int> = []
  private(set) var count = 0
  /// The pointer as the script left it (EventScript+Pointer.swift).
  var pointer = ScriptPointerState()
  /// Whether a bad line is kept in ``errors`` and reading goes on with the next line, instead of
  /// stopping (`validate` reports every bad line of a JSON-lines script).
  var collectsErrors = false
  /// The bad lines' errors, when ``collectsErrors`` is set.
  private(set) var errors: [InputError] = []
  /// The touches still down after the events read so far, by id.
  var touchesDown: [Int] { live.sorted() }

  init(file: String, recognizerNames: Set<String>, viewNames: Set<String>, rootViewName: String? = nil) {
    self.file = file
    self.recognizerNames = recognizerNames
    self.viewNames = viewNames
    self.rootViewName = rootViewName
  }

  private func error(_ line: Int, _ column: Int, _ message: String) -> InputError {
    .at(file, line, column, message)
  }

  /// Reads every event from `path`, calling `body` for each; throws at the first bad one.
  mutating func read(path: String, _ body: (ScriptEvent) -> Void) throws(InputError) {
    try read(from: LineReader(path: path), body)
  }

  /// Reads every event from `reader`, calling `body` for each; throws at the first bad one.
  mutating func read(from reader: LineReader, _ body: (ScriptEvent) -> Void) throws(InputError) {
    var firstLine = true
    var firstObject = true
    while let line = try reader.nextLine() {
      var bytes = line
      if firstLine, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      if firstLine && first == UInt8(ascii: "[") {
        // A JSON array of the same objects.
        var all = Array(bytes)
        all.append(0x0A)
        all.append(contentsOf: try reader.readAll())
        let document: JSONNode
        do {
          document = try JSONParser.parse(all, firstLine: reader.lineNumber)
        } catch {
          throw self.error(error.line, error.column, error.message)
        }
        guard let items = document.arrayValue else {
          throw self.error(document.line, document.column, "expected an array of events")
        }
        for item in items { body(try event(item)) }
        try finish()
        return
      }
      firstLine = false
      if first == UInt8(ascii: "#") { continue }
      let isFirstObject = firstObject
      firstObject = false
      do throws(InputError) {
        let node: JSONNode
        do {
          node = try JSONParser.parse(Array(bytes), firstLine: reader.lineNumber)
        } catch {
          guard error.message.hasSuffix("end of input") || error.message.hasSuffix("end of the input") else {
            throw self.error(error.line, error.column, error.message)
          }
          // A line that ends inside its object. On a later line, a line cut short; on the first,
          // most likely a file written over several lines, which no later line can mend: the rest
          // is read to tell a scene from such a script, and not read as lines.
          guard isFirstObject else {
            throw self.error(
              error.line, error.column,
              "the line ends before its JSON object does (an event script holds one object per line)")
          }
          var all = Array(bytes)
          all.append(0x0A)
          all.append(contentsOf: try reader.readAll())
          let what =
            GestureCtl.looksLikeScene(all)
            ? "this file is a scene (it has \"views\"), not an event script"
            : "an event script holds one JSON object per line, or a JSON array of them from its first line;"
              + " is this a script written over several lines?"
          throw InputError.at(
            file, error.line, error.column, "the line ends before its JSON object does: \(what)")
        }
        body(try event(node))
      } catch {
        // (After a file written over several lines the reader is at its end: the loop stops.)
        guard collectsErrors else { throw error }
        errors.append(error)
      }
    }
    try finish()
  }

  private func finish() throws(InputError) {}

  private mutating func event(_ node: JSONNode) throws(InputError) -> ScriptEvent {
    count += 1
    guard let members = node.objectValue else {
      throw error(node.line, node.column, "expected an event object, found \(node.typeName)")
    }
    if let member = members.first(where: { !Self.eventFields.contains($0.key) }) {
      throw error(
        member.value.line, member.value.column,
        "unknown field '\(member.key)'\(fieldHint(member.key, Self.eventFields))")
    }
    guard let tNode = node["t"] else { throw error(node.line, node.column, "missing required field 't' (seconds)") }
    guard let seconds = tNode.numberValue else {
      throw error(tNode.line, tNode.column, "t: expected a number of seconds, found \(tNode.typeName)")
    }
    guard seconds >= 0, seconds < 1e12 else {
      throw error(tNode.line, tNode.column, "t: expected seconds from 0 to 1e12, found \(formatNumber(seconds))")
    }
    let time = Timestamp(seconds: seconds)
    if time < lastTime {
      throw error(tNode.line, tNode.column, "time goes backwards: \(time) s after \(lastTime) s")
    }
    lastTime = time
    if let command = node["command"] {
      if node["touches"] != nil {
        throw error(command.line, command.column, "an event has either 'touches' or 'command', not both")
      }
      return try commandEvent(node, command, time)
    }
    for field in ["recognizer", "view", "value"] where node[field] != nil {
      let extra = node[field]!
      throw error(extra.line, extra.column, "'\(field)' belongs to a command event; this event has no 'command'")
    }
    if let hover = node["hover"] { return try hoverEvent(node, hover, time) }
    if let scroll = node["scroll"] { return try scrollEvent(node, scroll, time) }
    let pointerFields = try pointerFields(node)
    guard let touchesNode = node["touches"] else {
      guard let pointerFields else { return .advance(time) }
      return try pointerEvent(node, [], pointerFields, time)
    }
    guard let items = touchesNode.arrayValue else {
      throw error(touchesNode.line, touchesNode.column, "touches: expected an array, found \(touchesNode.typeName)")
    }
    if items.count > Self.maximumTouchesPerEvent {
      throw error(touchesNode.line, touchesNode.column, "more than \(Self.maximumTouchesPerEvent) touches in one event")
    }
    var inputs: [TouchInput] = []
    inputs.reserveCapacity(items.count)
    var seen: Set<Int> = []
    for (i, item) in items.enumerated() {
      let path = "touches[\(i)]"
      guard let touchMembers = item.objectValue else {
        throw error(item.line, item.column, "\(path): expected an object, found \(item.typeName)")
      }
      if let member = touchMembers.first(where: { !Self.touchFields.contains($0.key) }) {
        throw error(
          member.value.line, member.value.column,
          "\(path).\(member.key): unknown field '\(member.key)'\(fieldHint(member.key, Self.touchFields))")
      }
      guard let idNode = item["id"] else { throw error(item.line, item.column, "\(path): missing required field 'id'") }
      guard case .number(let idNumber, _) = idNode.value, idNumber == idNumber.rounded(), abs(idNumber) < 9e15 else {
        throw error(
          idNode.line, idNode.column,
          "\(path).id: expected a whole number from -9e15 to 9e15, found \(Self.shown(idNode))")
      }
      let id = Int(idNumber)
      guard let phaseNode = item["phase"] else {
        throw error(item.line, item.column, "\(path): missing required field 'phase'")
      }
      guard let phaseName = phaseNode.stringValue, let phase = TouchPhase(rawValue: phaseName) else {
        let shown = phaseNode.stringValue.map { "'\($0)'" } ?? phaseNode.typeName
        let names = TouchPhase.allCases.map(\.rawValue)
        throw error(
          phaseNode.line, phaseNode.column,
          "\(path).phase: unknown phase \(shown)\(phaseNode.stringValue.map { didYouMean($0, names) } ?? ""); expected one of \(names.joined(separator: ", "))"
        )
      }
      var coordinates: [Double] = []
      for axis in ["x", "y"] {
        guard let value = item[axis] else {
          throw error(item.line, item.column, "\(path): missing required field '\(axis)'")
        }
        guard let number = value.numberValue, number.isFinite else {
          throw error(value.line, value.column, "\(path).\(axis): expected a finite number, found \(value.typeName)")
        }
        // As a hover's and a scroll's: beyond, distances and speeds computed from it overflow.
        guard abs(number) < 1e12 else {
          throw error(
            value.line, value.column,
            "\(path).\(axis): expected a number of points from -1e12 to 1e12, found \(formatNumber(number))")
        }
        coordinates.append(number)
      }
      var type = TouchType.direct
      if let typeNode = item["type"] {
        guard let name = typeNode.stringValue, let parsed = TouchType(rawValue: name) else {
          throw error(
            typeNode.line, typeNode.column, "\(path).type: expected direct, indirect, pencil or indirectPointer")
        }
        type = parsed
      }
      if !seen.insert(id).inserted {
        throw error(item.line, item.column, "\(path): touch \(id) appears twice in one event")
      }
      switch phase {
      case .began:
        if live.contains(id) {
          throw error(phaseNode.line, phaseNode.column, "\(path): touch \(id) began again while it is still down")
        }
        live.insert(id)
      case .moved, .stationary, .ended, .cancelled:
        guard live.contains(id) else {
          throw error(phaseNode.line, phaseNode.column, "\(path): touch \(id) \(phase) before it began")
        }
        if phase == .ended || phase == .cancelled { live.remove(id) }
      }
      // Force and contact size: optional, finite and not negative; absent means not reported (0).
      let measures = try measures(of: item, path)
      inputs.append(
        TouchInput(
          id: id, phase: phase, x: coordinates[0], y: coordinates[1], type: type, force: measures[0],
          maximumPossibleForce: measures[1], majorRadius: measures[2], majorRadiusTolerance: measures[3]))
    }
    if pointerFields != nil || inputs.contains(where: { $0.type == .indirectPointer }) {
      return try pointerEvent(node, inputs, pointerFields, time)
    }
    if inputs.isEmpty { return .advance(time) }
    return .touches(time, inputs)
  }

  /// A touch's force and contact size, in the order of ``measureFields``: each optional, finite
  /// and not negative; 0 (not reported) when absent. (A function of its own: inlined into
  /// `event(_:)`, this loop made the release build's optimizer crash.)
  private func measures(of item: JSONNode, _ path: String) throws(InputError) -> [Double] {
    var measures: [Double] = []
    for field in Self.measureFields {
      guard let value = item[field] else {
        measures.append(0)
        continue
      }
      if let number = value.numberValue, number.isFinite, number >= 0 {
        measures.append(number)
      } else {
        throw measureError(value, "\(path).\(field)")
      }
    }
    return measures
  }

  private func measureError(_ value: JSONNode, _ path: String) -> InputError {
    let found = value.numberValue.map { formatNumber($0) } ?? value.typeName
    return error(value.line, value.column, "\(path): expected a number 0 or more, found \(found)")
  }

  static let measureFields = ["force", "maximumPossibleForce", "majorRadius", "majorRadiusTolerance"]

  private func commandEvent(_ node: JSONNode, _ command: JSONNode, _ time: Timestamp) throws(InputError) -> ScriptEvent
  {
    guard let name = command.stringValue else {
      throw error(
        command.line, command.column,
        "command: expected a string, one of \(Self.commands.joined(separator: ", ")), found \(command.typeName)")
    }
    guard Self.commands.contains(name) else {
      throw error(
        command.line, command.column,
        "command: unknown command '\(name)'\(didYouMean(name, Self.commands)); expected one of \(Self.commands.joined(separator: ", "))"
      )
    }
    func recognizerName() throws(InputError) -> String {
      guard let field = node["recognizer"] else {
        throw error(node.line, node.column, "\(name): missing field 'recognizer'")
      }
      guard let text = field.stringValue else {
        throw error(
          field.line, field.column, "recognizer: expected a recognizer's name, a string, found \(field.typeName)")
      }
      guard recognizerNames.contains(text) else {
        throw error(
          field.line, field.column,
          "recognizer: no recognizer named '\(text)'\(didYouMean(text, recognizerNames.sorted()))")
      }
      return text
    }
    switch name {
    case "setEnabled":
      let recognizer = try recognizerName()
      guard let valueNode = node["value"] else {
        throw error(node.line, node.column, "setEnabled: missing field 'value': true or false")
      }
      guard case .bool(let value) = valueNode.value else {
        throw error(valueNode.line, valueNode.column, "value: expected true or false, found \(valueNode.typeName)")
      }
      return .setEnabled(time, recognizer: recognizer, value: value)
    case "removeRecognizer":
      return .removeRecognizer(time, recognizer: try recognizerName())
    default:
      guard let field = node["view"] else {
        throw error(node.line, node.column, "removeFromSuperview: missing field 'view'")
      }
      guard let text = field.stringValue else {
        throw error(field.line, field.column, "view: expected a view's name, a string, found \(field.typeName)")
      }
      guard viewNames.contains(text) else {
        throw error(field.line, field.column, "view: no view named '\(text)'\(didYouMean(text, viewNames.sorted()))")
      }
      if text == rootViewName {
        throw error(
          field.line, field.column,
          "view: '\(text)' is the root view, the window, which has no superview to be removed from; name one of its subviews"
        )
      }
      return .removeFromSuperview(time, view: text)
    }
  }
}
