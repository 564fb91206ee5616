/// The viewer's pictures, generated in code: a sky and hills in each picture's colours, a grid, a
/// red disc in the middle and the picture's number.
///
/// The red disc is the only red on screen, so that a test can find the picture's zoom and
/// position in a screenshot from the disc's area and centre.
public enum Picture {
  /// The disc's radius in picture pixels.
  public static let discRadius = 36

  /// The pixels of picture `index` (from 0), `width` × `height`, row by row, as 0xAARRGGBB.
  public static func pixels(index: Int, width: Int, height: Int) -> [UInt32] {
    let palettes: [(sky: RGB, ground: RGB)] = [
      (RGB(70, 130, 200), RGB(40, 110, 60)),
      (RGB(120, 90, 170), RGB(30, 80, 110)),
      (RGB(40, 160, 170), RGB(90, 120, 40)),
      (RGB(200, 180, 90), RGB(60, 90, 80)),
      (RGB(90, 100, 130), RGB(20, 60, 90)),
    ]
    let palette = palettes[((index % palettes.count) + palettes.count) % palettes.count]
    var pixels = [UInt32](repeating: 0, count: width * height)
    let phase = Double(index) * 1.3
    for y in 0..<height {
      for x in 0..<width {
        let horizon = Double(height) * 0.62 + 24 * sine(Double(x) / 70 + phase)
        var colour: RGB
        if Double(y) < horizon {
          colour = palette.sky.scaled(0.75 + 0.4 * Double(y) / Double(height))
        } else {
          colour = palette.ground.scaled(1.1 - 0.4 * (Double(y) - horizon) / Double(height))
        }
        if x % 40 == 0 || y % 40 == 0 { colour = colour.scaled(0.8) }
        pixels[y * width + x] = colour.argb
      }
    }
    let centreX = width / 2
    let centreY = height / 2
    for y in max(0, centreY - discRadius)...min(height - 1, centreY + discRadius) {
      for x in max(0, centreX - discRadius)...min(width - 1, centreX + discRadius) {
        let dx = x - centreX
        let dy = y - centreY
        if dx * dx + dy * dy <= discRadius * discRadius { pixels[y * width + x] = RGB(230, 30, 40).argb }
      }
    }
    let scale = 10
    BitmapFont.forEachPixel(of: String(index + 1)) { fx, fy in
      for y in (40 + fy * scale)..<(40 + (fy + 1) * scale) where y < height {
        for x in (40 + fx * scale)..<(40 + (fx + 1) * scale) where x < width {
          pixels[y * width + x] = RGB(245, 245, 235).argb
        }
      }
    }
    return pixels
  }

  /// A sine good enough for hills, so that the viewer needs no math library.
  static func sine(_ value: Double) -> Double {
    let twoPi = 6.283185307179586
    var x = value - (value / twoPi).rounded(.down) * twoPi - twoPi / 2  // -π…π, shifted by π
    x = -x  // sin(x + π) = -sin(x)
    let x2 = x * x
    return x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110)))))
  }
}

/// A colour of the pictures and the chrome.
public struct RGB: Hashable, Sendable {
  /// The red component.
  public var red: UInt8
  /// The green component.
  public var green: UInt8
  /// The blue component.
  public var blue: UInt8

  /// Creates a colour.
  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The colour made brighter or darker by `factor`, each component capped at 255.
  public func scaled(_ factor: Double) -> RGB {
    func scale(_ value: UInt8) -> UInt8 { UInt8(min(255, max(0, (Double(value) * factor).rounded()))) }
    return RGB(scale(red), scale(green), scale(blue))
  }

  /// The colour as an opaque 0xAARRGGBB pixel.
  public var argb: UInt32 { 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}
