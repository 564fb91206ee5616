import GestureCore

/// The touches that are down, by identifier, as numbers of their records. Almost always one to
/// three: those are found by a linear scan of an array (no hashing on the per-event path); past
/// `linearLimit` a dictionary takes over. Iteration is in a deterministic order (insertion, with
/// swap-removal), unlike a dictionary's. Each record keeps its place here (`liveIndex`).
struct LiveTouchTable {
  /// The records' numbers, in table order.
  private(set) var numbers: [Int] = []
  /// Parallel to `numbers`: their touches' identifiers, scanned without reading a record.
  private var identifiers: [Int] = []
  /// Every live record by identifier once there were more than `linearLimit`; empty otherwise.
  private var byIdentifier: [Int: Int] = [:]
  static let linearLimit = 8

  var count: Int { numbers.count }

  @inline(__always)
  func record(for identifier: Int) -> Int? {
    if !byIdentifier.isEmpty { return byIdentifier[identifier] }
    for index in 0..<identifiers.count where identifiers[index] == identifier { return numbers[index] }
    return nil
  }

  /// Lists record `number`, of the touch `identifier`; returns its place in the table.
  mutating func insert(_ number: Int, identifier: Int) -> Int {
    let place = numbers.count
    numbers.append(number)
    identifiers.append(identifier)
    if !byIdentifier.isEmpty {
      byIdentifier[identifier] = number
    } else if numbers.count > Self.linearLimit {
      for index in 0..<numbers.count { byIdentifier[identifiers[index]] = numbers[index] }
    }
    return place
  }

  /// Removes record `number`, listed at `place`, if it is the live record there: `removed` says
  /// whether it was, and `moved` is the number of the record that took its place (nil for none).
  mutating func remove(_ number: Int, at place: Int) -> (removed: Bool, moved: Int?) {
    guard place >= 0, place < numbers.count, numbers[place] == number else { return (false, nil) }
    let last = numbers.removeLast()
    let lastIdentifier = identifiers.removeLast()
    let identifier: Int
    var moved: Int?
    if place < numbers.count {
      identifier = identifiers[place]
      numbers[place] = last
      identifiers[place] = lastIdentifier
      moved = last
    } else {
      identifier = lastIdentifier
    }
    // The dictionary holds exactly the live records, so it empties with the last of them.
    if !byIdentifier.isEmpty { byIdentifier[identifier] = nil }
    return (true, moved)
  }
}

extension RuntimeTables {
  /// Lists a record as live (its touch is down).
  mutating func insertLive(_ number: Int) {
    let place = live.insert(number, identifier: records[number].touch.identifier)
    records[number].liveIndex = place
  }

  /// Takes a record off the live table if it is there; returns whether it was.
  mutating func removeLive(_ number: Int) -> Bool {
    let (removed, moved) = live.remove(number, at: records[number].liveIndex)
    guard removed else { return false }
    if let moved { records[moved].liveIndex = records[number].liveIndex }
    records[number].liveIndex = -1
    return true
  }

  /// The touch of the live record at `index` (0 ..< `live.count`), in table order.
  @inline(__always)
  func liveTouch(at index: Int) -> Touch { records[live.numbers[index]].touch }

  /// Appends to `all` every touch of the current event for ``TouchEvent/allTouches``: every touch
  /// that is down, in table order, except those `pointer` made up for hover and scroll (when it is
  /// given), then those of `changed` that are no longer down. `owner` is the runtime's number.
  /// `mutating` though it only reads: called on the runtime's tables, a non-mutating method would
  /// have the shipped build copy all of them (retaining every list they hold) first.
  @inline(__always)
  mutating func appendTouchesOfEvent(
    _ changed: [Touch], to all: inout [Touch], skipping pointer: PointerState?, owner: UInt64
  ) {
    for index in 0..<live.count {
      if let pointer, pointer.isSynthetic(live.numbers[index]) { continue }
      all.append(records[live.numbers[index]].touch)
    }
    for touch in changed where (Self.record(of: touch, owner: owner).map { records[$0].liveIndex } ?? -1) < 0 {
      all.append(touch)
    }
  }
}
