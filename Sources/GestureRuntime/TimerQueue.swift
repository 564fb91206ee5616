import GestureCore

/// A pending timer of a recognizer (or the runtime's watchdog).
struct PendingTimer {
  var deadline: Timestamp
  var sequence: UInt64
  var recognizer: GestureRecognizer
  var id: Int
  var generation: UInt64

  /// Deadline order, then the order of scheduling (behavior.md 5).
  func precedes(_ other: PendingTimer) -> Bool {
    deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
  }
}

/// A binary min-heap of timers. Cancelled timers stay in the heap and are skipped when they come
/// out (their generation no longer matches).
struct TimerQueue {
  private(set) var heap: [PendingTimer] = []
  private var nextSequence: UInt64 = 0

  var isEmpty: Bool { heap.isEmpty }
  var first: PendingTimer? { heap.first }
  var count: Int { heap.count }

  mutating func push(deadline: Timestamp, recognizer: GestureRecognizer, id: Int, generation: UInt64) {
    nextSequence += 1
    heap.append(
      PendingTimer(
        deadline: deadline, sequence: nextSequence, recognizer: recognizer, id: id,
        generation: generation))
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> PendingTimer? {
    guard !heap.isEmpty else { return nil }
    let top = heap[0]
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var best = parent
        if left < heap.count && heap[left].precedes(heap[best]) { best = left }
        if right < heap.count && heap[right].precedes(heap[best]) { best = right }
        if best == parent { break }
        heap.swapAt(parent, best)
        parent = best
      }
    }
    return top
  }

  mutating func removeAll() {
    heap.removeAll()
  }
}
