import Foundation
import Testing

@testable import GestureCtlKit

/// Examples/CheckMark, an app's own gesturectl, carries the article's recognizer and kind; it is
/// built and run, and its output compared with the article's, by Scripts/test.sh.
@Suite("The check-mark example package")
struct CheckMarkExampleTests {
  static let sources = packageRoot + "/Examples/CheckMark/Sources/checkmarkctl/"

  @Test(
    "Its recognizer and kind are the article's code, verbatim",
    arguments: [
      ("CheckMarkGestureRecognizer.swift", "check-mark"), ("CheckMarkGestureRecognizer+Kind.swift", "check-mark-kind"),
    ])
  func sameCode(_ file: String, _ snippet: String) throws {
    let source = try String(contentsOfFile: Self.sources + file, encoding: .utf8)
    var code = try #require(DocsTests.snippet(snippet))
    if let test = code.range(of: "\n\n/// The catalog of a tool") { code = String(code[..<test.lowerBound]) }
    #expect(source.contains(code + "\n"), "\(file) differs from the snippet \(snippet)")
  }

  @Test("The article prints the command that runs the example's gesturectl on the article's files")
  func articleCommand() throws {
    let article = try String(
      contentsOfFile: packageRoot + "/Docs/Gestures.docc/WritingACustomRecognizer.md", encoding: .utf8)
    let command =
      "swift run --package-path Examples/CheckMark checkmarkctl trace Examples/checkmark.scene.json Examples/checkmark.events.jsonl"
    #expect(
      article.contains(
        "```sh\n\(command)\n```\n\n<!-- output[checkMark]: gesturectl trace Examples/checkmark.scene.json Examples/checkmark.events.jsonl -->"
      ))
  }
}
