// Tracked touches: what a runtime changes of the touches a recognizer tracks. The subclass reads
// them (``GestureRecognizer/numberOfTouches``, ``GestureRecognizer/touch(at:)``,
// ``GestureRecognizer/location(in:)``); only a runtime changes them, through these methods, so
// that every access to their storage is made in this module. Each change takes the list out,
// changes it and puts it back: the stored list is never held across a change that may let go of
// a touch or grow it.
extension GestureRecognizer {
  /// Starts tracking `touch` (collected for the recognizer at touch-down).
  package final func track(_ touch: Touch) {
    var touches: [Touch] = []
    swap(&touches, &storedTrackedTouches)
    touches.append(touch)
    swap(&touches, &storedTrackedTouches)
  }

  /// Stops tracking `touch` (the recognizer ignores it), without noting where it lifted.
  package final func stopTracking(_ touch: Touch) {
    guard storedTrackedTouches.contains(where: { $0 === touch }) else { return }
    var touches: [Touch] = []
    swap(&touches, &storedTrackedTouches)
    touches.removeAll { $0 === touch }
    swap(&touches, &storedTrackedTouches)
  }

  /// Stops tracking the touches of `lifted` (their touches ended or were cancelled). Returns
  /// whether that left none of the touches it tracked: then where the touches of `lifted` are
  /// is noted as where the last ones lifted (``location(in:)``).
  package final func stopTracking(lifted: [Touch]) -> Bool {
    let before = storedTrackedTouches.count
    if before == 0 { return false }
    var touches: [Touch] = []
    swap(&touches, &storedTrackedTouches)
    if lifted.count == 1 {
      // The common case, one touch; most often the recognizer's only one.
      if touches.count == 1 {
        if touches[0] === lifted[0] { touches.removeLast() }
      } else if let index = touches.firstIndex(where: { $0 === lifted[0] }) {
        touches.remove(at: index)
      }
    } else if lifted.count <= 16 {
      touches.removeAll { touch in lifted.contains { $0 === touch } }
    } else {
      // Many at once (a hand lifted from a large panel): a set, so that the cost stays linear.
      let gone = Set(lifted.map(ObjectIdentifier.init))
      touches.removeAll { gone.contains(ObjectIdentifier($0)) }
    }
    let trackedNone = touches.isEmpty
    swap(&touches, &storedTrackedTouches)
    if trackedNone {
      var locations: [Point] = []
      swap(&locations, &storedLastTouchLocations)
      if lifted.count == 1 && locations.count == 1 {
        // One touch lifting where one lifted last: its place is reused.
        locations[0] = lifted[0].locationInWindow
      } else {
        while !locations.isEmpty { locations.removeLast() }
        for touch in lifted { locations.append(touch.locationInWindow) }
      }
      swap(&locations, &storedLastTouchLocations)
    }
    return trackedNone
  }

  /// Forgets the touches it tracks, without noting where they are (its attempt ended). Inlined
  /// into ``forgetAttempt()``, as ``forgetLiftLocations()``: a call each at every reset, for
  /// lists that are often empty.
  @inline(__always)
  package final func forgetTrackedTouches() {
    guard !storedTrackedTouches.isEmpty else { return }
    var touches: [Touch] = []
    swap(&touches, &storedTrackedTouches)
    while !touches.isEmpty { touches.removeLast() }
    swap(&touches, &storedTrackedTouches)
  }

  /// Its attempt ended (a runtime's reset, before ``reset()``), in one call: it is in no
  /// runtime's attempt (``attemptOwner``), forgets the touches it tracked, where the last ones
  /// lifted and which timers it started, and asks for and shows `possible` again.
  package final func forgetAttempt() {
    attemptOwner = 0
    startedTimerInAttempt = false
    forgetTrackedTouches()
    forgetLiftLocations()
    requestedState = .possible
    publishedState = .possible
  }

  /// Forgets where the last touches lifted (its attempt ended).
  @inline(__always)
  package final func forgetLiftLocations() {
    guard !storedLastTouchLocations.isEmpty else { return }
    var locations: [Point] = []
    swap(&locations, &storedLastTouchLocations)
    while !locations.isEmpty { locations.removeLast() }
    swap(&locations, &storedLastTouchLocations)
  }
}
