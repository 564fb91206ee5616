import GestureCore
import Testing

/// Whether two points agree to a millionth of a point (transforms with rotations are not exact).
func close(_ a: Point, _ b: Point) -> Bool {
  abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6
}

@Suite("Views: bounds, transforms, hit-testing and conversions through them")
struct ViewGeometryTests {
  /// window (0, 0, 400, 800) ⊃ photo (100, 100, 200, 200), scaled by 2 and turned a quarter
  /// clockwise about its centre (200, 200) ⊃ corner (0, 0, 20, 20) at the photo's top-left.
  func zoomedAndRotated() -> (window: View, photo: View, corner: View) {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let photo = View(name: "photo", frame: Rect(x: 100, y: 100, width: 200, height: 200))
    let corner = View(name: "corner", frame: Rect(x: 0, y: 0, width: 20, height: 20))
    window.addSubview(photo)
    photo.addSubview(corner)
    photo.transform = AffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 2)
    return (window, photo, corner)
  }

  @Test("AffineTransform has Core Graphics' semantics: builders apply the new step first, inverted undoes")
  func affineTransform() {
    let t = AffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)
    #expect(Point(x: 1, y: 1).applying(t) == Point(x: 12, y: 3))
    let u = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 10, y: 0))
    #expect(t == u)
    #expect(close(Point(x: 1, y: 0).applying(AffineTransform(rotationAngle: .pi / 2)), Point(x: 0, y: 1)))
    #expect(close(Point(x: 7, y: -3).applying(t).applying(t.inverted()), Point(x: 7, y: -3)))
    #expect(AffineTransform(scaleX: 0, y: 0).inverted() == AffineTransform(scaleX: 0, y: 0))
    #expect(AffineTransform.identity.isIdentity && !t.isIdentity)
  }

  @Test("A zoomed and rotated view maps its bounds about its centre, as UIKit applies transform")
  func transformAboutCenter() {
    let (window, photo, corner) = zoomedAndRotated()
    // The content's top-left corner turns to the top-right of the 400 x 400 square it now covers.
    #expect(close(photo.convert(Point(x: 0, y: 0), to: nil), Point(x: 400, y: 0)))
    #expect(close(photo.convert(Point(x: 100, y: 100), to: nil), Point(x: 200, y: 200)))
    #expect(close(photo.convert(Point(x: 400, y: 0), from: nil), Point(x: 0, y: 0)))
    #expect(close(corner.convert(Point(x: 10, y: 10), to: window), Point(x: 380, y: 20)))
    #expect(close(window.convert(Point(x: 380, y: 20), to: corner), Point(x: 10, y: 10)))
    let frame = photo.frame
    #expect(close(frame.origin, Point(x: 0, y: 0)) && abs(frame.width - 400) < 1e-9 && abs(frame.height - 400) < 1e-9)
    #expect(photo.center == Point(x: 200, y: 200))
    #expect(photo.bounds == Rect(x: 0, y: 0, width: 200, height: 200))
  }

  @Test("Hit-testing goes through transforms: a point hits the view where it appears, not where its frame was")
  func hitTestThroughTransform() {
    let (window, photo, corner) = zoomedAndRotated()
    // Window (390, 10) is the photo's bounds point (5, 5), inside the corner view.
    #expect(window.hitTest(Point(x: 390, y: 10)) === corner)
    // Window (10, 10) is the photo's (5, 195): the photo, not the corner.
    #expect(window.hitTest(Point(x: 10, y: 10)) === photo)
    // Outside the transformed photo: the window itself.
    #expect(window.hitTest(Point(x: 200, y: 450)) === window)
  }

  @Test("A scrolled content view: the bounds origin moves the content, for hit-testing and conversions")
  func scrolledContent() {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let scroll = View(name: "scroll", frame: Rect(x: 0, y: 400, width: 400, height: 400))
    let row = View(name: "row", frame: Rect(x: 0, y: 650, width: 400, height: 50))
    window.addSubview(scroll)
    scroll.addSubview(row)
    #expect(window.hitTest(Point(x: 10, y: 780)) === scroll)
    scroll.bounds.origin = Point(x: 0, y: 300)
    #expect(window.hitTest(Point(x: 10, y: 780)) === row)
    #expect(row.convert(Point(x: 10, y: 780), from: nil) == Point(x: 10, y: 30))
    #expect(scroll.convert(Point(x: 0, y: 300), to: nil) == Point(x: 0, y: 400))
    #expect(row.frameInWindow == Rect(x: 0, y: 750, width: 400, height: 50))
    #expect(scroll.frame == Rect(x: 0, y: 400, width: 400, height: 400))
    // Resizing the bounds keeps the centre, as in UIKit.
    scroll.bounds.size = Size(width: 200, height: 200)
    #expect(scroll.frame == Rect(x: 100, y: 500, width: 200, height: 200))
  }

  @Test("Displacements convert with the scale and rotation only")
  func displacements() {
    let (_, photo, _) = zoomedAndRotated()
    #expect(close(photo.convertDisplacement(Point(x: 0, y: 40), from: nil), Point(x: 20, y: 0)))
    #expect(close(photo.convertDisplacement(Point(x: 20, y: 0), to: nil), Point(x: 0, y: 40)))
  }
}
