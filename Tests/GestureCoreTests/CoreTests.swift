import GestureCore
import GestureRecognizers
import GestureRuntime
import Testing

@Suite("Geometry, views and the catalog")
struct CoreTests {
  @Test("Rectangles contain their left and top edges but not their right and bottom edges")
  func edges() {
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(rect.contains(Point(x: 10, y: 20)))
    #expect(rect.contains(Point(x: 39.999, y: 59.999)))
    #expect(!rect.contains(Point(x: 40, y: 30)))
    #expect(!rect.contains(Point(x: 20, y: 60)))
    #expect(rect.contains(Rect(x: 10, y: 20, width: 30, height: 40)))
    #expect(!rect.intersects(Rect(x: 40, y: 20, width: 5, height: 5)))
  }

  @Test("Points convert between views through window coordinates")
  func conversion() {
    let window = View(name: "w", frame: Rect(x: 5, y: 5, width: 400, height: 800))
    let card = View(name: "card", frame: Rect(x: 20, y: 100, width: 100, height: 100))
    let badge = View(name: "badge", frame: Rect(x: 10, y: 10, width: 20, height: 20))
    window.addSubview(card)
    card.addSubview(badge)
    #expect(badge.originInWindow == Point(x: 35, y: 115))
    #expect(badge.convert(Point(x: 1, y: 2), to: nil) == Point(x: 36, y: 117))
    #expect(card.convert(Point(x: 0, y: 0), from: badge) == Point(x: 10, y: 10))
    #expect(badge.convert(Point(x: 0, y: 0), to: card) == Point(x: 10, y: 10))
    #expect(badge.depth == 2)
    #expect(badge.root === window)
  }

  @Test("A runtime's window cannot become a subview: inserting it stops the program, naming why")
  func windowIsARoot() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 400))
      let runtime = GestureRuntime(window: window)
      View(name: "other", frame: .zero).addSubview(window)
      withExtendedLifetime(runtime) {}
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a runtime's window is the root of its tree and cannot become a subview"))
  }

  @Test("A runtime is made for a root: a window with a superview stops the program, naming why")
  func windowMustBeARoot() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let root = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 400))
      let inner = View(name: "inner", frame: Rect(x: 0, y: 0, width: 100, height: 100))
      root.addSubview(inner)
      withExtendedLifetime(GestureRuntime(window: inner)) {}
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a runtime's window is the root of its tree: view inner has a superview"))
  }

  @Test("Lifting touches stops tracking exactly those, a few or many at once, and notes where the last ones lifted")
  func stopTrackingLifted() {
    for (tracked, lifted) in [(3, 2), (40, 30), (40, 40)] {
      let recognizer = GestureRecognizer(name: "r")
      let touches = (0..<tracked).map {
        Touch(identifier: $0, location: Point(x: Double($0), y: 0), timestamp: .zero)
      }
      for touch in touches { recognizer.track(touch) }
      let none = recognizer.stopTracking(lifted: Array(touches.suffix(lifted)))
      #expect(none == (lifted == tracked))
      #expect(recognizer.numberOfTouches == tracked - lifted)
      #expect(
        (0..<recognizer.numberOfTouches).map { recognizer.touch(at: $0).identifier } == Array(0..<tracked - lifted))
      if none {
        // Where the last ones lifted: their centroid.
        #expect(recognizer.location(in: nil) == Point(x: Double(tracked - 1) / 2, y: 0))
      }
    }
  }

  @Test("A window has one runtime at a time: a second runtime for it stops the program, naming why")
  func oneRuntimePerWindow() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 400))
      let first = GestureRuntime(window: window)
      withExtendedLifetime((first, GestureRuntime(window: window))) {}
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("view R is already the window of a runtime: a window has one runtime at a time"))
    // Once the first is gone, another may take the window.
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    do { _ = GestureRuntime(window: window) }
    let second = GestureRuntime(window: window)
    #expect(window.hostIdentifier == ObjectIdentifier(second))
  }

  @Test("A window whose runtime is gone is a plain view again, and may become a subview")
  func windowWithoutRuntime() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    do {
      let runtime = GestureRuntime(window: window)
      withExtendedLifetime(runtime) {}
    }
    let other = View(name: "other", frame: .zero)
    other.addSubview(window)
    #expect(window.superview === other)
  }

  @Test("A view moves between superviews; a recognizer belongs to one view at a time")
  func hierarchy() {
    let a = View(name: "a", frame: .zero)
    let b = View(name: "b", frame: .zero)
    let child = View(name: "child", frame: .zero)
    a.addSubview(child)
    b.insertSubview(child, at: 99)
    #expect(a.subviews.isEmpty)
    #expect(b.subviews.map(\.name) == ["child"])
    #expect(child.superview === b)
    let tap = TapGestureRecognizer(name: "tap")
    a.addGestureRecognizer(tap)
    b.addGestureRecognizer(tap)
    #expect(a.gestureRecognizers.isEmpty)
    #expect(tap.view === b)
    b.removeGestureRecognizer(tap)
    #expect(tap.view == nil)
    child.removeFromSuperview()
    #expect(child.superview == nil)
  }

  @Test("Numbers print without trailing zeros, with at most six decimals")
  func numbers() {
    #expect(formatNumber(0) == "0")
    #expect(formatNumber(0.43) == "0.43")
    #expect(formatNumber(-2.5) == "-2.5")
    #expect(formatNumber(114.28571428) == "114.285714")
    #expect(formatNumber(-0.0000001) == "0")
    #expect(formatNumber(.infinity) == "inf")
    #expect(formatNumber(1e20) == "1e+20")
    #expect(Timestamp(seconds: 0.08).description == "0.08")
  }

  @Test("State names round-trip, and recognized is ended")
  func stateNames() {
    for state in GestureRecognizer.State.allCases {
      #expect(GestureRecognizer.State(name: state.description) == state)
    }
    #expect(GestureRecognizer.State(name: "recognized") == .ended)
    #expect(GestureRecognizer.State(name: "nope") == nil)
    #expect(GestureRecognizer.State.cancelled.isTerminal)
    #expect(!GestureRecognizer.State.changed.isTerminal)
  }

  @Test("The catalog replaces a kind registered twice and builds recognizers from parameter values")
  func catalog() {
    var catalog = RecognizerCatalog.standard
    #expect(
      catalog.kinds.map(\.name) == ["tap", "swipe", "pan", "longPress", "pinch", "rotation", "screenEdgePan", "hover"])
    catalog.register(BuiltInRecognizers.tap)
    #expect(
      catalog.kinds.map(\.name) == ["swipe", "pan", "longPress", "pinch", "rotation", "screenEdgePan", "hover", "tap"])
    let tap = catalog.kind(named: "tap")!.make(
      "t", ["numberOfTapsRequired": .integer(3), "allowableMovement": .number(7)])
    #expect((tap as? TapGestureRecognizer)?.numberOfTapsRequired == 3)
    #expect((tap as? TapGestureRecognizer)?.allowableMovement == 7)
    let swipe =
      catalog.kind(named: "swipe")!.make("s", ["direction": .options(["left", "up"])]) as? SwipeGestureRecognizer
    #expect(swipe?.direction == [.left, .up])
    #expect(catalog.kind(named: "pan")!.canFailWhileTouchesRest == false)
    #expect(catalog.kind(named: "longPress")!.recognizesWhileTouchesRest)
  }

  @Test("A recognizer outside any runtime publishes what its subclass sets and keeps its actions")
  func detachedRecognizer() {
    let tap = TapGestureRecognizer(name: "t")
    let id = tap.addAction { _ in }
    #expect(tap.actionCount == 1)
    tap.removeAction(id)
    #expect(tap.actionCount == 0)
    tap.setState(.ended)
    #expect(tap.state == .ended)
    #expect(tap.displayName == "t")
    #expect(GestureRecognizer().displayName == "GestureRecognizer")
  }

  @Test("An action's deinit run by its removal sees the list as changed, and may add or remove actions")
  func actionListDuringRemoval() {
    final class Log {
      var entries: [String] = []
    }
    final class ChangesOnDeinit {
      let recognizer: GestureRecognizer
      let log: Log
      var removing: ActionIdentifier?
      init(_ recognizer: GestureRecognizer, _ log: Log) {
        self.recognizer = recognizer
        self.log = log
      }
      deinit {
        log.entries.append("deinit saw \(recognizer.actionCount)")
        recognizer.addAction { [log] _ in log.entries.append("added") }
        if let removing { recognizer.removeAction(removing) }
      }
    }
    for removesAll in [false, true] {
      let tap = TapGestureRecognizer(name: "t")
      let log = Log()
      let first = tap.addAction { [log] _ in log.entries.append("first") }
      var changer: ChangesOnDeinit? = ChangesOnDeinit(tap, log)
      changer?.removing = first
      let second = tap.addAction { [changer] _ in _ = changer }
      changer = nil
      tap.addAction { [log] _ in log.entries.append("third") }
      #expect(tap.actionCount == 3)
      if removesAll {
        tap.removeAllActions()
        // The deinit saw none left, added one, and found nothing to remove.
        #expect(log.entries == ["deinit saw 0"])
        #expect(tap.actionCount == 1)
        tap.performActions()
        #expect(log.entries == ["deinit saw 0", "added"])
      } else {
        tap.removeAction(second)
        // The deinit saw the two left, added one and removed the first.
        #expect(log.entries == ["deinit saw 2"])
        #expect(tap.actionCount == 2)
        tap.performActions()
        #expect(log.entries == ["deinit saw 2", "third", "added"])
      }
    }
  }
}
