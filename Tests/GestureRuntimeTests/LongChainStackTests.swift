import Foundation
import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// A chain of failure requirements on `V`: a double tap, then taps, then a long press, each
/// requiring the one before it to fail. A single tap, a double tap and a press-and-lift go through
/// it, and the trace is returned.
private func chainTrace(length: Int) -> [String] {
  let h = Harness()
  var chain: [GestureRecognizer] = [h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "double")]
  for index in 1..<(length - 1) { chain.append(h.add(TapGestureRecognizer(), "tap\(index)")) }
  chain.append(h.add(LongPressGestureRecognizer(), "press"))
  for (previous, recognizer) in zip(chain, chain.dropFirst()) { recognizer.require(toFail: previous) }
  // A single tap: every tap waits for the one before it; the double tap's failure releases tap1.
  h.down(1, 10, 10, at: 0)
  h.up(1, 10, 10, at: 0.08)
  h.finish()
  // A double tap: the head of the chain recognizes.
  h.down(2, 10, 10, at: 1)
  h.up(2, 10, 10, at: 1.08)
  h.down(3, 10, 10, at: 1.2)
  h.up(3, 10, 10, at: 1.28)
  h.finish()
  // A press held past 0.5 s: the press waits for the last tap, then the taps wait at the lift.
  h.down(4, 10, 10, at: 2)
  h.advance(to: 2.55)
  h.up(4, 10, 10, at: 2.6)
  h.finish()
  return h.decisions
}

/// What `chainTrace(length:)` must return, for a chain of any length from 4 up.
private func expectedChainTrace(length: Int) -> [String] {
  let taps = 1..<(length - 1)
  let last = "tap\(length - 2)"
  let all = ["double"] + taps.map { "tap\($0)" } + ["press"]
  func waits(at t: String) -> [String] {
    ["\(t) wait tap1 wants ended, waiting for double"]
      + taps.dropFirst().map { "\(t) wait tap\($0) wants ended, waiting for tap\($0 - 1)" }
  }
  func resets(at t: String) -> [String] { all.map { "\(t) reset \($0)" } }
  func releaseOfTap1(at t: String, pressFailsToo: Bool) -> [String] {
    ["\(t) state double possible → failed: tap 2 did not begin within 0.35 s"]
      + ["\(t) state tap1 possible → ended: released: double failed"]
      + taps.dropFirst(2).map { "\(t) state tap\($0) possible → failed: prevented by tap1" }
      + (pressFailsToo ? ["\(t) state press possible → failed: prevented by tap1"] : [])
      + ["\(t) state tap2 possible → failed: required failure of tap1, which recognized"]
      + ["\(t) action tap1 ended at (10, 10)"]
  }
  let singleTap =
    ["0 view V touchesBegan 1", "0.08 state press possible → failed: lifted before 0.5 s"]
    + waits(at: "0.08") + releaseOfTap1(at: "0.43", pressFailsToo: false)
    + ["0.43 view V touchesCancelled 1"] + resets(at: "0.43")
  let doubleTap =
    ["1 view V touchesBegan 2", "1.08 state press possible → failed: lifted before 0.5 s"]
    + waits(at: "1.08")
    + ["1.2 view V touchesBegan 3", "1.28 state double possible → ended: tap 2 of 2 ended"]
    + taps.dropFirst().map { "1.28 state tap\($0) possible → failed: prevented by double" }
    + ["1.28 state tap1 possible → failed: required failure of double, which recognized"]
    + ["1.28 action double ended at (10, 10)", "1.28 view V touchesCancelled 2,3"] + resets(at: "1.28")
  let pressAndLift =
    ["2 view V touchesBegan 4"]
    + ["2.5 wait press wants began, waiting for \(last)", "2.6 wait press wants ended, waiting for \(last)"]
    + waits(at: "2.6") + releaseOfTap1(at: "2.95", pressFailsToo: true)
    + ["2.95 view V touchesCancelled 4"] + resets(at: "2.95")
  return singleTap + doubleTap + pressAndLift
}

/// Runs `work` on a thread of its own with a stack of `stackSize` bytes and returns its result.
private func onThread<Result: Sendable>(
  stackSize: Int, _ work: @escaping @Sendable () -> Result
) async -> Result {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: work()) }
    thread.stackSize = stackSize
    thread.start()
  }
}

/// The length of the long chain. In a release build, 100,000 links, the longest the runtime is
/// measured on (BENCHMARKS.md), in about 6 s on two shared cores. A debug build runs about 40
/// times slower, so there the chain is 3,000 links, at most a few seconds (3.1 s for 3,000, 1.4 s
/// for 2,000 and 7.2 s for 5,000): as long as it needs to show a recursion over the links (below).
#if DEBUG
  private let longChainLength = 3000
#else
  private let longChainLength = 100_000
#endif

/// The stack the long chain runs on. The runtime walks a chain of requirements with loops over
/// lists it keeps, never by recursion, so the chain needs as much stack at any length: in a
/// debug build 28–30 KiB, for a chain of 5 as for one of 3,000 (it overflowed 28 KiB and ran in
/// 30; under AddressSanitizer it overflowed 32 KiB and ran in 48). A runtime whose depth-first
/// walk of a requirement component recursed once per link overflowed 5 MiB on the chain of 3,000
/// and ran in 6 (about 1.8 KiB a link), so a thread's default 8 MiB would hide such a recursion.
/// 256 KiB is 8 times what the runtime needs, and a recursion over the 3,000 links overflows it
/// unless it takes less than 88 bytes a link (over the 100,000 of a release build, less than 3).
private let smallStack = 256 * 1024

/// A chain of failure requirements far longer than an app builds, on a stack too small for any
/// recursion over its links: waiting, exclusion and resets along the chain, and the search for
/// cycles in it, must all be loops.
@Suite("A long chain of failure requirements (behaviour reference §3.10)")
struct LongChainStackTests {
  @Test("A chain of five, written out: each tap waits for the one before it, the first release fails the rest")
  func shortChain() {
    let expected = [
      "0 view V touchesBegan 1",
      "0.08 state press possible → failed: lifted before 0.5 s",
      "0.08 wait tap1 wants ended, waiting for double",
      "0.08 wait tap2 wants ended, waiting for tap1",
      "0.08 wait tap3 wants ended, waiting for tap2",
      "0.43 state double possible → failed: tap 2 did not begin within 0.35 s",
      "0.43 state tap1 possible → ended: released: double failed",
      "0.43 state tap3 possible → failed: prevented by tap1",
      "0.43 state tap2 possible → failed: required failure of tap1, which recognized",
      "0.43 action tap1 ended at (10, 10)",
      "0.43 view V touchesCancelled 1",
      "0.43 reset double",
      "0.43 reset tap1",
      "0.43 reset tap2",
      "0.43 reset tap3",
      "0.43 reset press",
      "1 view V touchesBegan 2",
      "1.08 state press possible → failed: lifted before 0.5 s",
      "1.08 wait tap1 wants ended, waiting for double",
      "1.08 wait tap2 wants ended, waiting for tap1",
      "1.08 wait tap3 wants ended, waiting for tap2",
      "1.2 view V touchesBegan 3",
      "1.28 state double possible → ended: tap 2 of 2 ended",
      "1.28 state tap2 possible → failed: prevented by double",
      "1.28 state tap3 possible → failed: prevented by double",
      "1.28 state tap1 possible → failed: required failure of double, which recognized",
      "1.28 action double ended at (10, 10)",
      "1.28 view V touchesCancelled 2,3",
      "1.28 reset double",
      "1.28 reset tap1",
      "1.28 reset tap2",
      "1.28 reset tap3",
      "1.28 reset press",
      "2 view V touchesBegan 4",
      "2.5 wait press wants began, waiting for tap3",
      "2.6 wait press wants ended, waiting for tap3",
      "2.6 wait tap1 wants ended, waiting for double",
      "2.6 wait tap2 wants ended, waiting for tap1",
      "2.6 wait tap3 wants ended, waiting for tap2",
      "2.95 state double possible → failed: tap 2 did not begin within 0.35 s",
      "2.95 state tap1 possible → ended: released: double failed",
      "2.95 state tap3 possible → failed: prevented by tap1",
      "2.95 state press possible → failed: prevented by tap1",
      "2.95 state tap2 possible → failed: required failure of tap1, which recognized",
      "2.95 action tap1 ended at (10, 10)",
      "2.95 view V touchesCancelled 4",
      "2.95 reset double",
      "2.95 reset tap1",
      "2.95 reset tap2",
      "2.95 reset tap3",
      "2.95 reset press",
    ]
    #expect(chainTrace(length: 5) == expected)
    #expect(expectedChainTrace(length: 5) == expected)
  }

  @Test("A chain of 3,000 (release: 100,000) on a 256 KiB stack traces as the chain of five, lengthened")
  func longChainOnSmallStack() async {
    // A stack overflow kills the process: the chain runs in a process of its own, which prints
    // its trace for this one to compare.
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      let trace = await onThread(stackSize: smallStack) { chainTrace(length: longChainLength) }
      print(trace.joined(separator: "\n"))
    }
    guard let result else { return }
    let trace = String(decoding: result.standardOutputContent, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(trace == expectedChainTrace(length: longChainLength))
  }
}
