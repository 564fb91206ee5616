import GestureCore
import Testing

@Suite("Strongly connected components")
struct StronglyConnectedComponentsTests {
  /// The components of `edges` over `count` nodes as sets of nodes, by a search that may have
  /// run before.
  func components(
    _ search: inout StronglyConnectedComponents, count: Int, _ edges: [[Int]]
  ) -> Set<Set<Int>> {
    search.search(count: count, edgeCount: { edges[$0].count }) { node, edge in
      let next = edges[node][edge]
      return next < count ? next : nil
    }
    var members: [Int: Set<Int>] = [:]
    for node in 0..<count { members[search.component[node], default: []].insert(node) }
    #expect(search.sizes.count == members.count)
    for (component, nodes) in members { #expect(search.sizes[component] == nodes.count) }
    return Set(members.values)
  }

  @Test("A search finds every cycle, skips edges that leave the graph, and reuses its storage for the next graph")
  func reusedSearch() {
    var search = StronglyConnectedComponents()
    // 0 → 1 → 2 → 0, 2 → 3, 3 → 4 → 3, and an edge of 4 to a node outside the graph.
    #expect(
      components(&search, count: 5, [[1], [2], [0, 3], [4], [3, 9]]) == [[0, 1, 2], [3, 4]])
    // A smaller graph on the same storage: no cycle.
    #expect(components(&search, count: 3, [[1], [2], []]) == [[0], [1], [2]])
    // A larger one: a chain closed into one cycle.
    let chain = (0..<1000).map { [($0 + 1) % 1000] }
    #expect(components(&search, count: 1000, chain) == [Set(0..<1000)])
    #expect(components(&search, count: 0, []) == [])
  }
}
