import GestureCore
import GestureRuntime

@testable import GestureCtlKit

// Shared by RandomizedInvariantTests and the runtime fuzz target (Tests/Fuzz): no Testing, no
// Foundation here, so Scripts/fuzz.sh can compile this file into the fuzzer as it is, with the
// test support's `SeededGenerator` beside it in the fuzzer's own module.
#if canImport(GestureTestSupport)
  import GestureTestSupport
#endif

/// Random scenes and touch scripts, written in the formats gesturectl reads, so a failing case
/// can be replayed with `gesturectl trace`.
struct RandomCase {
  var scene: String
  var events: [String]

  static func make(seed: UInt64) -> RandomCase {
    var rng = SeededGenerator(seed: seed)
    return make(using: &rng)
  }

  /// A case drawn from `rng` (a seeded generator, or the fuzzer's bytes).
  static func make<G: RandomNumberGenerator>(using rng: inout G) -> RandomCase {
    let viewCount = Int.random(in: 1...5, using: &rng)
    var views: [(name: String, parent: Int?, frame: [Int])] = [("R", nil, [0, 0, 400, 800])]
    for i in 1...viewCount {
      let parent = Int.random(in: 0..<views.count, using: &rng)
      let frame = [
        Int.random(in: 0...200, using: &rng), Int.random(in: 0...400, using: &rng),
        Int.random(in: 40...300, using: &rng), Int.random(in: 40...400, using: &rng),
      ]
      views.append(("v\(i)", parent, frame))
    }
    func viewJSON(_ index: Int) -> String {
      let view = views[index]
      let children = views.indices.filter { views[$0].parent == index }.map(viewJSON)
      var text = "{\"name\": \"\(view.name)\", \"frame\": [\(view.frame.map(String.init).joined(separator: ", "))]"
      if Int.random(in: 0..<12, using: &rng) == 0 { text += ", \"isHidden\": true" }
      if Int.random(in: 0..<12, using: &rng) == 0 { text += ", \"isMultipleTouchEnabled\": false" }
      if !children.isEmpty { text += ", \"subviews\": [\(children.joined(separator: ", "))]" }
      return text + "}"
    }
    let tree = viewJSON(0)
    let count = Int.random(in: 1...30, using: &rng)
    var recognizers: [String] = []
    let names = (0..<count).map { "g\($0)" }
    for (i, name) in names.enumerated() {
      let view = views[Int.random(in: 0..<views.count, using: &rng)].name
      var fields = "\"name\": \"\(name)\", \"view\": \"\(view)\""
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        fields +=
          ", \"kind\": \"tap\", \"numberOfTapsRequired\": \(Int.random(in: 1...3, using: &rng)), \"numberOfTouchesRequired\": \(Int.random(in: 1...2, using: &rng))"
        if Int.random(in: 0..<4, using: &rng) == 0 { fields += ", \"buttonMaskRequired\": [\"secondary\"]" }
      case 4:
        fields += ", \"kind\": \"hover\""
      case 5:
        let types = [["discrete"], ["continuous"], ["discrete", "continuous"]].randomElement(using: &rng)!
        fields +=
          ", \"kind\": \"pan\", \"allowedScrollTypesMask\": [\(types.map { "\"\($0)\"" }.joined(separator: ", "))]"
      case 1:
        let directions = ["right", "left", "up", "down"].filter { _ in Bool.random(using: &rng) }
        fields +=
          ", \"kind\": \"swipe\", \"direction\": [\((directions.isEmpty ? ["right"] : directions).map { "\"\($0)\"" }.joined(separator: ", "))]"
      case 2:
        fields += ", \"kind\": \"pan\", \"minimumNumberOfTouches\": \(Int.random(in: 1...2, using: &rng))"
      default:
        fields +=
          ", \"kind\": \"longPress\", \"minimumPressDuration\": \(Double(Int.random(in: 1...6, using: &rng)) / 10), \"numberOfTapsRequired\": \(Int.random(in: 0...1, using: &rng))"
      }
      if Int.random(in: 0..<4, using: &rng) == 0 { fields += ", \"cancelsTouchesInView\": false" }
      if Int.random(in: 0..<4, using: &rng) == 0 { fields += ", \"delaysTouchesBegan\": true" }
      if Int.random(in: 0..<5, using: &rng) == 0 { fields += ", \"delaysTouchesEnded\": false" }
      if Int.random(in: 0..<3, using: &rng) == 0 {
        let target = names[Int.random(in: 0..<count, using: &rng)]
        fields += ", \"requireToFail\": [\"\(target)\"]"  // self and cycles included on purpose
      }
      if Int.random(in: 0..<4, using: &rng) == 0 { fields += ", \"delegate\": \"d\"" }
      _ = i
      recognizers.append("{\(fields)}")
    }
    func pair() -> String {
      "[\"\(names.randomElement(using: &rng)!)\", \"\(Bool.random(using: &rng) ? "*" : names.randomElement(using: &rng)!)\"]"
    }
    let delegate =
      "{\"name\": \"d\", \"shouldRequireFailureOf\": [\(pair())], \"shouldBeRequiredToFailBy\": [\(pair())], \"shouldRecognizeSimultaneouslyWith\": [\(pair()), \(pair())], \"shouldBegin\": [\"\(names.randomElement(using: &rng)!)\"]}"
    let scene =
      "{\"format\": \"gesture-scene/1\", \"views\": [\(tree)], \"recognizers\": [\(recognizers.joined(separator: ", "))], \"delegates\": [\(delegate)]}"

    // A script: up to 3 fingers, moves, lifts, cancels, long holds, same-time events, commands.
    var events: [String] = []
    var t = 0.0
    var live: [Int: (Double, Double)] = [:]
    var nextID = 1
    // The pointer: a press (its touch id), whether it hovers, whether a trackpad scroll is on.
    var press: (id: Int, x: Double, y: Double)?
    var hovering = false
    var trackpad = false
    for _ in 0..<Int.random(in: 1...40, using: &rng) {
      if Int.random(in: 0..<4, using: &rng) == 0 {
        t += Double(Int.random(in: 0...120, using: &rng)) / 1000
        let x = Double(Int.random(in: 0...420, using: &rng))
        let y = Double(Int.random(in: 0...820, using: &rng))
        let buttons = [["primary"], ["secondary"], ["primary", "secondary"], ["tertiary"]].randomElement(using: &rng)!
        let names = "[\(buttons.map { "\"\($0)\"" }.joined(separator: ", "))]"
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1:
          guard press == nil else { continue }
          if hovering && Int.random(in: 0..<5, using: &rng) == 0 {
            events.append("{\"t\": \(t), \"hover\": \"exited\"}")
            hovering = false
          } else {
            let keys = Bool.random(using: &rng) ? ", \"modifiers\": [\"shift\"]" : ""
            events.append("{\"t\": \(t)\(keys), \"hover\": {\"x\": \(x), \"y\": \(y)}}")
            hovering = true
          }
        case 2:
          if let current = press {
            let touch = "\"id\": \(current.id), \"x\": \(x), \"y\": \(y), \"type\": \"indirectPointer\""
            if Bool.random(using: &rng) {
              events.append("{\"t\": \(t), \"buttons\": \(names), \"touches\": [{\(touch), \"phase\": \"moved\"}]}")
              press = (current.id, x, y)
            } else {
              events.append("{\"t\": \(t), \"buttons\": [], \"touches\": [{\(touch), \"phase\": \"ended\"}]}")
              press = nil
            }
          } else {
            let touch = "\"id\": \(nextID), \"x\": \(x), \"y\": \(y), \"type\": \"indirectPointer\""
            events.append("{\"t\": \(t), \"buttons\": \(names), \"touches\": [{\(touch), \"phase\": \"began\"}]}")
            press = (nextID, x, y)
            nextID += 1
            hovering = false
          }
        case 3:
          events.append(
            "{\"t\": \(t), \"scroll\": {\"x\": \(x), \"y\": \(y), \"dx\": 0, \"dy\": \(Int.random(in: -2...2, using: &rng) * 40), \"type\": \"discrete\"}}"
          )
          trackpad = false
        default:
          let phase = !trackpad ? "began" : Int.random(in: 0..<4, using: &rng) == 0 ? "ended" : "changed"
          trackpad = phase != "ended"
          events.append(
            "{\"t\": \(t), \"scroll\": {\"x\": \(x), \"y\": \(y), \"dx\": \(Int.random(in: -9...9, using: &rng)), \"dy\": \(Int.random(in: -9...9, using: &rng)), \"type\": \"continuous\", \"phase\": \"\(phase)\"}}"
          )
        }
        continue
      }
      switch Int.random(in: 0..<10, using: &rng) {
      case 0:
        t += Double(Int.random(in: 1...12, using: &rng)) / 10
        events.append("{\"t\": \(t)}")
        continue
      case 1 where !names.isEmpty:
        let command = Int.random(in: 0..<3, using: &rng)
        if command == 0 {
          events.append(
            "{\"t\": \(t), \"command\": \"setEnabled\", \"recognizer\": \"\(names.randomElement(using: &rng)!)\", \"value\": \(Bool.random(using: &rng))}"
          )
        } else if command == 1 {
          events.append(
            "{\"t\": \(t), \"command\": \"removeRecognizer\", \"recognizer\": \"\(names.randomElement(using: &rng)!)\"}"
          )
        } else if views.count > 1 {
          events.append(
            "{\"t\": \(t), \"command\": \"removeFromSuperview\", \"view\": \"\(views[Int.random(in: 1..<views.count, using: &rng)].name)\"}"
          )
        }
        continue
      default: break
      }
      if Int.random(in: 0..<3, using: &rng) != 0 { t += Double(Int.random(in: 0...120, using: &rng)) / 1000 }
      var touches: [String] = []
      if live.count < 3 && (live.isEmpty || Int.random(in: 0..<3, using: &rng) == 0) {
        let point = (Double(Int.random(in: 0...420, using: &rng)), Double(Int.random(in: 0...820, using: &rng)))
        live[nextID] = point
        touches.append("{\"id\": \(nextID), \"phase\": \"began\", \"x\": \(point.0), \"y\": \(point.1)}")
        nextID += 1
      } else if let id = live.keys.sorted().randomElement(using: &rng) {
        var point = live[id]!
        let roll = Int.random(in: 0..<10, using: &rng)
        if roll < 6 {
          point.0 += Double(Int.random(in: -40...40, using: &rng))
          point.1 += Double(Int.random(in: -40...40, using: &rng))
          live[id] = point
          touches.append(
            "{\"id\": \(id), \"phase\": \"\(roll == 0 ? "stationary" : "moved")\", \"x\": \(point.0), \"y\": \(point.1)}"
          )
        } else {
          live[id] = nil
          touches.append(
            "{\"id\": \(id), \"phase\": \"\(roll == 9 ? "cancelled" : "ended")\", \"x\": \(point.0), \"y\": \(point.1)}"
          )
        }
      }
      events.append("{\"t\": \(t), \"touches\": [\(touches.joined(separator: ", "))]}")
    }
    t += 0.05
    if let current = press {
      events.append(
        "{\"t\": \(t), \"buttons\": [], \"touches\": [{\"id\": \(current.id), \"phase\": \"ended\", \"x\": \(current.x), \"y\": \(current.y), \"type\": \"indirectPointer\"}]}"
      )
    }
    if hovering { events.append("{\"t\": \(t), \"hover\": \"exited\"}") }
    if trackpad {
      events.append(
        "{\"t\": \(t), \"scroll\": {\"x\": 0, \"y\": 0, \"dx\": 0, \"dy\": 0, \"type\": \"continuous\", \"phase\": \"ended\"}}"
      )
    }
    for id in live.keys.sorted() {
      t += 0.05
      let point = live[id]!
      events.append(
        "{\"t\": \(t), \"touches\": [{\"id\": \(id), \"phase\": \"ended\", \"x\": \(point.0), \"y\": \(point.1)}]}")
    }
    return RandomCase(scene: scene, events: events)
  }
}

/// Replays a case the way `gesturectl trace` does and checks the invariants after every
/// dispatch; returns the first violation, or nil.
func violation(of randomCase: RandomCase) -> String? {
  guard let scene = try? SceneLoader(file: "case.scene.json").load(bytes: Array(randomCase.scene.utf8)) else {
    return "the generated scene does not load"
  }
  let recorder = TraceRecorder()
  let replay = Replay(scene: scene, trace: recorder)
  var reader = EventScriptReader(
    file: "case.events.jsonl", recognizerNames: Set(scene.recognizers.map(\.recognizer.name)),
    viewNames: Set(scene.views.map(\.name)))
  var parsed: [ScriptEvent] = []
  let script = LineReader(bytes: Array(randomCase.events.joined(separator: "\n").utf8))
  do { try reader.read(from: script) { parsed.append($0) } } catch {
    return "the generated script is invalid: \(error.message)"
  }

  var checked = 0
  var viewTouches: [String: String] = [:]  // "view#touch" → last call
  var began: [String: Bool] = [:]
  func check() -> String? {
    let events = recorder.events
    var pendingActions: [String: [GestureRecognizer.State]] = [:]
    while checked < events.count {
      let event = events[checked]
      checked += 1
      switch event.kind {
      case .state(let who, let from, let to, _):
        if !GestureRecognizer.State.isLegal(from: from, to: to) { return "illegal published transition: \(event)" }
        if to != .failed { pendingActions[who, default: []].append(to) }
        if to == .began { began[who] = true }
        if to == .ended || to == .cancelled || to == .failed { began[who] = false }
      case .action(let who, let state, _, _):
        guard var queue = pendingActions[who], !queue.isEmpty, queue.removeFirst() == state else {
          return "an action without its state change: \(event)"
        }
        pendingActions[who] = queue
      case .view(let view, let call, let touches):
        for touch in touches {
          let key = "\(view)#\(touch)"
          let last = viewTouches[key]
          switch call {
          case .began:
            if let last, last != "ended", last != "cancelled" { return "touchesBegan twice: \(event)" }
          case .moved, .stationary:
            if last != "began" && last != "moved" { return "touchesMoved outside a touch's life: \(event)" }
          case .ended, .cancelled:
            if last != "began" && last != "moved" { return "a second end or an end without a beginning: \(event)" }
          }
          viewTouches[key] = call == .stationary ? "moved" : call.rawValue
        }
      default: break
      }
    }
    for (who, queue) in pendingActions where !queue.isEmpty {
      return "state changes without actions for \(who): \(queue)"
    }
    return nil
  }
  for event in parsed {
    replay.apply(event)
    if let problem = check() { return problem }
  }
  replay.finish()
  if let problem = check() { return problem }
  // The end-state invariants hold once no finger is down (a shrunk script may leave one down).
  guard replay.runtime.activeTouchCount == 0 else { return nil }
  for (who, open) in began where open { return "\(who) began and never ended or cancelled" }
  for info in scene.recognizers where info.recognizer.state != .possible {
    return "\(info.recognizer.name) is \(info.recognizer.state) with no finger down and no timer pending"
  }
  return nil
}
