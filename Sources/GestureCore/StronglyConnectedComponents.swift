/// The strongly connected components of a directed graph, by Tarjan's algorithm without
/// recursion (a chain of 100,000 requirements cannot overflow the stack).
///
/// A value keeps its working storage between searches: a search over a graph no larger than an
/// earlier one allocates nothing. Shared by the runtime's cycle check and its cache of the
/// static requirement graph (<doc:BehaviourReference> §3.11), and by `gesturectl inspect`.
package struct StronglyConnectedComponents {
  /// For each node of the last search, the index of its component.
  package private(set) var component: [Int] = []
  /// The size of each component of the last search, by index.
  package private(set) var sizes: [Int] = []
  private var order: [Int] = []
  private var low: [Int] = []
  private var onStack: [Bool] = []
  private var stack: [Int] = []
  private var work: [(node: Int, edge: Int)] = []

  package init() {}

  /// Finds the components of a graph of `count` nodes, numbered `0..<count`, whose node `n` has
  /// `edgeCount(n)` outgoing edges; `successor(n, k)` is the node edge `k` leads to, or nil for
  /// an edge that leaves the graph (it is skipped).
  package mutating func search(
    count: Int, edgeCount: (_ node: Int) -> Int, successor: (_ node: Int, _ edge: Int) -> Int?
  ) {
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: repeatElement(-1, count: count))
    low.removeAll(keepingCapacity: true)
    low.append(contentsOf: repeatElement(0, count: count))
    onStack.removeAll(keepingCapacity: true)
    onStack.append(contentsOf: repeatElement(false, count: count))
    component.removeAll(keepingCapacity: true)
    component.append(contentsOf: repeatElement(-1, count: count))
    sizes.removeAll(keepingCapacity: true)
    stack.removeAll(keepingCapacity: true)
    work.removeAll(keepingCapacity: true)
    var counter = 0
    for root in 0..<count where order[root] < 0 {
      work.append((root, 0))
      order[root] = counter
      low[root] = counter
      counter += 1
      stack.append(root)
      onStack[root] = true
      while let top = work.last {
        let node = top.node
        if top.edge < edgeCount(node) {
          work[work.count - 1].edge += 1
          guard let next = successor(node, top.edge) else { continue }
          if order[next] < 0 {
            order[next] = counter
            low[next] = counter
            counter += 1
            stack.append(next)
            onStack[next] = true
            work.append((next, 0))
          } else if onStack[next] {
            low[node] = min(low[node], order[next])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
        if low[node] == order[node] {
          var size = 0
          while let member = stack.popLast() {
            onStack[member] = false
            component[member] = sizes.count
            size += 1
            if member == node { break }
          }
          sizes.append(size)
        }
      }
    }
  }
}

/// The strongly connected components of a directed graph of `count` nodes, given by each node's
/// successors (`gesturectl inspect`).
///
/// Returns, for each node, the index of its component, and each component's size.
package func stronglyConnectedComponents(
  count: Int, successors: (Int) -> [Int]
) -> (component: [Int], sizes: [Int]) {
  let adjacency = (0..<count).map(successors)
  var components = StronglyConnectedComponents()
  components.search(count: count, edgeCount: { adjacency[$0].count }, successor: { adjacency[$0][$1] })
  return (components.component, components.sizes)
}
