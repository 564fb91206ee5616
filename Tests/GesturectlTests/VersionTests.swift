import Foundation
import Testing

@testable import GestureCtlKit

/// `gesturectl --version` and CHANGELOG.md tell the same story.
@Suite("Version")
struct VersionTests {
  static func changelog() throws -> String {
    try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8)
  }

  @Test("gesturectl --version prints the package's version, a semantic version")
  func printed() {
    let result = gesturectl(["--version"])
    #expect(result.code == 0)
    #expect(result.out == "gesturectl \(GestureCtl.version)\n")
    let core = GestureCtl.version.split(separator: "-", maxSplits: 1)[0].split(separator: ".")
    #expect(core.count == 3 && core.allSatisfy { $0.allSatisfy(\.isNumber) && !$0.isEmpty }, "\(GestureCtl.version)")
    let extra = gesturectl(["--version", "extra"])
    #expect(extra.code == 64)
    #expect(extra.out == "")
    #expect(extra.err == "Error: '--version' takes no arguments, found 'extra'\n")
  }

  @Test("A development version has an Unreleased section and is not released yet; a release has its section")
  func changelogAgrees() throws {
    let headings = try Self.changelog().split(separator: "\n").filter { $0.hasPrefix("## [") }
    let version = GestureCtl.version
    if version.hasSuffix("-dev") {
      let upcoming = String(version.dropLast("-dev".count))
      #expect(headings.first == "## [Unreleased]", "\(headings)")
      #expect(!headings.contains { $0.hasPrefix("## [\(upcoming)]") }, "\(upcoming) is already released")
    } else {
      #expect(headings.contains { $0.hasPrefix("## [\(version)]") }, "CHANGELOG.md has no section for \(version)")
    }
  }
}
