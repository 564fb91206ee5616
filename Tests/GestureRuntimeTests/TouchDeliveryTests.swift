import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// A recognizer that logs its callbacks into a shared log, to see the order across recognizers.
final class LoggingRecognizer: GestureRecognizer {
  final class Log { var entries: [String] = [] }
  let log: Log
  var ignoreOnBegan = false
  var recognizeOnEnded = false

  init(_ name: String, _ log: Log) {
    self.log = log
    super.init(name: name)
  }

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    log.entries.append("\(name) began \(touches.map(\.identifier))")
    if ignoreOnBegan { for touch in touches { ignore(touch, for: event) } }
  }
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    log.entries.append("\(name) moved \(touches.map(\.identifier))")
  }
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    log.entries.append("\(name) ended \(touches.map(\.identifier))")
    if recognizeOnEnded && numberOfTouches == touches.count { setState(.ended) }
  }
  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    log.entries.append("\(name) cancelled \(touches.map(\.identifier))")
  }
}

@Suite("Touch delivery to recognizers (behaviour reference §2.1–2.6)")
struct TouchDeliveryTests {
  /// R (0,0,400,800) ⊃ A (0,0,200,200), B (100,100,200,200) in front ⊃ C (50,50,50,50);
  /// hidden H (300,300,50,50); non-interactive N (300,400,50,50) ⊃ N1 (0,0,50,50).
  func tree() -> (View, [String: View]) {
    let root = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let a = View(name: "A", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let b = View(name: "B", frame: Rect(x: 100, y: 100, width: 200, height: 200))
    let c = View(name: "C", frame: Rect(x: 50, y: 50, width: 50, height: 50))
    let hidden = View(name: "H", frame: Rect(x: 300, y: 300, width: 50, height: 50))
    hidden.isHidden = true
    let inert = View(name: "N", frame: Rect(x: 300, y: 400, width: 50, height: 50))
    inert.isUserInteractionEnabled = false
    let inner = View(name: "N1", frame: Rect(x: 0, y: 0, width: 50, height: 50))
    root.addSubview(a)
    root.addSubview(b)
    b.addSubview(c)
    root.addSubview(hidden)
    root.addSubview(inert)
    inert.addSubview(inner)
    return (root, ["R": root, "A": a, "B": b, "C": c, "H": hidden, "N": inert, "N1": inner])
  }

  static let hits: [(Double, Double, String?)] = [
    (10, 10, "A"), (150, 150, "C"), (199, 199, "C"), (200, 200, "B"), (120, 110, "B"), (199, 50, "A"),
    (200, 50, "R"), (310, 310, "R"), (310, 410, "R"), (399, 799, "R"), (400, 10, nil), (10, 800, nil),
    (-1, 10, nil),
  ]

  @Test(
    "2.1 Hit-testing: front-most first, deepest wins, hidden and non-interactive subtrees skipped, right and bottom edges exclusive",
    arguments: hits.indices)
  func hitTesting(_ index: Int) {
    let (x, y, expected) = Self.hits[index]
    let (root, _) = tree()
    #expect(root.hitTest(Point(x: x, y: y))?.name == expected)
  }

  @Test("2.1 The hit view is bound to the touch for its life; a touch that hits nothing reaches nothing")
  func hitViewInTrace() {
    let (root, views) = tree()
    let h = Harness(window: root)
    let log = LoggingRecognizer.Log()
    h.add(LoggingRecognizer("onRoot", log), "onRoot", to: root)
    h.down(1, 150, 150, at: 0)
    h.move(1, 10, 10, at: 0.1)
    h.down(2, 500, 10, at: 0.2)
    h.up(2, 500, 10, at: 0.3)
    #expect(
      h.lines == [
        "0 touch 1 began (150, 150) C",
        "0 view C touchesBegan 1",
        "0.1 touch 1 moved (10, 10) C",
        "0.1 view C touchesMoved 1",
        "0.2 touch 2 began (500, 10) -",
        "0.3 touch 2 ended (500, 10) -",
      ])
    #expect(log.entries == ["onRoot began [1]", "onRoot moved [1]"])
    _ = views
  }

  @Test("2.2 Recognizers are collected from the hit view up to the root, in the order they were added")
  func collectionOrder() {
    let (root, views) = tree()
    let h = Harness(window: root)
    let log = LoggingRecognizer.Log()
    h.add(LoggingRecognizer("r1", log), "r1", to: root)
    h.add(LoggingRecognizer("b1", log), "b1", to: views["B"])
    h.add(LoggingRecognizer("c1", log), "c1", to: views["C"])
    h.add(LoggingRecognizer("c2", log), "c2", to: views["C"])
    h.add(LoggingRecognizer("a1", log), "a1", to: views["A"])
    h.down(1, 150, 150, at: 0)
    #expect(log.entries == ["c1 began [1]", "c2 began [1]", "b1 began [1]", "r1 began [1]"])
  }

  @Test("2.2 A recognizer is left out when disabled, refusing the touch type, or refused by its delegate")
  func collectionFilters() {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let disabled = h.add(LoggingRecognizer("disabled", log), "disabled")
    disabled.isEnabled = false
    let pencilOnly = h.add(LoggingRecognizer("pencilOnly", log), "pencilOnly")
    pencilOnly.allowedTouchTypes = [.pencil]
    let refused = h.add(LoggingRecognizer("refused", log), "refused")
    let delegate = TestDelegate()
    delegate.receive = { _, touch in touch.identifier != 1 }
    refused.delegate = delegate
    h.add(LoggingRecognizer("plain", log), "plain")
    h.down(1, 10, 10, at: 0)
    h.down(2, 20, 10, at: 0.1, type: .pencil)
    #expect(log.entries == ["plain began [1]", "pencilOnly began [2]", "refused began [2]"])
  }

  @Test(
    "2.2 A recognizer that a delegate disables or removes while the touch is being collected does not get the touch"
  )
  func collectionChangedByDelegate() {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let early = h.add(LoggingRecognizer("early", log), "early")
    let removed = h.add(LoggingRecognizer("removed", log), "removed")
    let asking = h.add(LoggingRecognizer("asking", log), "asking")
    let delegate = TestDelegate()
    // Asked about `asking` after `early` and `removed` were collected for touch 1.
    delegate.receive = { _, touch in
      if touch.identifier == 1 {
        early.isEnabled = false
        h.view.removeGestureRecognizer(removed)
      }
      return true
    }
    asking.delegate = delegate
    h.add(LoggingRecognizer("plain", log), "plain")
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    early.isEnabled = true
    h.down(2, 10, 10, at: 1)
    #expect(
      log.entries == [
        "asking began [1]", "plain began [1]", "asking ended [1]", "plain ended [1]",
        "early began [2]", "asking began [2]", "plain began [2]",
      ])
  }

  @Test("2.2 requiresExclusiveTouchType refuses a second touch type during an attempt; turned off, it accepts it")
  func exclusiveTouchType() {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    h.add(LoggingRecognizer("exclusive", log), "exclusive")
    let mixed = h.add(LoggingRecognizer("mixed", log), "mixed")
    mixed.requiresExclusiveTouchType = false
    h.down(1, 10, 10, at: 0)
    h.down(2, 20, 10, at: 0.1, type: .pencil)
    #expect(log.entries == ["exclusive began [1]", "mixed began [1]", "mixed began [2]"])
  }

  @Test("2.2 A recognizer held by a failure requirement is not collected for new touches")
  func heldNotCollected() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    let doubleTap = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    tap.require(toFail: doubleTap)
    let log = LoggingRecognizer.Log()
    h.down(1, 10, 10, at: 0)
    h.up(1, 10, 10, at: 0.1)
    #expect(h.runtime.activeRecognizers.map(\.name) == ["tap", "doubleTap"])
    h.down(2, 12, 10, at: 0.2)
    #expect(tap.numberOfTouches == 0)
    #expect(doubleTap.numberOfTouches == 1)
    _ = log
  }

  @Test("2.3 Each recognizer gets only its own touches of each phase, in one call per phase")
  func ownTouchesOnly() {
    let (root, views) = tree()
    let h = Harness(window: root)
    let log = LoggingRecognizer.Log()
    h.add(LoggingRecognizer("onA", log), "onA", to: views["A"])
    h.add(LoggingRecognizer("onRoot", log), "onRoot", to: root)
    h.event(at: 0, [TouchInput(id: 1, phase: .began, x: 10, y: 10), TouchInput(id: 2, phase: .began, x: 250, y: 250)])
    h.event(
      at: 0.1, [TouchInput(id: 1, phase: .moved, x: 12, y: 10), TouchInput(id: 2, phase: .ended, x: 250, y: 250)])
    #expect(
      log.entries == [
        "onA began [1]", "onRoot began [1, 2]", "onA moved [1]", "onRoot moved [1]", "onRoot ended [2]",
      ])
  }

  @Test(
    "2.4 After a terminal state a recognizer never gets its old touches again, even after its reset; later touches start a new attempt"
  )
  func terminalStopsDelivery() {
    let h = Harness()
    let r = h.add(ScriptedRecognizer(), "s")
    r.onBegan = [[.failed]]
    h.down(1, 10, 10, at: 0)
    h.move(1, 20, 10, at: 0.1)
    h.down(2, 30, 10, at: 0.2)
    h.move(1, 25, 10, at: 0.3)
    h.move(2, 35, 10, at: 0.3)
    #expect(r.received == ["began [1]", "began [2]", "moved [2]"])
    #expect(r.resets == 1)
    #expect(
      h.decisions == [
        "0 state s possible → failed: failed",
        "0 view V touchesBegan 1",
        "0 reset s",
        "0.1 view V touchesMoved 1",
        "0.2 view V touchesBegan 2",
        "0.3 view V touchesMoved 1",
        "0.3 view V touchesMoved 2",
      ])
  }

  @Test("2.5 An ignored touch is not delivered again and is neither withheld nor cancelled because of the recognizer")
  func ignoredTouch() {
    let h = Harness()
    let log = LoggingRecognizer.Log()
    let ignoring = h.add(LoggingRecognizer("ignoring", log), "ignoring")
    ignoring.ignoreOnBegan = true
    h.down(1, 10, 10, at: 0)
    h.move(1, 12, 10, at: 0.1)
    h.up(1, 12, 10, at: 0.2)
    #expect(log.entries == ["ignoring began [1]"])
    // The undecided recognizer (delaysTouchesEnded is on) does not withhold the ignored touch's end.
    #expect(h.decisions.contains("0.2 view V touchesEnded 1"))
  }

  @Test(
    "2.6 Disabling a tracking recognizer cancels its touches, fails it (or cancels it after an action), tells its dependents and resets it"
  )
  func disableWhileTracking() {
    let h = Harness()
    let swipe = h.add(SwipeGestureRecognizer(), "swipe")
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.require(toFail: swipe)
    h.down(1, 100, 100, at: 0)
    h.move(1, 115, 100, at: 0.1)
    h.clearTrace()
    h.advance(to: 0.15)
    swipe.isEnabled = false
    h.up(1, 115, 100, at: 0.2)
    #expect(
      h.decisions == [
        "0.15 state swipe possible → failed: disabled",
        "0.15 state pan possible → began: released: swipe failed",
        "0.15 action pan began at (115, 100) translation (0, 0) velocity (150, 0)",
        "0.15 view V touchesCancelled 1",
        "0.15 reset swipe",
        "0.2 state pan began → ended: all fingers lifted",
        "0.2 action pan ended at (115, 100) translation (0, 0) velocity (150, 0)",
        "0.2 reset pan",
      ])
  }

  @Test("2.6 Disabling a began recognizer cancels it with an action; removing a recognizer or its view does the same")
  func disableOrRemoveBegan() {
    for way in ["disable", "removeRecognizer", "removeView"] {
      let h = Harness()
      let pan = h.add(PanGestureRecognizer(), "pan")
      final class Count { var cancelled = 0 }
      let count = Count()
      pan.addAction { if $0.state == .cancelled { count.cancelled += 1 } }
      h.down(1, 100, 100, at: 0)
      h.move(1, 130, 100, at: 0.1)
      h.clearTrace()
      h.advance(to: 0.2)
      switch way {
      case "disable": pan.isEnabled = false
      case "removeRecognizer": h.view.removeGestureRecognizer(pan)
      default: h.view.removeFromSuperview()
      }
      h.move(1, 140, 100, at: 0.3)
      #expect(count.cancelled == 1, "\(way)")
      let reason =
        way == "disable" ? "disabled" : way == "removeRecognizer" ? "removed from its view" : "its view was removed"
      #expect(
        Array(h.decisions.prefix(3)) == [
          "0.2 state pan began → cancelled: \(reason)",
          "0.2 action pan cancelled at (130, 100) translation (20, 0) velocity (300, 0)",
          "0.2 reset pan",
        ], "\(way)")
      #expect(pan.state == .possible)
    }
  }
}

@Suite("A touch listed twice in one event")
struct TouchListedTwiceTests {
  @Test("A touch that changed and is then listed again in one event keeps its first change, with a diagnostic")
  func secondChangeDropped() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "tap")
    h.down(1, 100, 100, at: 0)
    h.down(2, 120, 100, at: 0)
    h.event(
      at: 0.05,
      [
        TouchInput(id: 1, phase: .moved, x: 104, y: 100), TouchInput(id: 1, phase: .stationary, x: 104, y: 100),
        TouchInput(id: 1, phase: .moved, x: 108, y: 100), TouchInput(id: 2, phase: .stationary, x: 120, y: 100),
        TouchInput(id: 2, phase: .moved, x: 124, y: 100),
      ])
    #expect(
      h.lines.filter { $0.hasPrefix("0.05 ") } == [
        "0.05 touch 1 moved (104, 100) V",
        "0.05 diagnostic touch 1 changed twice in one event; the second change was dropped",
        "0.05 diagnostic touch 1 moved but it is not down; dropped",
        "0.05 touch 2 stationary (120, 100) V",
        "0.05 touch 2 moved (124, 100) V",
        "0.05 view V touchesMoved 1,2",
      ])
  }
}
