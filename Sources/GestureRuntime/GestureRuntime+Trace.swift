import GestureCore

/// The trace: every decision goes to the ``GestureRuntime/trace`` sink when one is attached, and
/// costs nothing when none is.
extension GestureRuntime {
  /// Records a trace event; `kind` is built only when a trace is attached, so untraced
  /// dispatches pay nothing for it.
  @inline(__always) func emit(_ kind: @autoclosure () -> TraceEvent.Kind) {
    guard let trace else { return }
    trace.record(TraceEvent(time: now, kind: kind()))
  }

  func diagnose(_ message: String, _ recognizers: [String]) {
    emit(.diagnostic(message: message, recognizers: recognizers))
    if diagnosticHandler != nil {
      // Out of place, as the runtime's other lists (GestureRuntime.swift): no access to the list
      // stays open across its growth, so the per-dispatch look at it is checked by nothing.
      var list: [Diagnostic] = []
      swap(&list, &pendingDiagnostics)
      list.append(Diagnostic(time: now, message: message, recognizers: recognizers))
      swap(&list, &pendingDiagnostics)
    }
  }
}
