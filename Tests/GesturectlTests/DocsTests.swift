import Foundation
import GestureCore
import Testing

@testable import GestureCtlKit

/// Keeps the documentation from going stale. In the articles of Docs/Gestures.docc, a fenced
/// block right after one of these markers must equal what the marker names:
///
/// - `<!-- snippet: NAME -->`: the code between `// snippet: NAME` and `// end-snippet` in
///   DocSnippets.swift (compiled and tested);
/// - `<!-- file: PATH -->`: the file at PATH, relative to the package;
/// - `<!-- output: gesturectl ARGS -->` (or `output[checkMark]`, with the check mark registered):
///   what gesturectl prints, run in process from the package folder.
///
/// And a line `gesturectl synth ARGS > PATH` in an article's code blocks says which command wrote
/// the script at PATH: the file must be what the command writes.
///
/// `UPDATE_DOCS=1 swift test --filter DocsTests` rewrites the blocks from their sources, and the
/// scripts from their commands (Scripts/update-docs.sh; run it twice when a script changed, so
/// that the traces shown of it follow).
@Suite("Documentation")
struct DocsTests {
  static let catalogFolder = packageRoot + "/Docs/Gestures.docc"

  struct Block {
    let marker: String
    let argument: String
    let contentRange: Range<Int>
  }

  static func articles() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: catalogFolder)) ?? []
    return files.filter { $0.hasSuffix(".md") }.sorted().map { catalogFolder + "/" + $0 }
  }

  static func blocks(in lines: [String]) -> [Block] {
    var result: [Block] = []
    var index = 0
    while index < lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      index += 1
      guard line.hasPrefix("<!-- "), line.hasSuffix(" -->"), let colon = line.firstIndex(of: ":") else { continue }
      let marker = String(line[line.index(line.startIndex, offsetBy: 5)..<colon])
      guard ["snippet", "file", "output", "output[checkMark]"].contains(marker) else { continue }
      let argument = line[line.index(after: colon)..<line.index(line.endIndex, offsetBy: -4)]
        .trimmingCharacters(in: .whitespaces)
      guard index < lines.count, lines[index].hasPrefix("```") else { continue }
      let start = index + 1
      var end = start
      while end < lines.count && lines[end] != "```" { end += 1 }
      result.append(Block(marker: marker, argument: argument, contentRange: start..<end))
      index = end + 1
    }
    return result
  }

  static func snippet(_ name: String) -> String? {
    guard
      let source = try? String(
        contentsOfFile: packageRoot + "/Tests/GesturectlTests/DocSnippets.swift", encoding: .utf8)
    else { return nil }
    let lines = source.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet: \(name)" })
    else {
      return nil
    }
    let indent = lines[start].prefix { $0 == " " }.count
    var body: [String] = []
    for line in lines[(start + 1)...] {
      if line.trimmingCharacters(in: .whitespaces) == "// end-snippet" { break }
      body.append(line.count >= indent ? String(line.dropFirst(indent)) : line.trimmingCharacters(in: .whitespaces))
    }
    return body.joined(separator: "\n")
  }

  static func expected(_ block: Block) -> String? {
    switch block.marker {
    case "snippet":
      return snippet(block.argument)
    case "file":
      guard let text = try? String(contentsOfFile: packageRoot + "/" + block.argument, encoding: .utf8) else {
        return nil
      }
      return text.hasSuffix("\n") ? String(text.dropLast()) : text
    default:
      var words = block.argument.split(separator: " ").map(String.init)
      guard words.first == "gesturectl" else { return nil }
      words.removeFirst()
      let resolved = words.map { word in
        FileManager.default.fileExists(atPath: packageRoot + "/" + word) ? packageRoot + "/" + word : word
      }
      let catalog = block.marker == "output[checkMark]" ? catalogWithCheckMark() : .standard
      let result = gesturectl(resolved, terminal: false, catalog: catalog)
      let text = (result.out + result.err).replacingOccurrences(of: packageRoot + "/", with: "")
      return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
  }

  @Test("Every marked block in the articles matches its source", arguments: articles())
  func article(_ path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let update = ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1"
    for block in Self.blocks(in: lines).reversed() {
      let source = try #require(Self.expected(block), "\(path): no source for \(block.marker): \(block.argument)")
      let shown = lines[block.contentRange].joined(separator: "\n")
      if update {
        lines.replaceSubrange(block.contentRange, with: source.components(separatedBy: "\n"))
      } else {
        #expect(shown == source, "\(path): the block for \(block.marker): \(block.argument) differs from its source")
      }
    }
    if update { try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8) }
  }

  /// The `gesturectl synth ARGS > PATH` lines of an article: each script it says synth wrote,
  /// with synth's words and the path relative to the package.
  static func synthCommands(in text: String) -> [(words: [String], path: String)] {
    text.components(separatedBy: "\n").compactMap { line in
      guard line.hasPrefix("gesturectl synth "), let arrow = line.range(of: " > ") else { return nil }
      let command = line[line.index(line.startIndex, offsetBy: "gesturectl ".count)..<arrow.lowerBound]
      return (
        command.split(separator: " ").map(String.init), line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
      )
    }
  }

  @Test("Every script an article says synth wrote is what synth writes", arguments: articles())
  func synthScripts(_ path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for (words, file) in Self.synthCommands(in: text) {
      let result = gesturectl(words)
      let command = "gesturectl " + words.joined(separator: " ")
      #expect(result.code == 0, "\(path): \(command): \(result.err)")
      if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
        try result.out.write(toFile: packageRoot + "/" + file, atomically: true, encoding: .utf8)
      }
      let stored = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
      #expect(stored == result.out, "\(path): \(file) is not what '\(command)' writes")
    }
  }

  @Test("The catalog has the landing page, a page per module and every article the plan names")
  func catalogPages() {
    let names = Set(Self.articles().map { ($0 as NSString).lastPathComponent })
    for page in [
      "Gestures.md", "GestureRecognizers.md", "GestureRuntime.md", "GettingStarted.md",
      "RecognizerStates.md", "PreferringOneGestureOverAnother.md", "RecognizingGesturesSimultaneously.md",
      "DeliveringTouchesToViews.md", "WritingACustomRecognizer.md", "TestingWithTheManualClock.md",
      "TracingWithGesturectl.md", "WhereWeDifferFromUIKit.md", "BuildingAPhotoViewer.md",
    ] {
      #expect(names.contains(page), "\(page)")
    }
  }
}
