import GestureCore

/// The views the hovering pointer was over, and the scrolls with the views under them.
struct PointerViews {
  var hovered: [String] = []
  var scrolled: [(ScrollType, String)] = []
}

extension ExplainCommand {
  /// Why a recognizer that follows hover or scroll input never took part (<doc:BehaviourReference>
  /// §6.3–6.4); nil for one that follows neither, or one a pointer press could have reached.
  static func neverReachedByPointer(
    _ name: String, recognizer: GestureRecognizer, _ seen: PointerViews, hadTouches: Bool
  ) -> String? {
    var hoverEvent = TouchEvent(timestamp: .zero, allTouches: [])
    hoverEvent.type = .hover
    let takesHover = recognizer.shouldReceive(hoverEvent)
    var scrollTypes: [ScrollType] = []
    for type in ScrollType.allCases {
      var event = TouchEvent(timestamp: .zero, allTouches: [])
      event.type = .scroll
      event.scrollType = type
      if recognizer.shouldReceive(event) { scrollTypes.append(type) }
    }
    guard let view = recognizer.view, !recognizer.allowedTouchTypes.isEmpty || takesHover else { return nil }
    var reasons: [String] = []
    if !recognizer.isEnabled { reasons.append("it is disabled (isEnabled false)") }
    func unique(_ names: [String]) -> String {
      names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ")
    }
    if takesHover {
      if seen.hovered.isEmpty {
        reasons.append("the script has no hover input")
      } else if reasons.isEmpty {
        reasons.append(
          "the pointer hovered over \(unique(seen.hovered)), and \(name) is on \(view.name), which none of them is or is inside"
        )
      }
      let because = reasons.joined(separator: "; ")
      return "\(name) never saw the pointer hover over its view, so it never left possible: \(because)."
    }
    guard !seen.scrolled.isEmpty, !hadTouches else { return nil }
    let types = Set(seen.scrolled.map(\.0))
    if scrollTypes.isEmpty {
      reasons.append(
        "the script has only scrolls, and it takes none (a pan takes those its allowedScrollTypesMask allows)")
    } else if types.isDisjoint(with: scrollTypes) {
      reasons.append(
        "the script has only \(types.map(\.rawValue).sorted().joined(separator: ", ")) scrolls, and it takes only \(scrollTypes.map(\.rawValue).joined(separator: ", ")) ones"
      )
    } else {
      return nil
    }
    return "\(name) never received a touch or a scroll, so it never left possible: \(reasons.joined(separator: "; "))."
  }
}
