import CSDL2
import GestureCore

/// The runtime's clock in the app: SDL's millisecond ticks, the clock SDL stamps its events with,
/// so that event times and timer deadlines are on one time line.
final class SDLClock: GestureClock {
  /// Milliseconds since SDL was initialized, as microseconds.
  var now: Timestamp { Timestamp(microseconds: Int64(SDL_GetTicks64()) * 1000) }

  /// Ignored: SDL's clock moves by itself.
  func runtimeDidAdvance(to time: Timestamp) {}

  /// An SDL event's timestamp on this clock.
  static func time(ofEvent milliseconds: UInt32) -> Timestamp {
    Timestamp(microseconds: Int64(milliseconds) * 1000)
  }
}
