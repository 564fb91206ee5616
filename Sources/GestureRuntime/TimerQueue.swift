import GestureCore

/// A pending timer of a recognizer (or the runtime's watchdog): plain values, the recognizer
/// named by the number of its slot in the runtime's table (its timer generations are there).
struct PendingTimer {
  var deadline: Timestamp
  var slot: Int
  var id: Int
  var generation: UInt64
}

/// The pending timers, in deadline order, then in the order they were scheduled (<doc:BehaviourReference> §5).
/// Cancelled timers stay queued and are skipped when they come out (their generation no longer
/// matches).
///
/// Two stores share one order: a binary min-heap for timers in general, and a plain first-in
/// first-out line for timers whose deadlines never decrease (the watchdogs, all armed for the
/// same delay from a clock that only moves forward): those, mostly cancelled before they come
/// due, cost no sifting going in or coming out, and keep the heap small.
///
/// Both stores are plain arrays that only this value holds, so every mutation finds its buffer
/// unique and works in place. Sifting goes through the heap's `MutableSpan`: bounds-checked
/// reads and swaps without a uniqueness check per step; the entries are plain values, so
/// nothing is reference-counted going in, moving or coming out. Not copyable: one runtime owns it, as a stored property that
/// its methods mutate in place.
struct TimerQueue: ~Copyable {
  private struct Entry {
    var deadline: Int64
    var sequence: UInt64
    var slot: Int
    var id: Int
    var generation: UInt64

    /// Deadline order, then the order of scheduling.
    @inline(__always)
    func precedes(_ other: Entry) -> Bool {
      deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
    }

    var timer: PendingTimer {
      PendingTimer(deadline: Timestamp(microseconds: deadline), slot: slot, id: id, generation: generation)
    }
  }

  private var heap: ContiguousArray<Entry> = []
  /// The in-order timers; those before `lineHead` are gone.
  private var line: ContiguousArray<Entry> = []
  private var lineHead = 0
  private var nextSequence: UInt64 = 0

  init() {
    // Timers start and come due on most events: room for the usual few, allocated once.
    heap.reserveCapacity(8)
    line.reserveCapacity(8)
  }

  /// Whether the next timer is the head of the line (rather than the top of the heap); nil when
  /// no timer is pending.
  private var nextIsInLine: Bool? {
    let lineHasOne = lineHead < line.count
    if heap.isEmpty { return lineHasOne ? true : nil }
    return lineHasOne && line[lineHead].precedes(heap[0])
  }

  /// The deadline of the first timer.
  var firstDeadline: Timestamp? {
    guard let inLine = nextIsInLine else { return nil }
    return Timestamp(microseconds: inLine ? line[lineHead].deadline : heap[0].deadline)
  }

  /// The first timer, left in the queue.
  var first: PendingTimer? {
    guard let inLine = nextIsInLine else { return nil }
    return inLine ? line[lineHead].timer : heap[0].timer
  }

  /// Every queued timer, cancelled ones included, in the order they would come out (for reports,
  /// not for the per-event path).
  var entriesInOrder: [PendingTimer] {
    var entries = Array(heap)
    entries += line[lineHead...]
    entries.sort { $0.precedes($1) }
    return entries.map(\.timer)
  }

  /// Queues a timer. `inOrder` promises nothing about it: it only says the timer is likely to be
  /// due no earlier than every in-order timer queued before it; one that is not goes to the heap.
  mutating func push(_ timer: consuming PendingTimer, inOrder: Bool) {
    nextSequence += 1
    let entry = Entry(
      deadline: timer.deadline.microseconds, sequence: nextSequence, slot: timer.slot, id: timer.id,
      generation: timer.generation)
    if inOrder && (lineHead == line.count || line[line.count - 1].deadline <= entry.deadline) {
      if lineHead == line.count && lineHead > 0 {
        line.removeAll(keepingCapacity: true)
        lineHead = 0
      }
      line.append(entry)
      return
    }
    heap.append(entry)
    // Sift the new entry up from the last leaf.
    var tree = heap.mutableSpan
    var child = tree.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard tree[child].precedes(tree[parent]) else { break }
      tree.swapAt(child, parent)
      child = parent
    }
  }

  /// Takes out the first timer.
  mutating func pop() -> PendingTimer? {
    guard let inLine = nextIsInLine else { return nil }
    if inLine {
      let top = line[lineHead]
      lineHead += 1
      // Gone entries are dropped in bulk once they are most of the line.
      if lineHead == line.count {
        line.removeAll(keepingCapacity: true)
        lineHead = 0
      } else if lineHead >= 64 && lineHead * 2 >= line.count {
        line.removeFirst(lineHead)
        lineHead = 0
      }
      return top.timer
    }
    // The last leaf comes out of the array and changes places with the root, which it then
    // sifts down from.
    var top = heap.removeLast()
    if !heap.isEmpty {
      swap(&top, &heap[0])
      var tree = heap.mutableSpan
      let count = tree.count
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < count else { break }
        let right = left + 1
        let child = right < count && tree[right].precedes(tree[left]) ? right : left
        guard tree[child].precedes(tree[parent]) else { break }
        tree.swapAt(parent, child)
        parent = child
      }
    }
    return top.timer
  }
}
