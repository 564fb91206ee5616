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

  /// `  0.080  state   tap          possible → ended      recognized`
  static func text(_ event: TraceEvent) -> String {
    let time = padLeft(fixed3(event.time.seconds), 8)
    func row(_ what: String, _ who: String, _ detail: String) -> String {
      var line = "\(time)  \(pad(what, 10))\(pad(who, 14)) \(detail)"
      while line.last == " " { line.removeLast() }
      return line
    }
    switch event.kind {
    case .touch(let id, let phase, let location, let view):
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
    let time = padLeft(fixed3(state.time.seconds), 8)
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
/// (`▶ changed`), since the action repeats what the state line says; call ``finish()`` after the
/// last event to write a line held back for folding.
final class StreamingTraceWriter: TraceSink {
  let format: TraceFormat
  let output: any TextOutput
  private var pending: TraceEvent?

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
    if let held = pending {
      pending = nil
      if let folded = TraceFormat.folded(held, event) {
        output.write(folded + "\n")
        return
      }
      output.write(TraceFormat.text(held) + "\n")
    }
    if case .state(_, _, .changed, _) = event.kind {
      pending = event
      return
    }
    output.write(TraceFormat.text(event) + "\n")
  }

  /// Writes the line held back for folding, if any.
  func finish() {
    if let held = pending { output.write(TraceFormat.text(held) + "\n") }
    pending = nil
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
