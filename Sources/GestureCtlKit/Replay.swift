import GestureCore
import GestureRuntime

/// Replays an event script through a scene on a manual clock.
struct Replay {
  let scene: Scene
  let runtime: GestureRuntime

  init(scene: Scene, trace: (any TraceSink)?) {
    self.scene = scene
    runtime = GestureRuntime(window: scene.root, clock: ManualClock(), trace: trace)
    // gesturectl maps illegal transitions with a diagnostic instead of trapping (behaviour reference §1.2).
    runtime.strictTransitions = false
    for warning in scene.warnings {
      trace?.record(TraceEvent(time: .zero, kind: .diagnostic(message: warning.message, recognizers: [])))
    }
  }

  func apply(_ event: ScriptEvent) {
    switch event {
    case .touches(let time, let inputs):
      runtime.send(inputs, at: time)
    case .advance(let time):
      runtime.advance(to: time)
    case .setEnabled(let time, let name, let value):
      runtime.advance(to: time)
      scene.recognizer(named: name)?.isEnabled = value
    case .removeFromSuperview(let time, let name):
      runtime.advance(to: time)
      scene.view(named: name)?.removeFromSuperview()
    case .removeRecognizer(let time, let name):
      runtime.advance(to: time)
      if let recognizer = scene.recognizer(named: name) { recognizer.view?.removeGestureRecognizer(recognizer) }
    case .pointer(let time, let inputs, let buttons, let modifiers):
      runtime.send(inputs, buttonMask: buttons, modifierFlags: modifiers, at: time)
    case .hover(let time, let input):
      runtime.send(input, at: time)
    case .scroll(let time, let input):
      runtime.send(input, at: time)
    }
  }

  /// After the last event, the clock keeps advancing until no timer is pending (<doc:FileFormats>).
  func finish() {
    runtime.runUntilIdle()
  }
}
