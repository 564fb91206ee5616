import Foundation
import Testing

/// The built executable, run as a user would: arguments, standard input, exit codes, streams.
@Suite("gesturectl binary")
struct BinaryTests {
  static var binary: String? {
    for configuration in ["debug", "release"] {
      let path = packageRoot + "/.build/\(configuration)/gesturectl"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  func run(_ arguments: [String], stdin: String? = nil) throws -> (code: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.binary, "build gesturectl first"))
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  @Test("trace reads the script from standard input with -")
  func stdinScript() throws {
    let script = try String(contentsOfFile: example("tap-doubletap-double.events.jsonl"), encoding: .utf8)
    let result = try run(["trace", example("tap-doubletap.scene.json"), "-", "--format", "jsonl"], stdin: script)
    #expect(result.code == 0)
    #expect(result.out.contains(#""recognizer":"doubleTap","from":"possible","to":"ended""#))
    #expect(result.err == "")
  }

  @Test("The binary's exit codes: 0, 1 for findings, 64 usage, 65 bad data, 66 cannot open")
  func exitCodes() throws {
    let files = Files()
    let cycle = files.write(
      "c.json",
      scene(
        #"[{"name": "a", "kind": "tap", "view": "V", "requireToFail": ["b"]}, {"name": "b", "kind": "tap", "view": "V", "requireToFail": ["a"]}]"#
      ))
    #expect(try run(["--version"]).code == 0)
    #expect(try run(["inspect", cycle]).code == 1)
    #expect(try run(["trace"]).code == 64)
    let bad = try run(["trace", example("tap-doubletap.scene.json"), "-"], stdin: "{\"t\": 1}\n{\"t\": 0}\n")
    #expect(bad.code == 65)
    #expect(bad.out == "")
    #expect(bad.err == "-:2:7: error: time goes backwards: 0 s after 1 s\n")
    #expect(try run(["validate", "/nonexistent.json"]).code == 66)
  }

  @Test("Output that cannot be written (a full disk) is an error: exit 74, saying why, not a silent success")
  func fullDisk() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.binary, "build gesturectl first"))
    process.arguments = ["trace", example("tap-doubletap.scene.json"), example("tap-doubletap-single.events.jsonl")]
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    process.standardOutput = full
    let error = Pipe()
    process.standardError = error
    try process.run()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(
      String(decoding: err, as: UTF8.self)
        == "gesturectl: error: cannot write the output: No space left on device\n")
  }

  @Test(
    "Every subcommand runs from the binary on the examples, and answers --help",
    arguments: [
      ["trace", "Examples/tap-doubletap.scene.json", "Examples/tap-doubletap-single.events.jsonl", "--format", "svg"],
      ["explain", "Examples/tap-doubletap.scene.json", "Examples/tap-doubletap-single.events.jsonl", "tap"],
      ["inspect", "Examples/swipe-pan.scene.json", "--format", "json"],
      ["graph", "Examples/swipe-pan.scene.json", "--format", "mermaid"],
      ["synth", "swipe", "--direction", "left"],
      ["list"],
      ["validate", "Examples/button.scene.json", "Examples/button-tap.events.jsonl"],
      ["bench", "Examples/tap-doubletap.scene.json", "Examples/tap-doubletap-double.events.jsonl", "--repeat", "2"],
    ])
  func everyCommand(_ words: [String]) throws {
    let resolved = words.map { $0.hasPrefix("Examples/") ? packageRoot + "/" + $0 : $0 }
    let result = try run(resolved)
    #expect(result.code == 0, "\(words[0]): \(result.err)")
    #expect(!result.out.isEmpty)
    let help = try run([words[0], "--help"])
    #expect(help.code == 0)
    #expect(help.out.hasPrefix("OVERVIEW: "))
  }

  @Test("synth piped into trace gives the expected recognition")
  func synthPipe() throws {
    let script = try run(["synth", "doubletap"])
    let trace = try run(["trace", example("tap-doubletap.scene.json"), "-", "--format", "jsonl"], stdin: script.out)
    #expect(
      trace.out.contains(#"{"t":0.28,"kind":"action","recognizer":"doubleTap","state":"ended","location":[200,200]}"#))
  }
}
