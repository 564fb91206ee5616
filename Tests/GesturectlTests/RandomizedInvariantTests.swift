import Foundation
import GestureCore
import GestureRuntime
import Testing

@testable import GestureCtlKit

@Suite("Randomized invariants")
struct RandomizedInvariantTests {
  static let cases = 2000

  @Test("Random scenes and scripts keep every invariant, and replay to the same trace")
  func invariants() throws {
    let base = UInt64(ProcessInfo.processInfo.environment["GESTURE_SEED"] ?? "") ?? 20261129
    for offset in 0..<UInt64(Self.cases) {
      let seed = base &+ offset
      var randomCase = RandomCase.make(seed: seed)
      guard let problem = violation(of: randomCase) else { continue }
      // Shrink: drop events while the case still fails.
      var index = randomCase.events.count - 1
      while index >= 0 {
        var smaller = randomCase
        smaller.events.remove(at: index)
        if let smallerProblem = violation(of: smaller), !smallerProblem.hasPrefix("the generated") {
          randomCase = smaller
        }
        index -= 1
      }
      Issue.record(
        """
        seed \(seed): \(problem)
        after shrinking: \(violation(of: randomCase) ?? "?")
        replay with: gesturectl trace case.scene.json case.events.jsonl
        case.scene.json:
        \(randomCase.scene)
        case.events.jsonl:
        \(randomCase.events.joined(separator: "\n"))
        """)
      return
    }
  }

  @Test("The same input gives the same trace twice")
  func deterministic() throws {
    for seed in UInt64(1)...100 {
      let randomCase = RandomCase.make(seed: seed)
      let files = Files()
      let scenePath = files.write("s.json", randomCase.scene)
      let eventsPath = files.write("e.jsonl", randomCase.events.joined(separator: "\n"))
      let first = gesturectl(["trace", scenePath, eventsPath, "--format", "jsonl"])
      let second = gesturectl(["trace", scenePath, eventsPath, "--format", "jsonl"])
      #expect(first.code == 0, "seed \(seed): \(first.err)")
      #expect(first.out == second.out, "seed \(seed)")
    }
  }
}
