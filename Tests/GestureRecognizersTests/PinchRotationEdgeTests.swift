import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

@Suite("Pinch, rotation and screen-edge pan (behaviour reference §4)")
struct PinchRotationEdgeTests {
  @Test(
    "4 Pinch begins once the distance changed by more than 8 pt, reporting the scale reached, and ends at the last lift"
  )
  func pinchBeginsAndEnds() {
    let h = Harness()
    h.add(PinchGestureRecognizer(), "pinch")
    h.down(1, 100, 200, at: 0)
    h.down(2, 200, 200, at: 0.01)
    h.move(2, 205, 200, at: 0.05)
    h.move(2, 210, 200, at: 0.1)
    h.move(1, 90, 200, at: 0.15)
    h.up(1, 90, 200, at: 0.2)
    h.up(2, 210, 200, at: 0.25)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.05 view V touchesMoved 2",
        "0.1 state pinch possible → began: fingers moved 10 pt apart or together, more than 8 pt",
        "0.1 action pinch began at (155, 200) scale 1.1 velocity 1",
        "0.1 view V touchesCancelled 1,2",
        "0.15 state pinch began → changed: changed",
        "0.15 action pinch changed at (150, 200) scale 1.2 velocity 1.5",
        "0.2 state pinch changed → changed: changed",
        "0.2 action pinch changed at (210, 200) scale 1.2 velocity 1.5",
        "0.25 state pinch changed → ended: all fingers lifted",
        "0.25 action pinch ended at (210, 200) scale 1.2 velocity 1.5",
        "0.25 reset pinch",
      ])
  }

  @Test("4 Pinch fails when its fingers lift before it began")
  func pinchFailsOnEarlyLift() {
    let h = Harness()
    h.add(PinchGestureRecognizer(), "pinch")
    h.down(1, 100, 200, at: 0)
    h.down(2, 200, 200, at: 0.01)
    h.move(2, 204, 200, at: 0.05)
    h.up(1, 100, 200, at: 0.1)
    h.up(2, 204, 200, at: 0.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.05 view V touchesMoved 2",
        "0.1 state pinch possible → failed: lifted before the fingers moved 8 pt",
        "0.1 view V touchesEnded 1,2",
        "0.1 reset pinch",
      ])
  }

  @Test(
    "4 Pinch: one finger left holds the scale; a finger landing again goes on from it without a jump; a third is ignored"
  )
  func pinchRelands() {
    let h = Harness()
    let pinch = h.add(PinchGestureRecognizer(), "pinch")
    h.down(1, 100, 200, at: 0)
    h.down(2, 200, 200, at: 0.01)
    h.move(2, 250, 200, at: 0.1)
    h.down(3, 300, 300, at: 0.12)
    h.up(1, 100, 200, at: 0.15)
    h.move(2, 260, 200, at: 0.2)
    h.down(4, 160, 200, at: 0.3)
    h.move(4, 110, 200, at: 0.4)
    #expect(pinch.scale == 1.5 * 150 / 100)
    pinch.scale = 1
    h.move(4, 60, 200, at: 0.5)
    h.up(2, 260, 200, at: 0.6)
    h.up(4, 60, 200, at: 0.6)
    h.up(3, 300, 300, at: 0.7)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.1 state pinch possible → began: fingers moved 50 pt apart or together, more than 8 pt",
        "0.1 action pinch began at (175, 200) scale 1.5 velocity 5",
        "0.1 view V touchesCancelled 1,2",
        "0.12 view V touchesBegan 3",
        "0.15 state pinch began → changed: changed",
        "0.15 action pinch changed at (250, 200) scale 1.5 velocity 5",
        "0.2 state pinch changed → changed: changed",
        "0.2 action pinch changed at (260, 200) scale 1.5 velocity 5",
        "0.3 state pinch changed → changed: changed",
        "0.3 action pinch changed at (210, 200) scale 1.5 velocity 0",
        "0.4 state pinch changed → changed: changed",
        "0.4 action pinch changed at (185, 200) scale 2.25 velocity 7.5",
        "0.5 state pinch changed → changed: changed",
        "0.5 action pinch changed at (160, 200) scale 1.333333 velocity 3.333333",
        "0.6 state pinch changed → changed: changed",
        "0.6 action pinch changed at (60, 200) scale 1.333333 velocity 3.333333",
        "0.6 state pinch changed → ended: all fingers lifted",
        "0.6 action pinch ended at (60, 200) scale 1.333333 velocity 3.333333",
        "0.6 reset pinch",
        "0.7 view V touchesEnded 3",
      ])
  }

  @Test("4 Rotation begins once the fingers turned more than 5°, clockwise positive, and counts past half a turn")
  func rotation() {
    let h = Harness()
    h.add(RotationGestureRecognizer(), "rotation")
    h.down(1, 100, 100, at: 0)
    h.down(2, 200, 100, at: 0.01)
    h.move(2, 200, 105, at: 0.05)
    h.move(2, 200, 110, at: 0.1)
    h.move(2, 100, 200, at: 0.2)
    h.move(2, 0, 100, at: 0.3)
    h.move(2, 100, 0, at: 0.4)
    h.up(1, 100, 100, at: 0.5)
    h.up(2, 100, 0, at: 0.5)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.05 view V touchesMoved 2",
        "0.1 state rotation possible → began: turned 0.099669 rad, more than 0.087266 rad",
        "0.1 action rotation began at (150, 105) rotation 0.099669 velocity 0.996687",
        "0.1 view V touchesCancelled 1,2",
        "0.2 state rotation began → changed: changed",
        "0.2 action rotation changed at (100, 150) rotation 1.570796 velocity 14.711277",
        "0.3 state rotation changed → changed: changed",
        "0.3 action rotation changed at (50, 100) rotation 3.141593 velocity 15.707963",
        "0.4 state rotation changed → changed: changed",
        "0.4 action rotation changed at (100, 50) rotation 4.712389 velocity 15.707963",
        "0.5 state rotation changed → changed: changed",
        "0.5 action rotation changed at (100, 0) rotation 4.712389 velocity 15.707963",
        "0.5 state rotation changed → ended: all fingers lifted",
        "0.5 action rotation ended at (100, 0) rotation 4.712389 velocity 15.707963",
        "0.5 reset rotation",
      ])
  }

  @Test("4 Screen-edge pan begins from its edge moving inwards, and fails elsewhere or moving along the edge")
  func screenEdgePan() {
    let h = Harness()
    h.add(ScreenEdgePanGestureRecognizer(edges: .left), "edge")
    h.down(1, 5, 300, at: 0)
    h.move(1, 20, 302, at: 0.05)
    h.move(1, 60, 302, at: 0.1)
    h.up(1, 60, 302, at: 0.15)
    h.down(2, 100, 300, at: 1)
    h.up(2, 100, 300, at: 1.1)
    h.down(3, 5, 300, at: 2)
    h.move(3, 8, 285, at: 2.05)
    h.up(3, 8, 285, at: 2.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.05 state edge possible → began: moved 15 pt, at least 10 pt",
        "0.05 action edge began at (20, 302) translation (5, 0) velocity (300, 40)",
        "0.05 view V touchesCancelled 1",
        "0.1 state edge began → changed: changed",
        "0.1 action edge changed at (60, 302) translation (45, 0) velocity (550, 20)",
        "0.15 state edge changed → ended: all fingers lifted",
        "0.15 action edge ended at (60, 302) translation (45, 0) velocity (550, 20)",
        "0.15 reset edge",
        "1 state edge possible → failed: touched down at (100, 300), more than 20 pt from its left edge",
        "1 view V touchesBegan 2",
        "1 reset edge",
        "1.1 view V touchesEnded 2",
        "2 view V touchesBegan 3",
        "2.05 state edge possible → failed: moved (3, -15), not into the window from its left edge",
        "2.05 view V touchesMoved 3",
        "2.05 reset edge",
        "2.1 view V touchesEnded 3",
      ])
  }

  @Test("4 Screen-edge pan: a failure names the edges it may begin from, or that it has none")
  func screenEdgePanReasons() {
    let h = Harness()
    h.add(ScreenEdgePanGestureRecognizer(edges: [.left, .bottom]), "two")
    h.add(ScreenEdgePanGestureRecognizer(edges: [.top, .right, .bottom]), "three")
    h.add(ScreenEdgePanGestureRecognizer(), "none")
    h.down(1, 100, 300, at: 0)
    h.up(1, 100, 300, at: 0.1)
    #expect(
      h.decisions.filter { $0.contains("state") } == [
        "0 state two possible → failed: touched down at (100, 300), more than 20 pt from its left and bottom edges",
        "0 state three possible → failed: touched down at (100, 300), more than 20 pt from its top, bottom and right edges",
        "0 state none possible → failed: touched down at (100, 300), it has no edges to begin from",
      ])
  }
}
