public import GestureCore

/// One decision of the runtime, as `gesturectl trace` prints it and tests compare it
/// (<doc:FileFormats>, trace).
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
  /// The time of the dispatch that produced the event: the input event's time, or the deadline
  /// of the timer that fired.
  public var time: Timestamp
  /// What happened.
  public var kind: Kind

  /// Creates a trace event.
  public init(time: Timestamp, kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// The kinds of trace event.
  public enum Kind: Hashable, Sendable {
    /// An input touch and the view it hit (nil when it hit none), with its type and, for a
    /// pointer's press (``GestureCore/TouchType/indirectPointer``), the buttons down after it.
    case touch(
      id: Int, phase: TouchPhase, location: Point, view: String?, type: TouchType = .direct,
      buttons: EventButtonMask = [])
    /// A change of a recognizer's published state, with a short reason.
    case state(
      recognizer: String, from: GestureRecognizer.State, to: GestureRecognizer.State, reason: String)
    /// The recognizer asked for `wants` but is held until the listed recognizers fail.
    case wait(recognizer: String, wants: GestureRecognizer.State, waitingFor: [String])
    /// The recognizer's actions were sent for `state`; `location` is in its view.
    case action(
      recognizer: String, state: GestureRecognizer.State, location: Point,
      attributes: [TraceAttribute])
    /// Hover input: the pointer entered, moved or exited, and the view under it (nil when none).
    case hover(phase: HoverPhase, location: Point, view: String?)
    /// Scroll input: the step's delta and type (with its phase for a continuous scroll) at the
    /// pointer's location, and the view under it (nil when none).
    case scroll(delta: Point, type: ScrollType, phase: ScrollInput.Phase?, location: Point, view: String?)
    /// `reset()` ran and the recognizer is back in `possible`.
    case reset(recognizer: String)
    /// A view got one of its four touch calls, for the listed touches.
    case view(view: String, call: TouchPhase, touches: [Int])
    /// Something a developer should know (a cycle, an illegal transition, a timeout).
    case diagnostic(message: String, recognizers: [String])
  }

  /// The name of the view call for a phase: `touchesBegan`, `touchesMoved`, `touchesEnded`,
  /// `touchesCancelled`.
  public static func callName(_ phase: TouchPhase) -> String {
    switch phase {
    case .began: return "touchesBegan"
    case .moved, .stationary: return "touchesMoved"
    case .ended: return "touchesEnded"
    case .cancelled: return "touchesCancelled"
    }
  }

  /// A compact one-line form, used by tests to compare whole traces:
  /// `0.08 state tap possible → ended: recognized`.
  public var description: String {
    let t = time.description
    switch kind {
    case .touch(let id, let phase, let location, let view, _, _):
      return "\(t) touch \(id) \(phase) \(location) \(view ?? "-")"
    case .state(let recognizer, let from, let to, let reason):
      return "\(t) state \(recognizer) \(from) → \(to): \(reason)"
    case .wait(let recognizer, let wants, let waitingFor):
      return "\(t) wait \(recognizer) wants \(wants), waiting for \(waitingFor.joined(separator: ", "))"
    case .action(let recognizer, let state, let location, let attributes):
      var text = "\(t) action \(recognizer) \(state) at \(location)"
      for attribute in attributes {
        text += " \(attribute.name) "
        text +=
          attribute.values.count == 2
          ? Point(x: attribute.values[0], y: attribute.values[1]).description
          : attribute.values.map(formatNumber).joined(separator: " ")
      }
      return text
    case .hover(let phase, let location, let view):
      return "\(t) hover \(phase) \(location) \(view ?? "-")"
    case .scroll(let delta, let type, let phase, let location, let view):
      return "\(t) scroll \(type)\(phase.map { " \($0)" } ?? "") \(delta) at \(location) \(view ?? "-")"
    case .reset(let recognizer):
      return "\(t) reset \(recognizer)"
    case .view(let view, let call, let touches):
      return "\(t) view \(view) \(Self.callName(call)) \(touches.map(String.init).joined(separator: ","))"
    case .diagnostic(let message, let recognizers):
      return recognizers.isEmpty
        ? "\(t) diagnostic \(message)" : "\(t) diagnostic [\(recognizers.joined(separator: ", "))] \(message)"
    }
  }
}

/// Receives the runtime's trace as it happens.
public protocol TraceSink: AnyObject {
  /// Called once per trace event, in order.
  func record(_ event: TraceEvent)
}

/// A trace sink that keeps every event in memory (tests, small replays).
public final class TraceRecorder: TraceSink {
  /// The events recorded so far.
  public private(set) var events: [TraceEvent] = []

  /// Creates an empty recorder.
  public init() {}

  /// Appends the event.
  public func record(_ event: TraceEvent) {
    events.append(event)
  }

  /// Forgets every event recorded so far.
  public func removeAll() {
    events.removeAll()
  }

  /// The events' one-line forms.
  public var lines: [String] { events.map(\.description) }
}
