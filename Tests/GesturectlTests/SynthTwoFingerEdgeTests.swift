import GestureCore
import Testing

@testable import GestureCtlKit

@Suite("gesturectl synth rotate and edgepan")
struct SynthTwoFingerEdgeTests {
  /// The state lines of the trace of `script` through `scene` (`time state recognizer from → to`,
  /// without the reasons): what decides whether a script is the gesture it names. Changes from
  /// `changed` to `changed` are the actions' lines, not listed.
  static func states(_ scene: String, _ script: String) -> [String] {
    let files = Files()
    let trace = gesturectl([
      "trace", files.write("s.scene.json", scene), files.write("e.events.jsonl", script), "--format", "text",
    ])
    return trace.out.split(separator: "\n").filter { $0.contains(" state ") }.map { line in
      line.split(separator: " ", omittingEmptySubsequences: true).prefix(6).joined(separator: " ")
    }
  }

  @Test("synth rotate turns two fingers clockwise about their centre, in steady steps")
  func rotate() {
    let result = gesturectl(["synth", "rotate", "--distance", "100", "--rotation", "90", "--duration", "0.048"])
    #expect(result.code == 0)
    #expect(
      result.out == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 150, "y": 200}, {"id": 2, "phase": "began", "x": 250, "y": 200}]}
        {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 156.699, "y": 175}, {"id": 2, "phase": "moved", "x": 243.301, "y": 225}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 175, "y": 156.699}, {"id": 2, "phase": "moved", "x": 225, "y": 243.301}]}
        {"t": 0.048, "touches": [{"id": 1, "phase": "moved", "x": 200, "y": 150}, {"id": 2, "phase": "moved", "x": 200, "y": 250}]}
        {"t": 0.048, "touches": [{"id": 1, "phase": "ended", "x": 200, "y": 150}, {"id": 2, "phase": "ended", "x": 200, "y": 250}]}

        """)
  }

  @Test("synth pinch with --rotation and --move spreads, turns and carries the fingers at once")
  func pinchTurnAndMove() {
    let result = gesturectl([
      "synth", "pinch", "--scale", "1.5", "--rotation", "-30", "--move", "60,-40", "--duration", "0.032",
    ])
    #expect(result.code == 0)
    #expect(
      result.out == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 150, "y": 200}, {"id": 2, "phase": "began", "x": 250, "y": 200}]}
        {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 169.63, "y": 196.176}, {"id": 2, "phase": "moved", "x": 290.37, "y": 163.824}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 195.048, "y": 197.5}, {"id": 2, "phase": "moved", "x": 324.952, "y": 122.5}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "ended", "x": 195.048, "y": 197.5}, {"id": 2, "phase": "ended", "x": 324.952, "y": 122.5}]}

        """)
  }

  @Test("synth edgepan lands 2 pt inside the left or top edge, or where told, and drags away from its edge")
  func edgePan() {
    #expect(
      gesturectl(["synth", "edgepan", "--distance", "30", "--duration", "0.032"]).out == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 2, "y": 200}]}
        {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 17, "y": 200}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 32, "y": 200}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "ended", "x": 32, "y": 200}]}

        """)
    #expect(
      gesturectl(["synth", "edgepan", "--edge", "top", "--x", "120", "--distance", "30", "--duration", "0.032"]).out
        == """
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 120, "y": 2}]}
        {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 120, "y": 17}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "moved", "x": 120, "y": 32}]}
        {"t": 0.032, "touches": [{"id": 1, "phase": "ended", "x": 120, "y": 32}]}

        """)
    #expect(
      gesturectl([
        "synth", "edgepan", "--edge", "right", "--x", "398", "--y", "300", "--distance", "30", "--duration", "0.016",
        "--start", "1", "--id", "7",
      ]).out == """
        {"t": 1, "touches": [{"id": 7, "phase": "began", "x": 398, "y": 300}]}
        {"t": 1.016, "touches": [{"id": 7, "phase": "moved", "x": 368, "y": 300}]}
        {"t": 1.016, "touches": [{"id": 7, "phase": "ended", "x": 368, "y": 300}]}

        """)
  }

  @Test(
    "Bad synth rotate, pinch and edgepan arguments are usage errors (exit 64) that say what is wrong",
    arguments: [
      (["rotate", "--fingers", "3"], "Error: a rotation uses two fingers, not 3"),
      (["pinch", "--fingers", "1"], "Error: a pinch uses two fingers, not 1"),
      (["rotate", "--rotation", "a lot"], "Error: option '--rotation' expects a number, found 'a lot'"),
      (["rotate", "--move", "60"], "Error: option '--move' expects two numbers dx,dy, such as 60,-40, found '60'"),
      (["pinch", "--move", "60,x"], "Error: option '--move' expects two numbers dx,dy, such as 60,-40, found '60,x'"),
      (["rotate", "--scale", "0"], "Error: option '--scale' must be greater than 0 and at most 1000, got 0"),
      (["rotate", "--duration", "0"], "Error: option '--duration' must be greater than 0 and at most 3600 s, got 0"),
      (["rotate", "--direction", "sideways"], "Error: option '--direction' expects right, left, up, down or degrees"),
      (
        ["edgepan", "--edge", "rigth"],
        "Error: option '--edge' expects left, right, top or bottom, found 'rigth' (did you mean 'right'?)"
      ),
      (["edgepan", "--edge", "right"], "Error: an edge pan from the right edge needs --x"),
      (["edgepan", "--edge", "bottom", "--x", "30"], "Error: an edge pan from the bottom edge needs --y"),
      (["edgepan", "--fingers", "2"], "Error: a screen-edge pan uses one finger, not 2"),
      (["edgepan", "--step", "-1"], "Error: option '--step' must be greater than 0 and at most 3600 s, got -1"),
      (["edgepan", "--start", "-1"], "Error: option '--start' must be from 0 to 3600 s, got -1"),
      (["edgepan", "--angle", "3"], "Error: unknown option '--angle'"),
    ])
  func badArguments(_ words: [String], _ message: String) {
    let result = gesturectl(["synth"] + words)
    #expect(result.code == 64)
    #expect(result.out == "")
    #expect(result.err.hasPrefix(message), "\(result.err)")
    // An unknown option is found before the gesture is known: the command's help.
    let help = words[1] == "--angle" ? "synth" : "synth \(words[0])"
    #expect(result.err.contains("See 'gesturectl \(help) --help'."))
  }

  @Test("synth --help names rotate and edgepan with their options")
  func help() {
    let help = gesturectl(["synth", "--help"]).out
    #expect(help.contains("USAGE: gesturectl synth <tap|doubletap|pan|swipe|longpress|pinch|rotate|edgepan|"))
    for option in ["--rotation <degrees>", "--move <dx,dy>", "--edge <edge>"] {
      #expect(help.contains("  \(option) "), "\(option)")
    }
    #expect(gesturectl(["help", "synth"]).out == help)
  }

  static let twoFingerScene = scene(
    """
    [{"name": "pinch", "kind": "pinch", "view": "V"}, {"name": "rotation", "kind": "rotation", "view": "V"},
     {"name": "back", "kind": "screenEdgePan", "view": "R", "edges": ["left"]}]
    """)

  @Test("synth rotate replays as a rotation and synth pinch as a pinch; each excludes the other")
  func rotateAndPinchReplay() {
    let rotate = gesturectl(["synth", "rotate", "--x", "200", "--y", "200"]).out
    #expect(
      Self.states(Self.twoFingerScene, rotate) == [
        "0.000 state back possible → failed",
        "0.032 state rotation possible → began",
        "0.032 state pinch possible → failed",
        "0.300 state rotation changed → ended",
      ])
    let pinch = gesturectl(["synth", "pinch", "--x", "200", "--y", "200", "--duration", "0.064"]).out
    #expect(
      Self.states(Self.twoFingerScene, pinch) == [
        "0.000 state back possible → failed",
        "0.016 state pinch possible → began",
        "0.016 state rotation possible → failed",
        "0.064 state pinch changed → ended",
      ])
  }

  @Test("synth edgepan replays as a screen-edge pan; moved along the edge, it fails the edge pan")
  func edgePanReplay() {
    let back = gesturectl(["synth", "edgepan", "--y", "100", "--duration", "0.064"]).out
    #expect(
      Self.states(Self.twoFingerScene, back) == [
        "0.016 state back possible → began",
        "0.016 state pinch possible → failed",
        "0.016 state rotation possible → failed",
        "0.064 state back changed → ended",
      ])
    let along = gesturectl(["synth", "edgepan", "--y", "100", "--direction", "down", "--duration", "0.064"]).out
    #expect(
      Self.states(Self.twoFingerScene, along) == [
        "0.016 state back possible → failed",
        "0.064 state pinch possible → failed",
        "0.064 state rotation possible → failed",
      ])
  }
}
