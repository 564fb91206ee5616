import GestureCore
import GestureRuntime

/// Renders trace events as JSON lines (<doc:FileFormats>, trace) or as aligned text for people.
enum TraceFormat: String, CaseIterable {
  case text
  case jsonl

  func render(_ event: TraceEvent) -> String {
    switch self {
    case .jsonl: return Self.json(event)
    case .text: return Self.text(event)
    }
  }

  /// The line of `--format jsonl`: the same encoder as the public sink apps attach.
  static func json(_ event: TraceEvent) -> String { JSONLinesTraceWriter.line(event) }

  static func pad(_ text: String, _ width: Int) -> String {
    let count = text.count
    return count >= width ? text : text + String(repeating: " ", count: width - count)
  }

  static func padLeft(_ text: String, _ width: Int) -> String {
    let count = text.count
    return count >= width ? text : String(repeating: " ", count: width - count) + text
  }

  /// The time column of the text format: seconds to the millisecond, right-aligned in 8
  /// characters (`   0.198`), whatever the clock's resolution (a live device's microseconds
  /// are in `--format jsonl`).
  static func timeColumn(_ seconds: Double) -> String {
    let milli = Int64((seconds * 1000).rounded())
    var digits = String(milli % 1000)
    while digits.count < 3 { digits = "0" + digits }
    return padLeft("\(milli / 1000).\(digits)", 8)
  }

  /// `  0.080  state   tap          possible → ended      recognized`
  static func text(_ event: TraceEvent) -> String {
    let time = timeColumn(event.time.seconds)
    func row(_ what: String, _ who: String, _ detail: String) -> String {
      var line = "\(time)  \(pad(what, 10))\(pad(who, 14)) \(detail)"
      while line.last == " " { line.removeLast() }
      return line
    }
    switch event.kind {
    case .touch(let id, let phase, let location, let view, _, _):
      return row("touch", "#\(id)", "\(pad(phase.rawValue, 10)) \(location) in \(view ?? "no view")")
    case .state(let recognizer, let from, let to, let reason):
      return row("state", recognizer, "\(pad("\(from) → \(to)", 20)) \(reason)")
    case .wait(let recognizer, let wants, let waitingFor):
      return row("wait", recognizer, "wants \(wants), waiting for \(waitingFor.joined(separator: ", "))")
    case .action(let recognizer, let state, let location, let attributes):
      var detail = "\(pad(state.description, 10)) at \(location)"
      for attribute in attributes {
        let values =
          attribute.values.count == 2
          ? Point(x: attribute.values[0], y: attribute.values[1]).description
          : attribute.values.map(formatNumber).joined(separator: " ")
        detail += "  \(attribute.name) \(values)"
      }
      return row("▶ action", recognizer, detail)
    case .hover(let phase, let location, let view):
      // An exit names no view: the hover ended where the pointer is (a press ends it too).
      let place = view.map { " in \($0)" } ?? (phase == .exited ? "" : " in no view")
      return row("hover", "pointer", "\(pad(phase.rawValue, 10)) \(location)\(place)")
    case .scroll(let delta, let type, let phase, let location, let view):
      let kind = type.rawValue + (phase.map { " \($0)" } ?? "")
      return row("scroll", "pointer", "\(pad(kind, 10)) by \(delta) at \(location) in \(view ?? "no view")")
    case .reset(let recognizer):
      return row("reset", recognizer, "")
    case .view(let view, let call, let touches):
      return row("view", view, "\(TraceEvent.callName(call)) \(touches.map { "#\($0)" }.joined(separator: " "))")
    case .diagnostic(let message, let recognizers):
      return row("⚠ diag", recognizers.joined(separator: ", "), message)
    }
  }

  /// One line for a `changed` state line and the action that follows it for the same
  /// recognizer at the same time: `▶ changed  pan  began → changed  at (190, 200)  translation …`
  /// (the state line's reason is kept unless it only says "changed"); nil when they do not pair.
  static func folded(_ state: TraceEvent, _ action: TraceEvent) -> String? {
    guard case .state(let who, let from, .changed, let reason) = state.kind,
      case .action(let actor, .changed, _, _) = action.kind, actor == who, action.time == state.time
    else { return nil }
    let actionLine = text(action)
    guard let range = actionLine.firstRange(of: "changed    at ") else { return nil }
    let time = timeColumn(state.time.seconds)
    var line = "\(time)  \(pad("▶ changed", 10))\(pad(who, 14)) \(pad("\(from) → changed", 20)) at "
    line += actionLine[range.upperBound...]
    if reason != "changed" { line += "  (\(reason))" }
    return line
  }

  /// Seconds with three decimals (milliseconds), or more when the time needs them.
  static func fixed3(_ seconds: Double) -> String {
    let micro = Int64((seconds * 1_000_000).rounded())
    let whole = micro / 1_000_000
    let fraction = micro % 1_000_000
    var digits = String(fraction)
    while digits.count < 6 { digits = "0" + digits }
    if digits.hasSuffix("000") { digits.removeLast(3) }
    return "\(whole).\(digits)"
  }
}

/// A trace sink that writes each event as it comes, as JSON lines or as text.
///
/// In the text format a `changed` state line and the action it sends fold into one line
/// (`▶ changed`), since the action repeats what the state line says: each recognizer's state line
/// with its own action, even when other lines (another recognizer's state line and action) come
/// between them. The folded line takes the state line's place. Lines after a state line still
/// waiting for its action are held back until it comes or the time moves on; call ``finish()``
/// after the last event to write what is held.
final class StreamingTraceWriter: TraceSink {
  let format: TraceFormat
  let output: any TextOutput
  /// The held lines, all at one time: the first is a `changed` state line waiting for its action.
  private var held: [Held] = []

  private enum Held {
    case line(String)
    case state(TraceEvent)
  }

  /// The column header of the text format.
  static let textHeader = "    time  what      who            detail\n"

  init(format: TraceFormat, output: any TextOutput) {
    self.format = format
    self.output = output
  }

  func record(_ event: TraceEvent) {
    guard format == .text else {
      output.write(TraceFormat.json(event))
      output.write("\n")
      return
    }
    if let first = held.first, case .state(let waiting) = first, waiting.time != event.time { finish() }
    if case .action(let actor, .changed, _, _) = event.kind {
      for index in held.indices {
        guard case .state(let state) = held[index], case .state(actor, _, _, _) = state.kind,
          let folded = TraceFormat.folded(state, event)
        else { continue }
        held[index] = .line(folded)
        writeReady()
        return
      }
    }
    if case .state(_, _, .changed, _) = event.kind {
      held.append(.state(event))
      return
    }
    if held.isEmpty {
      output.write(TraceFormat.text(event) + "\n")
    } else {
      held.append(.line(TraceFormat.text(event)))
    }
  }

  /// Writes the held lines up to the first state line still waiting for its action.
  private func writeReady() {
    var written = 0
    for entry in held {
      guard case .line(let text) = entry else { break }
      output.write(text + "\n")
      written += 1
    }
    held.removeFirst(written)
  }

  /// Writes every held line, a state line whose action never came as it is.
  func finish() {
    for entry in held {
      switch entry {
      case .line(let text): output.write(text + "\n")
      case .state(let state): output.write(TraceFormat.text(state) + "\n")
      }
    }
    held.removeAll()
  }

  /// The text of a whole trace, header included.
  static func text(_ events: [TraceEvent]) -> String {
    let output = StringOutput()
    output.write(textHeader)
    let writer = StreamingTraceWriter(format: .text, output: output)
    for event in events { writer.record(event) }
    writer.finish()
    return output.text
  }
}
