/// A growable list that one runtime owns alone and reuses on every dispatch: the per-event work
/// lists of recognizers (requests, finished recognizers…); those of touch records are plain
/// arrays in `RuntimeTables`.
///
/// A reference to an array: held in a `let`, it is read and appended to without copying, and
/// `swapContents(with:)` exchanges two lists' elements in place (a list and its batch trade
/// contents while the batch is worked through). Emptying keeps the storage, so a list that has
/// grown once allocates nothing on later dispatches. Loops index it (`0..<count`, re-reading
/// `count` when the body may append); there is no snapshot as with an array's `for`-`in`.
final class ScratchList<Element> {
  private var items: [Element] = []

  init(capacity: Int = 8) {
    items.reserveCapacity(capacity)
  }

  /// How many elements the list holds.
  var count: Int {
    @inline(__always) get { items.count }
  }

  var isEmpty: Bool {
    @inline(__always) get { items.isEmpty }
  }

  @inline(__always)
  func append(_ element: Element) {
    items.append(element)
  }

  /// Makes room for at least `minimumCapacity` elements in all.
  func reserveCapacity(_ minimumCapacity: Int) {
    items.reserveCapacity(minimumCapacity)
  }

  subscript(index: Int) -> Element {
    @inline(__always) get { items[index] }
    @inline(__always) set { items[index] = newValue }
  }

  /// Empties the list, keeping its storage.
  func removeAll() {
    items.clear()
  }

  /// Exchanges the elements (and storage) of the two lists.
  func swapContents(with other: ScratchList) {
    swap(&items, &other.items)
  }

  func swapAt(_ i: Int, _ j: Int) {
    items.swapAt(i, j)
  }

  @discardableResult
  func removeLast() -> Element {
    items.removeLast()
  }

  /// Removes the first `k` elements, moving the rest to the front.
  func removeFirst(_ k: Int) {
    items.removeFirst(k)
  }

  func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
    try items.contains(where: predicate)
  }

  func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try items.sort(by: areInIncreasingOrder)
  }

  /// The elements, in order, as an array (for diagnostics and the rare slow path).
  var elements: [Element] { items }
}
