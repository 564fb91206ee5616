import GestureCore

/// A trace sink that writes each event as one line of JSON, exactly the lines of
/// `gesturectl trace --format jsonl` (<doc:FileFormats>, trace).
///
/// Attach one to a runtime inside an app, and the trace it writes can be drawn with
/// `gesturectl render` and compared, line for line, with a replay of the same input:
///
/// ```swift
/// var lines: [String] = []
/// let writer = JSONLinesTraceWriter { lines.append($0) }
/// let runtime = GestureRuntime(window: window, trace: writer)
/// ```
///
/// The writer holds no buffer: each event is encoded and handed to `write` as it happens.
public final class JSONLinesTraceWriter: TraceSink {
  private let write: (String) -> Void

  /// Creates a writer that hands every line to `write`.
  ///
  /// - Parameter write: Called once per trace event, in order, with one JSON object and its
  ///   terminating newline (`"{…}\n"`), ready to be appended to a `.jsonl` file.
  public init(write: @escaping (String) -> Void) {
    self.write = write
  }

  /// Writes the event's line.
  public func record(_ event: TraceEvent) {
    write(Self.line(event) + "\n")
  }

  /// The JSON object for one trace event, without a newline: `t` (seconds) and `kind` first, then
  /// the kind's fields in a fixed order.
  public static func line(_ event: TraceEvent) -> String {
    var out = "{\"t\":\(TraceJSON.number(event.time.seconds)),\"kind\":"
    switch event.kind {
    case .touch(let id, let phase, let location, let view, let type, let buttons):
      out += "\"touch\",\"touch\":\(id),\"phase\":\"\(phase)\","
      out += "\"x\":\(TraceJSON.number(location.x)),\"y\":\(TraceJSON.number(location.y)),\"view\":"
      out += view.map(TraceJSON.quote) ?? "null"
      // A direct touch says no more; another type says which, and a pointer's press its buttons.
      if type != .direct { out += ",\"type\":\"\(type.rawValue)\"" }
      if type == .indirectPointer {
        out += ",\"buttons\":[" + buttons.names.map(TraceJSON.quote).joined(separator: ",") + "]"
      }
    case .state(let recognizer, let from, let to, let reason):
      out += "\"state\",\"recognizer\":\(TraceJSON.quote(recognizer)),\"from\":\"\(from)\",\"to\":\"\(to)\","
      out += "\"reason\":\(TraceJSON.quote(reason))"
    case .wait(let recognizer, let wants, let waitingFor):
      out += "\"wait\",\"recognizer\":\(TraceJSON.quote(recognizer)),\"wants\":\"\(wants)\",\"waitingFor\":["
      out += waitingFor.map(TraceJSON.quote).joined(separator: ",") + "]"
    case .action(let recognizer, let state, let location, let attributes):
      out += "\"action\",\"recognizer\":\(TraceJSON.quote(recognizer)),\"state\":\"\(state)\","
      out += "\"location\":[\(TraceJSON.number(location.x)),\(TraceJSON.number(location.y))]"
      for attribute in attributes {
        out += ",\(TraceJSON.quote(attribute.name)):"
        out +=
          attribute.values.count == 1
          ? TraceJSON.number(attribute.values[0])
          : "[" + attribute.values.map(TraceJSON.number).joined(separator: ",") + "]"
      }
    case .hover(let phase, let location, let view):
      out +=
        "\"hover\",\"phase\":\"\(phase)\",\"x\":\(TraceJSON.number(location.x)),\"y\":\(TraceJSON.number(location.y)),\"view\":"
      out += view.map(TraceJSON.quote) ?? "null"
    case .scroll(let delta, let type, let phase, let location, let view):
      out +=
        "\"scroll\",\"dx\":\(TraceJSON.number(delta.x)),\"dy\":\(TraceJSON.number(delta.y)),\"type\":\"\(type)\""
      if let phase { out += ",\"phase\":\"\(phase)\"" }
      out += ",\"x\":\(TraceJSON.number(location.x)),\"y\":\(TraceJSON.number(location.y)),\"view\":"
      out += view.map(TraceJSON.quote) ?? "null"
    case .reset(let recognizer):
      out += "\"reset\",\"recognizer\":\(TraceJSON.quote(recognizer))"
    case .view(let view, let call, let touches):
      out += "\"view\",\"view\":\(TraceJSON.quote(view)),\"call\":\"\(TraceEvent.callName(call))\",\"touches\":["
      out += touches.map(String.init).joined(separator: ",") + "]"
    case .diagnostic(let message, let recognizers):
      out += "\"diagnostic\",\"message\":\(TraceJSON.quote(message))"
      if recognizers.count == 1 {
        out += ",\"recognizer\":\(TraceJSON.quote(recognizers[0]))"
      } else if !recognizers.isEmpty {
        out += ",\"recognizers\":[" + recognizers.map(TraceJSON.quote).joined(separator: ",") + "]"
      }
    }
    return out + "}"
  }
}
