import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Swipe: movement per finger from its touch-down point (behaviour reference §4)")
struct SwipeMeasurementTests {
  /// One finger down at (200, 200) at 0, the moves, and a lift 0.05 s after the last move.
  func trace(
    _ moves: [(Double, Double, Double)], direction: SwipeGestureRecognizer.Direction = .right
  ) -> [String] {
    let h = Harness()
    h.add(SwipeGestureRecognizer(direction: direction), "swipe")
    h.down(1, 200, 200, at: 0)
    for (x, y, t) in moves { h.move(1, x, y, at: t) }
    let last = moves.last ?? (200, 200, 0)
    h.up(1, last.0, last.1, at: last.2 + 0.05)
    return h.decisions
  }

  @Test("A reversal is measured from the touch-down point, not from the furthest point reached")
  func reversalFromTouchDown() {
    // 30 pt right, then back to 15 pt right: 15 pt back from the furthest point, but still ahead
    // of the touch-down point, so the direction stands and the next move recognizes.
    #expect(
      trace([(230, 200, 0.05), (215, 200, 0.1), (260, 200, 0.15)]) == [
        "0 view V touchesBegan 1",
        "0.05 view V touchesMoved 1",
        "0.1 view V touchesMoved 1",
        "0.15 state swipe possible → ended: moved 60 pt right in 0.15 s",
        "0.15 action swipe ended at (200, 200)",
        "0.15 view V touchesCancelled 1",
        "0.15 reset swipe",
      ])
  }

  @Test("Moving back more than 10 pt against the direction from the touch-down point fails a one-direction swipe")
  func reversalFails() {
    #expect(
      trace([(185, 200, 0.05)]) == [
        "0 view V touchesBegan 1",
        "0.05 state swipe possible → failed: reversed 15 pt against right, more than 10 pt allowed",
        "0.05 view V touchesMoved 1",
        "0.05 reset swipe",
        "0.1 view V touchesEnded 1",
      ])
  }

  @Test("A swipe allowed in several directions fails only when every one of them is ruled out")
  func everyDirectionRuledOut() {
    // Right is ruled out by the move back at 0.05; up only by the move down at 0.1.
    #expect(
      trace([(185, 200, 0.05), (185, 215, 0.1)], direction: [.right, .up]) == [
        "0 view V touchesBegan 1",
        "0.05 view V touchesMoved 1",
        "0.1 state swipe possible → failed: reversed 15 pt against up, more than 10 pt allowed",
        "0.1 view V touchesMoved 1",
        "0.1 reset swipe",
        "0.15 view V touchesEnded 1",
      ])
  }

  @Test("A direction ruled out leaves the others: a right-or-up swipe that first goes left still recognizes up")
  func remainingDirectionRecognizes() {
    #expect(
      trace([(185, 200, 0.05), (185, 140, 0.1)], direction: [.right, .up]) == [
        "0 view V touchesBegan 1",
        "0.05 view V touchesMoved 1",
        "0.1 state swipe possible → ended: moved 60 pt up in 0.1 s",
        "0.1 action swipe ended at (200, 200)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset swipe",
      ])
  }

  @Test("The swipe fails on too much off-axis movement, against the secondary maximum decayed as at that moment")
  func offAxisFails() {
    // At 0.25 s the off-axis limit has decayed to 151 pt; the 40 pt along the direction would
    // have been enough (38 pt at 0.25 s), but the off-axis check comes first.
    #expect(
      trace([(240, 352, 0.25)]) == [
        "0 view V touchesBegan 1",
        "0.25 state swipe possible → failed: moved 152 pt across right, more than 151 pt allowed",
        "0.25 view V touchesMoved 1",
        "0.25 reset swipe",
        "0.3 view V touchesEnded 1",
      ])
    #expect(
      trace([(230, 410, 0.01)]) == [
        "0 view V touchesBegan 1",
        "0.01 state swipe possible → failed: moved 210 pt across right, more than 198 pt allowed",
        "0.01 view V touchesMoved 1",
        "0.01 reset swipe",
        "0.06 view V touchesEnded 1",
      ])
  }

  @Test(
    "With several fingers, movement before the last required finger lands is not judged; then each is measured from where it was"
  )
  func severalFingersFromLastLanding() {
    let h = Harness()
    h.add(SwipeGestureRecognizer(direction: .right, numberOfTouchesRequired: 2), "swipe")
    h.down(1, 100, 100, at: 0)
    // 30 pt back against the direction before the second finger lands: not judged.
    h.move(1, 70, 100, at: 0.02)
    h.down(2, 100, 150, at: 0.04)
    // 55 pt each from where they were at 0.04 s (45.2 pt needed at 0.1 s); the first finger is
    // only 25 pt from its touch-down point.
    h.event(
      at: 0.1, [TouchInput(id: 1, phase: .moved, x: 125, y: 100), TouchInput(id: 2, phase: .moved, x: 155, y: 150)])
    h.event(
      at: 0.15, [TouchInput(id: 1, phase: .ended, x: 125, y: 100), TouchInput(id: 2, phase: .ended, x: 155, y: 150)])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.02 view V touchesMoved 1",
        "0.04 view V touchesBegan 2",
        "0.1 state swipe possible → ended: moved 55 pt right in 0.1 s",
        "0.1 action swipe ended at (100, 125)",
        "0.1 view V touchesCancelled 1,2",
        "0.1 reset swipe",
      ])
  }

  @Test("Before the last required finger lands only the time limit is judged, counted from the first touch-down")
  func severalFingersTimeLimit() {
    let h = Harness()
    h.add(SwipeGestureRecognizer(direction: .right, numberOfTouchesRequired: 2), "swipe")
    h.down(1, 100, 100, at: 0)
    h.move(1, 140, 100, at: 0.1)
    h.down(2, 100, 150, at: 0.3)
    h.event(
      at: 0.55, [TouchInput(id: 1, phase: .moved, x: 200, y: 100), TouchInput(id: 2, phase: .moved, x: 160, y: 150)])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 view V touchesMoved 1",
        "0.3 view V touchesBegan 2",
        "0.55 state swipe possible → failed: moved after 0.55 s, longer than 0.5 s allowed",
        "0.55 view V touchesMoved 1,2",
        "0.55 reset swipe",
      ])
    let k = Harness()
    k.add(SwipeGestureRecognizer(direction: .right, numberOfTouchesRequired: 2), "swipe")
    k.down(1, 100, 100, at: 0)
    k.move(1, 100, 120, at: 0.6)
    #expect(
      k.decisions == [
        "0 view V touchesBegan 1",
        "0.6 state swipe possible → failed: moved after 0.6 s, longer than 0.5 s allowed",
        "0.6 view V touchesMoved 1",
        "0.6 reset swipe",
      ])
  }
}
