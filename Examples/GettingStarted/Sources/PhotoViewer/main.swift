import GestureCore
import GestureRecognizers
import GestureRuntime

// A window with a photo in it.
let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
let photo = View(name: "photo", frame: Rect(x: 20, y: 100, width: 350, height: 350))
window.addSubview(photo)

// Double-tap to zoom; a single tap waits until the double tap has failed.
let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
let tap = TapGestureRecognizer(name: "tap")
tap.require(toFail: doubleTap)
let pan = PanGestureRecognizer(name: "pan")
photo.addGestureRecognizer(tap)
photo.addGestureRecognizer(doubleTap)
photo.addGestureRecognizer(pan)

tap.addAction { recognizer in
  print("tap at \(recognizer.location(in: photo))")
}
doubleTap.addAction { _ in print("double tap: zoom") }
pan.addAction { recognizer in
  guard let pan = recognizer as? PanGestureRecognizer else { return }
  print("pan \(recognizer.state): translation \(pan.translation(in: photo))")
}

// Feed touch events. The runtime's clock is manual unless you give it a RealClock.
let runtime = GestureRuntime(window: window)
@MainActor func touch(_ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, at seconds: Double) {
  runtime.send(TouchInput(id: id, phase: phase, x: x, y: y), at: Timestamp(seconds: seconds))
}

touch(1, .began, 200, 300, at: 0.0)  // a single tap...
touch(1, .ended, 200, 300, at: 0.08)
touch(2, .began, 100, 200, at: 1.0)  // ...then a drag
touch(2, .moved, 130, 200, at: 1.1)
touch(2, .moved, 160, 210, at: 1.2)
touch(2, .ended, 160, 210, at: 1.3)
runtime.advance(to: Timestamp(seconds: 2))
