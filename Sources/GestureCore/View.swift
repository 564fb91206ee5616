/// A rectangular area that receives touches and holds gesture recognizers (UIKit's `UIView`).
///
/// Views form a tree. A view's `frame` is in its superview's coordinates (the root's frame is in
/// window coordinates); later subviews are in front of earlier ones. Subclass a view and override
/// the four touch methods to receive touches the way UIKit views do; override
/// ``gestureRecognizerShouldBegin(_:)`` to veto a recognizer (<doc:BehaviourReference> §2.12).
open class View {
  /// A name for traces and diagnostics.
  public final var name: String
  /// The position and size in the superview's coordinates, in points.
  public final var frame: Rect
  /// Whether the view and its subtree are hidden from hit-testing (<doc:BehaviourReference> §2.1).
  public final var isHidden = false
  /// Whether the view and its subtree take part in hit-testing (<doc:BehaviourReference> §2.1).
  public final var isUserInteractionEnabled = true
  /// Whether the view receives more than one of its touches at a time (<doc:BehaviourReference> §2.7).
  public final var isMultipleTouchEnabled = true
  /// The subviews, back to front.
  public final private(set) var subviews: [View] = []
  // Unchecked unowned (see `UnownedRecognizer`): a view's `deinit` unlinks its subviews.
  /// The view that contains this one.
  public final private(set) unowned(unsafe) var superview: View?
  /// The recognizers attached to this view, in the order they were added.
  public final private(set) var gestureRecognizers: [GestureRecognizer] = []

  /// The runtime that dispatches touches to this tree; set on the root only. Unchecked unowned:
  /// the runtime's `deinit` clears it.
  package final unowned(unsafe) var host: (any GestureHost)? {
    didSet { hostIdentifier = host.map { ObjectIdentifier($0) } }
  }
  /// The host's identity, comparable in the host's `deinit`, when `host` can no longer be read.
  package final private(set) var hostIdentifier: ObjectIdentifier?
  /// How many touches the view has been told about that have not ended (runtime bookkeeping).
  package final var activeTouchCount = 0
  /// Scratch mark used by the runtime to group view calls without allocating.
  package final var runtimeMark = 0

  /// Creates a view with a name and a frame in its future superview's coordinates.
  public init(name: String = "", frame: Rect) {
    self.name = name
    self.frame = frame
  }

  deinit {
    // Back-references are unowned (no side-table reference counts); unlink them here.
    for child in subviews { child.superview = nil }
    for recognizer in gestureRecognizers { recognizer.attach(to: nil) }
  }

  /// The view's own coordinate space: its size at the origin.
  public final var bounds: Rect { Rect(origin: .zero, size: frame.size) }

  /// The root of the tree this view belongs to.
  public final var root: View {
    var view = self
    while let parent = view.superview { view = parent }
    return view
  }

  /// The number of superviews above this view.
  public final var depth: Int {
    var count = 0
    var view = self
    while let parent = view.superview {
      count += 1
      view = parent
    }
    return count
  }

  /// Whether this view is `other` or one of its descendants.
  public final func isDescendant(of other: View) -> Bool {
    var view: View? = self
    while let current = view {
      if current === other { return true }
      view = current.superview
    }
    return false
  }

  // MARK: Hierarchy

  /// Adds `view` as the front-most subview, removing it from its previous superview first.
  public final func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` among the subviews at `index` (0 is the back), removing it from its previous
  /// superview first. The index is clamped to the valid range.
  public final func insertSubview(_ view: View, at index: Int) {
    precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
    if view.superview != nil { view.removeFromSuperview() }
    subviews.insert(view, at: max(0, min(index, subviews.count)))
    view.superview = self
  }

  /// Detaches the view (and its subtree) from its superview.
  ///
  /// Recognizers in the subtree that are tracking touches are cancelled and reset, and touches
  /// hit-tested into the subtree are cancelled for their views (<doc:BehaviourReference> §2.6).
  public final func removeFromSuperview() {
    guard let parent = superview else { return }
    let host = root.host
    host?.viewWillBeRemoved(self)
    parent.subviews.removeAll { $0 === self }
    superview = nil
  }

  // MARK: Recognizers

  /// Attaches a recognizer; a recognizer belongs to at most one view.
  public final func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    if let previous = recognizer.view {
      if previous === self { return }
      previous.removeGestureRecognizer(recognizer)
    }
    recognizer.additionOrder = (gestureRecognizers.last?.additionOrder ?? 0) + 1
    gestureRecognizers.append(recognizer)
    recognizer.attach(to: self)
  }

  /// Detaches a recognizer; if it is tracking touches it is cancelled and reset first
  /// (<doc:BehaviourReference> §2.6).
  public final func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    guard recognizer.view === self else { return }
    let host = root.host
    host?.recognizerWillBeRemoved(recognizer)
    gestureRecognizers.removeAll { $0 === recognizer }
    recognizer.attach(to: nil)
  }

  // MARK: Coordinates and hit-testing

  /// The view's origin in window coordinates.
  public final var originInWindow: Point {
    var point = frame.origin
    var view = superview
    while let current = view {
      point = point + current.frame.origin
      view = current.superview
    }
    return point
  }

  /// The view's frame in window coordinates.
  public final var frameInWindow: Rect { Rect(origin: originInWindow, size: frame.size) }

  /// Converts `point` from this view's coordinates to `view`'s (window coordinates when nil).
  public final func convert(_ point: Point, to view: View?) -> Point {
    let inWindow = point + originInWindow
    guard let view else { return inWindow }
    return inWindow - view.originInWindow
  }

  /// Converts `point` from `view`'s coordinates (window coordinates when nil) to this view's.
  public final func convert(_ point: Point, from view: View?) -> Point {
    let inWindow = view.map { point + $0.originInWindow } ?? point
    return inWindow - originInWindow
  }

  /// Whether `point`, in this view's coordinates, is inside the view; by default its bounds,
  /// right and bottom edges exclusive. Override to change the hit area.
  open func point(inside point: Point) -> Bool {
    bounds.contains(point)
  }

  /// The deepest, front-most visible, interaction-enabled descendant (or self) that contains
  /// `point`, given in this view's coordinates (<doc:BehaviourReference> §2.1).
  ///
  /// Hidden or non-interactive views are skipped with their subtree, as are views that do not
  /// contain the point. The walk is iterative, so its cost is linear in the depth of the tree.
  public final func hitTest(_ point: Point) -> View? {
    guard !isHidden, isUserInteractionEnabled, self.point(inside: point) else { return nil }
    var current: View = self
    var local = point
    descend: while true {
      for child in current.subviews.reversed() where !child.isHidden && child.isUserInteractionEnabled {
        let inChild = local - child.frame.origin
        if child.point(inside: inChild) {
          current = child
          local = inChild
          continue descend
        }
      }
      return current
    }
  }

  // MARK: Touches

  /// Called when touches hit-tested to this view begin (after the recognizers have seen them).
  open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
  /// Called when touches hit-tested to this view move.
  open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
  /// Called when touches hit-tested to this view end.
  open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
  /// Called when touches hit-tested to this view are cancelled, for example because a recognizer
  /// recognized (<doc:BehaviourReference> §2.8).
  open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}

  /// Asked before a recognizer whose touches were hit-tested to this view leaves `possible`;
  /// return false to make it fail (<doc:BehaviourReference> §2.12). Only asked for recognizers with
  /// `cancelsTouchesInView` true. The default returns true.
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    true
  }
}
