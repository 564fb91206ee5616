extension Array {
  /// Empties a scratch buffer while keeping its storage; cheaper than `removeAll(keepingCapacity:)`
  /// (which goes through the generic `replaceSubrange`) for the few elements per-event buffers hold.
  @inline(__always)
  mutating func clear() {
    while !isEmpty { removeLast() }
  }
}
