import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Beginning and exclusion (behaviour reference §3.1–3.5)")
struct ExclusionTests {
  @Test(
    "3.1 shouldBegin is asked once per attempt when leaving possible, even if the recognizer is then held; false fails it"
  )
  func shouldBeginOnce() {
    let h = Harness()
    let swipe = h.add(SwipeGestureRecognizer(), "swipe")
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.require(toFail: swipe)
    let delegate = TestDelegate()
    pan.delegate = delegate
    h.down(1, 100, 100, at: 0)
    h.move(1, 115, 100, at: 0.1)
    h.move(1, 120, 100, at: 0.2)
    h.move(1, 125, 100, at: 0.6)
    #expect(delegate.log == ["shouldBegin pan"])
    #expect(h.decisions.contains("0.6 state pan possible → began: released: swipe failed"))
    let k = Harness()
    let refused = k.add(PanGestureRecognizer(), "pan")
    let no = TestDelegate()
    no.shouldBegin = { _ in false }
    refused.delegate = no
    k.down(1, 100, 100, at: 0)
    k.move(1, 115, 100, at: 0.1)
    k.move(1, 130, 100, at: 0.2)
    #expect(
      k.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state pan possible → failed: shouldBegin returned false",
        "0.1 view V touchesMoved 1",
        "0.1 reset pan",
        "0.2 view V touchesMoved 1",
      ])
  }

  @Test("3.2 Recognizing excludes the others on the same view; simultaneity from either delegate lets both recognize")
  func exclusionAndSimultaneity() {
    for allow in [false, true] {
      let h = Harness()
      let first = h.add(PanGestureRecognizer(), "first")
      h.add(PanGestureRecognizer(), "second")
      if allow {
        let delegate = TestDelegate()
        delegate.simultaneous = { _, _ in true }
        first.delegate = delegate
        h.keep(delegate)
      }
      h.down(1, 100, 100, at: 0)
      h.move(1, 120, 100, at: 0.1)
      let states = h.decisions.filter { $0.contains(" state ") }
      if allow {
        #expect(
          states == [
            "0.1 state first possible → began: moved 20 pt, at least 10 pt",
            "0.1 state second possible → began: moved 20 pt, at least 10 pt",
          ])
      } else {
        #expect(
          states == [
            "0.1 state first possible → began: moved 20 pt, at least 10 pt",
            "0.1 state second possible → failed: prevented by first",
          ])
      }
    }
  }

  @Test("3.2 Recognizers on sibling views never exclude each other")
  func siblingsDoNotExclude() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let left = View(name: "A", frame: Rect(x: 0, y: 0, width: 200, height: 400))
    let right = View(name: "B", frame: Rect(x: 200, y: 0, width: 200, height: 400))
    window.addSubview(left)
    window.addSubview(right)
    let h = Harness(window: window)
    h.add(PanGestureRecognizer(), "leftPan", to: left)
    h.add(PanGestureRecognizer(), "rightPan", to: right)
    h.event(at: 0, [TouchInput(id: 1, phase: .began, x: 50, y: 50), TouchInput(id: 2, phase: .began, x: 250, y: 50)])
    h.event(at: 0.1, [TouchInput(id: 1, phase: .moved, x: 70, y: 50), TouchInput(id: 2, phase: .moved, x: 270, y: 50)])
    let states = h.decisions.filter { $0.contains(" state ") }
    #expect(
      states == [
        "0.1 state leftPan possible → began: moved 20 pt, at least 10 pt",
        "0.1 state rightPan possible → began: moved 20 pt, at least 10 pt",
      ])
  }

  @Test("3.2 canPrevent and canBePrevented must both allow an exclusion")
  func preventionHooks() {
    for (prevents, preventable) in [(false, true), (true, false), (true, true)] {
      let h = Harness()
      let winner = h.add(ScriptedRecognizer(), "winner")
      let other = h.add(ScriptedRecognizer(), "other")
      winner.prevents = prevents
      other.preventable = preventable
      winner.onEnded = [[.ended]]
      h.down(1, 10, 10, at: 0)
      h.up(1, 10, 10, at: 0.1)
      let excluded = h.decisions.contains("0.1 state other possible → failed: prevented by winner")
      #expect(excluded == (prevents && preventable))
    }
  }

  @Test("3.2 A recognizer with no touch down is not excluded (a double tap between its taps)")
  func idleNotExcluded() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let a = View(name: "A", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let b = View(name: "B", frame: Rect(x: 200, y: 0, width: 200, height: 200))
    window.addSubview(a)
    window.addSubview(b)
    let h = Harness(window: window)
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap", to: a)
    h.add(PanGestureRecognizer(), "pan", to: window)
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 250, 10, at: 0.15)
    h.move(2, 280, 10, at: 0.2)
    h.finish()
    let states = h.decisions.filter { $0.contains(" state ") }
    #expect(
      states
        == [
          "0.1 state pan possible → failed: lifted before moving 10 pt",
          "0.2 state pan possible → began: moved 30 pt, at least 10 pt",
          "0.45 state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
          "5.2 state pan began → cancelled: undecided 5 s after its touches ended",
        ].filter { !$0.hasPrefix("5.2") })
  }

  @Test("3.3 A recognizer that sent actions is not excluded later, and excludes newcomers at each of its changes")
  func sentActionsProtect() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "pan")
    let late = h.add(ScriptedRecognizer(), "late")
    late.onEnded = [[], [.ended]]
    late.prevents = true
    late.preventable = false
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.1)
    h.down(2, 200, 100, at: 0.2)
    h.up(2, 200, 100, at: 0.3)
    h.move(1, 140, 100, at: 0.4)
    h.up(1, 140, 100, at: 0.5)
    let states = h.decisions.filter { $0.contains(" state ") }
    #expect(
      states == [
        "0.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "0.2 state pan began → changed: changed",
        "0.3 state pan changed → changed: changed",
        "0.4 state pan changed → changed: changed",
        "0.5 state pan changed → ended: all fingers lifted",
        "0.5 state late possible → ended: recognized",
      ])
    // A tap that gets a new finger after the pan began is a newcomer: the pan's next change
    // (the same event, which reaches the pan too, rule 1.4) excludes it.
    let k = Harness()
    k.add(PanGestureRecognizer(), "pan")
    k.add(TapGestureRecognizer(), "tap")
    k.down(1, 100, 100, at: 0)
    k.move(1, 130, 100, at: 0.1)
    k.clearTrace()
    k.down(2, 200, 100, at: 0.2)
    #expect(
      k.decisions == [
        "0.2 state pan began → changed: changed",
        "0.2 state tap possible → failed: prevented by pan",
        "0.2 action pan changed at (165, 100) translation (20, 0) velocity (300, 0)",
        "0.2 reset tap",
      ])
  }

  @Test(
    "3.3/3.5 Single and double tap with no relation: the single fires once, then the double fails its second attempt even though it was added first"
  )
  func singleThenDouble() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "tap")
    h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    h.down(1, 200, 200, at: 0)
    h.up(1, 200, 200, at: 0.08)
    h.down(2, 202, 201, at: 0.2)
    h.up(2, 202, 201, at: 0.28)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.08 state tap possible → ended: recognized",
        "0.08 action tap ended at (200, 200)",
        "0.08 view V touchesCancelled 1",
        "0.08 reset tap",
        "0.2 view V touchesBegan 2",
        "0.28 state doubleTap possible → ended: tap 2 of 2 ended",
        "0.28 state tap possible → failed: prevented by doubleTap",
        "0.28 action doubleTap ended at (200, 200)",
        "0.28 view V touchesCancelled 2",
        "0.28 reset doubleTap",
        "0.28 reset tap",
      ])
  }

  @Test("3.4 Ties: the recognizer on the deepest view wins; on one view, the one added first")
  func tieOrder() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "outer", to: h.window)
    h.add(PanGestureRecognizer(), "inner")
    h.add(PanGestureRecognizer(), "innerLater")
    h.down(1, 100, 100, at: 0)
    h.move(1, 120, 100, at: 0.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 state inner possible → began: moved 20 pt, at least 10 pt",
        "0.1 state innerLater possible → failed: prevented by inner",
        "0.1 state outer possible → failed: prevented by inner",
        "0.1 action inner began at (120, 100) translation (10, 0) velocity (200, 0)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset innerLater",
        "0.1 reset outer",
      ])
  }

  @Test("3.5 Which tap or long press can prevent which")
  func tapPreventionTable() {
    func tap(_ taps: Int, _ touches: Int = 1) -> TapGestureRecognizer {
      TapGestureRecognizer(numberOfTapsRequired: taps, numberOfTouchesRequired: touches)
    }
    func press(_ taps: Int, _ touches: Int = 1) -> LongPressGestureRecognizer {
      let press = LongPressGestureRecognizer()
      press.numberOfTapsRequired = taps
      press.numberOfTouchesRequired = touches
      return press
    }
    #expect(!tap(1).canPrevent(tap(2)))
    #expect(tap(2).canPrevent(tap(1)))
    #expect(tap(1).canPrevent(tap(2, 2)))
    #expect(!tap(1).canPrevent(press(1)))
    #expect(!tap(1).canPrevent(press(2)))
    #expect(tap(1).canPrevent(press(0)))
    #expect(tap(1).canPrevent(press(1, 2)))
    #expect(!press(0).canPrevent(press(1)))
    #expect(press(1).canPrevent(press(0)))
    #expect(press(0).canPrevent(tap(1)))
  }

  @Test("3.5 A tap does not prevent a long press that needs a tap first")
  func tapAndTapThenPress() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "tap")
    let press = h.add(LongPressGestureRecognizer(), "press")
    press.numberOfTapsRequired = 1
    h.down(1, 100, 100, at: 0)
    h.up(1, 100, 100, at: 0.1)
    h.down(2, 100, 100, at: 0.2)
    h.advance(to: 0.8)
    h.up(2, 100, 100, at: 0.9)
    let states = h.decisions.filter { $0.contains(" state ") }
    #expect(
      states == [
        "0.1 state tap possible → ended: recognized",
        "0.7 state press possible → began: held 0.5 s",
        "0.7 state tap possible → failed: prevented by press",
        "0.9 state press began → ended: a finger lifted",
      ])
  }
}

@Suite("Failure requirements (behaviour reference §3.6–3.12)")
struct FailureRequirementTests {
  enum Source: String, CaseIterable, CustomTestStringConvertible {
    case requireToFail, delegateOfWaiter, delegateOfRequired, subclassOfWaiter, subclassOfRequired
    var testDescription: String { rawValue }
  }

  @Test(
    "3.6 Each of the five sources creates the requirement, and a false never removes one", arguments: Source.allCases)
  func sources(_ source: Source) {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    let b = h.add(ScriptedRecognizer(), "b")
    a.onEnded = [[.ended]]
    b.onBegan = [[], [.failed]]
    let delegate = TestDelegate()
    h.keep(delegate)
    switch source {
    case .requireToFail:
      a.require(toFail: b)
      a.delegate = delegate  // answers false to everything: the edge stays
    case .delegateOfWaiter:
      delegate.requireFailureOf = { x, y in x === a && y === b }
      a.delegate = delegate
    case .delegateOfRequired:
      delegate.beRequiredToFailBy = { x, y in x === b && y === a }
      b.delegate = delegate
    case .subclassOfWaiter:
      a.requiresFailureOf = ["b"]
    case .subclassOfRequired:
      b.requiredToFailBy = ["a"]
    }
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.down(2, 10, 10, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 wait a wants ended, waiting for b",
        "0.2 state b possible → failed: failed",
        "0.2 state a possible → ended: released: b failed",
        "0.2 action a ended at (10, 10)",
        "0.2 view V touchesCancelled 1",
        "0.2 view V touchesBegan 2",
        "0.2 reset a",
        "0.2 reset b",
      ])
  }

  @Test("3.6 Requiring itself to fail is ignored with a diagnostic")
  func selfRequirement() {
    let h = Harness()
    let a = h.add(TapGestureRecognizer(), "a")
    a.require(toFail: a)
    #expect(a.failureRequirements.isEmpty)
    #expect(h.lines == ["0 diagnostic [a] a cannot require itself to fail; ignored"])
  }

  @Test("3.7 A recognizer is not held by one that saw no touch of the sequence")
  func inactiveTargetDoesNotHold() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let a = View(name: "A", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let b = View(name: "B", frame: Rect(x: 200, y: 0, width: 200, height: 200))
    window.addSubview(a)
    window.addSubview(b)
    let h = Harness(window: window)
    let doubleTap = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap", to: a)
    let tap = h.add(TapGestureRecognizer(), "tap", to: b)
    tap.require(toFail: doubleTap)
    h.down(1, 250, 10, at: 0)
    h.up(1, 250, 10, at: 0.1)
    #expect(
      h.lines == [
        "0 touch 1 began (250, 10) B",
        "0 view B touchesBegan 1",
        "0.1 touch 1 ended (250, 10) B",
        "0.1 state tap possible → ended: recognized",
        "0.1 action tap ended at (50, 10)",
        "0.1 view B touchesCancelled 1",
        "0.1 reset tap",
      ])
  }

  @Test(
    "3.8 While held, the published state stays possible, the subclass reads what it asked for, and it excludes and cancels nothing"
  )
  func heldState() {
    let h = Harness()
    let swipe = h.add(SwipeGestureRecognizer(), "swipe")
    let pan = h.add(PanGestureRecognizer(), "pan")
    let tap = h.add(TapGestureRecognizer(), "tap")
    pan.require(toFail: swipe)
    h.down(1, 100, 100, at: 0)
    h.move(1, 115, 100, at: 0.1)
    h.move(1, 118, 100, at: 0.2)
    #expect(pan.state == .possible)
    #expect(pan.requestedState == .changed)
    #expect(tap.state == .possible)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 wait pan wants began, waiting for swipe",
        "0.1 view V touchesMoved 1",
        "0.2 view V touchesMoved 1",
      ])
  }

  @Test(
    "3.8 A held continuous recognizer's implicit changed is not published; once released it begins, then changes"
  )
  func heldImplicitChanged() {
    let h = Harness()
    let t = h.add(ScriptedRecognizer(), "t")
    let s = h.add(ScriptedRecognizer(), "s")
    s.require(toFail: t)
    s.onBegan = [[.began]]  // held by t; later moves ask nothing: the runtime's implicit changed
    t.onMoved = [[], [.failed]]
    h.down(1, 100, 100, at: 0)
    h.move(1, 105, 100, at: 0.1)
    #expect(s.state == .possible)
    #expect(s.requestedState == .changed)
    h.move(1, 110, 100, at: 0.2)
    h.move(1, 115, 100, at: 0.3)
    #expect(s.state == .changed)
    #expect(
      h.decisions == [
        "0 wait s wants began, waiting for t",
        "0 view V touchesBegan 1",
        "0.1 view V touchesMoved 1",
        "0.2 state t possible → failed: failed",
        "0.2 state s possible → began: released: t failed",
        "0.2 action s began at (110, 100)",
        "0.2 view V touchesCancelled 1",
        "0.3 state s began → changed: changed",
        "0.3 action s changed at (115, 100)",
      ])
  }

  @Test("3.9 A recognizer asking after its requirement already recognized fails at once")
  func requirementAlreadyRecognized() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    let a = h.add(ScriptedRecognizer(), "a")
    a.require(toFail: pan)
    a.onEnded = [[.ended]]
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    pan.delegate = delegate
    h.down(1, 100, 100, at: 0)
    h.move(1, 130, 100, at: 0.1)
    h.up(1, 130, 100, at: 0.2)
    let states = h.decisions.filter { $0.contains(" state ") }
    #expect(
      states == [
        "0.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "0.1 state a possible → failed: required failure of pan, which recognized",
        "0.2 state pan began → ended: all fingers lifted",
      ])
  }

  @Test("3.9 A held recognizer that is cancelled on its own goes possible → failed at once and stops waiting")
  func heldCancelsItself() {
    let h = Harness()
    let b = h.add(ScriptedRecognizer(), "b")
    let a = h.add(ScriptedRecognizer(), "a")
    a.require(toFail: b)
    a.onMoved = [[.began]]
    a.onCancelled = [.cancelled]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.cancel(1, 20, 10, at: 0.2)
    let lines = h.decisions.filter { $0.contains(" state ") || $0.contains(" wait ") }
    #expect(
      lines == [
        "0.1 wait a wants began, waiting for b",
        "0.2 state b possible → failed: its touches were cancelled",
        "0.2 state a possible → failed: cancelled",
      ])
  }

  @Test(
    "3.10 single → double → triple tap: a triple tap fails the double and the held single, so only the triple fires")
  func tripleChain() {
    let h = Harness()
    let single = h.add(TapGestureRecognizer(), "single")
    let double = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "double")
    let triple = h.add(TapGestureRecognizer(numberOfTapsRequired: 3), "triple")
    single.require(toFail: double)
    double.require(toFail: triple)
    for (i, t) in [0.0, 0.2, 0.4].enumerated() {
      h.down(i + 1, 100, 100, at: t)
      h.up(i + 1, 100, 100, at: t + 0.08)
    }
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.08 wait single wants ended, waiting for double",
        "0.2 view V touchesBegan 2",
        "0.28 wait double wants ended, waiting for triple",
        "0.4 view V touchesBegan 3",
        "0.48 state triple possible → ended: tap 3 of 3 ended",
        "0.48 state single possible → failed: prevented by triple",
        "0.48 state double possible → failed: required failure of triple, which recognized",
        "0.48 action triple ended at (100, 100)",
        "0.48 view V touchesCancelled 1,2,3",
        "0.48 reset single",
        "0.48 reset double",
        "0.48 reset triple",
      ])
  }

  @Test("3.10 Chains resolve transitively: the triple fails, the double is released, the single fails")
  func chainReleases() {
    let h = Harness()
    let single = h.add(TapGestureRecognizer(), "single")
    let double = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "double")
    let triple = h.add(TapGestureRecognizer(numberOfTapsRequired: 3), "triple")
    single.require(toFail: double)
    double.require(toFail: triple)
    h.down(1, 100, 100, at: 0)
    h.up(1, 100, 100, at: 0.08)
    h.down(2, 100, 100, at: 0.2)
    h.up(2, 100, 100, at: 0.28)
    h.finish()
    let lines = h.decisions.filter { !$0.contains(" view ") }
    #expect(
      lines == [
        "0.08 wait single wants ended, waiting for double",
        "0.28 wait double wants ended, waiting for triple",
        "0.63 state triple possible → failed: tap 3 did not begin within 0.35 s",
        "0.63 state double possible → ended: released: triple failed",
        "0.63 state single possible → failed: required failure of double, which recognized",
        "0.63 action double ended at (100, 100)",
        "0.63 reset single",
        "0.63 reset double",
        "0.63 reset triple",
      ])
  }

  @Test("3.11 A cycle of requirements is reported by name and ignored: the recognizers compete by plain exclusion")
  func cycles() {
    let h = Harness()
    let a = h.add(ScriptedRecognizer(), "a")
    let b = h.add(ScriptedRecognizer(), "b")
    a.require(toFail: b)
    b.require(toFail: a)
    a.onEnded = [[.ended]]
    b.onEnded = [[.ended]]
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(
      h.decisions == [
        "0 diagnostic [a, b] cycle of failure requirements among a, b; those requirements are ignored for this attempt",
        "0 view V touchesBegan 1",
        "0.1 state a possible → ended: recognized",
        "0.1 state b possible → failed: prevented by a",
        "0.1 action a ended at (10, 10)",
        "0.1 view V touchesCancelled 1",
        "0.1 reset a",
        "0.1 reset b",
      ])
  }

  @Test(
    "3.12 A recognizer still undecided 5 s after its last touch ended is failed, which releases whoever waits on it")
  func watchdog() {
    let h = Harness()
    let b = h.add(ScriptedRecognizer(), "b")
    let a = h.add(ScriptedRecognizer(), "a")
    a.require(toFail: b)
    a.onEnded = [[.ended]]
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    h.finish()
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 wait a wants ended, waiting for b",
        "5.1 diagnostic [b] b was still undecided 5 s after its last touch ended; the runtime failed it",
        "5.1 state b possible → failed: undecided 5 s after its touches ended",
        "5.1 state a possible → ended: released: b failed",
        "5.1 action a ended at (10, 10)",
        "5.1 view V touchesCancelled 1",
        "5.1 reset b",
        "5.1 reset a",
      ])
    #expect(!h.runtime.hasPendingTimers)
  }

  /// Takes touches; runs `onBegan` from its `touchesBegan`; `preventable` answers `canBePrevented`.
  private final class HookedRecognizer: GestureRecognizer {
    var onBegan: () -> Void = {}
    var preventable = false
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { onBegan() }
    override func canBePrevented(by other: GestureRecognizer) -> Bool { preventable }
  }

  @Test("3.2 A recognizer still in an attempt whose view moved within the window excludes the one participant")
  func excludesAfterItsViewMoved() {
    let window = View(name: "W", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let view = View(name: "V", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    window.addSubview(view)
    let h = Harness(window: window)
    let watcher = h.add(HookedRecognizer(), "watcher", to: window)
    // Takes no touch of a finger: it is in an attempt only by asking for states.
    let mover = h.add(GestureRecognizer(), "mover", to: view)
    mover.allowedTouchTypes = [.pencil]
    // Weak: the window holds the watcher, which holds this closure.
    watcher.onBegan = { [weak window, weak view, weak mover] in
      guard let window, let view, let mover else { return }
      // The view comes to the front: its removal from the window, as the runtime sees it, waits for
      // the dispatch to end, and the mover's attempt, started meanwhile, survives it.
      window.addSubview(view)
      mover.setState(.began)
    }
    h.down(1, 50, 50, at: 0)
    h.move(1, 60, 60, at: 0.1)
    // Now the mover changes while the watcher is the one participant listed: the watcher, which
    // tracks a touch and lets itself be prevented, fails.
    watcher.preventable = true
    mover.setState(.changed)
    let states = h.decisions.filter { $0.contains(" state ") }
    #expect(states.contains("0.1 state watcher possible → failed: prevented by mover"), "\(states)")
  }
}
