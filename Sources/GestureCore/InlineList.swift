/// A growable list stored inline in the object that owns it: a recognizer's per-attempt lists
/// (its attempt's touches, tracked touches, failure requirements in both directions, timer
/// slots), which only the runtime changes and nobody copies.
///
/// An `Array` stored in a class pays for copy-on-write on every append and removal: a uniqueness
/// check and calls into the standard library. Here an append is an inline capacity check and a
/// store. The count, capacity and storage pointer live in the owning object, so a read costs no
/// hop to a separate list object (a class-based list measured 20 % slower than `Array` on
/// 25,000 recognizers sharing a touch: one more cache line per list), and the storage is
/// allocated at the first append. Not copyable: it is only ever reached through its owner, by
/// index (`for index in list.indices`), never iterated as a snapshot, so a loop whose body could
/// change the list must not rely on one.
///
/// It is not API: it is public only as SPI (`@_spi(GestureRuntime)`), because only a public
/// generic type with inlinable members is specialized in the module that uses it (GestureRuntime
/// uses it for GestureCore's recognizers; a `package` generic list measured 6,053 instructions per
/// W1 event instead of 3,070).
@_spi(GestureRuntime)
public struct InlineList<Element>: ~Copyable {
  @usableFromInline var storage: UnsafeMutablePointer<Element>?
  @usableFromInline var stored: Int
  @usableFromInline var capacity: Int

  /// Creates an empty list (no storage until the first append).
  @inlinable
  public init() {
    storage = nil
    stored = 0
    capacity = 0
  }

  deinit {
    if let storage {
      storage.deinitialize(count: stored)
      storage.deallocate()
    }
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

  /// The valid indices, `0 ..< count`.
  @inlinable
  public var indices: Range<Int> {
    @inline(__always) get { 0..<stored }
  }

  /// Adds an element at the end.
  @inlinable @inline(__always)
  public mutating func append(_ element: Element) {
    if stored == capacity { grow() }
    (storage.unsafelyUnwrapped + stored).initialize(to: element)
    stored += 1
  }

  @inline(never) @usableFromInline
  mutating func grow() {
    let larger = Swift.max(2, capacity * 2)
    let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    if let storage {
      newStorage.moveInitialize(from: storage, count: stored)
      storage.deallocate()
    }
    storage = newStorage
    capacity = larger
  }

  /// The element at `index` (bounds-checked).
  @inlinable
  public subscript(index: Int) -> Element {
    @inline(__always) get {
      precondition(index >= 0 && index < stored, "InlineList index out of range")
      return storage.unsafelyUnwrapped[index]
    }
    @inline(__always) set {
      precondition(index >= 0 && index < stored, "InlineList index out of range")
      storage.unsafelyUnwrapped[index] = newValue
    }
  }

  /// Empties the list and keeps its storage.
  @inlinable @inline(__always)
  public mutating func removeAll() {
    while stored > 0 {
      stored -= 1
      _ = (storage.unsafelyUnwrapped + stored).move()
    }
  }

  /// Removes the element at `index`, moving the later ones forward (order is kept).
  @inlinable @discardableResult
  public mutating func remove(at index: Int) -> Element {
    precondition(index >= 0 && index < stored, "InlineList index out of range")
    let base = storage.unsafelyUnwrapped
    let element = (base + index).move()
    (base + index).moveInitialize(from: base + index + 1, count: stored - index - 1)
    stored -= 1
    return element
  }

  /// Removes every element that satisfies `shouldBeRemoved`, keeping the order of the rest.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    guard let base = storage else { return }
    var kept = 0
    for index in 0..<stored {
      if try shouldBeRemoved(base[index]) { continue }
      if kept != index { swap(&base[kept], &base[index]) }
      kept += 1
    }
    while stored > kept {
      stored -= 1
      _ = (base + stored).move()
    }
  }

  /// The index of the first element that satisfies `predicate`.
  @inlinable
  public func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
    for index in 0..<stored where try predicate(storage.unsafelyUnwrapped[index]) { return index }
    return nil
  }

  /// Whether an element satisfies `predicate`.
  @inlinable
  public func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
    try firstIndex(where: predicate) != nil
  }

  /// The elements, in order, as an array (for the rare slow path).
  @inlinable
  public var elements: [Element] {
    guard let storage else { return [] }
    return Array(UnsafeBufferPointer(start: storage, count: stored))
  }
}
