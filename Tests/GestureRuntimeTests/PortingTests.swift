import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

// The three listings of Apple's "Preferring one gesture over another", token for token apart from
// the `UI` prefixes (laid out in the house format). They hold their recognizers the way a view
// controller's outlets do, and compare them with `==`, which GestureRecognizer's Hashable
// conformance makes compile.

/// Listing 1: a single tap that waits for a double tap.
final class TapViewController: GestureRecognizerDelegate {
  var tapGesture: TapGestureRecognizer!
  var doubleTapGesture: TapGestureRecognizer!

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
  ) -> Bool {
    // Don't recognize a single tap until a double-tap fails.
    if gestureRecognizer == self.tapGesture && otherGestureRecognizer == self.doubleTapGesture {
      return true
    }
    return false
  }
}

/// Listing 2: the swipe's delegate makes the pan wait for the swipe to fail.
final class SwipeDelegateViewController: GestureRecognizerDelegate {
  var swipeGesture: SwipeGestureRecognizer!
  var panGesture: PanGestureRecognizer!

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
  ) -> Bool {
    // Do not begin the pan until the swipe fails.
    if gestureRecognizer == self.swipeGesture && otherGestureRecognizer == self.panGesture {
      return true
    }
    return false
  }
}

/// Listing 3: the pan's delegate makes the pan wait for the swipe to fail.
final class PanDelegateViewController: GestureRecognizerDelegate {
  var swipeGesture: SwipeGestureRecognizer!
  var panGesture: PanGestureRecognizer!

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
  ) -> Bool {
    // Do not begin the pan until the swipe fails.
    if gestureRecognizer == self.panGesture && otherGestureRecognizer == self.swipeGesture {
      return true
    }
    return false
  }
}

/// An object whose methods are actions, as a view controller's `@objc` handlers are.
final class Handlers {
  var log: [String] = []
  func handlePan(_ sender: PanGestureRecognizer) {
    log.append("pan \(sender.state) \(sender.translation(in: nil))")
  }
  func handleTap() { log.append("tap") }
}

@Suite("Porting from UIKit: Apple's listings, identity equality, target–action")
struct PortingTests {
  static let flick = [
    "0 touch 1 began (40, 200) V",
    "0 view V touchesBegan 1",
    "0.03 touch 1 moved (70, 201) V",
    "0.03 wait pan wants began, waiting for swipe",
    "0.03 view V touchesMoved 1",
    "0.06 touch 1 moved (170, 202) V",
    "0.06 state swipe possible → ended: moved 130 pt right in 0.06 s",
    "0.06 state pan possible → failed: required failure of swipe, which recognized",
    "0.06 action swipe ended at (40, 200)",
    "0.06 view V touchesCancelled 1",
    "0.06 reset swipe",
    "0.06 reset pan",
    "0.09 touch 1 ended (170, 202) V",
  ]

  func playFlick(_ h: Harness) {
    h.down(1, 40, 200, at: 0)
    h.move(1, 70, 201, at: 0.03)
    h.move(1, 170, 202, at: 0.06)
    h.up(1, 170, 202, at: 0.09)
    h.finish()
  }

  @Test("Listing 1 compiles as written and makes the single tap wait for the double tap")
  func listingOne() {
    let h = Harness()
    let controller = TapViewController()
    controller.tapGesture = h.add(TapGestureRecognizer(), "tap")
    controller.doubleTapGesture = h.add(TapGestureRecognizer(numberOfTapsRequired: 2), "doubleTap")
    controller.tapGesture.delegate = controller
    h.keep(controller)
    h.down(1, 200, 200, at: 0)
    h.up(1, 200, 200, at: 0.08)
    h.finish()
    #expect(
      h.lines == [
        "0 touch 1 began (200, 200) V",
        "0 view V touchesBegan 1",
        "0.08 touch 1 ended (200, 200) V",
        "0.08 wait tap wants ended, waiting for doubleTap",
        "0.43 state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
        "0.43 state tap possible → ended: released: doubleTap failed",
        "0.43 action tap ended at (200, 200)",
        "0.43 view V touchesCancelled 1",
        "0.43 reset tap",
        "0.43 reset doubleTap",
      ])
  }

  @Test("Listings 2 and 3 compile as written; with either, a flick is a swipe and the pan fails", arguments: [2, 3])
  func listingsTwoAndThree(_ listing: Int) {
    let h = Harness()
    let swipe = h.add(SwipeGestureRecognizer(direction: .right), "swipe")
    let pan = h.add(PanGestureRecognizer(), "pan")
    if listing == 2 {
      let controller = SwipeDelegateViewController()
      (controller.swipeGesture, controller.panGesture) = (swipe, pan)
      swipe.delegate = controller
      h.keep(controller)
    } else {
      let controller = PanDelegateViewController()
      (controller.swipeGesture, controller.panGesture) = (swipe, pan)
      pan.delegate = controller
      h.keep(controller)
    }
    playFlick(h)
    #expect(h.lines == Self.flick)
  }

  @Test("Recognizers are equal only to themselves, and hash by identity")
  func identity() {
    let a = TapGestureRecognizer(name: "same")
    let b = TapGestureRecognizer(name: "same")
    #expect(a == a && a != b)
    let set: Set<GestureRecognizer> = [a, b, a]
    #expect(set.count == 2 && set.contains(a))
    let optional: TapGestureRecognizer? = a
    #expect(a as GestureRecognizer == optional)
  }

  @Test("addTarget(_:action:) calls a method of a target it holds weakly, in order with closure actions")
  func targetAction() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    let kept = Handlers()
    var order: [String] = []
    pan.addAction { _ in order.append("closure") }
    pan.addTarget(kept, action: Handlers.handlePan)
    pan.addTarget(kept, action: Handlers.handleTap)
    pan.addAction { _ in order.append("closure 2 after \(kept.log.count)") }
    h.down(1, 10, 10, at: 0)
    h.move(1, 30, 10, at: 0.1)
    #expect(kept.log == ["pan began (10, 0)", "tap"])
    #expect(order == ["closure", "closure 2 after 2"])
    // removeTarget takes that target's actions away; the closures stay.
    pan.removeTarget(kept)
    h.move(1, 40, 10, at: 0.2)
    #expect(kept.log == ["pan began (10, 0)", "tap"])
    #expect(pan.actionCount == 2)
    h.up(1, 40, 10, at: 0.3)
  }

  @Test("A target that goes away is not kept alive, and its actions then do nothing")
  func weakTarget() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    weak var watched: Handlers?
    do {
      let handlers = Handlers()
      watched = handlers
      pan.addTarget(handlers, action: Handlers.handlePan)
    }
    #expect(watched == nil)
    h.down(1, 10, 10, at: 0)
    h.move(1, 30, 10, at: 0.1)
    h.up(1, 30, 10, at: 0.2)
    #expect(pan.actionCount == 1)
    #expect(h.decisions.contains("0.1 action pan began at (30, 10) translation (10, 0) velocity (200, 0)"))
  }
}
