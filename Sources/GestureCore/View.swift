/// A rectangular area that receives touches and holds gesture recognizers (UIKit's `UIView`).
///
/// Views form a tree. A view's `frame` is in its superview's coordinates (the root's frame is in
/// window coordinates); later subviews are in front of earlier ones. As in UIKit, a view's own
/// coordinate space is its ``bounds``, whose origin scrolls the content, and its ``transform``
/// (scale, rotation, translation) is applied about its ``center``: hit-testing,
/// ``convert(_:to:)``, ``convert(_:from:)`` and the recognizers' `location(in:)`,
/// `translation(in:)` and `velocity(in:)` all go through them. Subclass a view and override
/// the four touch methods to receive touches the way UIKit views do; override
/// ``gestureRecognizerShouldBegin(_:)`` to veto a recognizer (<doc:BehaviourReference> §2.12).
open class View {
  /// A name for traces and diagnostics.
  public final var name: String {
    get { storedName }
    set { storedName = newValue }
  }
  /// The position and size in the superview's coordinates, in points (UIKit's `frame`).
  ///
  /// With an identity ``transform`` it is the rectangle the view covers. With another transform it
  /// is the smallest rectangle that covers the transformed view, as in UIKit; setting it then
  /// sets the untransformed position and size (``center`` and `bounds.size`), which UIKit leaves
  /// undefined.
  public final var frame: Rect {
    get { isPlain || transformIsIdentity ? untransformedFrame : untransformedFrame.applyingAboutCenter(transform) }
    set {
      untransformedFrame = newValue
      updatePlain()
    }
  }
  /// The frame without the transform: the rectangle of size `bounds.size` centred on ``center``.
  private final var untransformedFrame: Rect
  /// The origin of ``bounds``.
  private final var boundsOrigin = Point.zero
  /// Whether the bounds origin is zero and the transform the identity: the view's coordinates are
  /// its superview's moved by its frame's origin (the fast path of every conversion).
  private final var isPlain = true
  private final var transformIsIdentity = true

  /// The view's own coordinate space (UIKit's `bounds`): its origin is the point of the content
  /// shown at the view's top-left corner (a scroll view scrolls by moving it), its size the
  /// view's untransformed size. Changing the size keeps the ``center``.
  public final var bounds: Rect {
    get { Rect(origin: boundsOrigin, size: untransformedFrame.size) }
    set {
      let center = self.center
      boundsOrigin = newValue.origin
      untransformedFrame = Rect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2, width: newValue.width,
        height: newValue.height)
      updatePlain()
    }
  }

  /// The centre of the view in its superview's coordinates (UIKit's `center`); the
  /// ``transform`` is applied about it.
  public final var center: Point {
    get { untransformedFrame.mid }
    set {
      let size = untransformedFrame.size
      untransformedFrame.origin = Point(x: newValue.x - size.width / 2, y: newValue.y - size.height / 2)
    }
  }

  /// The affine transform applied to the view about its ``center`` (UIKit's `transform`; default
  /// ``AffineTransform/identity``): a view scaled by 2 shows its bounds twice as large, and a
  /// point of its bounds maps to `center + transform(point - bounds.mid)` in the superview.
  public final var transform: AffineTransform {
    get { storedTransform }
    set {
      storedTransform = newValue
      transformIsIdentity = newValue.isIdentity
      updatePlain()
    }
  }

  private final func updatePlain() {
    isPlain = transformIsIdentity && boundsOrigin == .zero
  }
  /// Whether the view and its subtree are hidden from hit-testing (<doc:BehaviourReference> §2.1).
  public final var isHidden: Bool {
    get { storedIsHidden }
    set { storedIsHidden = newValue }
  }
  /// Whether the view and its subtree take part in hit-testing (<doc:BehaviourReference> §2.1).
  public final var isUserInteractionEnabled: Bool {
    get { storedIsUserInteractionEnabled }
    set { storedIsUserInteractionEnabled = newValue }
  }
  /// Whether the view receives more than one of its touches at a time (<doc:BehaviourReference> §2.7);
  /// true by default (UIKit's default is false: <doc:WhereWeDifferFromUIKit>).
  public final var isMultipleTouchEnabled: Bool {
    get { storedIsMultipleTouchEnabled }
    set { storedIsMultipleTouchEnabled = newValue }
  }
  /// The subviews, back to front.
  public final var subviews: [View] { storedSubviews }
  /// The view that contains this one.
  public final var superview: View? { storedSuperview?.object }
  /// The recognizers attached to this view, in the order they were added.
  public final var gestureRecognizers: [GestureRecognizer] { storedGestureRecognizers }
  /// Whether the view has recognizers: a runtime's walk up the tree at a touch-down asks this of
  /// every view it passes, and takes the list (a reference to count) only from those that do.
  package final var hasGestureRecognizers: Bool { !storedGestureRecognizers.isEmpty }

  /// The runtime that dispatches touches to this tree; set on the root only. Unowned: the
  /// runtime's `deinit` clears it.
  package final var host: (any GestureHost)? {
    get { storedHost?.object }
    set {
      UnownedHost.replace(&storedHost, with: newValue)
      hostIdentifier = newValue.map { ObjectIdentifier($0) }
    }
  }
  /// The host's identity, comparable in the host's `deinit`, when `host` can no longer be read.
  package final private(set) var hostIdentifier: ObjectIdentifier?
  /// How many touches the view has been told about that have not ended (runtime bookkeeping).
  /// Internal storage behind an accessor, as a recognizer's `package` state (`runtimeSlot`).
  package final var activeTouchCount: Int {
    get { storedActiveTouchCount }
    set { storedActiveTouchCount = newValue }
  }
  /// Scratch mark used by the runtime to group view calls without allocating.
  package final var runtimeMark: Int {
    get { storedRuntimeMark }
    set { storedRuntimeMark = newValue }
  }
  private final var storedActiveTouchCount = 0
  private final var storedRuntimeMark = 0

  // The storage of the public properties above and of `host`, private: see `GestureRecognizer`'s.
  // The lists are changed out of place (taken out of their property, changed, put back): a
  // change in place may free storage inside the access, which would keep the property checked
  // at run time everywhere.
  private final var storedName: String
  private final var storedTransform = AffineTransform.identity
  private final var storedIsHidden = false
  private final var storedIsUserInteractionEnabled = true
  private final var storedIsMultipleTouchEnabled = true
  private final var storedSubviews: [View] = []
  // Unowned (see `UnownedRecognizer`): a view's `deinit` unlinks its subviews.
  private final var storedSuperview: UnownedReference<View>?
  // Held unowned: see ``host``.
  private final var storedHost: UnownedHost?
  private final var storedGestureRecognizers: [GestureRecognizer] = []

  /// Creates a view with a name and a frame in its future superview's coordinates.
  public init(name: String = "", frame: Rect) {
    self.storedName = name
    self.untransformedFrame = frame
  }

  deinit {
    // Back-references are unowned (no side-table reference counts); unlink them here.
    for child in storedSubviews { UnownedReference.replace(&child.storedSuperview, with: nil) }
    for recognizer in gestureRecognizers { recognizer.attach(to: nil) }
  }

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
  ///
  /// A runtime's window is the root of that runtime's tree and cannot be inserted into another
  /// view: doing so stops the program, as inserting a view into its own subtree does.
  public final func insertSubview(_ view: View, at index: Int) {
    precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
    if view.hostIdentifier != nil {
      fatalError("a runtime's window is the root of its tree and cannot become a subview")
    }
    // A move: the old tree's host hears that the removal is done once the view is in its new
    // place (see `removeFromSuperview`).
    let previousHosts = view.detachFromSuperview()
    // A callback made during the removal may have moved this view into the subtree of `view`.
    precondition(!isDescendant(of: view), "a view cannot contain itself")
    var list: [View] = []
    swap(&list, &storedSubviews)
    list.insert(view, at: max(0, min(index, list.count)))
    swap(&list, &storedSubviews)
    UnownedReference.replace(&view.storedSuperview, with: self)
    root.host?.staticRequirementsDidChange()
    for host in previousHosts { host.removalDidFinish() }
  }

  /// Detaches the view (and its subtree) from its superview.
  ///
  /// Recognizers in the subtree that are tracking touches are cancelled and reset, and touches
  /// hit-tested into the subtree are cancelled for their views (<doc:BehaviourReference> §2.6).
  public final func removeFromSuperview() {
    for host in detachFromSuperview() { host.removalDidFinish() }
  }

  /// `removeFromSuperview` but for telling the hosts that the removal is done, which the caller
  /// does: the hosts that were told of the removal, in order. A host cancels what the removal
  /// stops before the view goes; the work its callbacks queue (input they send, say) waits until
  /// the host hears the removal is done, once the view is out of the tree or in its new place.
  ///
  /// A callback the host makes while cancelling (a recognizer's `touchesCancelled`, say) may
  /// itself move the view. The view is then taken off its new superview too, with that tree's
  /// host told: the call that began first ends last, and has the last word (the view ends with no
  /// superview, listed by no view).
  private final func detachFromSuperview() -> [any GestureHost] {
    var told: [any GestureHost] = []
    while let parent = superview {
      let tree = root
      let host = tree.host
      host?.staticRequirementsDidChange()
      host?.viewWillBeRemoved(self)
      if let host { told.append(host) }
      // Moved or removed by a callback meanwhile (itself, or its tree into another runtime's):
      // taken off wherever it is now, with the host it is under then told.
      guard superview === parent, root === tree, tree.hostIdentifier == host.map(ObjectIdentifier.init) else {
        Self.checkRounds(told.count, "view \(name)")
        continue
      }
      var list: [View] = []
      swap(&list, &parent.storedSubviews)
      list.removeAll { $0 === self }
      swap(&list, &parent.storedSubviews)
      UnownedReference.replace(&storedSuperview, with: nil)
    }
    return told
  }

  /// Stops the program when callbacks have moved a view or recognizer back at every one of 1,000
  /// attempts to take it off: the removal could never finish.
  static func checkRounds(_ rounds: Int, _ what: @autoclosure () -> String) {
    if rounds >= 1_000 {
      fatalError("\(what()) was moved again by a callback at each of 1,000 attempts to take it off")
    }
  }

  // MARK: Recognizers

  /// Attaches a recognizer; a recognizer belongs to at most one view.
  public final func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    // A move: the old view's host hears that the removal is done once the recognizer is on this
    // view (see `removeGestureRecognizer`). A callback made during the removal may move the
    // recognizer again: it is taken off wherever it is until it is on no view, or on this one.
    var previousHosts: [any GestureHost] = []
    while let previous = recognizer.view, previous !== self {
      previousHosts += previous.detachGestureRecognizer(recognizer)
      Self.checkRounds(previousHosts.count, "recognizer \(recognizer.displayName)")
    }
    defer { for host in previousHosts { host.removalDidFinish() } }
    if recognizer.view === self { return }
    recognizer.additionOrder = (gestureRecognizers.last?.additionOrder ?? 0) + 1
    var list: [GestureRecognizer] = []
    swap(&list, &storedGestureRecognizers)
    list.append(recognizer)
    swap(&list, &storedGestureRecognizers)
    recognizer.attach(to: self)
    root.host?.staticRequirementsDidChange()
  }

  /// Detaches a recognizer; if it is tracking touches it is cancelled and reset first
  /// (<doc:BehaviourReference> §2.6).
  public final func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    for host in detachGestureRecognizer(recognizer) { host.removalDidFinish() }
  }

  /// `removeGestureRecognizer` but for telling the hosts that the removal is done, which the
  /// caller does (see `detachFromSuperview`): the hosts that were told of the removal, in order.
  /// The recognizer leaves this view only if it is still on it, in the same tree, once the host
  /// has cancelled what the removal stops: a callback may have moved it to another view (it is
  /// then no longer this view's to take off), or moved this view into another runtime's tree
  /// (whose host is then told in turn).
  private final func detachGestureRecognizer(_ recognizer: GestureRecognizer) -> [any GestureHost] {
    var told: [any GestureHost] = []
    while recognizer.view === self {
      let tree = root
      let host = tree.host
      host?.staticRequirementsDidChange()
      host?.recognizerWillBeRemoved(recognizer)
      if let host { told.append(host) }
      guard recognizer.view === self else { break }
      guard root === tree, tree.hostIdentifier == host.map(ObjectIdentifier.init) else {
        Self.checkRounds(told.count, "recognizer \(recognizer.displayName)")
        continue
      }
      var list: [GestureRecognizer] = []
      swap(&list, &storedGestureRecognizers)
      list.removeAll { $0 === recognizer }
      swap(&list, &storedGestureRecognizers)
      recognizer.attach(to: nil)
    }
    return told
  }

  // MARK: Coordinates and hit-testing

  /// The map from this view's coordinates (its bounds) to its superview's.
  public final var transformToSuperview: AffineTransform {
    let frame = untransformedFrame
    if isPlain { return AffineTransform(translationX: frame.minX, y: frame.minY) }
    let boundsCenter = Rect(origin: boundsOrigin, size: frame.size).mid
    return AffineTransform(translationX: -boundsCenter.x, y: -boundsCenter.y).concatenating(transform)
      .concatenating(AffineTransform(translationX: frame.mid.x, y: frame.mid.y))
  }

  /// The map from this view's coordinates to window coordinates.
  public final var transformToWindow: AffineTransform {
    var composite = transformToSuperview
    var view = superview
    while let current = view {
      composite = composite.concatenating(current.transformToSuperview)
      view = current.superview
    }
    return composite
  }

  /// Whether this view and every superview are plain (no bounds origin, identity transform).
  private final var chainIsPlain: Bool {
    var view: View? = self
    while let current = view {
      if !current.isPlain { return false }
      view = current.superview
    }
    return true
  }

  /// Where the view's frame origin lies in window coordinates: the top-left corner of
  /// ``frameInWindow``.
  public final var originInWindow: Point {
    if !chainIsPlain { return frameInWindow.origin }
    var point = untransformedFrame.origin
    var view = superview
    while let current = view {
      point = point + current.untransformedFrame.origin
      view = current.superview
    }
    return point
  }

  /// The smallest rectangle in window coordinates that covers the view.
  public final var frameInWindow: Rect {
    if chainIsPlain { return Rect(origin: originInWindow, size: untransformedFrame.size) }
    return bounds.applying(transformToWindow)
  }

  /// Converts `point` from this view's coordinates to `view`'s (window coordinates when nil),
  /// through the bounds and transforms of both views and their superviews.
  public final func convert(_ point: Point, to view: View?) -> Point {
    let inWindow = chainIsPlain ? point + originInWindow : point.applying(transformToWindow)
    guard let view else { return inWindow }
    return view.convert(inWindow, from: nil)
  }

  /// Converts `point` from `view`'s coordinates (window coordinates when nil) to this view's.
  public final func convert(_ point: Point, from view: View?) -> Point {
    let inWindow = view.map { $0.convert(point, to: nil) } ?? point
    return chainIsPlain ? inWindow - originInWindow : inWindow.applying(transformToWindow.inverted())
  }

  /// Converts a displacement (a translation or a velocity) from `view`'s coordinates (window
  /// coordinates when nil) to this view's: only the scale and rotation of the transforms apply.
  public final func convertDisplacement(_ displacement: Point, from view: View?) -> Point {
    convert(displacement, from: view) - convert(.zero, from: view)
  }

  /// Converts a displacement from this view's coordinates to `view`'s (window coordinates when
  /// nil).
  public final func convertDisplacement(_ displacement: Point, to view: View?) -> Point {
    convert(displacement, to: view) - convert(.zero, to: view)
  }

  /// Converts `point` from the superview's coordinates (window coordinates for the root) to this
  /// view's.
  @inline(__always)
  package final func convertFromSuperview(_ point: Point) -> Point {
    if isPlain { return point - untransformedFrame.origin }
    return point.applying(transformToSuperview.inverted())
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
  ///
  /// The point is converted into each subview's coordinates through its frame, bounds origin and
  /// transform, so a scrolled, zoomed or rotated view is hit where it appears.
  public final func hitTest(_ point: Point) -> View? {
    guard !isHidden, isUserInteractionEnabled, self.point(inside: point) else { return nil }
    var current: View = self
    var local = point
    descend: while true {
      for child in current.subviews.reversed() where !child.isHidden && child.isUserInteractionEnabled {
        let inChild = child.convertFromSuperview(local)
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
