import GestureCore
import PhotoViewerKit
import Testing

@Suite struct TouchDeviceTests {
  @Test func twoFingersZoomTurnAndMoveThePictureAtOnce() {
    let script = Script()
    script.viewer.addTouchDeviceGestures()
    script.at(0, .finger(id: 1, phase: .began, Point(x: 270, y: 240)))
    script.at(0.01, .finger(id: 2, phase: .began, Point(x: 370, y: 240)))
    script.at(0.1, .finger(id: 1, phase: .moved, Point(x: 220, y: 240)))  // 100 → 150 points apart
    script.at(0.2, .finger(id: 2, phase: .moved, Point(x: 420, y: 240)))  // 200 apart
    script.at(0.3, .finger(id: 2, phase: .moved, Point(x: 393.205080756888, y: 340)))  // turned 30°
    script.at(0.4, .finger(id: 1, phase: .ended, Point(x: 220, y: 240)))
    script.at(0.41, .finger(id: 2, phase: .ended, Point(x: 393.205080756888, y: 340)))
    script.advance(to: 1)
    #expect(
      script.log == [
        "0.100 pan began at (220, 240)", "0.100 pinch began zoom 1.5x", "0.300 rotation began angle 30 deg",
        "0.400 pan ended translation (-40, 0) picture moved", "0.410 pinch ended zoom 2x",
        "0.410 rotation ended angle 30 deg",
      ])
    #expect(abs(script.viewer.zoom - 2) < 1e-9)
    #expect(abs(script.viewer.angle - Double.pi / 6) < 1e-9)
  }

  @Test func withoutATouchDeviceThereIsNoPinchOrRotation() {
    let script = Script()
    #expect(script.viewer.pinch == nil && script.viewer.rotation == nil)
    script.viewer.addTouchDeviceGestures()
    script.viewer.addTouchDeviceGestures()
    #expect(script.viewer.photo.gestureRecognizers.filter { $0 === script.viewer.pinch }.count == 1)
  }
}
