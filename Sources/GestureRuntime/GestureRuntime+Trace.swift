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
      pendingDiagnostics.append(Diagnostic(time: now, message: message, recognizers: recognizers))
    }
  }
}
