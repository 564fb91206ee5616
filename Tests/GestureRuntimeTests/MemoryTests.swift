import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// Weak references to everything a scene made, to check that dropping it frees it all.
final class Watch {
  private var objects: [() -> AnyObject?] = []
  func add(_ object: AnyObject) {
    weak let weakObject = object
    objects.append { weakObject }
  }
  var alive: Int { objects.filter { $0() != nil }.count }
}

@Suite("Memory")
struct MemoryTests {
  /// Builds a scene with delegates, actions that capture the scene, requirements (a cycle among
  /// them), runs a gesture and a removal through it, and returns only weak references.
  func buildAndRun(_ watch: Watch) {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let card = View(name: "card", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(card)
    let tap = TapGestureRecognizer(name: "tap")
    let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
    let pan = PanGestureRecognizer(name: "pan")
    let swipe = SwipeGestureRecognizer(name: "swipe")
    tap.require(toFail: doubleTap)
    pan.require(toFail: swipe)
    swipe.require(toFail: pan)  // a cycle of requirements is not a reference cycle
    let delegate = TestDelegate()
    delegate.simultaneous = { a, b in a === pan && b === tap }
    tap.delegate = delegate
    pan.delegate = delegate
    for recognizer in [tap, doubleTap, pan, swipe] as [GestureRecognizer] {
      card.addGestureRecognizer(recognizer)
      recognizer.addAction { _ in _ = (window, card, delegate) }  // actions capturing the scene
      watch.add(recognizer)
    }
    let recorder = TraceRecorder()
    let runtime = GestureRuntime(window: window, trace: recorder)
    for (id, phase, x, t) in [
      (1, TouchPhase.began, 100.0, 0.0), (1, .moved, 140, 0.1), (1, .ended, 140, 0.2),
      (2, .began, 100, 0.5), (2, .ended, 100, 0.6),
    ] {
      runtime.send(TouchInput(id: id, phase: phase, x: x, y: 100), at: Timestamp(seconds: t))
    }
    runtime.advance(to: Timestamp(seconds: 2))
    runtime.send(TouchInput(id: 3, phase: .began, x: 10, y: 10), at: Timestamp(seconds: 3))
    card.removeFromSuperview()
    runtime.send(TouchInput(id: 3, phase: .ended, x: 10, y: 10), at: Timestamp(seconds: 3.1))
    for object in [window, card, delegate, runtime, recorder] as [AnyObject] { watch.add(object) }
    #expect(!recorder.events.isEmpty)
    // Every action closure captures the scene: unregister them as an app would on teardown.
    for recognizer in [tap, doubleTap, pan, swipe] as [GestureRecognizer] { recognizer.removeAllActions() }
  }

  @Test("Dropping a scene, its runtime, delegates and actions frees every object")
  func noReferenceCycles() {
    let watch = Watch()
    buildAndRun(watch)
    #expect(watch.alive == 0)
  }

  /// Builds a scene, puts two fingers down (withheld from the view, tracked by a pan) and drops
  /// everything while they are still down.
  func dropWithFingersDown(_ watch: Watch) {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let tap = TapGestureRecognizer(name: "tap", numberOfTapsRequired: 2)
    tap.delaysTouchesBegan = true
    window.addGestureRecognizer(tap)
    let pan = PanGestureRecognizer(name: "pan", maximumNumberOfTouches: 2)
    window.addGestureRecognizer(pan)
    let swipe = SwipeGestureRecognizer(name: "swipe")
    window.addGestureRecognizer(swipe)
    pan.require(toFail: swipe)  // an attempt's requirement edge links both ways while it lasts
    let delegate = TestDelegate()
    delegate.receive = { _, touch in
      watch.add(touch)
      return true
    }
    tap.delegate = delegate
    let runtime = GestureRuntime(window: window)
    runtime.send([TouchInput(id: 1, phase: .began, x: 10, y: 10)], at: .zero)
    runtime.send([TouchInput(id: 2, phase: .began, x: 20, y: 10)], at: Timestamp(seconds: 0.01))
    #expect(runtime.activeTouchCount == 2)
    #expect(pan.numberOfTouches == 2)  // the pan tracks both: recognizer → touch → view → recognizer
    for object in [window, tap, pan, swipe, delegate, runtime] as [AnyObject] { watch.add(object) }
  }

  @Test("Dropping a runtime while fingers are down frees the touches and their records")
  func noCycleThroughLiveTouches() {
    let watch = Watch()
    dropWithFingersDown(watch)
    #expect(watch.alive == 0)
  }

  /// Builds a long press and a double tap, touches down so that both have timers pending (the
  /// timer queue holds a recognizer until its timer comes out), and drops everything.
  func dropWithTimersPending(_ watch: Watch) {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let press = LongPressGestureRecognizer(name: "press")
    let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
    window.addGestureRecognizer(press)
    window.addGestureRecognizer(doubleTap)
    let runtime = GestureRuntime(window: window)
    runtime.send(TouchInput(id: 1, phase: .began, x: 10, y: 10), at: .zero)
    runtime.send(TouchInput(id: 1, phase: .ended, x: 10, y: 10), at: Timestamp(seconds: 0.05))
    runtime.send(TouchInput(id: 2, phase: .began, x: 10, y: 10), at: Timestamp(seconds: 0.1))
    #expect(runtime.hasPendingTimers)
    for object in [window, press, doubleTap, runtime] as [AnyObject] { watch.add(object) }
  }

  @Test("Dropping a runtime with timers pending frees the recognizers the timers hold")
  func noLeakThroughPendingTimers() {
    let watch = Watch()
    dropWithTimersPending(watch)
    #expect(watch.alive == 0)
  }

  /// Runs two taps through a fresh runtime on `window` (the harness's, gone on return) and
  /// returns its whole trace but the touch lines.
  func tapTwice(_ window: View) -> [String] {
    let h = Harness(window: window)
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.05)
    h.down(2, 10, 10, at: 0.1)
    h.up(2, 10, 10, at: 0.15)
    h.advance(to: 2)
    return h.decisions
  }

  @Test("A scene outlives its runtime: its objects forget the runtime, and a new runtime drives them")
  func sceneOutlivesRuntime() {
    // The scene's references to its runtime are unchecked (unowned(unsafe)): the runtime clears
    // them when it goes. If it missed one, what follows would use freed memory (the sanitizer
    // runs catch that) instead of behaving as below.
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let card = View(name: "card", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(card)
    let tap = TapGestureRecognizer(name: "tap")
    let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
    tap.require(toFail: doubleTap)
    card.addGestureRecognizer(tap)
    card.addGestureRecognizer(doubleTap)
    let first = tapTwice(window)
    #expect(first.contains { $0.contains("state doubleTap possible → ended") })
    #expect(first.contains { $0.contains("state tap possible → failed") })
    // The first runtime is gone. Every call that would tell a runtime must find none.
    tap.isEnabled = false
    tap.isEnabled = true
    tap.require(toFail: doubleTap)
    doubleTap.startTimer(after: .seconds(1))
    let spare = View(name: "spare", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    card.addSubview(spare)
    spare.removeFromSuperview()
    card.removeGestureRecognizer(doubleTap)
    card.addGestureRecognizer(doubleTap)
    #expect(tapTwice(window) == first)
    // A runtime dropped mid-gesture (a finger down, the double tap's timer pending) leaves its
    // recognizers fresh for the next one.
    do {
      let h = Harness(window: window)
      h.down(1, 10, 10, at: 0)
      h.up(1, 10, 10, at: 0.05)
      h.down(2, 10, 10, at: 0.1)
      #expect(tap.requestedState == .ended && tap.state == .possible && h.runtime.hasPendingTimers)
    }
    #expect(tapTwice(window) == first)
  }
}
