import Foundation
import GestureCore
import GestureRecognizers
import GestureRuntime
import Testing

/// The README's Swift example runs, prints what the README says, and is the same code as here.
@Suite("README")
struct ReadmeTests {
  @Test("The README's example prints \"tap\" once, at 0.43 s")
  func example() {
    var printed: [String] = []
    func print(_ text: String) { printed.append(text) }
    // README-BEGIN
    let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let photo = View(name: "photo", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(photo)

    let tap = TapGestureRecognizer(name: "tap")
    let doubleTap = TapGestureRecognizer(name: "doubleTap", numberOfTapsRequired: 2)
    tap.require(toFail: doubleTap)
    tap.addAction { _ in print("tap") }
    doubleTap.addAction { _ in print("double tap") }
    photo.addGestureRecognizer(tap)
    photo.addGestureRecognizer(doubleTap)

    // The runtime owns a manual clock unless given a RealClock: time moves only when told.
    let runtime = GestureRuntime(window: window)
    runtime.send(TouchInput(id: 1, phase: .began, x: 200, y: 200), at: Timestamp(seconds: 0))
    runtime.send(TouchInput(id: 1, phase: .ended, x: 200, y: 200), at: Timestamp(seconds: 0.08))
    runtime.advance(to: Timestamp(seconds: 1))  // prints "tap" at 0.43 s, once the double tap failed
    // README-END
    #expect(printed == ["tap"])
  }

  static func readFileText(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
  }

  @Test("The README shows exactly the code of this test")
  func readmeMatchesTest() throws {
    let root = String(#filePath.split(separator: "/Tests/").first!)
    let readme = try #require(Self.readFileText(root + "/README.md"))
    let source = try #require(Self.readFileText(#filePath))
    let block = try #require(section(readme, from: "<!-- example:readme -->\n```swift\n", to: "```\n<!-- end -->"))
    let body = try #require(section(source, from: "    // README-BEGIN\n", to: "    // README-END"))
    let imports = "import GestureCore\nimport GestureRecognizers\nimport GestureRuntime\n\n"
    let dedented = body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix("    ") ? String(line.dropFirst(4)) : String(line)
    }.joined(separator: "\n")
    #expect(block == imports + dedented)
  }

  func section(_ text: String, from start: String, to end: String) -> String? {
    guard let lower = text.range(of: start)?.upperBound,
      let upper = text.range(of: end, range: lower..<text.endIndex)?.lowerBound
    else { return nil }
    return String(text[lower..<upper])
  }
}
