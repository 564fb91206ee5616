@_spi(GestureRuntime) import GestureCore
import Testing

/// Counts the instances alive, to check that the list releases what it drops.
private final class Tracked {
  nonisolated(unsafe) static var alive = 0
  let value: Int
  init(_ value: Int) {
    self.value = value
    Tracked.alive += 1
  }
  deinit { Tracked.alive -= 1 }
}

/// The values of a list, in order (the list cannot be copied or iterated as a sequence).
private func values(_ list: borrowing InlineList<Tracked>) -> [Int] {
  var result: [Int] = []
  for index in list.indices { result.append(list[index].value) }
  return result
}

@Suite("A recognizer's inline lists", .serialized)
struct InlineListTests {
  @Test("Starts without storage, grows past its capacity keeping every element in order, and releases what it drops")
  func growthAndRelease() {
    Tracked.alive = 0
    do {
      var list = InlineList<Tracked>()
      let (empty, count, noIndices, noElements) = (
        list.isEmpty, list.count, list.indices.isEmpty, list.elements.isEmpty
      )
      #expect(empty && count == 0 && noIndices && noElements)
      for value in 0..<9 { list.append(Tracked(value)) }
      #expect(values(list) == Array(0..<9))
      #expect(Tracked.alive == 9)
      list[4] = Tracked(40)
      let replaced = list[4].value
      #expect(replaced == 40 && Tracked.alive == 9)
      list.removeAll()
      let emptied = list.isEmpty
      #expect(emptied && Tracked.alive == 0)
      list.append(Tracked(7))
      #expect(values(list) == [7])
    }
    // Dropping the list releases what is left.
    #expect(Tracked.alive == 0)
  }

  @Test("remove(at:) keeps the order of the rest and releases the removed element")
  func removeAt() {
    Tracked.alive = 0
    do {
      var list = InlineList<Tracked>()
      for value in 0..<5 { list.append(Tracked(value)) }
      let removed = list.remove(at: 1).value
      #expect(removed == 1)
      #expect(values(list) == [0, 2, 3, 4])
      list.remove(at: 3)
      #expect(values(list) == [0, 2, 3])
      list.remove(at: 0)
      #expect(values(list) == [2, 3])
      #expect(Tracked.alive == 2)
    }
    #expect(Tracked.alive == 0)
  }

  @Test("removeAll(where:) keeps the order of the rest and releases what it removes")
  func removeAllWhere() {
    Tracked.alive = 0
    do {
      var list = InlineList<Tracked>()
      list.removeAll { _ in true }  // no storage yet
      for value in 0..<7 { list.append(Tracked(value)) }
      list.removeAll { $0.value % 3 == 0 }
      #expect(values(list) == [1, 2, 4, 5])
      #expect(Tracked.alive == 4)
      list.removeAll { _ in false }
      #expect(values(list) == [1, 2, 4, 5])
      list.removeAll { _ in true }
      let emptied = list.isEmpty
      #expect(emptied && Tracked.alive == 0)
    }
  }

  @Test("firstIndex(where:), contains(where:) and elements see the elements in order")
  func searching() {
    var list = InlineList<Int>()
    let noneFound = list.firstIndex(where: { _ in true })
    let noneContained = list.contains(where: { _ in true })
    #expect(noneFound == nil && !noneContained)
    for value in [4, 8, 15, 16] { list.append(value) }
    let found = list.firstIndex(where: { $0 > 8 })
    let contains16 = list.contains(where: { $0 == 16 })
    let contains23 = list.contains(where: { $0 == 23 })
    let elements = list.elements
    let indices = list.indices
    #expect(found == 2 && contains16 && !contains23)
    #expect(elements == [4, 8, 15, 16])
    #expect(indices == 0..<4)
  }
}
