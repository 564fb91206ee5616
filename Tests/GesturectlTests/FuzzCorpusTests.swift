import Foundation
import GestureTestSupport
import Testing

@testable import GestureCtlKit

/// The fuzz targets' bodies over the committed corpus (Tests/Fuzz/corpus): every seed, every input
/// the fuzzer kept and every crash it found runs here on each test run, under the sanitizers too.
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
  static func files(_ target: String) -> [String] {
    let folder = packageRoot + "/Tests/Fuzz/corpus/" + target
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().map { folder + "/" + $0 }
  }

  @Test("Every corpus input of every target runs without breaking an invariant", arguments: FuzzTargets.names)
  func corpus(_ target: String) throws {
    let files = Self.files(target)
    #expect(files.count >= 10, "the \(target) corpus is missing")
    for file in files {
      let bytes = try #require(FileManager.default.contents(atPath: file))
      #expect(FuzzTargets.run(target, Array(bytes)) == nil, "\(file)")
    }
  }

  @Test("The runtime target decodes different bytes into different valid cases")
  func runtimeDecoding() {
    // A decoder that turned everything into one case, or into empty scripts, would pass the
    // invariant check vacuously: twenty byte strings must give twenty scenes that load, and
    // scripts with events in them.
    var scenes: Set<String> = []
    var events = 0
    for seed in UInt64(1)...20 {
      var generator = SeededGenerator(seed: seed)
      let bytes = (0..<200).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      var source = FuzzByteSource(bytes)
      let randomCase = RandomCase.make(using: &source)
      #expect(violation(of: randomCase) == nil)
      #expect((try? SceneLoader(file: "s").load(bytes: Array(randomCase.scene.utf8))) != nil)
      scenes.insert(randomCase.scene)
      events += randomCase.events.count
    }
    #expect(scenes.count == 20)
    #expect(events > 100)
  }
}
