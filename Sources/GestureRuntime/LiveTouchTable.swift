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

extension GestureRuntime {
  /// Lists a record as live (its touch is down).
  func insertLive(_ number: Int) {
    // Out of place, as the runtime's other lists (GestureRuntime.swift).
    var live = LiveTouchTable()
    swap(&live, &liveTouches)
    let place = live.insert(number, identifier: tables.records[number].touch.identifier)
    swap(&live, &liveTouches)
    tables.records[number].liveIndex = place
  }

  /// Takes a record off the live table if it is there; returns whether it was.
  func removeLive(_ number: Int) -> Bool {
    var live = LiveTouchTable()
    swap(&live, &liveTouches)
    let (removed, moved) = live.remove(number, at: tables.records[number].liveIndex)
    swap(&live, &liveTouches)
    guard removed else { return false }
    if let moved { tables.records[moved].liveIndex = tables.records[number].liveIndex }
    tables.records[number].liveIndex = -1
    return true
  }

  /// The touch of the live record at `index` (0 ..< `liveTouches.count`), in table order.
  func liveTouch(at index: Int) -> Touch { tables.records[liveTouches.numbers[index]].touch }
}
