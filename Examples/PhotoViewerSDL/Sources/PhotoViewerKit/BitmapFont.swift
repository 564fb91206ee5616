/// A 3 × 5 pixel font for the status line, the toolbar and the menu: capitals, digits and a few
/// signs (lowercase letters are drawn as capitals, anything else as a space).
public enum BitmapFont {
  /// A glyph's width in font pixels, without the one-pixel gap after it.
  public static let glyphWidth = 3
  /// A glyph's height in font pixels.
  public static let glyphHeight = 5

  /// Each glyph's five rows, top first; bit 2 is the left column.
  private static let glyphs: [Character: [UInt8]] = [
    "A": [2, 5, 7, 5, 5], "B": [6, 5, 6, 5, 6], "C": [3, 4, 4, 4, 3], "D": [6, 5, 5, 5, 6],
    "E": [7, 4, 6, 4, 7], "F": [7, 4, 6, 4, 4], "G": [3, 4, 5, 5, 3], "H": [5, 5, 7, 5, 5],
    "I": [7, 2, 2, 2, 7], "J": [1, 1, 1, 5, 2], "K": [5, 5, 6, 5, 5], "L": [4, 4, 4, 4, 7],
    "M": [5, 7, 7, 5, 5], "N": [6, 5, 5, 5, 5], "O": [2, 5, 5, 5, 2], "P": [6, 5, 6, 4, 4],
    "Q": [2, 5, 5, 6, 3], "R": [6, 5, 6, 5, 5], "S": [3, 4, 2, 1, 6], "T": [7, 2, 2, 2, 2],
    "U": [5, 5, 5, 5, 7], "V": [5, 5, 5, 5, 2], "W": [5, 5, 7, 7, 5], "X": [5, 5, 2, 5, 5],
    "Y": [5, 5, 2, 2, 2], "Z": [7, 1, 2, 4, 7],
    "0": [7, 5, 5, 5, 7], "1": [2, 6, 2, 2, 7], "2": [6, 1, 2, 4, 7], "3": [6, 1, 2, 1, 6],
    "4": [5, 5, 7, 1, 1], "5": [7, 4, 6, 1, 6], "6": [3, 4, 7, 5, 7], "7": [7, 1, 2, 2, 2],
    "8": [7, 5, 7, 5, 7], "9": [7, 5, 7, 1, 6],
    ".": [0, 0, 0, 0, 2], ",": [0, 0, 0, 2, 4], ":": [0, 2, 0, 2, 0], "-": [0, 0, 7, 0, 0],
    "/": [1, 1, 2, 4, 4], "(": [1, 2, 2, 2, 1], ")": [4, 2, 2, 2, 4], "%": [5, 1, 2, 4, 5],
  ]

  /// The width of `text` in font pixels.
  public static func width(of text: String) -> Int {
    text.isEmpty ? 0 : text.count * (glyphWidth + 1) - 1
  }

  /// Calls `body` with the top-left corner of every lit font pixel of `text`, its origin at
  /// (0, 0), one unit per font pixel.
  public static func forEachPixel(of text: String, _ body: (_ x: Int, _ y: Int) -> Void) {
    for (index, character) in text.uppercased().enumerated() {
      guard let rows = glyphs[character] else { continue }
      for (row, bits) in rows.enumerated() {
        for column in 0..<glyphWidth where bits & (1 << (glyphWidth - 1 - column)) != 0 {
          body(index * (glyphWidth + 1) + column, row)
        }
      }
    }
  }
}
