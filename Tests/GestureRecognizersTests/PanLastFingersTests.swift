import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Pan: where its last fingers went (behaviour reference §4)")
struct PanLastFingersTests {
  @Test(
    "When one finger lifts and another is cancelled in the same event, the cancelled action is at the centroid of both")
  func liftAndCancelInOneEvent() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "pan")
    h.event(
      at: 0, [TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 200, y: 100)])
    h.event(
      at: 0.1, [TouchInput(id: 1, phase: .moved, x: 130, y: 100), TouchInput(id: 2, phase: .moved, x: 230, y: 100)])
    h.event(
      at: 0.2,
      [TouchInput(id: 1, phase: .ended, x: 130, y: 100), TouchInput(id: 2, phase: .cancelled, x: 230, y: 100)])
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "0.1 action pan began at (180, 100) translation (20, 0) velocity (300, 0)",
        "0.1 view V touchesCancelled 1,2",
        "0.2 state pan began → cancelled: its touches were cancelled",
        "0.2 action pan cancelled at (180, 100) translation (20, 0) velocity (300, 0)",
        "0.2 reset pan",
      ])
  }

  @Test("A finger that lifted in an earlier event does not count in the cancelled action's location")
  func liftEarlierThenCancel() {
    let h = Harness()
    h.add(PanGestureRecognizer(), "pan")
    h.event(
      at: 0, [TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 200, y: 100)])
    h.event(
      at: 0.1, [TouchInput(id: 1, phase: .moved, x: 130, y: 100), TouchInput(id: 2, phase: .moved, x: 230, y: 100)])
    h.up(1, 130, 100, at: 0.2)
    h.cancel(2, 230, 100, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1,2",
        "0.1 state pan possible → began: moved 30 pt, at least 10 pt",
        "0.1 action pan began at (180, 100) translation (20, 0) velocity (300, 0)",
        "0.1 view V touchesCancelled 1,2",
        "0.2 state pan began → changed: changed",
        "0.2 action pan changed at (230, 100) translation (20, 0) velocity (300, 0)",
        "0.2 state pan changed → cancelled: its touches were cancelled",
        "0.2 action pan cancelled at (230, 100) translation (20, 0) velocity (300, 0)",
        "0.2 reset pan",
      ])
  }
}
