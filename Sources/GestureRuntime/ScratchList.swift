/// A growable list that one runtime owns alone and reuses on every dispatch: the per-event work
/// lists (the event's touch records, requests, finished recognizers…).
///
/// An `Array` stored in a class pays for copy-on-write on every append: a uniqueness check and
/// two calls into the standard library. Nobody ever copies these lists, so appending here is an
/// inline capacity check and a store. A list is a reference, held in a `let` (loading it then
/// costs no reference count); `swapContents(with:)` exchanges two lists' elements. Reads are
/// bounds-checked. Loops index it (`0..<count`, re-reading `count`
/// when the body may append); there is no snapshot as with an array's `for`-`in`.
final class ScratchList<Element> {
  private var storage: UnsafeMutablePointer<Element>
  /// How many elements the list holds.
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 8) {
    self.capacity = Swift.max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  var isEmpty: Bool {
    @inline(__always) get { count == 0 }
  }

  @inline(__always)
  func append(_ element: Element) {
    if count == capacity { grow() }
    (storage + count).initialize(to: element)
    count += 1
  }

  /// Makes room for at least `minimumCapacity` elements, so that appending up to that many
  /// allocates at most once.
  @inline(__always)
  func reserveCapacity(_ minimumCapacity: Int) {
    if minimumCapacity > capacity { grow(to: minimumCapacity) }
  }

  @inline(never)
  private func grow() { grow(to: capacity * 2) }

  @inline(never)
  private func grow(to larger: Int) {
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    moved.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = moved
    capacity = larger
  }

  subscript(index: Int) -> Element {
    @inline(__always) get {
      precondition(index >= 0 && index < count, "ScratchList index out of range")
      return storage[index]
    }
    @inline(__always) set {
      precondition(index >= 0 && index < count, "ScratchList index out of range")
      storage[index] = newValue
    }
  }

  /// Empties the list and keeps its storage.
  @inline(__always)
  func removeAll() {
    // One element at a time: a whole-range deinitialize is a call into the runtime, which costs
    // more than the one to three elements these lists hold.
    while count > 0 {
      count -= 1
      _ = (storage + count).move()
    }
  }

  /// Exchanges the elements of the two lists (their storage; nothing is copied).
  @inline(__always)
  func swapContents(with other: ScratchList) {
    swap(&storage, &other.storage)
    swap(&count, &other.count)
    swap(&capacity, &other.capacity)
  }

  /// Exchanges the elements at `i` and `j`.
  @inline(__always)
  func swapAt(_ i: Int, _ j: Int) {
    precondition(i >= 0 && i < count && j >= 0 && j < count, "ScratchList index out of range")
    if i != j { swap(&storage[i], &storage[j]) }
  }

  /// Removes and returns the last element.
  @inline(__always) @discardableResult
  func removeLast() -> Element {
    precondition(count > 0, "removeLast from an empty ScratchList")
    count -= 1
    return (storage + count).move()
  }

  /// Removes the first `k` elements, moving the rest to the front.
  func removeFirst(_ k: Int) {
    precondition(k >= 0 && k <= count, "ScratchList removeFirst count out of range")
    if k == 0 { return }
    storage.deinitialize(count: k)
    storage.moveInitialize(from: storage + k, count: count - k)
    count -= k
  }

  /// Calls `body` with the elements as a mutable buffer (which must not escape it).
  @inline(__always)
  func withUnsafeMutableBufferPointer<Result>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> Result)
    rethrows -> Result
  {
    try body(UnsafeMutableBufferPointer(start: storage, count: count))
  }

  /// Whether an element satisfies `predicate`.
  func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
    for index in 0..<count where try predicate(storage[index]) { return true }
    return false
  }

  /// Sorts the elements in place.
  func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    var buffer = UnsafeMutableBufferPointer(start: storage, count: count)
    try buffer.sort(by: areInIncreasingOrder)
  }

  /// The elements, in order, as an array (for diagnostics and the rare slow path).
  var elements: [Element] { Array(UnsafeBufferPointer(start: storage, count: count)) }
}
