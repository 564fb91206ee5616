public import GestureCore

/// A pan that begins only from an edge of the window (UIKit's
/// `UIScreenEdgePanGestureRecognizer`); continuous (<doc:BehaviourReference> §4).
///
/// It is a ``PanGestureRecognizer`` with one finger that begins only if its touch landed within
/// ``edgeWidth`` points of one of its ``edges`` of the window (the root view's bounds, in window
/// coordinates), and the movement that reaches the hysteresis points away from that edge, into the
/// window: its component into the window is positive and at least as large as the component along
/// the edge. Otherwise it fails: at the touch-down when the touch is not near one of its edges,
/// or when the hysteresis is reached in another direction. Afterwards it behaves as a pan.
///
/// It is written as any subclass of an open built-in recognizer would be: it overrides
/// `touchesBegan(_:with:)` and the pan's ``PanGestureRecognizer/shouldBegin(afterMoving:)``.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
  /// Default for ``edgeWidth``: 20 points.
  public static let defaultEdgeWidth = 20.0

  /// The edges of the window a touch may start from (UIKit's `edges`); none by default, so that
  /// it recognizes nothing until told (UIKit asks for the edges before the recognizer is added).
  public var edges: RectEdge {
    get { storedEdges }
    set { storedEdges = newValue }
  }
  /// How far from an edge, in points, a touch may land (a threshold UIKit does not expose).
  public var edgeWidth: Double {
    get { storedEdgeWidth }
    set { storedEdgeWidth = newValue }
  }

  /// The edges the current touch landed near.
  private var startEdges: RectEdge = []

  // The settings' storage, private, so that this module sees every access to it and proves
  // those accesses exclusive (in a build with exclusivity checks on, a public stored property is
  // checked at run time at every access).
  private var storedEdges: RectEdge = []
  private var storedEdgeWidth: Double = ScreenEdgePanGestureRecognizer.defaultEdgeWidth

  /// Creates a screen-edge pan recognizer for `edges`.
  public init(name: String = "", edges: RectEdge = []) {
    self.storedEdges = edges
    super.init(name: name, minimumNumberOfTouches: 1, maximumNumberOfTouches: 1)
  }

  /// False for this class, which decides no failure requirements itself; true for a subclass,
  /// which may override ``GestureCore/GestureRecognizer/shouldRequireFailure(of:)`` or
  /// ``GestureCore/GestureRecognizer/shouldBeRequiredToFail(by:)``.
  open override var asksForDynamicFailureRequirements: Bool {
    type(of: self) != ScreenEdgePanGestureRecognizer.self
  }

  /// Fails unless the first touch landed within ``edgeWidth`` of one of ``edges``; then tracks it
  /// as a pan does.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    if requestedState == .possible && startEdges.isEmpty && numberOfTouches == touches.count {
      let window = view?.root.frameInWindow ?? .zero
      let point = touch(at: 0).locationInWindow
      var near: RectEdge = []
      if point.x - window.minX <= edgeWidth { near.insert(.left) }
      if window.maxX - point.x <= edgeWidth { near.insert(.right) }
      if point.y - window.minY <= edgeWidth { near.insert(.top) }
      if window.maxY - point.y <= edgeWidth { near.insert(.bottom) }
      startEdges = near.intersection(edges)
      if startEdges.isEmpty {
        let why =
          edges.isEmpty
          ? "it has no edges to begin from"
          : "more than \(formatNumber(edgeWidth)) pt from its \(Self.describe(edges))"
        setState(.failed, reason: "touched down at \(point), \(why)")
        return
      }
    }
    super.touchesBegan(touches, with: event)
  }

  /// Begins only when the movement points into the window from an edge the touch landed near;
  /// fails otherwise.
  open override func shouldBegin(afterMoving displacement: Point) -> Bool {
    let inward: [(RectEdge, Double, Double)] = [
      (.left, displacement.x, displacement.y), (.right, -displacement.x, displacement.y),
      (.top, displacement.y, displacement.x), (.bottom, -displacement.y, displacement.x),
    ]
    for (edge, into, along) in inward where startEdges.contains(edge) && into > 0 && into >= abs(along) {
      return true
    }
    setState(.failed, reason: "moved \(displacement), not into the window from its \(Self.describe(startEdges))")
    return false
  }

  /// "left edge", "left and bottom edges", "top, left and bottom edges": for the trace's reasons.
  static func describe(_ edges: RectEdge) -> String {
    let names = RectEdge.named.filter { edges.contains($0.edge) }.map(\.name)
    guard let last = names.last else { return "edges" }
    if names.count == 1 { return "\(last) edge" }
    return names.dropLast().joined(separator: ", ") + " and \(last) edges"
  }

  /// Forgets the edges the last touch landed near, and resets the pan.
  open override func reset() {
    startEdges = []
    super.reset()
  }
}
