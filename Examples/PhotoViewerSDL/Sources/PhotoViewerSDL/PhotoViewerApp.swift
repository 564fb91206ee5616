import CSDL2
import GestureCore
import GestureRuntime
import PhotoViewerKit

/// The app: an SDL window showing a ``Viewer``, SDL's events handed to it with their SDL
/// timestamps, and a wait for the next event that ends at the runtime's next timer deadline, so
/// that a single tap is reported when the double tap gives up, with no input to wake the loop.
final class PhotoViewerApp {
  /// `SDL_WaitEventTimeout`'s timeout for "until an event comes": with no timer pending the runtime
  /// has nothing to do before the next input.
  static let untilInput: Int32 = -1

  let viewer: Viewer
  let clock: SDLClock
  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private var pictures: [Int: OpaquePointer] = [:]
  var events = SDLEvents()
  var drawnRevision = -1

  /// Opens the window; nil (with SDL's error) if SDL cannot.
  init?(clock: SDLClock, viewer: Viewer) {
    let size = Viewer.windowSize
    guard
      let window = SDL_CreateWindow(
        "Photo Viewer", 0, 0, Int32(size.width), Int32(size.height), SDL_WINDOW_SHOWN.rawValue)
    else { return nil }
    guard let renderer = SDL_CreateRenderer(window, -1, 0) else {
      SDL_DestroyWindow(window)
      return nil
    }
    self.window = window
    self.renderer = renderer
    self.clock = clock
    self.viewer = viewer
  }

  deinit {
    for texture in pictures.values { SDL_DestroyTexture(texture) }
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  // MARK: Drawing

  func draw() {
    let size = Viewer.windowSize
    setColour(RGB(0, 0, 0))
    SDL_RenderClear(renderer)
    let frame = viewer.pictureFrame
    var destination = SDL_Rect(
      x: Int32(frame.minX.rounded()), y: Int32(frame.minY.rounded()),
      w: Int32(frame.width.rounded()), h: Int32(frame.height.rounded()))
    if let texture = picture(viewer.pictureIndex) {
      SDL_RenderCopyEx(renderer, texture, nil, &destination, viewer.angle * 180 / Double.pi, nil, SDL_FLIP_NONE)
    }
    if viewer.isChromeVisible {
      let toolbarColour = viewer.isToolbarHighlighted ? RGB(60, 110, 190) : RGB(28, 32, 44)
      fill(Rect(x: 0, y: 0, width: size.width, height: Viewer.toolbarHeight), toolbarColour)
      text("PHOTOS", x: 14, y: 10, scale: 4, RGB(240, 240, 240))
      for (index, label) in ["SHARE", "EDIT", "INFO"].enumerated() {
        let x = size.width - Double(3 - index) * 96 - 8
        fill(Rect(x: x, y: 8, width: 88, height: 24), RGB(70, 78, 96))
        text(label, x: x + 8, y: 14, scale: 3, RGB(230, 230, 230))
      }
      let statusTop = size.height - Viewer.statusLineHeight
      fill(Rect(x: 0, y: statusTop, width: size.width, height: Viewer.statusLineHeight), RGB(16, 16, 20))
      var status = "PICTURE \(viewer.pictureIndex + 1)/\(Viewer.pictureCount)  ZOOM \(zoomText)X"
      if let last = viewer.lastGesture { status += "  \(last.name): \(last.detail)" }
      text(status, x: 8, y: statusTop + 6, scale: 2, RGB(220, 220, 200))
    }
    if let menu = viewer.menuLocation {
      let box = Rect(x: min(menu.x, size.width - 130), y: min(menu.y, size.height - 100), width: 120, height: 92)
      fill(box, RGB(235, 235, 235))
      for (index, item) in ["SHARE", "COPY", "DELETE"].enumerated() {
        text(item, x: box.minX + 12, y: box.minY + 12 + Double(index) * 26, scale: 3, RGB(30, 30, 30))
      }
    }
    SDL_RenderPresent(renderer)
  }

  private var zoomText: String {
    let tenths = Int((viewer.zoom * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// The texture of picture `index`, generated the first time it is shown.
  private func picture(_ index: Int) -> OpaquePointer? {
    if let texture = pictures[index] { return texture }
    let width = Int(Viewer.windowSize.width)
    let height = Int(Viewer.windowSize.height)
    guard
      let texture = SDL_CreateTexture(
        renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
        Int32(width), Int32(height))
    else { return nil }
    let pixels = Picture.pixels(index: index, width: width, height: height)
    pixels.withUnsafeBytes { bytes in
      _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(width * 4))
    }
    pictures[index] = texture
    return texture
  }

  private func setColour(_ colour: RGB) {
    SDL_SetRenderDrawColor(renderer, colour.red, colour.green, colour.blue, 255)
  }

  private func fill(_ rect: Rect, _ colour: RGB) {
    setColour(colour)
    var sdlRect = SDL_Rect(x: Int32(rect.minX), y: Int32(rect.minY), w: Int32(rect.width), h: Int32(rect.height))
    SDL_RenderFillRect(renderer, &sdlRect)
  }

  private func text(_ string: String, x: Double, y: Double, scale: Int32, _ colour: RGB) {
    var rects: [SDL_Rect] = []
    BitmapFont.forEachPixel(of: string) { fx, fy in
      rects.append(
        SDL_Rect(x: Int32(x) + Int32(fx) * scale, y: Int32(y) + Int32(fy) * scale, w: scale, h: scale))
    }
    setColour(colour)
    SDL_RenderFillRects(renderer, rects, Int32(rects.count))
  }
}
