import Foundation
import GestureCore
import GestureRecognizers
import Testing

@testable import GestureCtlKit

/// The package's transform, not Foundation's.
typealias AffineTransform = GestureCore.AffineTransform

@Suite("Scenes with bounds and transforms: hit-testing through them, and exporting them")
struct SceneGeometryTests {
  /// A photo zoomed by 1.5 and turned a quarter turn clockwise about its centre (200, 150): it
  /// covers x 125…275 and y 0…300, not its frame. A scroller whose content is scrolled down by
  /// 300: its bottom row, at 600 in the content, shows at 700 in the window, and its top row is
  /// scrolled out of it.
  static let geometryScene = """
    {"format": "gesture-scene/1",
     "views": [{"name": "window", "frame": [0, 0, 400, 800], "subviews": [
       {"name": "photo", "frame": [100, 100, 200, 100],
        "transform": {"scale": [1.5, 1.5], "rotation": 1.5707963267948966}},
       {"name": "scroller", "frame": [0, 400, 400, 400], "bounds": [0, 300, 400, 400], "subviews": [
         {"name": "topRow", "frame": [0, 0, 400, 100]},
         {"name": "bottomRow", "frame": [0, 600, 400, 100]}]}]}],
     "recognizers": [
       {"name": "windowTap", "kind": "tap", "view": "window"},
       {"name": "photoTap", "kind": "tap", "view": "photo"},
       {"name": "scrollerTap", "kind": "tap", "view": "scroller"},
       {"name": "topRowTap", "kind": "tap", "view": "topRow"},
       {"name": "bottomRowTap", "kind": "tap", "view": "bottomRow"}]}
    """

  /// One tap a second at each point, touch ids 1, 2, 3, …
  static func taps(_ points: [(Double, Double)]) -> String {
    points.enumerated().map { index, point in
      gesturectl([
        "synth", "tap", "--x", formatNumber(point.0), "--y", formatNumber(point.1), "--start", String(index), "--id",
        String(index + 1),
      ]).out
    }.joined()
  }

  /// Below the photo's frame but on the turned photo; in its frame but off the turned photo; on
  /// the scrolled bottom row; on the scroller's content where no row is; where the top row
  /// would be unscrolled, which is on the photo.
  static let tapScript = taps([(200, 280), (110, 150), (200, 750), (200, 450), (200, 150)])

  static func trace(_ sceneText: String, _ script: String, format: String = "text") -> String {
    let files = Files()
    let result = gesturectl([
      "trace", files.write("s.scene.json", sceneText), files.write("e.events.jsonl", script), "--format", format,
    ])
    #expect(result.code == 0, "\(result.err)")
    return result.out
  }

  @Test("Touches land where the transform and the bounds origin put the views, and report their own coordinates")
  func hitTestingThroughTransforms() {
    #expect(
      Self.trace(Self.geometryScene, Self.tapScript) == """
            time  what      who            detail
           0.000  touch     #1             began      (200, 280) in photo
           0.000  view      photo          touchesBegan #1
           0.080  touch     #1             ended      (200, 280) in photo
           0.080  state     photoTap       possible → ended     recognized
           0.080  state     windowTap      possible → failed    prevented by photoTap
           0.080  ▶ action  photoTap       ended      at (186.666667, 50)
           0.080  view      photo          touchesCancelled #1
           0.080  reset     photoTap
           0.080  reset     windowTap
           1.000  touch     #2             began      (110, 150) in window
           1.000  view      window         touchesBegan #2
           1.080  touch     #2             ended      (110, 150) in window
           1.080  state     windowTap      possible → ended     recognized
           1.080  ▶ action  windowTap      ended      at (110, 150)
           1.080  view      window         touchesCancelled #2
           1.080  reset     windowTap
           2.000  touch     #3             began      (200, 750) in bottomRow
           2.000  view      bottomRow      touchesBegan #3
           2.080  touch     #3             ended      (200, 750) in bottomRow
           2.080  state     bottomRowTap   possible → ended     recognized
           2.080  state     scrollerTap    possible → failed    prevented by bottomRowTap
           2.080  state     windowTap      possible → failed    prevented by bottomRowTap
           2.080  ▶ action  bottomRowTap   ended      at (200, 50)
           2.080  view      bottomRow      touchesCancelled #3
           2.080  reset     bottomRowTap
           2.080  reset     scrollerTap
           2.080  reset     windowTap
           3.000  touch     #4             began      (200, 450) in scroller
           3.000  view      scroller       touchesBegan #4
           3.080  touch     #4             ended      (200, 450) in scroller
           3.080  state     scrollerTap    possible → ended     recognized
           3.080  state     windowTap      possible → failed    prevented by scrollerTap
           3.080  ▶ action  scrollerTap    ended      at (200, 350)
           3.080  view      scroller       touchesCancelled #4
           3.080  reset     scrollerTap
           3.080  reset     windowTap
           4.000  touch     #5             began      (200, 150) in photo
           4.000  view      photo          touchesBegan #5
           4.080  touch     #5             ended      (200, 150) in photo
           4.080  state     photoTap       possible → ended     recognized
           4.080  state     windowTap      possible → failed    prevented by photoTap
           4.080  ▶ action  photoTap       ended      at (100, 50)
           4.080  view      photo          touchesCancelled #5
           4.080  reset     photoTap
           4.080  reset     windowTap

        """)
  }

  @Test("Without its transform and scroll, the same taps land elsewhere")
  func withoutGeometry() {
    let plain = Self.geometryScene
      .replacingOccurrences(
        of: #""transform": {"scale": [1.5, 1.5], "rotation": 1.5707963267948966}"#, with: #""isHidden": false"#
      )
      .replacingOccurrences(of: #""bounds": [0, 300, 400, 400]"#, with: #""isHidden": false"#)
    let lines = Self.trace(plain, Self.tapScript).split(separator: "\n").filter { $0.contains(" began ") }
    #expect(
      lines.map { String($0.split(separator: " ").last!) } == ["window", "photo", "scroller", "topRow", "photo"])
  }

  @Test("A scene with bounds and a transform exports them, and the export traces as the scene does")
  func exportRoundTrip() throws {
    let loaded = try SceneLoader(file: "geometry.scene.json").load(bytes: Array(Self.geometryScene.utf8))
    let exported = try SceneExporter().scene(of: loaded.root)
    #expect(
      exported == """
        {
          "format": "gesture-scene/1",
          "views": [
            { "name": "window", "frame": [0, 0, 400, 800], "subviews": [
              { "name": "photo", "frame": [100, 100, 200, 100], "transform": { "scale": [1.5, 1.5], "rotation": 1.5707963267948966 } },
              { "name": "scroller", "frame": [0, 400, 400, 400], "bounds": [0, 300, 400, 400], "subviews": [
                { "name": "topRow", "frame": [0, 0, 400, 100] },
                { "name": "bottomRow", "frame": [0, 600, 400, 100] }
              ]}
            ]}
          ],
          "recognizers": [
            { "name": "windowTap", "kind": "tap", "view": "window" },
            { "name": "photoTap", "kind": "tap", "view": "photo" },
            { "name": "scrollerTap", "kind": "tap", "view": "scroller" },
            { "name": "topRowTap", "kind": "tap", "view": "topRow" },
            { "name": "bottomRowTap", "kind": "tap", "view": "bottomRow" }
          ]
        }

        """)
    #expect(SchemaTests.sceneErrors(exported) == [])
    #expect(Self.trace(exported, Self.tapScript) == Self.trace(Self.geometryScene, Self.tapScript))
  }

  @Test(
    "The photo viewer built in code exports its zoomed, turned photo and replays each script as the app does",
    arguments: photoViewerScripts)
  func photoViewerRoundTrip(_ name: String) throws {
    let delegate = PhotoViewerDelegate()
    let window = makePhotoViewer(delegate: delegate)
    let exported = try SceneExporter().scene(of: window)
    #expect(
      exported.contains(
        #"{ "name": "photo", "frame": [50, 250, 300, 300], "transform": { "scale": [1.5, 1.5], "rotation": 0.5 } }"#))
    #expect(exported.contains(#"{ "name": "back", "kind": "screenEdgePan", "view": "window", "edges": ["left"] }"#))
    let script = try String(contentsOfFile: example("photo-viewer-\(name).events.jsonl"), encoding: .utf8)
    #expect(
      Self.trace(exported, script, format: "jsonl")
        == (try traceInCode(makePhotoViewer(delegate: delegate), script: script)))
  }

  @Test(
    "Each kind of transform a scene can hold exports and loads back to the same transform",
    arguments: [
      AffineTransform(translationX: 12, y: -7.5),
      AffineTransform(scaleX: 2, y: 0.5),
      AffineTransform(rotationAngle: -0.25).translatedBy(x: 30, y: 4),
      AffineTransform(scaleX: -1, y: 1),
      AffineTransform(scaleX: 3, y: 3).rotated(by: 2.5).concatenating(AffineTransform(translationX: -40, y: 9)),
    ])
  func transformsRoundTrip(_ transform: AffineTransform) throws {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let card = View(name: "card", frame: Rect(x: 20, y: 30, width: 120, height: 80))
    card.bounds.origin = Point(x: 5, y: -10)
    card.transform = transform
    window.addSubview(card)
    let exported = try SceneExporter().scene(of: window)
    let loaded = try SceneLoader(file: "card.scene.json").load(bytes: Array(exported.utf8))
    let back = try #require(loaded.view(named: "card"))
    let entries = { (t: AffineTransform) in [t.a, t.b, t.c, t.d, t.tx, t.ty] }
    for (got, want) in zip(entries(back.transform), entries(transform)) {
      #expect(abs(got - want) < 1e-9, "\(back.transform) for \(transform), exported as \(exported)")
    }
    #expect(back.bounds == card.bounds)
    #expect(abs(back.center.x - card.center.x) < 1e-9 && abs(back.center.y - card.center.y) < 1e-9)
  }

  @Test("A transform that skews cannot be a scene, and the error names the view")
  func skewIsAnError() {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let card = View(name: "card", frame: Rect(x: 20, y: 30, width: 120, height: 80))
    card.transform = AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
    window.addSubview(card)
    #expect {
      try SceneExporter().scene(of: window)
    } throws: { error in
      "\(error)"
        == "view 'card' has a transform that skews ([1 0 0.5 1 0 0]), which a scene cannot write: scale, rotation and translation only"
    }
  }

  @Test("A view whose transform and bounds origin are back to the defaults writes neither")
  func defaultsAreLeftOut() throws {
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let card = View(name: "card", frame: Rect(x: 20, y: 30, width: 120, height: 80))
    card.transform = AffineTransform(rotationAngle: 1)
    card.bounds.origin = Point(x: 0, y: 40)
    card.transform = .identity
    card.bounds.origin = .zero
    window.addSubview(card)
    #expect(try SceneExporter().scene(of: window).contains(#"{ "name": "card", "frame": [20, 30, 120, 80] }"#))
  }
}
