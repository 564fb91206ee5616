public import GestureCore
public import GestureRecognizers
public import GestureRuntime

/// The photo viewer without its window: views, recognizers and what they do to the picture.
///
/// Its gestures are an iOS photo viewer's: a single tap toggles the chrome (toolbar and status
/// line) but only once a double tap has failed; a double tap zooms in, or back out; a drag pans the
/// zoomed picture; a swipe left or right, unzoomed, turns to the next or previous picture, and a
/// slow drag does not; the wheel zooms; a long press or a secondary click opens a menu; hovering
/// over the toolbar highlights it; with a touch device, two fingers zoom, turn and move the picture
/// at once (``addTouchDeviceGestures()``). Everything it does is reported through ``onReport``.
public final class Viewer {
  /// The window's size, in points (one point is one pixel).
  public static let windowSize = Size(width: 640, height: 480)
  /// The height of the toolbar at the top.
  public static let toolbarHeight = 40.0
  /// The height of the status line at the bottom.
  public static let statusLineHeight = 24.0
  /// How many generated pictures there are.
  public static let pictureCount = 5
  /// The zoom a double tap goes to.
  public static let doubleTapZoom = 2.0
  /// The largest zoom.
  public static let maximumZoom = 4.0
  /// The zoom factor of one wheel notch.
  public static let wheelZoomStep = 1.25

  /// The runtime the input goes to.
  public let runtime: GestureRuntime
  /// The root view.
  public let window: View
  /// The picture, under everything else; all the recognizers are on it.
  public let photo: View
  /// The toolbar, shown with the chrome.
  public let toolbar: View
  /// The single tap, which requires ``doubleTap`` to fail.
  public let tap = TapGestureRecognizer(name: "tap")
  /// The double tap.
  public let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
  /// The pan, which every swipe must fail first.
  public let pan = PanGestureRecognizer(name: "pan", maximumNumberOfTouches: 1)
  /// The swipe to the next picture.
  public let swipeLeft = SwipeGestureRecognizer(name: "swipeLeft", direction: .left)
  /// The swipe to the previous picture.
  public let swipeRight = SwipeGestureRecognizer(name: "swipeRight", direction: .right)
  /// The long press that opens the menu.
  public let longPress = LongPressGestureRecognizer(name: "longPress")
  /// The secondary click that opens the menu: a tap of the secondary button.
  public let secondaryClick = TapGestureRecognizer(name: "secondaryClick")
  /// The wheel: a pan that follows scrolls and no touches.
  public let scroll = PanGestureRecognizer(name: "scroll")
  /// The hover over the toolbar.
  public let hover = HoverGestureRecognizer(name: "hover")
  private let swipeFirst = SwipeFirst()

  /// The picture shown, from 0.
  public private(set) var pictureIndex = 0
  /// The zoom, from 1 (the picture fills the window) to ``maximumZoom``.
  public private(set) var zoom = 1.0
  /// How far the zoomed picture's centre is from the window's, in points.
  public private(set) var offset = Point.zero
  /// Whether the toolbar and the status line are shown.
  public private(set) var isChromeVisible = true
  /// Where the menu is open, if it is.
  public private(set) var menuLocation: Point?
  /// The picture's rotation, in radians, clockwise on screen (two fingers turn it).
  public internal(set) var angle = 0.0
  /// Whether the pointer hovers over the toolbar.
  public private(set) var isToolbarHighlighted = false
  /// The last gesture reported, for the status line.
  public private(set) var lastGesture: GestureReport?
  /// Counts every change of what is on screen: redraw when it differs from the last one drawn.
  public private(set) var revision = 0
  /// Whether input events are reported too (`pointer-down`, `pointer-up`, …), not only gestures.
  public var reportsInput = false
  /// Called with each report, as it happens.
  public var onReport: ((GestureReport) -> Void)?

  private var panApplied = Point.zero
  /// The two-finger recognizers and their delegate, once a touch device is there.
  var touchDevice: (pinch: PinchGestureRecognizer, rotation: RotationGestureRecognizer, delegate: PinchWithRotation)?
  private var scrollApplied = Point.zero
  /// The input mapping's state (`Viewer+Input.swift`).
  var input = InputState()

  /// Creates the viewer on a clock: a manual one for tests, the window system's for the app.
  public init(clock: any GestureClock = ManualClock(), trace: (any TraceSink)? = nil) {
    let size = Self.windowSize
    window = View(name: "window", frame: Rect(origin: .zero, size: size))
    photo = View(name: "photo", frame: Rect(origin: .zero, size: size))
    toolbar = View(name: "toolbar", frame: Rect(x: 0, y: 0, width: size.width, height: Self.toolbarHeight))
    window.addSubview(photo)
    window.addSubview(toolbar)
    runtime = GestureRuntime(window: window, clock: clock, trace: trace)

    tap.require(toFail: doubleTap)
    swipeLeft.delegate = swipeFirst
    swipeRight.delegate = swipeFirst
    secondaryClick.buttonMaskRequired = .secondary
    secondaryClick.allowedTouchTypes = [.indirectPointer]  // a finger has no secondary button
    scroll.allowedScrollTypesMask = .all
    scroll.allowedTouchTypes = []
    for recognizer in [tap, doubleTap, pan, swipeLeft, swipeRight, longPress, secondaryClick, scroll]
      as [GestureRecognizer]
    {
      photo.addGestureRecognizer(recognizer)
    }
    toolbar.addGestureRecognizer(hover)
    tap.addAction { [unowned self] _ in tapped() }
    doubleTap.addAction { [unowned self] recognizer in doubleTapped(at: recognizer.location(in: window)) }
    pan.addAction { [unowned self] _ in panned() }
    swipeLeft.addAction { [unowned self] _ in turn(by: 1, reportedAs: "swipeLeft") }
    swipeRight.addAction { [unowned self] _ in turn(by: -1, reportedAs: "swipeRight") }
    longPress.addAction { [unowned self] recognizer in
      if recognizer.state == .began { openMenu(at: recognizer.location(in: window), reportedAs: "longPress") }
    }
    secondaryClick.addAction { [unowned self] recognizer in
      openMenu(at: recognizer.location(in: window), reportedAs: "secondaryClick")
    }
    scroll.addAction { [unowned self] _ in scrolled() }
    hover.addAction { [unowned self] recognizer in
      setToolbarHighlighted(recognizer.state == .began || recognizer.state == .changed)
    }
  }

  // MARK: What the gestures do

  private func tapped() {
    if menuLocation != nil {
      menuLocation = nil
      report("tap", "menu closed")
    } else {
      isChromeVisible.toggle()
      toolbar.isHidden = !isChromeVisible
      if !isChromeVisible { isToolbarHighlighted = false }
      report("tap", isChromeVisible ? "chrome shown" : "chrome hidden")
    }
  }

  private func doubleTapped(at point: Point) {
    if zoom > 1 {
      setZoom(1, about: point)
    } else {
      setZoom(Self.doubleTapZoom, about: point)
    }
    report("doubleTap", "zoom \(formatNumber(zoom))x at \(point)")
  }

  private func panned() {
    let translation = pan.translation(in: photo)
    if pan.state == .began { panApplied = .zero }
    if zoom > 1 {
      offset = clamped(offset + (translation - panApplied))
      changed()
    }
    panApplied = translation
    switch pan.state {
    case .began:
      report("pan", "began at \(pan.location(in: window))")
    case .ended, .cancelled:
      let moved = zoom > 1 ? "picture moved" : "not zoomed: picture stays"
      report("pan", "\(pan.state) translation \(translation) \(moved)")
    default:
      break
    }
  }

  private func turn(by step: Int, reportedAs name: String) {
    pictureIndex = (pictureIndex + step + Self.pictureCount) % Self.pictureCount
    changed()
    report(name, "picture \(pictureIndex + 1) of \(Self.pictureCount)")
  }

  private func openMenu(at point: Point, reportedAs name: String) {
    menuLocation = point
    changed()
    report(name, "menu at \(point)")
  }

  /// Each wheel notch up (``wheelNotch`` points of scroll) zooms in by ``wheelZoomStep``.
  private func scrolled() {
    let translation = scroll.translation(in: photo)
    if scroll.state == .began { scrollApplied = .zero }
    let notches = (translation.y - scrollApplied.y) / Self.wheelNotch
    scrollApplied = translation
    if notches != 0 { zoomByWheel(ticks: notches, at: scroll.location(in: window)) }
  }

  func zoomByWheel(ticks: Double, at point: Point) {
    var factor = 1.0
    if ticks > 0 {
      for _ in 0..<Int(ticks.rounded()) { factor *= Self.wheelZoomStep }
    } else if ticks < 0 {
      for _ in 0..<Int((-ticks).rounded()) { factor /= Self.wheelZoomStep }
    }
    setZoom(zoom * factor, about: point)
    report("scroll", "zoom \(formatNumber((zoom * 1000).rounded() / 1000))x")
  }

  private func setToolbarHighlighted(_ highlighted: Bool) {
    guard highlighted != isToolbarHighlighted else { return }
    isToolbarHighlighted = highlighted
    changed()
    report("hover", highlighted ? "toolbar highlighted" : "toolbar plain")
  }

  /// Zooms to `newZoom` (clamped to 1…``maximumZoom``) keeping the picture's point under `point`
  /// where it is; swipes turn pictures only while unzoomed.
  func setZoom(_ newZoom: Double, about point: Point) {
    let target = min(max(newZoom, 1), Self.maximumZoom)
    let centre = Point(x: Self.windowSize.width / 2, y: Self.windowSize.height / 2)
    let picturePoint = point - centre - offset
    let scale = target / zoom
    zoom = target
    offset = clamped(point - centre - Point(x: picturePoint.x * scale, y: picturePoint.y * scale))
    let unzoomed = zoom == 1
    swipeLeft.isEnabled = unzoomed
    swipeRight.isEnabled = unzoomed
    changed()
  }

  /// The offset limited so that the zoomed picture still covers the window.
  private func clamped(_ proposed: Point) -> Point {
    let limitX = (zoom - 1) * Self.windowSize.width / 2
    let limitY = (zoom - 1) * Self.windowSize.height / 2
    return Point(x: min(max(proposed.x, -limitX), limitX), y: min(max(proposed.y, -limitY), limitY))
  }

  /// Where the picture is drawn, in window coordinates.
  public var pictureFrame: Rect {
    let size = Size(width: Self.windowSize.width * zoom, height: Self.windowSize.height * zoom)
    return Rect(
      x: (Self.windowSize.width - size.width) / 2 + offset.x,
      y: (Self.windowSize.height - size.height) / 2 + offset.y,
      width: size.width, height: size.height)
  }

  func changed() { revision += 1 }

  func report(_ name: String, _ detail: String, at time: Timestamp? = nil) {
    let line = GestureReport(time: time ?? runtime.now, name: name, detail: detail)
    if !name.hasPrefix("pointer-") && !name.hasPrefix("finger-") {
      lastGesture = line
      changed()
    }
    onReport?(line)
  }
}
