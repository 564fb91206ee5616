import GestureCore
import GestureRuntime
import PhotoViewerKit
import Testing

/// Input scripted on the viewer's manual clock; each test compares the viewer's whole log.
final class Script {
  let viewer = Viewer()
  private(set) var log: [String] = []

  init() {
    viewer.onReport = { [unowned self] report in log.append(report.description) }
  }

  func at(_ seconds: Double, _ input: ViewerInput) {
    viewer.handle(input, at: Timestamp(seconds: seconds))
  }

  func click(_ x: Double, _ y: Double, down: Double, up: Double, button: PointerButton = .primary) {
    at(down, .pointerDown(button, Point(x: x, y: y)))
    at(up, .pointerUp(button, Point(x: x, y: y)))
  }

  /// A press at the first point, moves through the others at the given times, a release at the last.
  func drag(_ points: [(x: Double, y: Double, time: Double)]) {
    let first = points[0]
    at(first.time, .pointerDown(.primary, Point(x: first.x, y: first.y)))
    for point in points.dropFirst() { at(point.time, .pointerMoved(Point(x: point.x, y: point.y))) }
    let last = points[points.count - 1]
    at(last.time, .pointerUp(.primary, Point(x: last.x, y: last.y)))
  }

  func advance(to seconds: Double) {
    viewer.advance(to: Timestamp(seconds: seconds))
  }

  /// Log lines from `count` on.
  func log(from count: Int) -> [String] { Array(log.dropFirst(count)) }
}

@Suite struct ViewerTests {
  @Test func aSingleClickTogglesTheChromeOnlyOnceTheDoubleTapHasFailed() {
    let script = Script()
    script.click(320, 240, down: 0, up: 0.08)
    script.advance(to: 0.429)
    #expect(script.log == [])
    #expect(script.viewer.isChromeVisible)
    script.advance(to: 2)
    #expect(script.log == ["0.430 tap chrome hidden"])
    #expect(!script.viewer.isChromeVisible && script.viewer.toolbar.isHidden)
    script.click(320, 240, down: 3, up: 3.05)
    script.advance(to: 4)
    #expect(script.log == ["0.430 tap chrome hidden", "3.400 tap chrome shown"])
  }

  @Test func aDoubleClickZoomsInAboutItsPointAndASecondOneZoomsOut() {
    let script = Script()
    script.click(320, 240, down: 0, up: 0.08)
    script.click(322, 241, down: 0.2, up: 0.28)
    script.advance(to: 1)
    #expect(script.log == ["0.280 doubleTap zoom 2x at (320, 240)"])
    #expect(script.viewer.zoom == 2 && script.viewer.offset == .zero)
    #expect(script.viewer.pictureFrame == Rect(x: -320, y: -240, width: 1280, height: 960))
    script.click(100, 100, down: 2, up: 2.05)
    script.click(100, 100, down: 2.15, up: 2.2)
    script.advance(to: 3)
    #expect(script.log(from: 1) == ["2.200 doubleTap zoom 1x at (100, 100)"])
    #expect(script.viewer.zoom == 1 && script.viewer.offset == .zero)
  }

  @Test func aDragPansTheZoomedPictureByItsTranslation() {
    let script = Script()
    script.click(320, 240, down: 0, up: 0.08)
    script.click(320, 240, down: 0.2, up: 0.28)
    script.advance(to: 1)
    script.drag([(300, 200, 1), (305, 203, 1.05), (320, 212, 1.1), (360, 236, 1.2), (400, 260, 1.3)])
    script.advance(to: 2)
    // The picture moves by the pan's translation, whatever the pan's hysteresis takes off the drag.
    let offset = script.viewer.offset
    #expect(
      script.log(from: 1) == [
        "1.100 pan began at (320, 212)",
        "1.300 pan ended translation \(offset) picture moved",
      ])
    #expect((80...100).contains(offset.x) && (48...60).contains(offset.y))
    #expect(script.viewer.pictureIndex == 0)
  }

  @Test func aFlickTurnsToTheNextPictureAndThePanWaitingForItFails() {
    let script = Script()
    script.drag([(500, 240, 0), (470, 240, 0.03), (370, 241, 0.06), (280, 242, 0.09), (260, 242, 0.12)])
    script.advance(to: 1)
    #expect(script.log == ["0.060 swipeLeft picture 2 of 5"])
    script.drag([(100, 240, 2), (130, 240, 2.03), (230, 240, 2.06), (300, 240, 2.09)])
    script.advance(to: 3)
    #expect(script.log(from: 1) == ["2.060 swipeRight picture 1 of 5"])
    #expect(script.viewer.pictureIndex == 0)
  }

  @Test func aSlowDragPansAndDoesNotTurnThePicture() {
    let script = Script()
    script.drag([(100, 200, 0), (115, 200, 0.2), (120, 200, 0.45), (160, 200, 0.8), (190, 200, 0.9), (190, 200, 1)])
    script.advance(to: 2)
    #expect(
      script.log == [
        "0.800 pan began at (160, 200)",
        "1.000 pan ended translation (30, 0) not zoomed: picture stays",
      ])
    #expect(script.viewer.pictureIndex == 0 && script.viewer.offset == .zero)
  }

  @Test func whileZoomedAFlickPansInsteadOfTurningThePicture() {
    let script = Script()
    script.click(320, 240, down: 0, up: 0.08)
    script.click(320, 240, down: 0.2, up: 0.28)
    script.advance(to: 1)
    script.drag([(500, 240, 1), (470, 240, 1.03), (370, 240, 1.06), (280, 240, 1.09)])
    script.advance(to: 2)
    let offset = script.viewer.offset
    #expect(
      script.log(from: 1) == [
        "1.030 pan began at (470, 240)",
        "1.090 pan ended translation \(offset) picture moved",
      ])
    #expect(script.viewer.pictureIndex == 0 && (-220 ... -200).contains(offset.x) && offset.y == 0)
  }

  @Test func aLongPressOpensTheMenuAfterHalfASecondAndATapClosesIt() {
    let script = Script()
    script.click(200, 300, down: 0, up: 1)
    script.advance(to: 1.5)
    #expect(script.log == ["0.500 longPress menu at (200, 300)"])
    #expect(script.viewer.menuLocation == Point(x: 200, y: 300) && script.viewer.isChromeVisible)
    script.click(400, 300, down: 2, up: 2.05)
    script.advance(to: 3)
    #expect(script.log(from: 1) == ["2.400 tap menu closed"])
    #expect(script.viewer.menuLocation == nil && script.viewer.isChromeVisible)
  }

  @Test func aSecondaryClickOpensTheMenuAtOnceAndIsNoTap() {
    let script = Script()
    script.click(250, 260, down: 0, up: 0.06, button: .secondary)
    script.advance(to: 1)
    #expect(script.log == ["0.060 secondaryClick menu at (250, 260)"])
    #expect(script.viewer.isChromeVisible)
  }

  @Test func theWheelZoomsAboutThePointerBetweenOneAndFour() {
    let script = Script()
    script.at(0, .wheel(ticks: 1, at: Point(x: 320, y: 240)))
    script.at(0.1, .wheel(ticks: 2, at: Point(x: 320, y: 240)))
    script.at(0.2, .wheel(ticks: 5, at: Point(x: 320, y: 240)))
    script.at(0.3, .wheel(ticks: -3, at: Point(x: 320, y: 240)))
    script.at(0.4, .wheel(ticks: -10, at: Point(x: 0, y: 0)))
    #expect(
      script.log == [
        "0.000 scroll zoom 1.25x", "0.100 scroll zoom 1.953x", "0.200 scroll zoom 4x",
        "0.300 scroll zoom 2.048x", "0.400 scroll zoom 1x",
      ])
    #expect(script.viewer.zoom == 1 && script.viewer.offset == .zero)
  }

  @Test func hoveringOverTheToolbarHighlightsItButNotWhileTheChromeIsHidden() {
    let script = Script()
    script.at(0, .pointerMoved(Point(x: 300, y: 200)))
    script.at(0.1, .pointerMoved(Point(x: 300, y: 20)))
    script.at(0.2, .pointerMoved(Point(x: 310, y: 30)))
    script.at(0.3, .pointerMoved(Point(x: 300, y: 100)))
    script.at(0.4, .pointerMoved(Point(x: 300, y: 20)))
    script.at(0.5, .pointerLeft)
    #expect(
      script.log == [
        "0.100 hover toolbar highlighted", "0.300 hover toolbar plain",
        "0.400 hover toolbar highlighted", "0.500 hover toolbar plain",
      ])
    script.click(300, 200, down: 1, up: 1.05)
    script.at(2, .pointerMoved(Point(x: 300, y: 20)))
    #expect(script.log(from: 4) == ["1.400 tap chrome hidden"])
    #expect(!script.viewer.isToolbarHighlighted)
  }

  @Test func inputLinesCarryTheirOwnTimesWhenLogged() {
    let script = Script()
    script.viewer.reportsInput = true
    script.click(320, 240, down: 0.5, up: 0.58)
    script.advance(to: 2)
    #expect(
      script.log == [
        "0.500 pointer-down primary at (320, 240)", "0.580 pointer-up primary at (320, 240)",
        "0.930 tap chrome hidden",
      ])
  }

  @Test func timesAreSecondsWithThreeDecimals() {
    #expect(GestureReport.seconds(Timestamp(microseconds: 0)) == "0.000")
    #expect(GestureReport.seconds(Timestamp(microseconds: 430_000)) == "0.430")
    #expect(GestureReport.seconds(Timestamp(microseconds: 12_345_678)) == "12.346")
    #expect(GestureReport.seconds(Timestamp(microseconds: -1_500)) == "-0.002")
  }

  @Test func thePicturesHaveTheirRedDiscInTheMiddleAndNowhereElse() {
    for index in 0..<Viewer.pictureCount {
      let pixels = Picture.pixels(index: index, width: 640, height: 480)
      let red = pixels.indices.filter { pixels[$0] == RGB(230, 30, 40).argb }
      let xs = red.map { $0 % 640 }
      let ys = red.map { $0 / 640 }
      #expect((3900...4300).contains(red.count), "picture \(index): \(red.count) red pixels")
      #expect(xs.reduce(0, +) / red.count == 320 && ys.reduce(0, +) / red.count == 240)
    }
    #expect(Picture.pixels(index: 0, width: 640, height: 480) != Picture.pixels(index: 1, width: 640, height: 480))
  }
}

@Suite struct FingerTests {
  @Test func aFingerTapsDoubleTapsAndPansAsThePointerDoes() {
    let script = Script()
    script.at(0, .finger(id: 1, phase: .began, Point(x: 320, y: 240)))
    script.at(0.08, .finger(id: 1, phase: .ended, Point(x: 320, y: 240)))
    script.advance(to: 1)
    script.at(1, .finger(id: 2, phase: .began, Point(x: 320, y: 240)))
    script.at(1.08, .finger(id: 2, phase: .ended, Point(x: 320, y: 240)))
    script.at(1.2, .finger(id: 3, phase: .began, Point(x: 321, y: 240)))
    script.at(1.28, .finger(id: 3, phase: .ended, Point(x: 321, y: 240)))
    script.advance(to: 2)
    script.at(2, .finger(id: 4, phase: .began, Point(x: 300, y: 240)))
    script.at(2.05, .finger(id: 4, phase: .moved, Point(x: 330, y: 240)))
    script.at(2.1, .finger(id: 4, phase: .moved, Point(x: 360, y: 240)))
    script.at(2.15, .finger(id: 4, phase: .ended, Point(x: 360, y: 240)))
    script.advance(to: 3)
    let offset = script.viewer.offset
    #expect(
      script.log == [
        "0.430 tap chrome hidden", "1.280 doubleTap zoom 2x at (320, 240)", "2.050 pan began at (330, 240)",
        "2.150 pan ended translation \(offset) picture moved",
      ])
    #expect((40...60).contains(offset.x) && offset.y == 0)
  }
}

@Suite struct WaitTests {
  @Test func theAppWaitsForInputUntilTheNextTimerRoundedUpToTheMillisecond() {
    let script = Script()
    #expect(script.viewer.millisecondsUntilNextTimer(from: Timestamp(seconds: 0)) == nil)
    script.click(320, 240, down: 0, up: 0.08)
    // The double tap gives up 0.35 s after the lift; the tap is released then.
    #expect(script.viewer.millisecondsUntilNextTimer(from: Timestamp(seconds: 0.08)) == 350)
    #expect(script.viewer.millisecondsUntilNextTimer(from: Timestamp(seconds: 0.0805)) == 350)
    #expect(script.viewer.millisecondsUntilNextTimer(from: Timestamp(seconds: 0.4299)) == 1)
    #expect(script.viewer.millisecondsUntilNextTimer(from: Timestamp(seconds: 0.5)) == 0)
    #expect(script.log == [])
    script.advance(to: 0.5)
    #expect(script.log == ["0.430 tap chrome hidden"])
    #expect(script.viewer.millisecondsUntilNextTimer(from: Timestamp(seconds: 0.5)) == nil)
  }
}
