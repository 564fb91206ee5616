import GestureCore

/// A pending timer of a recognizer (or the runtime's watchdog).
struct PendingTimer {
  var deadline: Timestamp
  var sequence: UInt64
  var recognizer: GestureRecognizer
  var id: Int
  var generation: UInt64
}

/// A binary min-heap of timers. Cancelled timers stay in the heap and are skipped when they come
/// out (their generation no longer matches). Entries are moved, never copied, so the recognizer
/// each holds costs no reference counting while it sifts.
struct TimerQueue {
  private(set) var heap: [PendingTimer] = []
  private var nextSequence: UInt64 = 0

  var isEmpty: Bool { heap.isEmpty }
  var first: PendingTimer? { heap.first }
  var count: Int { heap.count }
  /// The deadline of the first timer, read in place.
  var firstDeadline: Timestamp? { heap.isEmpty ? nil : heap[0].deadline }

  /// Whether the entry at `a` comes before the one at `b`: deadline order, then the order of
  /// scheduling (behavior.md 5).
  @inline(__always)
  private func precedes(_ a: Int, _ b: Int) -> Bool {
    let first = heap[a].deadline.microseconds
    let second = heap[b].deadline.microseconds
    return first != second ? first < second : heap[a].sequence < heap[b].sequence
  }

  mutating func push(deadline: Timestamp, recognizer: GestureRecognizer, id: Int, generation: UInt64) {
    nextSequence += 1
    heap.append(
      PendingTimer(
        deadline: deadline, sequence: nextSequence, recognizer: recognizer, id: id,
        generation: generation))
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(child, parent) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> PendingTimer? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let top = heap.removeLast()
    let count = heap.count
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var best = parent
      if left < count && precedes(left, best) { best = left }
      if right < count && precedes(right, best) { best = right }
      if best == parent { break }
      heap.swapAt(parent, best)
      parent = best
    }
    return top
  }

  mutating func removeAll() {
    heap.removeAll()
  }
}
