/// A growable list that one owner uses alone and never copies: the runtime's per-event work lists
/// (the event's touch records, requests, finished recognizers…) and a recognizer's per-attempt
/// lists (its attempt's touches, failure requirements, timers).
///
/// An `Array` stored in a class pays for copy-on-write on every append: a uniqueness check and
/// two calls into the standard library. Nobody ever copies these lists, so appending here is an
/// inline capacity check and a store. A list is a reference, held in a `let` (loading it then
/// costs no reference count); `swapContents(with:)` exchanges two lists' elements. Reads are
/// bounds-checked. Loops index it (`0..<count`, re-reading `count` when the body may append);
/// `for`-`in` iterates the list itself, not a snapshot, so its body must not change the list.
///
/// It is not API: it is public only as SPI (`@_spi(GestureRuntime)`), because only a public
/// generic type with inlinable members is specialized in the modules that use it (GestureRuntime
/// uses it for GestureCore's recognizers); a `package` one is not (measured: W1 at 6,053
/// instructions per event instead of 3,070).
@_spi(GestureRuntime)
public final class ScratchList<Element> {
  @usableFromInline var storage: UnsafeMutablePointer<Element>
  @usableFromInline var stored: Int
  @usableFromInline var capacity: Int

  /// Creates an empty list with room for `capacity` elements.
  @inlinable
  public init(capacity: Int = 8) {
    self.stored = 0
    self.capacity = Swift.max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deinitialize(count: stored)
    storage.deallocate()
  }

  /// How many elements the list holds.
  @inlinable
  public var count: Int {
    @inline(__always) get { stored }
  }

  /// Whether the list is empty.
  @inlinable
  public var isEmpty: Bool {
    @inline(__always) get { stored == 0 }
  }

  /// Adds an element at the end.
  @inlinable @inline(__always)
  public func append(_ element: Element) {
    if stored == capacity { grow() }
    (storage + stored).initialize(to: element)
    stored += 1
  }

  /// Makes room for at least `minimumCapacity` elements, so that appending up to that many
  /// allocates at most once.
  @inlinable @inline(__always)
  public func reserveCapacity(_ minimumCapacity: Int) {
    if minimumCapacity > capacity { grow(to: minimumCapacity) }
  }

  @inline(never) @usableFromInline
  func grow() { grow(to: capacity * 2) }

  @inline(never) @usableFromInline
  func grow(to larger: Int) {
    let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    newStorage.moveInitialize(from: storage, count: stored)
    storage.deallocate()
    storage = newStorage
    capacity = larger
  }

  /// The element at `index` (bounds-checked).
  @inlinable
  public subscript(index: Int) -> Element {
    @inline(__always) get {
      precondition(index >= 0 && index < stored, "ScratchList index out of range")
      return storage[index]
    }
    @inline(__always) set {
      precondition(index >= 0 && index < stored, "ScratchList index out of range")
      storage[index] = newValue
    }
  }

  /// Empties the list and keeps its storage.
  @inlinable @inline(__always)
  public func removeAll() {
    // One element at a time: a whole-range deinitialize is a call into the runtime, which costs
    // more than the one to three elements these lists hold.
    while stored > 0 {
      stored -= 1
      _ = (storage + stored).move()
    }
  }

  /// Exchanges the elements of the two lists (their storage; nothing is copied).
  @inlinable @inline(__always)
  public func swapContents(with other: ScratchList) {
    swap(&storage, &other.storage)
    swap(&stored, &other.stored)
    swap(&capacity, &other.capacity)
  }

  /// Exchanges the elements at `i` and `j`.
  @inlinable @inline(__always)
  public func swapAt(_ i: Int, _ j: Int) {
    precondition(i >= 0 && i < stored && j >= 0 && j < stored, "ScratchList index out of range")
    if i != j { swap(&storage[i], &storage[j]) }
  }

  /// Removes and returns the last element.
  @inlinable @inline(__always) @discardableResult
  public func removeLast() -> Element {
    precondition(stored > 0, "removeLast from an empty ScratchList")
    stored -= 1
    return (storage + stored).move()
  }

  /// Removes the element at `index`, moving the later ones forward (order is kept).
  @inlinable @discardableResult
  public func remove(at index: Int) -> Element {
    precondition(index >= 0 && index < stored, "ScratchList index out of range")
    let element = (storage + index).move()
    (storage + index).moveInitialize(from: storage + index + 1, count: stored - index - 1)
    stored -= 1
    return element
  }

  /// Removes every element that satisfies `shouldBeRemoved`, keeping the order of the rest.
  @inlinable
  public func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept = 0
    for index in 0..<stored {
      if try shouldBeRemoved(storage[index]) { continue }
      if kept != index { swap(&storage[kept], &storage[index]) }
      kept += 1
    }
    while stored > kept {
      stored -= 1
      _ = (storage + stored).move()
    }
  }

  /// Removes the first `k` elements, moving the rest to the front.
  @inlinable
  public func removeFirst(_ k: Int) {
    precondition(k >= 0 && k <= stored, "ScratchList removeFirst count out of range")
    if k == 0 { return }
    storage.deinitialize(count: k)
    storage.moveInitialize(from: storage + k, count: stored - k)
    stored -= k
  }

  /// Calls `body` with the elements as a mutable buffer (which must not escape it).
  @inlinable @inline(__always)
  public func withUnsafeMutableBufferPointer<Result>(
    _ body: (UnsafeMutableBufferPointer<Element>) throws -> Result
  ) rethrows -> Result {
    try body(UnsafeMutableBufferPointer(start: storage, count: stored))
  }

  /// Sorts the elements in place.
  @inlinable
  public func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    var buffer = UnsafeMutableBufferPointer(start: storage, count: stored)
    try buffer.sort(by: areInIncreasingOrder)
  }

  /// The elements, in order, as an array (for diagnostics and the rare slow path).
  @inlinable
  public var elements: [Element] { Array(UnsafeBufferPointer(start: storage, count: stored)) }
}

@_spi(GestureRuntime)
extension ScratchList: RandomAccessCollection {
  /// Zero.
  @inlinable
  public var startIndex: Int { 0 }
  /// The number of elements.
  @inlinable
  public var endIndex: Int { stored }
}

@_spi(GestureRuntime)
extension ScratchList where Element: AnyObject {
  /// The element at `index` without a reference count of its own: valid while the list holds it.
  @inlinable @inline(__always)
  public func unretained(at index: Int) -> Unmanaged<Element> {
    precondition(index >= 0 && index < stored, "ScratchList index out of range")
    return Unmanaged.passUnretained(storage[index])
  }
}
