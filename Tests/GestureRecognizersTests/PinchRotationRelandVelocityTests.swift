import GestureCore
import GestureRecognizers
import GestureRuntime
import GestureTestSupport
import Testing

/// After one of the two fingers lifts and another lands, the velocity counts only the motion
/// since the landing: samples from before the lift are forgotten when the second finger lands
/// again (Where we differ from UIKit, "Pinch and rotation velocity after a finger lands again").
@Suite("Pinch and rotation velocity after a finger lands again (behaviour reference §4)")
struct PinchRotationRelandVelocityTests {
  @Test(
    "4 Pinch: one finger left keeps the last velocity; after a finger lands again it is 0, then counts only the motion since"
  )
  func pinchVelocityAfterALongHold() {
    let h = Harness()
    h.add(PinchGestureRecognizer(), "pinch")
    h.down(1, 100, 200, at: 0)
    h.down(2, 200, 200, at: 0.01)
    h.move(2, 250, 200, at: 0.1)
    h.move(2, 300, 200, at: 0.2)
    h.up(1, 100, 200, at: 0.3)
    h.down(3, 100, 200, at: 1)
    h.move(3, 50, 200, at: 1.05)
    h.up(2, 300, 200, at: 1.1)
    h.up(3, 50, 200, at: 1.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.1 state pinch possible → began: fingers moved 50 pt apart or together, more than 8 pt",
        "0.1 action pinch began at (175, 200) scale 1.5 velocity 5",
        "0.1 view V touchesCancelled 1,2",
        "0.2 state pinch began → changed: changed",
        "0.2 action pinch changed at (200, 200) scale 2 velocity 5",
        "0.3 state pinch changed → changed: changed",
        "0.3 action pinch changed at (300, 200) scale 2 velocity 5",
        "1 state pinch changed → changed: changed",
        "1 action pinch changed at (200, 200) scale 2 velocity 0",
        "1.05 state pinch changed → changed: changed",
        "1.05 action pinch changed at (175, 200) scale 2.5 velocity 10",
        "1.1 state pinch changed → changed: changed",
        "1.1 action pinch changed at (50, 200) scale 2.5 velocity 10",
        "1.1 state pinch changed → ended: all fingers lifted",
        "1.1 action pinch ended at (50, 200) scale 2.5 velocity 10",
        "1.1 reset pinch",
      ])
  }

  @Test("4 Pinch: a finger landing again within 0.1 s of the lift gets no velocity from the motion before the lift")
  func pinchVelocityAfterAQuickRelanding() {
    let h = Harness()
    h.add(PinchGestureRecognizer(), "pinch")
    h.down(1, 100, 200, at: 0)
    h.down(2, 200, 200, at: 0.01)
    h.move(2, 250, 200, at: 0.1)
    h.move(2, 260, 200, at: 0.12)
    h.up(1, 100, 200, at: 0.14)
    h.down(3, 160, 200, at: 0.16)
    h.move(3, 140, 200, at: 0.18)
    h.up(2, 260, 200, at: 0.2)
    h.up(3, 140, 200, at: 0.2)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.1 state pinch possible → began: fingers moved 50 pt apart or together, more than 8 pt",
        "0.1 action pinch began at (175, 200) scale 1.5 velocity 5",
        "0.1 view V touchesCancelled 1,2",
        "0.12 state pinch began → changed: changed",
        "0.12 action pinch changed at (180, 200) scale 1.6 velocity 5",
        "0.14 state pinch changed → changed: changed",
        "0.14 action pinch changed at (260, 200) scale 1.6 velocity 5",
        "0.16 state pinch changed → changed: changed",
        "0.16 action pinch changed at (210, 200) scale 1.6 velocity 0",
        "0.18 state pinch changed → changed: changed",
        "0.18 action pinch changed at (200, 200) scale 1.92 velocity 16",
        "0.2 state pinch changed → changed: changed",
        "0.2 action pinch changed at (140, 200) scale 1.92 velocity 16",
        "0.2 state pinch changed → ended: all fingers lifted",
        "0.2 action pinch ended at (140, 200) scale 1.92 velocity 16",
        "0.2 reset pinch",
      ])
  }

  @Test(
    "4 Rotation: one finger left keeps the last velocity; after a finger lands again it is 0, then counts only the turn since"
  )
  func rotationVelocityAfterALongHold() {
    let h = Harness()
    h.add(RotationGestureRecognizer(), "rotation")
    h.down(1, 100, 100, at: 0)
    h.down(2, 200, 100, at: 0.01)
    h.move(2, 200, 200, at: 0.1)
    h.up(1, 100, 100, at: 0.2)
    h.down(3, 200, 0, at: 1)
    h.move(3, 300, 100, at: 1.05)
    h.up(2, 200, 200, at: 1.1)
    h.up(3, 300, 100, at: 1.1)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.1 state rotation possible → began: turned 0.785398 rad, more than 0.087266 rad",
        "0.1 action rotation began at (150, 150) rotation 0.785398 velocity 7.853982",
        "0.1 view V touchesCancelled 1,2",
        "0.2 state rotation began → changed: changed",
        "0.2 action rotation changed at (200, 200) rotation 0.785398 velocity 7.853982",
        "1 state rotation changed → changed: changed",
        "1 action rotation changed at (200, 100) rotation 0.785398 velocity 0",
        "1.05 state rotation changed → changed: changed",
        "1.05 action rotation changed at (250, 150) rotation 1.570796 velocity 15.707963",
        "1.1 state rotation changed → changed: changed",
        "1.1 action rotation changed at (300, 100) rotation 1.570796 velocity 15.707963",
        "1.1 state rotation changed → ended: all fingers lifted",
        "1.1 action rotation ended at (300, 100) rotation 1.570796 velocity 15.707963",
        "1.1 reset rotation",
      ])
  }

  @Test(
    "4 Rotation: setting rotation while one finger is left, then a finger landing, gives a velocity of the turn since the landing"
  )
  func rotationVelocityAfterSettingDuringTheHold() {
    let h = Harness()
    let rotation = h.add(RotationGestureRecognizer(), "rotation")
    h.down(1, 100, 100, at: 0)
    h.down(2, 200, 100, at: 0.01)
    h.move(2, 200, 200, at: 0.1)
    h.up(1, 100, 100, at: 0.15)
    rotation.rotation = 0
    #expect(rotation.velocity == 0)
    h.down(3, 200, 0, at: 0.2)
    h.move(3, 300, 100, at: 0.25)
    h.up(2, 200, 200, at: 0.3)
    h.up(3, 300, 100, at: 0.3)
    #expect(
      h.decisions == [
        "0 view V touchesBegan 1",
        "0.01 view V touchesBegan 2",
        "0.1 state rotation possible → began: turned 0.785398 rad, more than 0.087266 rad",
        "0.1 action rotation began at (150, 150) rotation 0.785398 velocity 7.853982",
        "0.1 view V touchesCancelled 1,2",
        "0.15 state rotation began → changed: changed",
        "0.15 action rotation changed at (200, 200) rotation 0.785398 velocity 7.853982",
        "0.2 state rotation changed → changed: changed",
        "0.2 action rotation changed at (200, 100) rotation 0 velocity 0",
        "0.25 state rotation changed → changed: changed",
        "0.25 action rotation changed at (250, 150) rotation 0.785398 velocity 15.707963",
        "0.3 state rotation changed → changed: changed",
        "0.3 action rotation changed at (300, 100) rotation 0.785398 velocity 15.707963",
        "0.3 state rotation changed → ended: all fingers lifted",
        "0.3 action rotation ended at (300, 100) rotation 0.785398 velocity 15.707963",
        "0.3 reset rotation",
      ])
  }
}
