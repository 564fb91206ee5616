public import GestureCore
public import GestureRuntime

/// Records the input an app's runtime receives as an event script (<doc:FileFormats>, event
/// script), so that a field report can be replayed with `gesturectl trace` against the scene
/// ``SceneExporter`` writes.
///
/// Attach it as the runtime's trace sink (give it the app's own sink to forward to): it turns the
/// trace's `touch` lines into script events, one event per dispatch, and the dispatches of the
/// runtime's timers into time marks. Scene changes the app makes (disabling a recognizer,
/// removing a view or a recognizer) are not in the trace: note them with
/// ``recordSetEnabled(_:_:at:)``, ``recordRemoveFromSuperview(_:at:)`` and
/// ``recordRemoveRecognizer(_:at:)`` where the app makes them.
///
/// ```swift
/// let recorder = EventScriptRecorder(forwardingTo: JSONLinesTraceWriter { traceFile.append($0) })
/// let runtime = GestureRuntime(window: window, trace: recorder)
/// // … later, with the report:
/// let script = recorder.script
/// let scene = try SceneExporter().scene(of: window)
/// ```
///
/// The trace's hover and scroll lines become the script's hover and scroll entries, and a
/// pointer's press comes back as one, with its buttons. The trace says where each touch was, in
/// which phase and of which type; it does not carry a touch's force nor the modifier keys, so the
/// script's touches have no force and its events no `modifiers`.
public final class EventScriptRecorder: TraceSink {
  private let next: (any TraceSink)?
  /// The script so far, one JSON object a line (without newlines).
  public private(set) var lines: [String] = []
  private var pending: [String] = []
  private var pendingTime = Timestamp.zero
  /// The buttons of the pending event's pointer press, if it has one.
  private var pendingButtons: EventButtonMask?
  /// Whether a continuous scroll has begun and not ended.
  private var continuousScrollBegan = false
  private var lastTime: Timestamp?

  /// Creates a recorder that forwards every trace event to `next`, if given.
  public init(forwardingTo next: (any TraceSink)? = nil) {
    self.next = next
  }

  /// The script so far as the text of a `.events.jsonl` file.
  public var script: String {
    (lines + (pending.isEmpty ? [] : [touchLine()])).map { $0 + "\n" }.joined()
  }

  private func touchLine() -> String {
    let buttons =
      pendingButtons.map { mask in
        "\"buttons\": [" + mask.names.map { Int($0) == nil ? JSONText.quote($0) : $0 }.joined(separator: ", ") + "], "
      } ?? ""
    return
      "{\"t\": \(JSONText.number(pendingTime.seconds)), \(buttons)\"touches\": [\(pending.joined(separator: ", "))]}"
  }

  private func flush() {
    guard !pending.isEmpty else { return }
    lines.append(touchLine())
    lastTime = pendingTime
    pending.removeAll()
    pendingButtons = nil
  }

  /// Turns a touch line into the script's touch, and marks the time of a timer's dispatch.
  public func record(_ event: TraceEvent) {
    if case .touch(let id, let phase, let location, _, let type, let buttons) = event.kind {
      let pointerButtons: EventButtonMask? = type == .indirectPointer ? buttons : nil
      // One event per dispatch time; a press whose buttons changed starts another at that time.
      if !pending.isEmpty
        && (event.time != pendingTime
          || (pointerButtons != nil && pendingButtons != nil && pointerButtons != pendingButtons))
      {
        flush()
      }
      pendingTime = event.time
      if let pointerButtons { pendingButtons = pointerButtons }
      let typeField = type == .direct ? "" : ", \"type\": \"\(type.rawValue)\""
      pending.append(
        "{\"id\": \(id), \"phase\": \"\(phase.rawValue)\", \"x\": \(JSONText.number(location.x)), \"y\": \(JSONText.number(location.y))\(typeField)}"
      )
    } else if case .hover(let phase, let location, _) = event.kind {
      command(
        event.time,
        phase == .exited
          ? "\"hover\": \"exited\""
          : "\"hover\": {\"x\": \(JSONText.number(location.x)), \"y\": \(JSONText.number(location.y))}")
    } else if case .scroll(let delta, let type, var phase, let location, _) = event.kind {
      // The runtime takes a continuous scroll's steps in any order (a first `changed` begins
      // it); a script gives them in order: a first step is written as `began`, and an `ended`
      // with nothing begun is left out.
      if type == .continuous {
        if !continuousScrollBegan && phase == .ended {
          next?.record(event)
          return
        }
        if !continuousScrollBegan { phase = .began }
        continuousScrollBegan = phase != .ended
      }
      var fields =
        "\"x\": \(JSONText.number(location.x)), \"y\": \(JSONText.number(location.y)), \"dx\": \(JSONText.number(delta.x)), \"dy\": \(JSONText.number(delta.y)), \"type\": \"\(type.rawValue)\""
      if let phase { fields += ", \"phase\": \"\(phase.rawValue)\"" }
      command(event.time, "\"scroll\": {\(fields)}")
    } else {
      flush()
      if lastTime.map({ event.time > $0 }) ?? (event.time > .zero) {
        // A dispatch without input: a timer fired; advancing the clock to it replays it.
        lines.append("{\"t\": \(JSONText.number(event.time.seconds))}")
        lastTime = event.time
      }
    }
    next?.record(event)
  }

  private func command(_ time: Timestamp, _ fields: String) {
    flush()
    lines.append("{\"t\": \(JSONText.number(time.seconds)), \(fields)}")
    lastTime = time
  }

  /// Notes that the app set `recognizer.isEnabled` to `value` at `time`.
  public func recordSetEnabled(_ recognizer: GestureRecognizer, _ value: Bool, at time: Timestamp) {
    command(
      time, "\"command\": \"setEnabled\", \"recognizer\": \(JSONText.quote(recognizer.name)), \"value\": \(value)")
  }

  /// Notes that the app removed `view` from its superview at `time`.
  public func recordRemoveFromSuperview(_ view: View, at time: Timestamp) {
    command(time, "\"command\": \"removeFromSuperview\", \"view\": \(JSONText.quote(view.name))")
  }

  /// Notes that the app removed `recognizer` from its view at `time`.
  public func recordRemoveRecognizer(_ recognizer: GestureRecognizer, at time: Timestamp) {
    command(time, "\"command\": \"removeRecognizer\", \"recognizer\": \(JSONText.quote(recognizer.name))")
  }
}
