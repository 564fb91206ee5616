import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// Records what a pointer press shows it: the event's buttons and keys, and its own.
final class ButtonReadingRecognizer: GestureRecognizer {
  private(set) var seen: [String] = []

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { read("began", touches, event) }
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { read("moved", touches, event) }
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    read("ended", touches, event)
    setState(.failed, reason: "done reading")
  }

  private func read(_ phase: String, _ touches: [Touch], _ event: TouchEvent) {
    seen.append(
      "\(phase) \(touches.map(\.type.rawValue)) event \(event.type) \(event.buttonMask) \(event.modifierFlags)"
        + " recognizer \(buttonMask) \(modifierFlags)")
  }
}

/// Records the identifiers of each event's `allTouches`.
final class AllTouchesRecognizer: GestureRecognizer {
  private(set) var seen: [[Int]] = []
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    seen.append(event.allTouches.map(\.identifier))
  }
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    seen.append(event.allTouches.map(\.identifier))
  }
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    seen.append(event.allTouches.map(\.identifier))
  }
}

/// Behaviour reference §6.1–6.2: pointer presses.
@Suite struct PointerPressTests {
  @Test func aPointerPressIsATouchOfTypeIndirectPointerDeliveredLikeAnyTouch() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    h.press(1, 100, 100, at: 0)
    h.drag(1, 115, 100, at: 0.05)
    h.release(1, 115, 100, at: 0.1)
    #expect(
      h.lines == [
        "0 touch 1 began (100, 100) V",
        "0 view V touchesBegan 1",
        "0.05 touch 1 moved (115, 100) V",
        "0.05 state pan possible → began: moved 15 pt, at least 10 pt",
        "0.05 action pan began at (115, 100) translation (5, 0) velocity (300, 0)",
        "0.05 view V touchesCancelled 1",
        "0.1 touch 1 ended (115, 100) V",
        "0.1 state pan began → ended: all fingers lifted",
        "0.1 action pan ended at (115, 100) translation (5, 0) velocity (300, 0)",
        "0.1 reset pan",
      ])
    _ = pan
  }

  @Test("A press sent without buttons is sent with a script's: primary down at its beginning, none at its end")
  func aPressSentWithoutButtonsTakesTheScriptsButtons() {
    // Sent through the plain send(_:at:), as an app that forgets the buttons would; the same
    // clicks given their buttons trace the same, the hover ended by the press included.
    func lines(explicit: Bool) -> [String] {
      let h = Harness()
      h.add(TapGestureRecognizer(), "tap")
      h.add(HoverGestureRecognizer(), "hover")
      h.hover(100, 100, at: 0)
      if explicit {
        h.press(1, 100, 100, at: 0.1)
        h.release(1, 100, 100, at: 0.15)
      } else {
        h.runtime.send(
          TouchInput(id: 1, phase: .began, x: 100, y: 100, type: .indirectPointer), at: Timestamp(seconds: 0.1))
        h.runtime.send(
          [TouchInput(id: 1, phase: .ended, x: 100, y: 100, type: .indirectPointer)], at: Timestamp(seconds: 0.15))
      }
      return h.lines
    }
    let plain = lines(explicit: false)
    #expect(plain == lines(explicit: true))
    #expect(plain.contains("0.15 state tap possible → ended: recognized"), "\(plain)")
    #expect(plain.contains { $0.hasPrefix("0.1 hover exited") }, "\(plain)")
  }

  @Test func recognizersWhoseAllowedTouchTypesLeaveOutIndirectPointerNeverGetIt() {
    let h = Harness()
    let fingers = h.add(TapGestureRecognizer(), "fingersOnly")
    fingers.allowedTouchTypes = [.direct]
    h.add(TapGestureRecognizer(), "any")
    h.press(1, 100, 100, at: 0)
    h.release(1, 100, 100, at: 0.05)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.05 state any possible → ended: recognized",
        "0.05 action any ended at (100, 100)",
        "0.05 view V touchesCancelled 1",
        "0.05 reset any",
      ])
  }

  @Test func buttonsAndModifiersAreReadableOnTheEventAndTheRecognizerDuringTheDispatch() {
    let h = Harness()
    let reader = h.add(ButtonReadingRecognizer(), "reader")
    h.press(1, 100, 100, at: 0, buttons: .secondary, modifiers: .shift)
    h.drag(1, 101, 100, at: 0.02, buttons: [.secondary, .tertiary], modifiers: [.shift, .command])
    h.release(1, 101, 100, at: 0.04)
    #expect(
      reader.seen == [
        "began [\"indirectPointer\"] event touches secondary shift recognizer secondary shift",
        "moved [\"indirectPointer\"] event touches secondary+tertiary shift+command recognizer secondary+tertiary shift+command",
        "ended [\"indirectPointer\"] event touches none none recognizer none none",
      ])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.02 view V touchesMoved 1",
        "0.04 state reader possible → failed: done reading",
        "0.04 view V touchesEnded 1",
        "0.04 reset reader",
      ])
  }

  /// The keys a hover reports stay down for the touch events after it, until an event says
  /// otherwise: an event of one touch and an event of several carry the same.
  @Test func theKeysTheLastPointerEventReportedAreThoseOfEveryTouchEventAfterIt() {
    let h = Harness()
    let reader = h.add(ButtonReadingRecognizer(), "reader")
    h.hover(300, 300, at: 0, modifiers: .shift)
    h.down(1, 100, 100, at: 0.02)
    h.event(
      at: 0.03, [TouchInput(id: 2, phase: .began, x: 120, y: 100), TouchInput(id: 1, phase: .moved, x: 101, y: 100)])
    h.move(2, 121, 100, at: 0.04)
    h.event(
      at: 0.05, [TouchInput(id: 1, phase: .ended, x: 101, y: 100), TouchInput(id: 2, phase: .ended, x: 121, y: 100)])
    #expect(
      reader.seen == [
        "began [\"direct\"] event touches none shift recognizer none shift",
        "began [\"direct\"] event touches none shift recognizer none shift",
        "moved [\"direct\"] event touches none shift recognizer none shift",
        "moved [\"direct\"] event touches none shift recognizer none shift",
        "ended [\"direct\", \"direct\"] event touches none shift recognizer none shift",
      ])
  }

  /// A secondary-click tap beside a primary one: each recognizes its own click only.
  @Test func aSecondaryClickFailsADefaultTapAndRecognizesATapThatRequiresSecondary() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "click")
    let rightClick = h.add(TapGestureRecognizer(), "rightClick")
    rightClick.buttonMaskRequired = .secondary
    h.press(1, 100, 100, at: 0, buttons: .secondary)
    h.release(1, 100, 100, at: 0.08)
    h.press(2, 100, 100, at: 1, buttons: .primary)
    h.release(2, 100, 100, at: 1.08)
    #expect(
      h.decisions == [
        "0 state click possible → failed: pressed secondary, requires primary",
        "0 view V touchesBegan 1",
        "0 reset click",
        "0.08 state rightClick possible → ended: recognized",
        "0.08 action rightClick ended at (100, 100)",
        "0.08 view V touchesCancelled 1",
        "0.08 reset rightClick",
        "1 state rightClick possible → failed: pressed primary, requires secondary",
        "1 view V touchesBegan 2",
        "1 reset rightClick",
        "1.08 state click possible → ended: recognized",
        "1.08 action click ended at (100, 100)",
        "1.08 view V touchesCancelled 2",
        "1.08 reset click",
      ])
  }

  @Test func aTapRequiresExactlyItsButtonsDuringThePress() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "click")
    let chord = h.add(TapGestureRecognizer(), "chord")
    chord.buttonMaskRequired = [.primary, .secondary]
    // The secondary button joins the primary mid-press: the plain click fails, the chord
    // recognizes.
    h.press(1, 100, 100, at: 0)
    h.drag(1, 100, 100, at: 0.03, buttons: [.primary, .secondary])
    h.release(1, 100, 100, at: 0.08)
    // The primary button alone: the chord fails at the lift, when the press is over.
    h.press(2, 100, 100, at: 1)
    h.release(2, 100, 100, at: 1.08)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.03 state click possible → failed: pressed primary+secondary, requires primary",
        "0.03 view V touchesMoved 1",
        "0.03 reset click",
        "0.08 state chord possible → ended: recognized",
        "0.08 action chord ended at (100, 100)",
        "0.08 view V touchesCancelled 1",
        "0.08 reset chord",
        "1 view V touchesBegan 2",
        "1.08 state chord possible → failed: pressed primary, requires primary+secondary",
        "1.08 state click possible → ended: recognized",
        "1.08 action click ended at (100, 100)",
        "1.08 view V touchesCancelled 2",
        "1.08 reset chord",
        "1.08 reset click",
      ])
  }

  /// §6.2: a button that goes down and lifts again during the press, with the pointer still,
  /// counts: each change is a `moved` of the press where it is, so the plain click fails and the
  /// chord recognizes. A change of buttons in an event that moves the press adds no move.
  @Test func aButtonPressedAndLiftedDuringAStillPressCounts() {
    let h = Harness()
    h.add(TapGestureRecognizer(), "click")
    let chord = h.add(TapGestureRecognizer(), "chord")
    chord.buttonMaskRequired = [.primary, .secondary]
    h.press(1, 100, 100, at: 0)
    h.buttons([.primary, .secondary], at: 0.02)
    h.buttons(.primary, at: 0.04)
    h.release(1, 100, 100, at: 0.08)
    // The secondary button goes down as the press moves: one move, no other.
    h.press(2, 100, 100, at: 1)
    h.drag(2, 101, 100, at: 1.02, buttons: [.primary, .secondary])
    h.release(2, 101, 100, at: 1.08)
    #expect(
      h.lines == [
        "0 touch 1 began (100, 100) V",
        "0 view V touchesBegan 1",
        "0.02 touch 1 moved (100, 100) V",
        "0.02 state click possible → failed: pressed primary+secondary, requires primary",
        "0.02 view V touchesMoved 1",
        "0.02 reset click",
        "0.04 touch 1 moved (100, 100) V",
        "0.04 view V touchesMoved 1",
        "0.08 touch 1 ended (100, 100) V",
        "0.08 state chord possible → ended: recognized",
        "0.08 action chord ended at (100, 100)",
        "0.08 view V touchesCancelled 1",
        "0.08 reset chord",
        "1 touch 2 began (100, 100) V",
        "1 view V touchesBegan 2",
        "1.02 touch 2 moved (101, 100) V",
        "1.02 state click possible → failed: pressed primary+secondary, requires primary",
        "1.02 view V touchesMoved 2",
        "1.02 reset click",
        "1.08 touch 2 ended (101, 100) V",
        "1.08 state chord possible → ended: recognized",
        "1.08 action chord ended at (100, 100)",
        "1.08 view V touchesCancelled 2",
        "1.08 reset chord",
      ])
  }

  /// Choice: the other built-ins take a pointer press whatever its buttons.
  @Test func aLongPressAndAPanAcceptAnyButton() {
    let h = Harness()
    h.add(LongPressGestureRecognizer(), "press")
    h.press(1, 100, 100, at: 0, buttons: .secondary)
    h.release(1, 100, 100, at: 0.6)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 action press began at (100, 100)",
        "0.5 view V touchesCancelled 1",
        "0.6 state press began → ended: a finger lifted",
        "0.6 action press ended at (100, 100)",
        "0.6 reset press",
      ])
  }
}

/// Behaviour reference §6.3: hover.
@Suite struct HoverTests {
  /// R (0, 0, 400, 800) holds V (0, 0, 400, 400), which holds `inner` (100, 100, 100, 100).
  static func scene() -> (Harness, View) {
    let h = Harness()
    let inner = View(name: "inner", frame: Rect(x: 100, y: 100, width: 100, height: 100))
    h.view.addSubview(inner)
    return (h, inner)
  }

  @Test func aHoverBeginsOnEnteringItsViewChangesWithinAndEndsOnLeavingIt() {
    let (h, _) = Self.scene()
    h.add(HoverGestureRecognizer(), "hover")
    h.hover(50, 600, at: 0)
    h.hover(50, 300, at: 0.1)
    h.hover(150, 150, at: 0.2)
    h.hover(60, 300, at: 0.3)
    h.hover(60, 500, at: 0.4)
    h.hover(60, 300, at: 0.5)
    h.hoverExit(at: 0.6)
    #expect(
      h.lines == [
        "0 hover entered (50, 600) R",
        "0.1 hover moved (50, 300) V",
        "0.1 state hover possible → began: pointer entered V",
        "0.1 action hover began at (50, 300)",
        // Over a subview of its view: still within.
        "0.2 hover moved (150, 150) inner",
        "0.2 state hover began → changed: changed",
        "0.2 action hover changed at (150, 150)",
        "0.3 hover moved (60, 300) V",
        "0.3 state hover changed → changed: changed",
        "0.3 action hover changed at (60, 300)",
        "0.4 hover moved (60, 500) R",
        "0.4 state hover changed → ended: pointer left V",
        "0.4 action hover ended at (60, 500)",
        "0.4 reset hover",
        "0.5 hover moved (60, 300) V",
        "0.5 state hover possible → began: pointer entered V",
        "0.5 action hover began at (60, 300)",
        "0.6 hover exited (60, 300) -",
        "0.6 state hover began → ended: pointer left V",
        "0.6 action hover ended at (60, 300)",
        "0.6 reset hover",
      ])
  }

  /// A touch event's `allTouches` lists the fingers, never the hover.
  @Test func theHoverIsNoneOfATouchEventsTouches() {
    let h = Harness()
    h.add(HoverGestureRecognizer(), "hover", to: h.window)
    let reader = h.add(AllTouchesRecognizer(), "reader")
    h.hover(10, 600, at: 0)
    h.down(1, 100, 100, at: 0.1)
    h.down(2, 150, 100, at: 0.2)
    h.move(1, 110, 100, at: 0.3)
    h.up(1, 110, 100, at: 0.4)
    h.up(2, 150, 100, at: 0.5)
    #expect(reader.seen == [[1], [1, 2], [1, 2], [1, 2], [2]])
  }

  /// Choice: a press ends the hover; hovering resumes with the next hover input after it.
  @Test func aPointerPressWhileHoveringEndsTheHover() {
    let h = Harness()
    h.add(HoverGestureRecognizer(), "hover")
    h.add(TapGestureRecognizer(), "click")
    h.hover(100, 100, at: 0)
    h.press(1, 100, 100, at: 0.5)
    h.release(1, 100, 100, at: 0.6)
    h.hover(100, 100, at: 0.7)
    #expect(
      h.lines == [
        "0 hover entered (100, 100) V",
        "0 state hover possible → began: pointer entered V",
        "0 action hover began at (100, 100)",
        "0.5 hover exited (100, 100) -",
        "0.5 state hover began → ended: pointer left V",
        "0.5 action hover ended at (100, 100)",
        "0.5 reset hover",
        "0.5 touch 1 began (100, 100) V",
        "0.5 view V touchesBegan 1",
        "0.6 touch 1 ended (100, 100) V",
        "0.6 state click possible → ended: recognized",
        "0.6 action click ended at (100, 100)",
        "0.6 view V touchesCancelled 1",
        "0.6 reset click",
        "0.7 hover entered (100, 100) V",
        "0.7 state hover possible → began: pointer entered V",
        "0.7 action hover began at (100, 100)",
      ])
  }

  /// Hover is the pointer with no button down: hover input sent while a press is down is
  /// dropped with a diagnostic, and the hover recognizer stays as it was.
  @Test func hoverInputDuringAPressIsDropped() {
    let h = Harness()
    h.add(HoverGestureRecognizer(), "hover")
    h.press(1, 100, 100, at: 0)
    h.hover(120, 100, at: 0.1)
    h.release(1, 100, 100, at: 0.2)
    h.hover(120, 100, at: 0.3)
    #expect(
      h.lines == [
        "0 touch 1 began (100, 100) V",
        "0 view V touchesBegan 1",
        "0.1 diagnostic hover while pointer press 1 is down; dropped: the press's moves are its touch's",
        "0.2 touch 1 ended (100, 100) V",
        "0.2 view V touchesEnded 1",
        "0.3 hover entered (120, 100) V",
        "0.3 state hover possible → began: pointer entered V",
        "0.3 action hover began at (120, 100)",
      ])
  }

  @Test func hoverReachesOnlyHoverRecognizersAndViewsGetNoTouchCalls() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let view = RecordingView(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(view)
    let h = Harness(window: window)
    let scripted = h.add(ScriptedRecognizer(), "scripted")
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.allowedScrollTypesMask = .all
    h.add(HoverGestureRecognizer(), "hover")
    h.hover(100, 100, at: 0)
    h.hover(130, 100, at: 0.1)
    h.hoverExit(at: 0.2)
    #expect(scripted.received.isEmpty)
    #expect(view.calls.isEmpty)
    #expect(
      h.decisions == [
        "0 hover entered (100, 100) V",
        "0 state hover possible → began: pointer entered V",
        "0 action hover began at (100, 100)",
        "0.1 hover moved (130, 100) V",
        "0.1 state hover began → changed: changed",
        "0.1 action hover changed at (130, 100)",
        "0.2 hover exited (130, 100) -",
        "0.2 state hover changed → ended: pointer left V",
        "0.2 action hover ended at (130, 100)",
        "0.2 reset hover",
      ])
  }

  /// §6.3: a hover recognizer gets no touches, whatever touch types it is given: a finger on its
  /// view while the pointer enters it neither reaches it nor keeps it from beginning.
  @Test func aHoverRecognizerGivenTouchTypesStillGetsNoTouch() {
    let h = Harness()
    let hover = h.add(HoverGestureRecognizer(), "hover")
    hover.allowedTouchTypes = [.direct, .indirectPointer]
    #expect(hover.allowedTouchTypes.isEmpty)
    h.down(1, 200, 200, at: 0)
    h.hover(100, 100, at: 0.1)
    h.up(1, 200, 200, at: 0.2)
    h.hover(110, 100, at: 0.3)
    #expect(
      h.lines == [
        "0 touch 1 began (200, 200) V",
        "0 view V touchesBegan 1",
        "0.1 hover entered (100, 100) V",
        "0.1 state hover possible → began: pointer entered V",
        "0.1 action hover began at (100, 100)",
        "0.2 touch 1 ended (200, 200) V",
        "0.2 view V touchesEnded 1",
        "0.3 hover moved (110, 100) V",
        "0.3 state hover began → changed: changed",
        "0.3 action hover changed at (110, 100)",
      ])
  }

  @Test func hoverRecognizersNeitherExcludeNorAreExcludedByRecognizersOfTouches() {
    let h = Harness()
    h.add(HoverGestureRecognizer(), "hover")
    h.add(PanGestureRecognizer(), "pan")
    h.hover(100, 100, at: 0)
    h.down(1, 200, 200, at: 0.1)
    h.move(1, 220, 200, at: 0.2)
    h.hover(110, 100, at: 0.3)
    h.up(1, 220, 200, at: 0.4)
    #expect(
      h.decisions == [
        "0 hover entered (100, 100) V",
        "0 state hover possible → began: pointer entered V",
        "0 action hover began at (100, 100)",
        "0.1 view V touchesBegan 1",
        "0.2 state pan possible → began: moved 20 pt, at least 10 pt",
        "0.2 action pan began at (220, 200) translation (10, 0) velocity (200, 0)",
        "0.2 view V touchesCancelled 1",
        "0.3 hover moved (110, 100) V",
        "0.3 state hover began → changed: changed",
        "0.3 action hover changed at (110, 100)",
        "0.4 state pan began → ended: all fingers lifted",
        "0.4 action pan ended at (220, 200) translation (10, 0) velocity (200, 0)",
        "0.4 reset pan",
      ])
  }

  /// Choice: among hover recognizers, section 3 applies: one winner by default, both with
  /// simultaneity, and failure requirements hold.
  @Test func hoverRecognizersOfOneViewExcludeEachOtherUnlessSimultaneous() {
    let h = Harness()
    h.add(HoverGestureRecognizer(), "first")
    let second = h.add(HoverGestureRecognizer(), "second")
    h.hover(100, 100, at: 0)
    h.hoverExit(at: 0.1)
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    second.delegate = delegate
    h.keep(delegate)
    h.hover(100, 100, at: 1)
    h.hoverExit(at: 1.1)
    #expect(
      h.decisions == [
        "0 hover entered (100, 100) V",
        "0 state first possible → began: pointer entered V",
        "0 state second possible → failed: prevented by first",
        "0 action first began at (100, 100)",
        "0 reset second",
        "0.1 hover exited (100, 100) -",
        "0.1 state first began → ended: pointer left V",
        "0.1 action first ended at (100, 100)",
        "0.1 reset first",
        "1 hover entered (100, 100) V",
        "1 state first possible → began: pointer entered V",
        "1 state second possible → began: pointer entered V",
        "1 action first began at (100, 100)",
        "1 action second began at (100, 100)",
        "1.1 hover exited (100, 100) -",
        "1.1 state first began → ended: pointer left V",
        "1.1 state second began → ended: pointer left V",
        "1.1 action first ended at (100, 100)",
        "1.1 action second ended at (100, 100)",
        "1.1 reset first",
        "1.1 reset second",
      ])
  }

  /// A hover is a sequence of its own: the touch sequences that come and go while the pointer
  /// hovers stay apart, so a requirement on a recognizer of an earlier touch sequence holds no one
  /// (§3.7).
  @Test func touchSequencesStayApartWhileThePointerHovers() {
    func run(hovering: Bool) -> [String] {
      let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
      let top = View(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
      let bottom = View(name: "W", frame: Rect(x: 0, y: 400, width: 400, height: 400))
      window.addSubview(top)
      window.addSubview(bottom)
      let h = Harness(window: window)
      h.add(HoverGestureRecognizer(), "hover", to: window)
      let doubleTap = h.add(TapGestureRecognizer(name: "", numberOfTapsRequired: 2), "doubleTap", to: top)
      let tap = h.add(TapGestureRecognizer(), "tap", to: bottom)
      tap.require(toFail: doubleTap)
      if hovering { h.hover(10, 10, at: 0) }
      h.down(1, 100, 100, at: 0.01)
      h.up(1, 100, 100, at: 0.05)
      h.down(2, 100, 600, at: 0.1)
      h.up(2, 100, 600, at: 0.15)
      h.finish()
      return h.decisions.filter { !$0.contains("hover") }
    }
    // The tap is not held: doubleTap saw no touch of the tap's sequence.
    let expected = [
      "0.01 view V touchesBegan 1",
      "0.1 view W touchesBegan 2",
      "0.15 state tap possible → ended: recognized",
      "0.15 action tap ended at (100, 200)",
      "0.15 view W touchesCancelled 2",
      "0.4 state doubleTap possible → failed: tap 2 did not begin within 0.35 s",
      "0.4 view V touchesEnded 1",
      "0.4 reset doubleTap",
      "0.4 reset tap",
    ]
    #expect(run(hovering: false) == expected)
    #expect(run(hovering: true) == expected)
  }

  /// Choice: section 3 applies to nested hover recognizers too: the outer one, already `began`,
  /// excludes the newcomer at its `changed` (3.3) unless a delegate allows simultaneity.
  @Test func anOuterHoverPreventsAnInnerOneUnlessSimultaneous() {
    let (h, inner) = Self.scene()
    h.add(HoverGestureRecognizer(), "outer")
    let row = h.add(HoverGestureRecognizer(), "row", to: inner)
    h.hover(50, 50, at: 0)
    h.hover(150, 150, at: 0.1)
    h.hover(50, 50, at: 0.2)
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    row.delegate = delegate
    h.keep(delegate)
    h.hover(150, 150, at: 0.3)
    h.hoverExit(at: 0.4)
    #expect(
      h.decisions == [
        "0 hover entered (50, 50) V",
        "0 state outer possible → began: pointer entered V",
        "0 action outer began at (50, 50)",
        "0.1 hover moved (150, 150) inner",
        "0.1 state outer began → changed: changed",
        "0.1 state row possible → failed: prevented by outer",
        "0.1 action outer changed at (150, 150)",
        "0.1 reset row",
        "0.2 hover moved (50, 50) V",
        "0.2 state outer changed → changed: changed",
        "0.2 action outer changed at (50, 50)",
        "0.3 hover moved (150, 150) inner",
        "0.3 state row possible → began: pointer entered inner",
        "0.3 state outer changed → changed: changed",
        "0.3 action row began at (50, 50)",
        "0.3 action outer changed at (150, 150)",
        "0.4 hover exited (150, 150) -",
        "0.4 state row began → ended: pointer left inner",
        "0.4 state outer changed → ended: pointer left V",
        "0.4 action row ended at (50, 50)",
        "0.4 action outer ended at (150, 150)",
        "0.4 reset row",
        "0.4 reset outer",
      ])
  }

  @Test func aHoverRecognizerWaitsForTheHoverItRequiresToFail() {
    let (h, inner) = Self.scene()
    let outer = h.add(HoverGestureRecognizer(), "outer")
    let row = h.add(HoverGestureRecognizer(), "row", to: inner)
    outer.require(toFail: row)
    // Over V only: row never sees the sequence, outer is not held.
    h.hover(50, 50, at: 0)
    h.hoverExit(at: 0.1)
    // Over inner: row begins, so outer fails.
    h.hover(150, 150, at: 1)
    h.hoverExit(at: 1.1)
    #expect(
      h.decisions == [
        "0 hover entered (50, 50) V",
        "0 state outer possible → began: pointer entered V",
        "0 action outer began at (50, 50)",
        "0.1 hover exited (50, 50) -",
        "0.1 state outer began → ended: pointer left V",
        "0.1 action outer ended at (50, 50)",
        "0.1 reset outer",
        "1 hover entered (150, 150) inner",
        "1 state row possible → began: pointer entered inner",
        "1 state outer possible → failed: required failure of row, which recognized",
        // In row's view: inner's origin is (100, 100).
        "1 action row began at (50, 50)",
        "1.1 hover exited (150, 150) -",
        "1.1 state row began → ended: pointer left inner",
        "1.1 action row ended at (50, 50)",
        "1.1 reset row",
        "1.1 reset outer",
      ])
  }
}

/// Behaviour reference §6.4: scroll.
@Suite struct ScrollTests {
  @Test func aWheelBeginsThePanWithoutHysteresisAddsEachTickAndEndsAfterTheIdleTime() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.allowedScrollTypesMask = .discrete
    h.scroll(100, 100, dy: -2, at: 0)
    h.scroll(100, 100, dx: 1, dy: -40, at: 0.05)
    h.scroll(100, 100, dy: -40, at: 0.2)
    h.finish()
    #expect(
      h.lines == [
        "0 scroll discrete (0, -2) at (100, 100) V",
        "0 state pan possible → began: discrete scroll began",
        "0 action pan began at (100, 100) translation (0, -2) velocity (0, 0)",
        "0.05 scroll discrete (1, -40) at (100, 100) V",
        "0.05 state pan began → changed: changed",
        "0.05 action pan changed at (100, 100) translation (1, -42) velocity (20, -800)",
        "0.2 scroll discrete (0, -40) at (100, 100) V",
        "0.2 state pan changed → changed: changed",
        "0.2 action pan changed at (100, 100) translation (1, -82) velocity (0, -266.666667)",
        "0.45 state pan changed → ended: discrete scroll ended",
        "0.45 action pan ended at (100, 100) translation (1, -82) velocity (0, 0)",
        "0.45 reset pan",
      ])
  }

  @Test func theIdleTimeIsASetting() {
    let h = Harness()
    h.runtime.discreteScrollIdleTimeout = .milliseconds(100)
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.allowedScrollTypesMask = .discrete
    h.scroll(100, 100, dy: -10, at: 0)
    h.scroll(100, 100, dy: -10, at: 0.3)
    h.finish()
    #expect(
      h.decisions == [
        "0 scroll discrete (0, -10) at (100, 100) V",
        "0 state pan possible → began: discrete scroll began",
        "0 action pan began at (100, 100) translation (0, -10) velocity (0, 0)",
        "0.1 state pan began → ended: discrete scroll ended",
        "0.1 action pan ended at (100, 100) translation (0, -10) velocity (0, 0)",
        "0.1 reset pan",
        "0.3 scroll discrete (0, -10) at (100, 100) V",
        "0.3 state pan possible → began: discrete scroll began",
        "0.3 action pan began at (100, 100) translation (0, -10) velocity (0, 0)",
        "0.4 state pan began → ended: discrete scroll ended",
        "0.4 action pan ended at (100, 100) translation (0, -10) velocity (0, 0)",
        "0.4 reset pan",
      ])
  }

  @Test func aTrackpadScrollBeginsChangesAndEndsWithItsPhases() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.allowedScrollTypesMask = .continuous
    h.scroll(100, 100, dy: 3, at: 0, type: .continuous, phase: .began)
    h.scroll(100, 100, dy: 6, at: 0.016, type: .continuous, phase: .changed)
    h.scroll(100, 100, dy: 0, at: 0.032, type: .continuous, phase: .ended)
    h.finish()
    #expect(
      h.lines == [
        "0 scroll continuous began (0, 3) at (100, 100) V",
        "0 state pan possible → began: continuous scroll began",
        "0 action pan began at (100, 100) translation (0, 3) velocity (0, 0)",
        "0.016 scroll continuous changed (0, 6) at (100, 100) V",
        "0.016 state pan began → changed: changed",
        "0.016 action pan changed at (100, 100) translation (0, 9) velocity (0, 375)",
        "0.032 scroll continuous ended (0, 0) at (100, 100) V",
        "0.032 state pan changed → ended: continuous scroll ended",
        "0.032 action pan ended at (100, 100) translation (0, 9) velocity (0, 187.5)",
        "0.032 reset pan",
      ])
  }

  @Test func scrollReachesOnlyThePansThatAllowItsTypeAndViewsGetNoTouchCalls() {
    let window = View(name: "R", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let view = RecordingView(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(view)
    let h = Harness(window: window)
    let scripted = h.add(ScriptedRecognizer(), "scripted")
    h.add(PanGestureRecognizer(), "plainPan")
    let trackpadPan = h.add(PanGestureRecognizer(), "trackpadPan")
    trackpadPan.allowedScrollTypesMask = .continuous
    h.add(HoverGestureRecognizer(), "hover")
    h.scroll(100, 100, dy: -40, at: 0)
    h.finish()
    #expect(scripted.received.isEmpty)
    #expect(view.calls.isEmpty)
    #expect(h.lines == ["0 scroll discrete (0, -40) at (100, 100) V"])
  }

  @Test func theInnerPanOfTheHitViewWinsAndExcludesTheOuterUnlessSimultaneous() {
    let h = Harness()
    let outer = h.add(PanGestureRecognizer(), "outer", to: h.window)
    outer.allowedScrollTypesMask = .all
    let inner = h.add(PanGestureRecognizer(), "inner")
    inner.allowedScrollTypesMask = .all
    h.scroll(100, 100, dy: -40, at: 0)
    h.finish()
    let delegate = TestDelegate()
    delegate.simultaneous = { _, _ in true }
    outer.delegate = delegate
    h.keep(delegate)
    h.scroll(100, 100, dy: -40, at: 1)
    h.finish()
    #expect(
      h.decisions == [
        "0 scroll discrete (0, -40) at (100, 100) V",
        "0 state inner possible → began: discrete scroll began",
        "0 state outer possible → failed: prevented by inner",
        "0 action inner began at (100, 100) translation (0, -40) velocity (0, 0)",
        "0 reset outer",
        "0.25 state inner began → ended: discrete scroll ended",
        "0.25 action inner ended at (100, 100) translation (0, -40) velocity (0, 0)",
        "0.25 reset inner",
        "1 scroll discrete (0, -40) at (100, 100) V",
        "1 state inner possible → began: discrete scroll began",
        "1 state outer possible → began: discrete scroll began",
        "1 action inner began at (100, 100) translation (0, -40) velocity (0, 0)",
        "1 action outer began at (100, 100) translation (0, -40) velocity (0, 0)",
        "1.25 state inner began → ended: discrete scroll ended",
        "1.25 state outer began → ended: discrete scroll ended",
        "1.25 action inner ended at (100, 100) translation (0, -40) velocity (0, 0)",
        "1.25 action outer ended at (100, 100) translation (0, -40) velocity (0, 0)",
        "1.25 reset inner",
        "1.25 reset outer",
      ])
  }

  @Test func aScrollPanWaitsForThePanItRequiresToFail() {
    let h = Harness()
    let outer = h.add(PanGestureRecognizer(), "outer", to: h.window)
    outer.allowedScrollTypesMask = .all
    let inner = h.add(PanGestureRecognizer(), "inner")
    inner.allowedScrollTypesMask = .all
    inner.require(toFail: outer)
    h.scroll(100, 100, dy: -40, at: 0)
    h.finish()
    #expect(
      h.decisions == [
        "0 scroll discrete (0, -40) at (100, 100) V",
        "0 state outer possible → began: discrete scroll began",
        "0 state inner possible → failed: required failure of outer, which recognized",
        "0 action outer began at (100, 100) translation (0, -40) velocity (0, 0)",
        "0.25 state outer began → ended: discrete scroll ended",
        "0.25 action outer ended at (100, 100) translation (0, -40) velocity (0, 0)",
        "0.25 reset outer",
        "0.25 reset inner",
      ])
  }

  /// Adds "gate", a recognizer of the scroll on the window that fails at the second scroll, and
  /// "pan", a discrete scroll pan on V that requires it to fail; both take only the touch types
  /// given, none of the harness's fingers with `[.pencil]`.
  @discardableResult private func addPanBehindAGate(_ h: Harness, touches: Set<TouchType>? = nil)
    -> PanGestureRecognizer
  {
    let gate = h.add(ScriptedRecognizer(), "gate", to: h.window)
    gate.eventTypes = [.scroll]
    gate.onMoved = [[.failed]]
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.allowedScrollTypesMask = .discrete
    if let touches {
      gate.allowedTouchTypes = touches
      pan.allowedTouchTypes = touches
    }
    pan.require(toFail: gate)
    return pan
  }

  /// §3.7 within a scroll sequence: a scroll pan waits for an undecided recognizer it requires
  /// to fail that the sequence reached, before any touch was down (the scroll's sequence is its
  /// own, counted apart from touch sequences), and is released when it fails.
  @Test func aScrollPanWaitsForAnUndecidedRecognizerOfTheScroll() {
    let h = Harness()
    addPanBehindAGate(h)
    h.scroll(100, 100, dy: 1, at: 0)
    h.scroll(100, 100, dy: 1, at: 0.1)
    h.advance(to: 0.5)
    #expect(
      h.decisions == [
        "0 scroll discrete (0, 1) at (100, 100) V",
        "0 wait pan wants began, waiting for gate",
        "0.1 scroll discrete (0, 1) at (100, 100) V",
        "0.1 state gate possible → failed: failed",
        // Released: its translation restarts at zero (§3.9).
        "0.1 state pan possible → began: released: gate failed",
        "0.1 action pan began at (100, 100) translation (0, 0) velocity (0, 10)",
        "0.35 state pan began → ended: discrete scroll ended",
        "0.35 action pan ended at (100, 100) translation (0, 0) velocity (0, 0)",
        "0.35 reset pan",
        "0.35 reset gate",
      ])
  }

  /// A scroll pan that also requires a tap, and a recognizer of touches that already failed, is
  /// released when the recognizer of the scroll it waits for fails, though the tap, of another
  /// kind of input, is still undecided; and the release's reason names only the failure of its
  /// own kind: the failed recognizer of touches played no part in it.
  @Test func aReleaseNeitherWaitsForNorNamesRecognizersOfAnotherKindOfInput() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    // It requires the tap, so it is reset with the tap, at the lift: failed until then.
    let failer = h.add(ScriptedRecognizer(), "failer")
    failer.onBegan = [[.failed]]
    failer.require(toFail: tap)
    let pan = addPanBehindAGate(h, touches: [.pencil])
    pan.require(toFail: tap)
    pan.require(toFail: failer)
    h.down(1, 200, 200, at: 0)
    h.scroll(100, 100, dy: 1, at: 0.01)
    h.scroll(100, 100, dy: 1, at: 0.02)
    h.up(1, 200, 200, at: 0.05)
    h.advance(to: 0.5)
    #expect(
      h.decisions == [
        "0 state failer possible → failed: failed",
        "0 view V touchesBegan 1",
        "0.01 scroll discrete (0, 1) at (100, 100) V",
        "0.01 wait pan wants began, waiting for gate",
        "0.02 scroll discrete (0, 1) at (100, 100) V",
        "0.02 state gate possible → failed: failed",
        "0.02 state pan possible → began: released: gate failed",
        "0.02 action pan began at (100, 100) translation (0, 0) velocity (0, 100)",
        "0.05 state tap possible → ended: recognized",
        "0.05 action tap ended at (200, 200)",
        "0.05 view V touchesCancelled 1",
        "0.05 reset tap",
        "0.05 reset failer",
        // Reset with the recognizer of the scroll it waited for, in the order they were added.
        "0.27 state pan began → ended: discrete scroll ended",
        "0.27 action pan ended at (100, 100) translation (0, 0) velocity (0, 0)",
        "0.27 reset gate",
        "0.27 reset pan",
      ])
  }

  /// Choice: a recognizer in an attempt of one kind of input is not collected for another until
  /// it is reset. The pan that a resting finger reached lets the wheel's ticks go by, and takes
  /// the next scroll sequence once the finger lifted.
  @Test func aPanInAnAttemptOfTouchesTakesNoScrollUntilItIsReset() {
    let h = Harness()
    let pan = h.add(PanGestureRecognizer(), "pan")
    pan.allowedScrollTypesMask = .discrete
    h.down(1, 200, 200, at: 0)
    h.scroll(100, 100, dy: 1, at: 0.1)
    h.up(1, 200, 200, at: 0.2)
    h.scroll(100, 100, dy: 1, at: 0.6)
    h.advance(to: 1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 scroll discrete (0, 1) at (100, 100) V",
        "0.2 state pan possible → failed: lifted before moving 10 pt",
        "0.2 view V touchesEnded 1",
        "0.2 reset pan",
        "0.6 scroll discrete (0, 1) at (100, 100) V",
        "0.6 state pan possible → began: discrete scroll began",
        "0.6 action pan began at (100, 100) translation (0, 1) velocity (0, 0)",
        "0.85 state pan began → ended: discrete scroll ended",
        "0.85 action pan ended at (100, 100) translation (0, 1) velocity (0, 0)",
        "0.85 reset pan",
      ])
  }

  @Test func scrollPansNeitherExcludeNorAreExcludedByRecognizersOfTouches() {
    let h = Harness()
    // The pan, on the press's view's superview, takes no finger: its attempt is the scroll's.
    let pan = h.add(PanGestureRecognizer(), "pan", to: h.window)
    pan.allowedScrollTypesMask = .continuous
    pan.allowedTouchTypes = [.pencil]
    h.add(LongPressGestureRecognizer(), "press")
    h.down(1, 200, 200, at: 0)
    h.scroll(100, 100, dy: 5, at: 0.1, type: .continuous, phase: .began)
    h.advance(to: 0.6)
    h.scroll(100, 100, dy: 5, at: 0.7, type: .continuous, phase: .ended)
    h.up(1, 200, 200, at: 0.8)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.1 scroll continuous began (0, 5) at (100, 100) V",
        "0.1 state pan possible → began: continuous scroll began",
        "0.1 action pan began at (100, 100) translation (0, 5) velocity (0, 0)",
        "0.5 state press possible → began: held 0.5 s",
        "0.5 action press began at (200, 200)",
        "0.5 view V touchesCancelled 1",
        "0.7 scroll continuous ended (0, 5) at (100, 100) V",
        "0.7 state pan began → ended: continuous scroll ended",
        "0.7 action pan ended at (100, 100) translation (0, 10) velocity (0, 8.333333)",
        "0.7 reset pan",
        "0.8 state press began → ended: a finger lifted",
        "0.8 action press ended at (200, 200)",
        "0.8 reset press",
      ])
  }

  /// §6.3–6.4: a requirement between recognizers of different kinds of input neither holds nor
  /// fails either one: the scroll pan and the hover that require the tap to fail begin while the
  /// finger that the tap tracks is down, and stay as they are when the tap recognizes.
  @Test func aRequirementOnARecognizerOfTouchesHoldsNoScrollNorHover() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    let pan = h.add(PanGestureRecognizer(), "pan", to: h.window)
    pan.allowedScrollTypesMask = .discrete
    pan.allowedTouchTypes = [.pencil]
    let hover = h.add(HoverGestureRecognizer(), "hover")
    pan.require(toFail: tap)
    hover.require(toFail: tap)
    h.down(1, 200, 200, at: 0)
    h.scroll(100, 100, dy: 1, at: 0.02)
    h.hover(100, 100, at: 0.03)
    h.up(1, 200, 200, at: 0.05)
    h.scroll(100, 100, dy: 1, at: 0.1)
    h.hover(110, 100, at: 0.2)
    h.hoverExit(at: 0.3)
    h.advance(to: 0.4)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.02 scroll discrete (0, 1) at (100, 100) V",
        "0.02 state pan possible → began: discrete scroll began",
        "0.02 action pan began at (100, 100) translation (0, 1) velocity (0, 0)",
        "0.03 hover entered (100, 100) V",
        "0.03 state hover possible → began: pointer entered V",
        "0.03 action hover began at (100, 100)",
        "0.05 state tap possible → ended: recognized",
        "0.05 action tap ended at (200, 200)",
        "0.05 view V touchesCancelled 1",
        "0.05 reset tap",
        "0.1 scroll discrete (0, 1) at (100, 100) V",
        "0.1 state pan began → changed: changed",
        "0.1 action pan changed at (100, 100) translation (0, 2) velocity (0, 12.5)",
        "0.2 hover moved (110, 100) V",
        "0.2 state hover began → changed: changed",
        "0.2 action hover changed at (110, 100)",
        "0.3 hover exited (110, 100) -",
        "0.3 state hover changed → ended: pointer left V",
        "0.3 action hover ended at (110, 100)",
        "0.3 reset hover",
        "0.35 state pan changed → ended: discrete scroll ended",
        "0.35 action pan ended at (100, 100) translation (0, 2) velocity (0, 0)",
        "0.35 reset pan",
      ])
  }

  /// §3.11 with §6.3: a loop of requirements that closes only through a hover recognizer is no
  /// cycle: the single tap still waits for the double tap, with no diagnostic.
  @Test func aLoopThroughAHoverIsNoCycle() {
    let h = Harness()
    let single = h.add(TapGestureRecognizer(), "single")
    let double = h.add(TapGestureRecognizer(), "double")
    double.numberOfTapsRequired = 2
    let hover = h.add(HoverGestureRecognizer(), "hover")
    single.require(toFail: double)
    double.require(toFail: hover)
    hover.require(toFail: single)
    h.hover(100, 100, at: 0)
    h.down(1, 200, 200, at: 0.1)
    h.up(1, 200, 200, at: 0.15)
    h.advance(to: 1)
    #expect(
      h.decisions == [
        "0 hover entered (100, 100) V",
        "0 state hover possible → began: pointer entered V",
        "0 action hover began at (100, 100)",
        "0.1 view V touchesBegan 1",
        "0.15 wait single wants ended, waiting for double",
        "0.5 state double possible → failed: tap 2 did not begin within 0.35 s",
        "0.5 state single possible → ended: released: double failed",
        "0.5 action single ended at (200, 200)",
        "0.5 view V touchesCancelled 1",
        "0.5 reset single",
        "0.5 reset double",
      ])
  }

  /// §6.3: the other way round, a tap that requires a hover to fail is neither failed by the
  /// hover's beginning nor reset with it: it recognizes and is reset at its lift.
  @Test func aTapThatRequiresAHoverIsNeitherFailedNorResetByIt() {
    let h = Harness()
    let tap = h.add(TapGestureRecognizer(), "tap")
    let hover = h.add(HoverGestureRecognizer(), "hover")
    tap.require(toFail: hover)
    h.hover(100, 100, at: 0)
    h.down(1, 200, 200, at: 0.1)
    h.up(1, 200, 200, at: 0.15)
    h.hoverExit(at: 0.5)
    // The hover begins while the tap is undecided: it does not fail the tap either.
    h.down(2, 200, 200, at: 1)
    h.hover(100, 100, at: 1.05)
    h.up(2, 200, 200, at: 1.1)
    h.hoverExit(at: 1.5)
    #expect(
      h.decisions == [
        "0 hover entered (100, 100) V",
        "0 state hover possible → began: pointer entered V",
        "0 action hover began at (100, 100)",
        "0.1 view V touchesBegan 1",
        "0.15 state tap possible → ended: recognized",
        "0.15 action tap ended at (200, 200)",
        "0.15 view V touchesCancelled 1",
        "0.15 reset tap",
        "0.5 hover exited (100, 100) -",
        "0.5 state hover began → ended: pointer left V",
        "0.5 action hover ended at (100, 100)",
        "0.5 reset hover",
        "1 view V touchesBegan 2",
        "1.05 hover entered (100, 100) V",
        "1.05 state hover possible → began: pointer entered V",
        "1.05 action hover began at (100, 100)",
        "1.1 state tap possible → ended: recognized",
        "1.1 action tap ended at (200, 200)",
        "1.1 view V touchesCancelled 2",
        "1.1 reset tap",
        "1.5 hover exited (100, 100) -",
        "1.5 state hover began → ended: pointer left V",
        "1.5 action hover ended at (100, 100)",
        "1.5 reset hover",
      ])
  }
}
