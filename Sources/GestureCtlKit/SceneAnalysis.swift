import GestureCore
import GestureRecognizers

/// What a scene declares, worked out without running it: failure requirements with their origin,
/// simultaneity pairs, cycles, and findings (for `inspect` and `graph`).
struct SceneAnalysis {
  struct Requirement: Equatable {
    /// The recognizer that waits.
    let waiter: String
    /// The recognizer it waits for.
    let target: String
    /// `requireToFail`, or the delegate method that creates it.
    let origin: RequirementOrigin
    /// The delegate that answers, for delegate origins.
    let delegate: String?
    var onCycle = false
    /// Where the file declares it (the first declaration, when several make it).
    var location: Scene.Location? = nil

    var originText: String {
      guard let delegate else { return origin.description }
      return "\(origin) of \(delegate)"
    }
  }

  struct Finding: Equatable {
    enum Severity: String { case error, warning }
    let severity: Severity
    let message: String
    /// Where the scene file says what the finding is about, when one place does.
    var location: Scene.Location? = nil
  }

  let scene: Scene
  private(set) var requirements: [Requirement] = []
  private(set) var simultaneous: [(String, String, String)] = []
  private(set) var cycles: [[String]] = []
  private(set) var findings: [Finding] = []

  init(scene: Scene, catalog: RecognizerCatalog) {
    self.scene = scene
    let infos = scene.recognizers
    let names = infos.map(\.recognizer.name)
    // Looked up by name and kept in sets: a delegate's "*" pairs make N² requirements from N
    // recognizers, and each is checked once.
    var infoByName: [String: Scene.RecognizerInfo] = [:]
    for entry in infos where infoByName[entry.recognizer.name] == nil { infoByName[entry.recognizer.name] = entry }
    func info(_ name: String) -> Scene.RecognizerInfo? { infoByName[name] }
    var added = Set<[String]>()
    func add(_ requirement: Requirement) {
      if requirement.waiter == requirement.target { return }
      if added.insert([requirement.waiter, requirement.target]).inserted { requirements.append(requirement) }
    }
    var simultaneousPairs = Set<[String]>()
    for entry in infos {
      for target in entry.recognizer.failureRequirements {
        add(
          Requirement(
            waiter: entry.recognizer.name, target: target.name, origin: .requireToFail, delegate: nil,
            location: scene.requirementLocations[.requireToFail(waiter: entry.recognizer.name, target: target.name)]))
      }
    }
    for delegate in scene.delegates {
      let attached = Set(infos.filter { $0.delegateName == delegate.name }.map(\.recognizer.name))
      func expand(_ pair: (String, String)) -> [String] {
        pair.1 == "*" ? names.filter { $0 != pair.0 } : [pair.1]
      }
      func consulted(_ pair: (String, String), _ method: String) -> Bool {
        if attached.contains(pair.0) { return true }
        findings.append(
          Finding(
            severity: .warning,
            message:
              "\(delegate.name).\(method) lists [\(pair.0), \(pair.1)], but \(pair.0) does not have \(delegate.name) as its delegate: never consulted"
          ))
        return false
      }
      for (index, pair) in delegate.requireFailureOf.enumerated() where consulted(pair, "shouldRequireFailureOf") {
        let location = scene.requirementLocations[
          .delegate(delegate.name, method: "shouldRequireFailureOf", index: index)]
        for other in expand(pair) {
          add(
            Requirement(
              waiter: pair.0, target: other, origin: .shouldRequireFailureOf, delegate: delegate.name,
              location: location))
        }
      }
      for (index, pair) in delegate.beRequiredToFailBy.enumerated() where consulted(pair, "shouldBeRequiredToFailBy") {
        let location = scene.requirementLocations[
          .delegate(delegate.name, method: "shouldBeRequiredToFailBy", index: index)]
        for other in expand(pair) {
          add(
            Requirement(
              waiter: other, target: pair.0, origin: .shouldBeRequiredToFailBy, delegate: delegate.name,
              location: location))
        }
      }
      for pair in delegate.simultaneousWith where consulted(pair, "shouldRecognizeSimultaneouslyWith") {
        for other in expand(pair) where simultaneousPairs.insert([pair.0, other].sorted()).inserted {
          simultaneous.append((pair.0, other, delegate.name))
        }
      }
      for name in delegate.shouldNotBegin where !attached.contains(name) {
        findings.append(
          Finding(
            severity: .warning,
            message:
              "\(delegate.name).shouldBegin lists \(name), but \(name) does not have \(delegate.name) as its delegate: never consulted"
          ))
      }
    }
    for warning in scene.warnings {
      findings.append(Finding(severity: .warning, message: warning.message, location: warning.location))
    }
    findCycles()
    for cycle in cycles {
      // Located where the file declares the first of the cycle's requirements.
      let members = Set(cycle)
      let location = requirements.lazy.filter {
        $0.onCycle && members.contains($0.waiter) && members.contains($0.target)
      }.compactMap(\.location).first
      findings.append(
        Finding(
          severity: .error,
          message:
            "cycle of failure requirements: \((cycle + [cycle[0]]).joined(separator: " → ")); the runtime ignores these requirements and the recognizers compete by plain exclusion",
          location: location))
    }
    // Requirements that can never apply, or never resolve while a finger rests.
    for requirement in requirements {
      guard let waiter = info(requirement.waiter), let target = info(requirement.target),
        let waiterView = waiter.recognizer.view, let targetView = target.recognizer.view
      else { continue }
      if !(waiterView.isDescendant(of: targetView) || targetView.isDescendant(of: waiterView)) {
        let what =
          requirement.origin == .requireToFail
          ? "only holds while \(requirement.target) has a touch from another finger"
          : "is never asked, since the delegate is consulted only for recognizers that share a touch"
        findings.append(
          Finding(
            severity: .warning,
            message:
              "\(requirement.waiter) (on \(waiterView.name)) requires \(requirement.target) (on \(targetView.name)) to fail, but no touch reaches both views: the requirement \(what)"
          ))
      }
      if let waiterKind = catalog.kind(named: waiter.kind), let targetKind = catalog.kind(named: target.kind),
        waiterKind.recognizesWhileTouchesRest, !targetKind.canFailWhileTouchesRest
      {
        findings.append(
          Finding(
            severity: .warning,
            message:
              "\(requirement.waiter) waits for \(requirement.target), which cannot fail while a finger rests: \(requirement.waiter) (\(waiter.kind)) cannot begin until the finger moves or lifts"
          ))
      }
    }
    // Recognizers that touches cannot reach.
    for entry in infos {
      guard let view = entry.recognizer.view else { continue }
      var current: View? = view
      while let node = current {
        if node.isHidden {
          findings.append(
            Finding(
              severity: .warning,
              message:
                "\(entry.recognizer.name) is on \(view.name), \(node === view ? "which is" : "inside \(node.name), which is") hidden: no touch reaches it"
            ))
          break
        }
        if !node.isUserInteractionEnabled {
          findings.append(
            Finding(
              severity: .warning,
              message:
                "\(entry.recognizer.name) is on \(view.name), \(node === view ? "which has" : "inside \(node.name), which has") user interaction disabled: no touch reaches it"
            ))
          break
        }
        if let parent = node.superview, let index = parent.subviews.firstIndex(where: { $0 === node }) {
          if let cover = parent.subviews[(index + 1)...].first(where: { sibling in
            !sibling.isHidden && sibling.isUserInteractionEnabled && sibling.frame.contains(node.frame)
          }) {
            findings.append(
              Finding(
                severity: .warning,
                message:
                  "\(entry.recognizer.name) is on \(view.name), \(node === view ? "which is" : "inside \(node.name), which is") entirely covered by \(cover.name) in front: no touch reaches it"
              ))
            break
          }
        }
        current = node.superview
      }
      if !entry.recognizer.isEnabled {
        findings.append(Finding(severity: .warning, message: "\(entry.recognizer.name) is disabled (isEnabled false)"))
      }
      if let never = Self.neverRecognizes(entry.recognizer) {
        findings.append(Finding(severity: .warning, message: "\(entry.recognizer.name) \(never)"))
      }
    }
  }

  /// Why a built-in recognizer's own settings keep it from ever recognizing, if they do: no
  /// touch type allowed where touches are all it recognizes (a hover recognizer gets none, a pan
  /// that takes scrolls recognizes them without touches; a plug-in kind may take hover or scroll
  /// too, which cannot be told here), a screen-edge pan watching no edge, a pan that needs more
  /// fingers than it takes.
  static func neverRecognizes(_ recognizer: GestureRecognizer) -> String? {
    let scrolls = (recognizer as? PanGestureRecognizer).map { !$0.allowedScrollTypesMask.isEmpty } ?? false
    let touchesOnly =
      recognizer is TapGestureRecognizer || recognizer is SwipeGestureRecognizer
      || recognizer is LongPressGestureRecognizer || recognizer is PinchGestureRecognizer
      || recognizer is RotationGestureRecognizer || (recognizer is PanGestureRecognizer && !scrolls)
    if touchesOnly && recognizer.allowedTouchTypes.isEmpty {
      return "allows no touch type (allowedTouchTypes is empty): no touch reaches it"
    }
    if let edgePan = recognizer as? ScreenEdgePanGestureRecognizer, edgePan.edges.isEmpty {
      return "watches no edge (edges is empty): it can never begin"
    }
    // A pan that takes scrolls begins with one, whatever its touch counts.
    if let pan = recognizer as? PanGestureRecognizer, !scrolls, pan.minimumNumberOfTouches > pan.maximumNumberOfTouches
    {
      return
        "needs at least \(pan.minimumNumberOfTouches) fingers (minimumNumberOfTouches) but takes at most \(pan.maximumNumberOfTouches) (maximumNumberOfTouches): it can never begin"
    }
    return nil
  }

  /// Strongly connected components of the requirement graph, iteratively.
  private mutating func findCycles() {
    let names = scene.recognizers.map(\.recognizer.name)
    var index: [String: Int] = [:]
    for (i, name) in names.enumerated() { index[name] = i }
    var adjacency = [[Int]](repeating: [], count: names.count)
    for requirement in requirements {
      if let from = index[requirement.waiter], let to = index[requirement.target] { adjacency[from].append(to) }
    }
    let (component, sizes) = stronglyConnectedComponents(count: names.count) { adjacency[$0] }
    var components = [[Int]](repeating: [], count: sizes.count)
    for (node, c) in component.enumerated() { components[c].append(node) }
    for members in components where members.count > 1 {
      cycles.append(members.sorted().map { names[$0] })
    }
    for i in requirements.indices {
      if let from = index[requirements[i].waiter], let to = index[requirements[i].target],
        component[from] == component[to], components[component[from]].count > 1
      {
        requirements[i].onCycle = true
      }
    }
  }
}
