/// The strongly connected components of a directed graph of `count` nodes, by Tarjan's algorithm
/// without recursion (a chain of 100,000 requirements cannot overflow the stack).
///
/// Returns, for each node, the index of its component, and each component's size. Shared by the
/// runtime's cycle check (<doc:BehaviourReference> §3.11) and `gesturectl inspect`.
package func stronglyConnectedComponents(
  count: Int, successors: (Int) -> [Int]
) -> (component: [Int], sizes: [Int]) {
  var order = [Int](repeating: -1, count: count)
  var low = [Int](repeating: 0, count: count)
  var onStack = [Bool](repeating: false, count: count)
  var component = [Int](repeating: -1, count: count)
  var sizes: [Int] = []
  var stack: [Int] = []
  var counter = 0
  for root in 0..<count where order[root] < 0 {
    var work: [(node: Int, next: [Int], edge: Int)] = [(root, successors(root), 0)]
    order[root] = counter
    low[root] = counter
    counter += 1
    stack.append(root)
    onStack[root] = true
    while let top = work.last {
      let node = top.node
      if top.edge < top.next.count {
        work[work.count - 1].edge += 1
        let next = top.next[top.edge]
        if order[next] < 0 {
          order[next] = counter
          low[next] = counter
          counter += 1
          stack.append(next)
          onStack[next] = true
          work.append((next, successors(next), 0))
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
  return (component, sizes)
}
