public import GestureCore

extension PanGestureRecognizer {
  /// The names scenes use for ``allowedScrollTypesMask``: `discrete`, `continuous`.
  public static let scrollTypeNames: [(name: String, type: ScrollType)] = [
    ("discrete", .discrete), ("continuous", .continuous),
  ]

  /// A scroll step reached the pan (<doc:BehaviourReference> §6.4): the first begins it, with no
  /// hysteresis; each later one is a `changed`; the end of the sequence ends it. The translation
  /// adds each step's ``GestureCore/TouchEvent/scrollDelta``.
  func handleScroll(_ phase: TouchPhase, _ event: TouchEvent) {
    scrollBy(event.scrollDelta, at: event.timestamp)
    let kind = event.scrollType.map { "\($0.rawValue) scroll" } ?? "scroll"
    switch (phase, requestedState) {
    case (.began, .possible):
      setState(.began, reason: "\(kind) began")
    case (.moved, .began), (.moved, .changed):
      setState(.changed)
    case (.ended, .began), (.ended, .changed):
      setState(.ended, reason: "\(kind) ended")
    case (.ended, .possible), (.cancelled, .possible):
      setState(.failed, reason: "\(kind) ended before the pan began")
    case (.cancelled, .began), (.cancelled, .changed):
      setState(.cancelled, reason: "\(kind) was cancelled")
    default:
      break
    }
  }
}
