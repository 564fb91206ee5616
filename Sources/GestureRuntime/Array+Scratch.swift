import GestureCore

extension Array {
  /// Empties a scratch buffer while keeping its storage; cheaper than `removeAll(keepingCapacity:)`
  /// (which goes through the generic `replaceSubrange`) for the few elements per-event buffers hold.
  @inline(__always)
  mutating func clear() {
    while !isEmpty { removeLast() }
  }
}

extension Array where Element == Touch {
  /// Makes a one-touch list (kept between events, so that a one-touch call builds no array) hold
  /// `touch`: its storage is written only when the touch is another than last time.
  @inline(__always)
  mutating func holdOnly(_ touch: Touch) {
    if isEmpty {
      append(touch)
    } else if self[0] !== touch {
      self[0] = touch
    }
  }
}
