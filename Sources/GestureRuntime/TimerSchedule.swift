import GestureCore

/// Where a timer stands in the firing order: deadline order, then the order timers were started
/// (<doc:BehaviourReference> §5). The sequence is never given twice, so a key names one start of
/// one timer.
struct TimerKey: Equatable {
  var deadline: Int64
  var sequence: UInt64

  /// Deadline order, then the order of starting.
  @inline(__always)
  func precedes(_ other: TimerKey) -> Bool {
    deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
  }
}

/// A pending timer of a recognizer (or one of the runtime's own), taken out of its slot to fire
/// or read: plain values, the recognizer named by the number of its slot in the runtime's table.
struct PendingTimer {
  var deadline: Timestamp
  var slot: Int
  var id: Int
}

/// Which recognizer's timer comes due first. A recognizer's pending timers live in its slot
/// (`RecognizerSlot.timers`), each with its key; the schedule is a binary min-heap of slots, each
/// under a key no later than its slot's first pending timer (`RecognizerSlot.scheduled`). Starting
/// a timer adds an entry only when it comes before the key its slot is scheduled under;
/// cancelling one, or forgetting all of a slot's, changes nothing here: the slot's entry is put
/// right once it reaches the top (`RuntimeTables.takeTimer(dueBy:)`), which moves it down to
/// the slot's first pending timer, or takes it out when the slot has none. An entry whose key is
/// not the one its slot is scheduled under (the slot was scheduled again under an earlier key, or
/// given back) is dropped when it reaches the top. The order is exact: once the first entry is
/// its slot's first pending timer, every other slot with pending timers is scheduled under a key
/// no earlier than that one and no later than its own first timer's.
///
/// Sifting goes through the heap's `MutableSpan`: bounds-checked reads and swaps without a
/// uniqueness check per step; the entries are plain values, so nothing is reference-counted going
/// in, moving or coming out.
struct TimerSchedule {
  struct Entry {
    var key: TimerKey
    var slot: Int
  }

  private var heap: ContiguousArray<Entry> = []

  init() {
    // Timers start and come due on most events: room for the usual few, allocated once.
    heap.reserveCapacity(8)
  }

  /// The entry with the earliest key.
  var first: Entry? { heap.first }

  /// Schedules `slot` under `key`.
  mutating func push(_ key: TimerKey, slot: Int) {
    heap.append(Entry(key: key, slot: slot))
    // Sift the new entry up from the last leaf.
    var tree = heap.mutableSpan
    var child = tree.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard tree[child].key.precedes(tree[parent].key) else { break }
      tree.swapAt(child, parent)
      child = parent
    }
  }

  /// Takes out the first entry.
  mutating func removeFirst() {
    // The last leaf comes out of the array and takes the root's place, which it then sifts down
    // from.
    let last = heap.removeLast()
    if !heap.isEmpty { replaceFirst(with: last) }
  }

  /// Puts the first entry's slot under `key`, no earlier than its current key.
  mutating func replaceFirstKey(with key: TimerKey) {
    replaceFirst(with: Entry(key: key, slot: heap[0].slot))
  }

  /// Puts `entry` in the first entry's place, and sifts it down.
  private mutating func replaceFirst(with entry: Entry) {
    var tree = heap.mutableSpan
    tree[0] = entry
    let count = tree.count
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      let right = left + 1
      let child = right < count && tree[right].key.precedes(tree[left].key) ? right : left
      guard tree[child].key.precedes(tree[parent].key) else { break }
      tree.swapAt(parent, child)
      parent = child
    }
  }
}
