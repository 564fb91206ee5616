import GestureCore

/// A pending timer of a recognizer (or the runtime's watchdog).
struct PendingTimer {
  var deadline: Timestamp
  var recognizer: GestureRecognizer
  var id: Int
  var generation: UInt64
}

/// A binary min-heap of timers. Cancelled timers stay in the heap and are skipped when they come
/// out (their generation no longer matches).
///
/// The heap's entries hold their recognizer as an `Unmanaged` reference retained once on `push`
/// and handed over on `pop`: entries are plain values, so sifting them moves bytes and costs no
/// reference counting. The queue is not copyable (a copy would release those references twice);
/// dropping it releases what is left.
struct TimerQueue: ~Copyable {
  private struct Entry {
    var deadline: Int64
    var sequence: UInt64
    var owner: Unmanaged<GestureRecognizer>
    var id: Int
    var generation: UInt64
  }

  private var heap: [Entry] = []
  private var nextSequence: UInt64 = 0

  /// The deadline of the first timer.
  var firstDeadline: Timestamp? { heap.isEmpty ? nil : Timestamp(microseconds: heap[0].deadline) }
  /// The first timer, left in the queue.
  var first: PendingTimer? {
    guard let entry = heap.first else { return nil }
    return PendingTimer(
      deadline: Timestamp(microseconds: entry.deadline), recognizer: entry.owner.takeUnretainedValue(), id: entry.id,
      generation: entry.generation)
  }

  /// Whether the entry at `a` comes before the one at `b`: deadline order, then the order of
  /// scheduling (behavior.md 5).
  @inline(__always)
  private func precedes(_ a: Int, _ b: Int) -> Bool {
    heap[a].deadline != heap[b].deadline ? heap[a].deadline < heap[b].deadline : heap[a].sequence < heap[b].sequence
  }

  mutating func push(deadline: Timestamp, recognizer: GestureRecognizer, id: Int, generation: UInt64) {
    nextSequence += 1
    heap.append(
      Entry(
        deadline: deadline.microseconds, sequence: nextSequence, owner: .passRetained(recognizer), id: id,
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
    return PendingTimer(
      deadline: Timestamp(microseconds: top.deadline), recognizer: top.owner.takeRetainedValue(), id: top.id,
      generation: top.generation)
  }

  init() {}

  deinit {
    for entry in heap { entry.owner.release() }
  }
}
