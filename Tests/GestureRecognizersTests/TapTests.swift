import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Tap (behaviour reference §4)")
struct TapTests {
  @Test("A tap recognizes at the lift and reports the touch-down point, even if the finger drifted")
  func locationIsTouchDown() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "tap")
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.05)
    h.up(1, 130, 100, at: 0.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.05 view V touchesMoved 1",
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (100, 100)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset tap",
      ])
  }

  @Test("A tap fails when the finger moves more than 45 pt, and the view gets the whole sequence")
  func movedTooFar() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "tap")
    h.down(1, 200, 200, at: 0)
    h.move(1, 246, 200, at: 0.05)
    h.up(1, 246, 200, at: 0.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.05 state tap possible → failed: moved 46 pt, more than 45 pt allowed",
        "0.05 view V touchesMoved 1",
        "0.05 reset tap",
        "0.1 view V touchesEnded 1",
      ])
  }

  @Test(
    "A tap given a touch method by app code outside a dispatch, and failed and reset within it, starts its next attempt clean"
  )
  func resetWithinAForwardedTouchMethodWins() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    let start = Timestamp(seconds: 0)
    let fingers = [
      Touch(identifier: 90, location: Point(x: 100, y: 100), timestamp: start, view: h.view),
      Touch(identifier: 91, location: Point(x: 120, y: 100), timestamp: start, view: h.view),
    ]
    // Two fingers where one is required: the tap asks to fail, and its window's runtime, not
    // dispatching, resolves that at once and resets the tap before `touchesBegan` returns. The
    // fingers counted before the reset must not come back with the rules' copy.
    tap.touchesBegan(fingers, with: TouchEvent(timestamp: start, allTouches: fingers))
    h.down(1, 100, 100, at: 0.1)
    h.up(1, 100, 100, at: 0.15)
    #expect(
      h.decisions == [
        "0 state tap possible → failed: 2 fingers down, 1 required",
        "0 reset tap",
        "0.1 view V touchesBegan 1",
        "0.15 state tap possible → ended: recognized",
        "0.15 action tap ended at (100, 100)",
        "0.15 view V touchesCancelled 1",
        "0.15 reset tap",
      ])
  }

  @Test("A tap that lasts longer than 0.75 s fails from its timer (choice)")
  func tooLong() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "tap")
    h.down(1, 100, 100, at: 0)
    h.up(1, 100, 100, at: 0.8)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.75 state tap possible → failed: the tap lasted longer than 0.75 s",
        "0.75 reset tap",
        "0.8 view V touchesEnded 1",
      ])
  }

  @Test("A later tap that begins more than 45 pt from the first fails the double tap")
  func laterTapTooFar() {
    let h = Harness()
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    h.down(1, 100, 100, at: 0)
    h.up(1, 100, 100, at: 0.1)
    h.down(2, 160, 100, at: 0.2)
    h.up(2, 160, 100, at: 0.3)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.2 state doubleTap possible → failed: tap 2 began 60 pt from the first, more than 45 pt allowed",
        "0.2 view V touchesEnded 1",
        "0.2 view V touchesBegan 2",
        "0.2 reset doubleTap",
        "0.3 view V touchesEnded 2",
      ])
  }

  @Test("A two-finger tap recognizes when both land within 0.15 s; its location is their centroid")
  func twoFingers() {
    let h = Harness()
    h.add(TapGestureRecognizer(numberOfTapsRequired: 1, numberOfTouchesRequired: 2), "twoFinger")
    h.down(1, 100, 100, at: 0)
    h.down(2, 140, 100, at: 0.05)
    h.event(
      at: 0.1, [TouchInput(id: 1, phase: .ended, x: 100, y: 100), TouchInput(id: 2, phase: .ended, x: 140, y: 100)])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.05 view V touchesBegan 2",
        "0.1 state twoFinger possible → ended: recognized",
        "0.1 action twoFinger ended at (120, 100)",
        "0.1 view V touchesCancelled 1,2",
        "0.1 reset twoFinger",
      ])
  }

  @Test("A multi-finger tap fails when its fingers land too far apart in time, lift too early, or are too many")
  func multiFingerFailures() {
    let late = Harness()
    late.add(TapGestureRecognizer(numberOfTapsRequired: 1, numberOfTouchesRequired: 2), "t")
    late.down(1, 100, 100, at: 0)
    late.down(2, 140, 100, at: 0.2)
    #expect(late.decisions.contains("0.15 state t possible → failed: only 1 of 2 fingers landed within 0.15 s"))

    let early = Harness()
    early.add(TapGestureRecognizer(numberOfTapsRequired: 1, numberOfTouchesRequired: 2), "t")
    early.down(1, 100, 100, at: 0)
    early.up(1, 100, 100, at: 0.05)
    #expect(early.decisions.contains("0.05 state t possible → failed: only 1 of 2 fingers touched down"))

    let many = Harness()
    many.add(TapGestureRecognizer(numberOfTapsRequired: 1, numberOfTouchesRequired: 2), "t")
    many.down(1, 100, 100, at: 0)
    many.down(2, 120, 100, at: 0.01)
    many.down(3, 140, 100, at: 0.02)
    #expect(many.decisions.contains("0.02 state t possible → failed: 3 fingers down, 2 required"))
  }

  @Test("Fingers the tap is not tracking do not count against it")
  func untrackedFingers() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let a = View(name: "A", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let b = View(name: "B", frame: Rect(x: 200, y: 0, width: 200, height: 200))
    window.addSubview(a)
    window.addSubview(b)
    let h = Harness(window: window)
    h.add(TapGestureRecognizer(), "tap", to: a)
    h.down(1, 50, 50, at: 0)
    h.down(2, 250, 50, at: 0.02)
    h.up(1, 50, 50, at: 0.1)
    #expect(h.decisions.contains("0.1 state tap possible → ended: recognized"))
  }

  @Test("Thresholds are overridable per recognizer")
  func overrides() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    tap.allowableMovement = 5
    tap.maximumTapDuration = .milliseconds(100)
    h.down(1, 100, 100, at: 0)
    h.move(1, 104, 100, at: 0.05)
    h.up(1, 104, 100, at: 0.2)
    #expect(h.decisions.contains("0.1 state tap possible → failed: the tap lasted longer than 0.1 s"))
  }

  @Test("Fewer than one tap required counts as one: the tap recognizes at the first lift")
  func noTapsRequired() {
    for taps in [0, -2] {
      let h = Harness()
      let tap = h.add(TapGestureRecognizer(numberOfTapsRequired: taps), "tap")
      h.down(1, 100, 100, at: 0)
      h.up(1, 100, 100, at: 0.1)
      #expect(tap.numberOfTapsRequired == taps)
      #expect(
        h.decisions == [
          "0 view V touchesBegan 1",
          "0.1 state tap possible → ended: recognized",
          "0.1 action tap ended at (100, 100)",
          "0.1 view V touchesCancelled 1",
          "0.1 reset tap",
        ])
    }
  }

  @Test("Fewer than one finger required: no tap has so few, and the tap fails at the first touch-down")
  func noTouchesRequired() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    tap.numberOfTouchesRequired = 0
    h.down(1, 100, 100, at: 0)
    h.up(1, 100, 100, at: 0.1)
    #expect(
      h.decisions == [
        "0 state tap possible → failed: 1 fingers down, 0 required",
        "0 view V touchesBegan 1",
        "0 reset tap",
        "0.1 view V touchesEnded 1",
      ])
  }

  @Test("A tap of fewer than one tap prevents a tap of one, and a long press of no taps, as a tap of one does")
  func countsBelowTheLeastInPrevention() {
    func trace(taps: Int) -> [String] {
      let h = Harness()
      h.add(TapGestureRecognizer(numberOfTapsRequired: taps), "first")
      h.add(TapGestureRecognizer(), "second")
      h.down(1, 100, 100, at: 0)
      h.up(1, 100, 100, at: 0.1)
      return h.decisions.filter { $0.contains(" state ") }
    }
    let one = trace(taps: 1)
    #expect(one.contains { $0.contains("second possible → failed") })
    #expect(trace(taps: 0) == one)
    #expect(trace(taps: -2) == one)
    // A long press of no taps: a tap of one tap, or of fewer, can prevent it.
    let press = LongPressGestureRecognizer()
    #expect(TapGestureRecognizer(numberOfTapsRequired: 0).canPrevent(press))
    press.numberOfTapsRequired = -1
    #expect(TapGestureRecognizer(numberOfTapsRequired: -2).canPrevent(press))
  }

  @Test(
    "A subclass of a built-in recognizer that overrides shouldRequireFailure(of:) is asked, as require(toFail:) would say"
  )
  func subclassRequiresFailure() {
    func trace(subclass: Bool) -> [String] {
      let h = Harness()
      let tap = h.add(subclass ? WaitingTap() : TapGestureRecognizer(), "tap")
      let doubleTap = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
      if !subclass { tap.require(toFail: doubleTap) }
      h.down(1, 100, 100, at: 0)
      h.up(1, 100, 100, at: 0.08)
      h.advance(to: 0.5)
      return h.decisions
    }
    let asked = trace(subclass: true)
    #expect(asked.contains("0.43 state tap possible → ended: released: doubleTap failed"))
    #expect(asked == trace(subclass: false))
  }
}

@Suite("Swipe (behaviour reference §4)")
struct SwipeTests {
  func run(moves: [(Double, Double, Double)], direction: SwipeGestureRecognizer.Direction = .right) -> [String] {
    let h = Harness()
    h.add(SwipeGestureRecognizer(direction: direction), "swipe")
    h.down(1, 200, 200, at: 0)
    for (x, y, t) in moves { h.move(1, x, y, at: t) }
    h.up(1, moves.last?.0 ?? 200, moves.last?.1 ?? 200, at: (moves.last?.2 ?? 0) + 0.01)
    return h.decisions.filter { $0.contains(" state ") || $0.contains(" action ") }
  }

  @Test("The distance needed decays linearly from 50 pt to 26 pt over 0.5 s")
  func decay() {
    #expect(
      run(moves: [(238, 200, 0.25)]) == [
        "0.25 state swipe possible → ended: moved 38 pt right in 0.25 s", "0.25 action swipe ended at (200, 200)",
      ])
    #expect(run(moves: [(237, 200, 0.25)]) == ["0.26 state swipe possible → failed: lifted before moving far enough"])
    #expect(run(moves: [(250, 200, 0.001)]).first == "0.001 state swipe possible → ended: moved 50 pt right in 0.001 s")
    #expect(run(moves: [(227, 200, 0.5)]).first == "0.5 state swipe possible → ended: moved 27 pt right in 0.5 s")
  }

  @Test("A move after 0.5 s fails the swipe, whatever its distance")
  func tooSlow() {
    #expect(
      run(moves: [(220, 200, 0.3), (400, 200, 0.51)]) == [
        "0.51 state swipe possible → failed: moved after 0.51 s, longer than 0.5 s allowed"
      ])
  }

  @Test("Movement across the direction beyond the decaying limit rules the direction out")
  func offAxis() {
    #expect(
      run(moves: [(230, 410, 0.01)]) == [
        "0.01 state swipe possible → failed: moved 210 pt across right, more than 198 pt allowed"
      ])
  }

  @Test("Moving back more than 10 pt against the direction fails it (choice)")
  func reversal() {
    #expect(
      run(moves: [(185, 200, 0.05)]) == [
        "0.05 state swipe possible → failed: reversed 15 pt against right, more than 10 pt allowed"
      ])
    #expect(
      run(moves: [(192, 200, 0.05), (260, 200, 0.1)]).first
        == "0.1 state swipe possible → ended: moved 60 pt right in 0.1 s")
  }

  @Test(
    "Each allowed direction works; the first that qualifies names the swipe",
    arguments: [
      ("left", 140.0, 200.0), ("up", 200.0, 140.0), ("down", 200.0, 260.0),
    ])
  func directions(_ name: String, _ x: Double, _ y: Double) {
    let direction = SwipeGestureRecognizer.Direction.all.first { $0.name == name }!.direction
    #expect(
      run(moves: [(x, y, 0.05)], direction: direction).first
        == "0.05 state swipe possible → ended: moved 60 pt \(name) in 0.05 s")
    #expect(run(moves: [(x, y, 0.05)], direction: .right).first?.contains("failed") ?? true)
  }

  @Test("A two-finger swipe needs both fingers to move far enough; a third finger fails it")
  func twoFingers() {
    let h = Harness()
    let swipe = h.add(SwipeGestureRecognizer(direction: .right, numberOfTouchesRequired: 2), "swipe")
    h.event(
      at: 0, [TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 100, y: 150)])
    h.event(
      at: 0.05, [TouchInput(id: 1, phase: .moved, x: 170, y: 100), TouchInput(id: 2, phase: .moved, x: 130, y: 150)])
    h.event(
      at: 0.1, [TouchInput(id: 1, phase: .moved, x: 180, y: 100), TouchInput(id: 2, phase: .moved, x: 170, y: 150)])
    #expect(h.decisions.contains("0.1 state swipe possible → ended: moved 70 pt right in 0.1 s"))
    #expect(h.decisions.contains("0.1 action swipe ended at (100, 125)"))
    #expect(swipe.state == .possible)
    let k = Harness()
    k.add(SwipeGestureRecognizer(direction: .right, numberOfTouchesRequired: 2), "swipe")
    k.event(
      at: 0,
      [
        TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 100, y: 150),
        TouchInput(id: 3, phase: .began, x: 100, y: 200),
      ])
    #expect(k.decisions.contains("0 state swipe possible → failed: 3 fingers down, 2 required"))
  }
}

/// A tap that waits for every double tap, by overriding the subclassing API.
private final class WaitingTap: TapGestureRecognizer {
  override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
    (other as? TapGestureRecognizer)?.numberOfTapsRequired == 2
  }
}
