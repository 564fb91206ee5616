import Foundation
import GestureCore
import GestureRecognizers

@testable import GestureCtlKit

/// Runs gesturectl in process and returns its exit code, standard output and error.
func gesturectl(
  _ words: [String], terminal: Bool = false, catalog: RecognizerCatalog = .standard
) -> (code: Int32, out: String, err: String) {
  let out = StringOutput()
  let err = StringOutput()
  let code = GestureCtl.run(
    words, CommandContext(stdout: out, stderr: err, stdoutIsTerminal: terminal, catalog: catalog))
  return (code, out.text, err.text)
}

/// How many times slower than a plain debug build this test run may be: `GESTURE_TIME_SCALE`
/// (Scripts/sanitize.sh sets it, as sanitized code runs many times slower), 1 when unset. The
/// suite's few wall-clock bounds are multiplied by it: they catch hangs and work that grows out of
/// proportion, not speed, which the benchmarks measure.
let wallClockScale = Double(ProcessInfo.processInfo.environment["GESTURE_TIME_SCALE"] ?? "").map { max($0, 1) } ?? 1

/// A temporary folder with files for one test; removed when dropped.
final class Files {
  let directory: String

  init() {
    directory = NSTemporaryDirectory() + "gesturectl-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) -> String {
    let path = directory + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }
}

/// The package's root folder.
let packageRoot = String(#filePath.split(separator: "/Tests/").first!)

func example(_ name: String) -> String { packageRoot + "/Examples/" + name }

/// A one-view scene with the given recognizers (JSON objects) and delegates.
func scene(_ recognizers: String, delegates: String = "[]", subviews: String = "") -> String {
  """
  {"format": "gesture-scene/1",
   "views": [{"name": "R", "frame": [0, 0, 400, 800], "subviews": [
     {"name": "V", "frame": [0, 0, 400, 400]}\(subviews.isEmpty ? "" : ", " + subviews)]}],
   "recognizers": \(recognizers),
   "delegates": \(delegates)}
  """
}
