import Testing

@testable import GestureRuntime

/// Counts the instances alive, to check that the list releases what it drops.
private final class Counted {
  nonisolated(unsafe) static var alive = 0
  let value: Int
  init(_ value: Int) {
    self.value = value
    Counted.alive += 1
  }
  deinit { Counted.alive -= 1 }
}

@Suite("The runtime's work lists", .serialized)
struct ScratchListTests {
  @Test("Appends past the capacity keep every element, in order; removals release them")
  func growthAndRelease() {
    Counted.alive = 0
    do {
      let list = ScratchList<Counted>(capacity: 2)
      for value in 0..<37 { list.append(Counted(value)) }
      #expect(list.count == 37)
      #expect((0..<list.count).map { list[$0].value } == Array(0..<37))
      #expect(Counted.alive == 37)
      #expect(list.removeLast().value == 36)
      #expect(Counted.alive == 36)
      list[0] = Counted(100)
      #expect(list[0].value == 100 && Counted.alive == 36)
      #expect(list.contains { $0.value == 35 } && !list.contains { $0.value == 36 })
      list.removeAll()
      #expect(list.isEmpty && Counted.alive == 0)
      list.append(Counted(7))
      #expect(list.count == 1 && list[0].value == 7)
    }
    // Dropping the list releases what it still held.
    #expect(Counted.alive == 0)
  }

  @Test("swapContents exchanges the elements of two lists, whatever their capacities")
  func swapContents() {
    let a = ScratchList<Int>(capacity: 1)
    let b = ScratchList<Int>(capacity: 64)
    for value in 0..<5 { a.append(value) }
    b.append(42)
    a.swapContents(with: b)
    #expect(a.elements == [42] && b.elements == [0, 1, 2, 3, 4])
    // Both stay usable: each grows from the storage it got.
    for value in 5..<70 { b.append(value) }
    a.append(43)
    #expect(a.elements == [42, 43] && b.elements == Array(0..<70))
  }

  @Test("removeFirst drops the first elements, releasing them, and moves the rest to the front")
  func removeFirst() {
    Counted.alive = 0
    do {
      let list = ScratchList<Counted>(capacity: 4)
      for value in 0..<10 { list.append(Counted(value)) }
      list.removeFirst(0)
      #expect(list.count == 10)
      list.removeFirst(7)
      #expect(list.elements.map(\.value) == [7, 8, 9] && Counted.alive == 3)
      list.removeFirst(3)
      #expect(list.isEmpty && Counted.alive == 0)
      list.append(Counted(1))
      #expect(list.elements.map(\.value) == [1])
    }
    #expect(Counted.alive == 0)
  }

  @Test("swapAt exchanges two elements and keeps every reference")
  func swapAt() {
    Counted.alive = 0
    do {
      let list = ScratchList<Counted>()
      for value in 0..<4 { list.append(Counted(value)) }
      list.swapAt(0, 3)
      list.swapAt(1, 1)
      #expect(list.elements.map(\.value) == [3, 1, 2, 0] && Counted.alive == 4)
    }
    #expect(Counted.alive == 0)
  }

  @Test("reserveCapacity keeps the elements and makes room at once")
  func reserveCapacity() {
    let list = ScratchList<Int>(capacity: 1)
    list.append(7)
    list.reserveCapacity(100)
    list.reserveCapacity(3)  // smaller than the capacity: nothing to do
    for value in 0..<99 { list.append(value) }
    #expect(list.count == 100 && list[0] == 7 && list[99] == 98)
  }

  @Test("sort orders in place")
  func sort() {
    let list = ScratchList<Int>()
    for value in [5, 3, 9, 1, 3] { list.append(value) }
    list.sort(by: <)
    #expect(list.elements == [1, 3, 3, 5, 9])
  }
}
