import CSDL2
import GestureCore
import PhotoViewerKit

// The event loop: SDL's events go to the viewer with their own timestamps (milliseconds on SDL's
// clock, which is also the runtime's), and the wait for the next event ends when the runtime's
// next timer is due, so that a timer fires on time with no input to wake the loop.
extension PhotoViewerApp {
  /// Runs until the window is closed (or the process is asked to quit).
  func run() {
    var event = SDL_Event()
    while true {
      if viewer.revision != drawnRevision {
        draw()
        drawnRevision = viewer.revision
      }
      if SDL_WaitEventTimeout(&event, waitTimeout()) != 0 {
        repeat {
          if event.type == SDL_QUIT.rawValue { return }
          if let (input, timestamp) = events.input(for: event, windowSize: Viewer.windowSize) {
            viewer.handle(input, at: SDLClock.time(ofEvent: timestamp))
          }
        } while SDL_PollEvent(&event) != 0
      }
      // The timers due by now fire at their deadlines (a tap waiting for the double tap to fail).
      viewer.advance(to: clock.now)
    }
  }

  /// Milliseconds until the runtime's next timer is due, rounded up (0 if it is due), or
  /// ``untilInput`` when no timer is pending.
  func waitTimeout() -> Int32 {
    viewer.millisecondsUntilNextTimer(from: clock.now) ?? Self.untilInput
  }
}
