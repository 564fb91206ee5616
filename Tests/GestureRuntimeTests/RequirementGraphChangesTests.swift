import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// The runtime keeps what the `require(toFail:)` requirements of its tree determine (which
/// recognizers lie on a cycle of them) from one touch-down to the next: every change of the scene
/// between two attempts must reach it, or a cycle would go unnoticed.
@Suite("Cycles after the scene changed between attempts (behaviour reference §3.11)")
struct RequirementGraphChangesTests {
  /// Three recognizers on `V` that fail when their touch lifts, `a` requiring `b` and `b`
  /// requiring `c` to fail, and a first tap through them (which reads the requirements: `b`'s
  /// requirement of `c` could close a cycle).
  func chain(_ h: Harness) -> (a: ScriptedRecognizer, b: ScriptedRecognizer, c: ScriptedRecognizer) {
    let a = h.add(ScriptedRecognizer(), "a")
    let b = h.add(ScriptedRecognizer(), "b")
    let c = h.add(ScriptedRecognizer(), "c")
    a.require(toFail: b)
    b.require(toFail: c)
    for recognizer in [a, b, c] { recognizer.onEnded = [[.failed], [.ended]] }
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    return (a, b, c)
  }

  /// The first tap through `chain`: no cycle, the three fail in turn.
  static let firstTap = [
    "0 view V touchesBegan 1",
    "0.1 state a possible → failed: failed",
    "0.1 state b possible → failed: failed",
    "0.1 state c possible → failed: failed",
    "0.1 view V touchesEnded 1",
    "0.1 reset a",
    "0.1 reset b",
    "0.1 reset c",
  ]

  /// The second tap once `c` requires `a` too: the cycle is reported, and the three compete by
  /// plain exclusion.
  static let secondTapWithCycle = [
    "1 diagnostic [a, b, c] cycle of failure requirements among a, b, c; those requirements are ignored for this attempt",
    "1 view V touchesBegan 2",
    "1.1 state a possible → ended: recognized",
    "1.1 state b possible → failed: prevented by a",
    "1.1 state c possible → failed: prevented by a",
    "1.1 action a ended at (10, 10)",
    "1.1 view V touchesCancelled 2",
    "1.1 reset a",
    "1.1 reset b",
    "1.1 reset c",
  ]

  @Test("A requirement added between two attempts that closes a cycle is reported at the next touch-down")
  func requirementAddedBetweenAttempts() {
    let h = Harness()
    let (a, _, c) = chain(h)
    c.require(toFail: a)
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    #expect(h.decisions == Self.firstTap + Self.secondTapWithCycle)
  }

  @Test("A requirement between two recognizers that have had no touch yet reaches the runtime through their tree")
  func requirementBetweenUntouchedRecognizers() {
    let h = Harness()
    // a and b on the window, d and e on V: the first tap, below V, reaches only a and b.
    let a = h.add(ScriptedRecognizer(), "a", to: h.window)
    let b = h.add(ScriptedRecognizer(), "b", to: h.window)
    let d = h.add(ScriptedRecognizer(), "d")
    let e = h.add(ScriptedRecognizer(), "e")
    a.require(toFail: b)
    b.require(toFail: d)
    e.require(toFail: a)
    for recognizer in [a, b, d, e] { recognizer.onEnded = [[.failed], [.ended]] }
    h.down(1, 10, 600, at: 0)
    h.up(1, 10, 600, at: 0.1)
    d.require(toFail: e)
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    #expect(
      h.decisions == [
        "0 view R touchesBegan 1",
        "0.1 state a possible → failed: failed",
        "0.1 state b possible → failed: failed",
        "0.1 view R touchesEnded 1",
        "0.1 reset a",
        "0.1 reset b",
        "1 diagnostic [d, e, a, b] cycle of failure requirements among d, e, a, b; those requirements are ignored for this attempt",
        "1 view V touchesBegan 2",
        "1.1 state d possible → failed: failed",
        "1.1 state e possible → failed: failed",
        "1.1 state a possible → ended: recognized",
        "1.1 state b possible → failed: prevented by a",
        "1.1 action a ended at (10, 10)",
        "1.1 view V touchesCancelled 2",
        "1.1 reset d",
        "1.1 reset e",
        "1.1 reset a",
        "1.1 reset b",
      ])
  }

  /// `a` and `b` on the window, `a` requiring `b`, `b` requiring `x` and `y` requiring `a` to fail, where
  /// `x` and `y` are on no view of the tree yet; a first tap through `a` and `b`; then `x`
  /// requires `y`, which no runtime hears of: the cycle closes only when both join the tree.
  func cycleOutsideTheTree(_ h: Harness) -> (x: ScriptedRecognizer, y: ScriptedRecognizer) {
    let a = h.add(ScriptedRecognizer(), "a", to: h.window)
    let b = h.add(ScriptedRecognizer(), "b", to: h.window)
    let x = ScriptedRecognizer()
    x.name = "x"
    let y = ScriptedRecognizer()
    y.name = "y"
    a.require(toFail: b)
    b.require(toFail: x)
    y.require(toFail: a)
    for recognizer in [a, b, x, y] { recognizer.onEnded = [[.failed], [.ended]] }
    h.down(1, 10, 600, at: 0)
    h.up(1, 10, 600, at: 0.1)
    x.require(toFail: y)
    return (x, y)
  }

  @Test("Recognizers that join the tree with requirements of their own close the cycle they complete")
  func recognizersAddedWithRequirements() {
    let h = Harness()
    let (x, y) = cycleOutsideTheTree(h)
    h.view.addGestureRecognizer(x)
    h.view.addGestureRecognizer(y)
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    #expect(
      h.decisions == [
        "0 view R touchesBegan 1",
        "0.1 state a possible → failed: failed",
        "0.1 state b possible → failed: failed",
        "0.1 view R touchesEnded 1",
        "0.1 reset a",
        "0.1 reset b",
        "1 diagnostic [x, y, a, b] cycle of failure requirements among x, y, a, b; those requirements are ignored for this attempt",
        "1 view V touchesBegan 2",
        "1.1 state x possible → failed: failed",
        "1.1 state y possible → failed: failed",
        "1.1 state a possible → ended: recognized",
        "1.1 state b possible → failed: prevented by a",
        "1.1 action a ended at (10, 10)",
        "1.1 view V touchesCancelled 2",
        "1.1 reset x",
        "1.1 reset y",
        "1.1 reset a",
        "1.1 reset b",
      ])
  }

  @Test("A view that joins the tree brings the requirements of its recognizers, and the cycle they close")
  func viewAddedWithRequirements() {
    let h = Harness()
    let (x, y) = cycleOutsideTheTree(h)
    let card = View(name: "card", frame: Rect(x: 0, y: 500, width: 100, height: 100))
    card.addGestureRecognizer(x)
    card.addGestureRecognizer(y)
    h.window.addSubview(card)
    h.down(2, 10, 550, at: 1)
    h.up(2, 10, 550, at: 1.1)
    #expect(
      h.decisions == [
        "0 view R touchesBegan 1",
        "0.1 state a possible → failed: failed",
        "0.1 state b possible → failed: failed",
        "0.1 view R touchesEnded 1",
        "0.1 reset a",
        "0.1 reset b",
        "1 diagnostic [x, y, a, b] cycle of failure requirements among x, y, a, b; those requirements are ignored for this attempt",
        "1 view card touchesBegan 2",
        "1.1 state x possible → failed: failed",
        "1.1 state y possible → failed: failed",
        "1.1 state a possible → ended: recognized",
        "1.1 state b possible → failed: prevented by a",
        "1.1 action a ended at (10, 550)",
        "1.1 view card touchesCancelled 2",
        "1.1 reset x",
        "1.1 reset y",
        "1.1 reset a",
        "1.1 reset b",
      ])
  }

  @Test(
    "A recognizer of the chain removed, given a requirement while out of the tree and added back closes the cycle"
  )
  func recognizerRemovedAndAddedBack() {
    let h = Harness()
    let (a, _, c) = chain(h)
    h.view.removeGestureRecognizer(c)
    c.require(toFail: a)
    h.view.addGestureRecognizer(c)
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    #expect(h.decisions == Self.firstTap + Self.secondTapWithCycle)
  }

  @Test("A removed recognizer takes its cycle with it: the others wait for one another again")
  func recognizerOfACycleRemoved() {
    let h = Harness()
    let (a, b, c) = chain(h)
    c.require(toFail: a)
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    h.view.removeGestureRecognizer(c)
    a.onEnded = [[.ended]]
    b.onEnded = [[.ended]]
    h.clearTrace()
    h.down(3, 10, 10, at: 2)
    h.up(3, 10, 10, at: 2.1)
    h.finish()
    #expect(
      h.decisions == [
        "2 view V touchesBegan 3",
        "2.1 state b possible → ended: recognized",
        "2.1 state a possible → failed: required failure of b, which recognized",
        "2.1 action b ended at (10, 10)",
        "2.1 view V touchesCancelled 3",
        "2.1 reset a",
        "2.1 reset b",
      ])
  }

  @Test(
    "A delegate's requirement that closes a cycle with static ones is reported, though the static ones alone close none"
  )
  func delegateClosesACycle() {
    let h = Harness()
    let (a, _, c) = chain(h)
    let delegate = TestDelegate()
    delegate.requireFailureOf = { recognizer, other in recognizer === c && other === a }
    c.delegate = delegate
    h.keep(delegate)
    h.down(2, 10, 10, at: 1)
    h.up(2, 10, 10, at: 1.1)
    #expect(h.decisions == Self.firstTap + Self.secondTapWithCycle)
  }
}
