extension Array {
  /// Empties the array and keeps its storage, for the few elements a recognizer keeps per
  /// attempt; cheaper than `removeAll(keepingCapacity:)`, which goes through the generic
  /// `replaceSubrange`.
  @inline(__always)
  mutating func removeAllKeepingStorage() {
    while !isEmpty { removeLast() }
  }
}
