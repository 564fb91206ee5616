import Foundation
import Testing

/// The behaviour reference (Docs/Gestures.docc/BehaviourReference.md) is what doc comments and
/// articles cite as §N.N: every citation must name a rule that exists there.
@Suite("Behaviour reference")
struct BehaviourReferenceTests {
  static let path = packageRoot + "/Docs/Gestures.docc/BehaviourReference.md"

  /// The rules (`### N.N Title`) and sections (`## N. Title`) of the article, as "N.N" and "N".
  static func numbers() throws -> (rules: [String], sections: [String]) {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var rules: [String] = []
    var sections: [String] = []
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count >= 2 else { continue }
      if words[0] == "###", words[1].contains("."), words[1].allSatisfy({ $0.isNumber || $0 == "." }) {
        rules.append(String(words[1]))
      } else if words[0] == "##", words[1].hasSuffix("."), words[1].dropLast().allSatisfy(\.isNumber) {
        sections.append(String(words[1].dropLast()))
      }
    }
    return (rules, sections)
  }

  /// Every `<doc:BehaviourReference> §N.N` (or `§N`) in the sources and the articles.
  static func citations() throws -> [(file: String, number: String)] {
    var found: [(String, String)] = []
    for folder in ["Sources", "Docs/Gestures.docc"] {
      let root = packageRoot + "/" + folder
      let enumerator = FileManager.default.enumerator(atPath: root)
      while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(".swift") || relative.hasSuffix(".md") else { continue }
        let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
        var rest = Substring(text)
        while let range = rest.range(of: "<doc:BehaviourReference> §") {
          let number = rest[range.upperBound...].prefix { $0.isNumber || $0 == "." }
          found.append((folder + "/" + relative, String(number.hasSuffix(".") ? number.dropLast() : number)))
          rest = rest[range.upperBound...]
        }
      }
    }
    return found
  }

  @Test("Every rule the package cites as §N.N exists in the behaviour reference")
  func citationsResolve() throws {
    let (rules, sections) = try Self.numbers()
    let citations = try Self.citations()
    #expect(citations.count >= 50, "the doc comments cite the reference")
    for citation in citations {
      #expect(
        rules.contains(citation.number) || sections.contains(citation.number),
        "\(citation.file) cites §\(citation.number), which BehaviourReference.md does not have")
    }
  }

  @Test("The rules are numbered without gaps in sections 1 to 6")
  func numbering() throws {
    let (rules, sections) = try Self.numbers()
    #expect(sections == ["1", "2", "3", "4", "5", "6"])
    for section in ["1", "2", "3", "6"] {
      let numbers = rules.filter { $0.hasPrefix(section + ".") }.map { Int($0.dropFirst(section.count + 1)) ?? 0 }
      #expect(!numbers.isEmpty && numbers == Array(1...numbers.count), "section \(section): \(numbers)")
    }
  }

  @Test("Every choice in the reference links to the page that lists the choices")
  func choicesLinked() throws {
    let text = try String(contentsOfFile: Self.path, encoding: .utf8)
    let overview = text.range(of: "## 1.")!.lowerBound
    let rules = text[overview...]
    let marked = rules.components(separatedBy: "**choice**").count - 1
    let linked = rules.components(separatedBy: "**[choice](<doc:WhereWeDifferFromUIKit>)**").count - 1
    #expect(marked == 0, "\(marked) choices without a link")
    #expect(linked >= 20)
  }
}
