/// The base class of every gesture recognizer (UIKit's `UIGestureRecognizer`).
///
/// A recognizer is attached to a ``View``, receives the touches hit-tested to that view or its
/// descendants, and moves through its ``State`` as it decides whether its gesture happened. The
/// runtime resolves conflicts between recognizers (failure requirements, exclusion, simultaneity),
/// sends the actions, and tells the views.
///
/// Subclass it to write a recognizer: override the touch methods and ``reset()``, and move through
/// the states with ``setState(_:reason:)``; see `GestureRecognizer+Subclassing.swift`.
open class GestureRecognizer {
  /// A name for traces, diagnostics and scene files.
  public final var name: String {
    get { storedName }
    set { storedName = newValue }
  }

  /// The published state: what the delegate, other recognizers and actions see (<doc:BehaviourReference> §1.1).
  ///
  /// While the recognizer is held by a failure requirement it stays `possible` even if the
  /// subclass asked for more (<doc:BehaviourReference> §3.8); the subclass reads ``requestedState``.
  public final var state: State { storedActionState ?? publishedState }

  /// The state the subclass last asked for; equal to ``state`` except while held by a failure
  /// requirement or after the runtime decided for it.
  public final package(set) var requestedState: State {
    get { storedRequestedState }
    set { storedRequestedState = newValue }
  }

  /// The published state without the override that actions see.
  package final var publishedState: State {
    get { storedPublishedState }
    set { storedPublishedState = newValue }
  }

  /// The view the recognizer is attached to.
  public final var view: View? { storedView?.object }

  /// The object consulted about beginning, simultaneity, failure requirements and touches.
  public final weak var delegate: (any GestureRecognizerDelegate)? {
    didSet { storedMayHaveDelegate = delegate != nil }
  }
  /// Whether a delegate was set (it may have gone away since): lets the runtime skip the weak
  /// load, a side-table round trip, for the many recognizers that never had one.
  package final var mayHaveDelegate: Bool { storedMayHaveDelegate }
  /// The delegate, loaded only when one was set.
  package final var delegateIfAny: (any GestureRecognizerDelegate)? { storedMayHaveDelegate ? delegate : nil }

  /// Whether the recognizer takes part; disabling it while it tracks touches cancels it
  /// (<doc:BehaviourReference> §2.6).
  public final var isEnabled: Bool {
    get { storedIsEnabled }
    set {
      let oldValue = storedIsEnabled
      storedIsEnabled = newValue
      if oldValue != newValue { host?.recognizerEnabledDidChange(self) }
    }
  }

  /// Whether recognizing cancels the view's touches (default true, <doc:BehaviourReference> §2.8).
  public final var cancelsTouchesInView: Bool {
    get { storedCancelsTouchesInView }
    set { storedCancelsTouchesInView = newValue }
  }
  /// Whether new touches are withheld from the view while undecided (default false, <doc:BehaviourReference>
  /// 2.9).
  public final var delaysTouchesBegan: Bool {
    get { storedDelaysTouchesBegan }
    set { storedDelaysTouchesBegan = newValue }
  }
  /// Whether ended touches are withheld from the view while undecided (default true,
  /// <doc:BehaviourReference> §2.10).
  public final var delaysTouchesEnded: Bool {
    get { storedDelaysTouchesEnded }
    set { storedDelaysTouchesEnded = newValue }
  }

  /// The touch types the recognizer accepts (default all).
  ///
  /// A runtime hands a recognizer the touches of the types this property stores, read as the
  /// touch goes down. A subclass may override it to keep its types as they are: it stores them
  /// once through `super.allowedTouchTypes` (in its initializer) and ignores setting, as
  /// `HoverGestureRecognizer` does to take no touches. An override whose getter returns other
  /// types than it stored through `super` changes what it reports, not what it gets.
  open var allowedTouchTypes: Set<TouchType> {
    get { storedAllowedTouchTypes }
    set {
      storedAllowedTouchTypes = newValue
      storedAllowedTouchTypeMask = Self.mask(newValue)
    }
  }
  /// Whether an attempt refuses a touch of a different type than its first (default true).
  public final var requiresExclusiveTouchType: Bool {
    get { storedRequiresExclusiveTouchType }
    set { storedRequiresExclusiveTouchType = newValue }
  }

  /// The allowed touch types as bits (``bit(for:)``), for a runtime's test at touch-down.
  package final var allowedTouchTypeMask: UInt8 { storedAllowedTouchTypeMask }
  /// How many states the subclass has asked for (wrapping): a runtime compares it before and
  /// after a delivery, for a request that did not reach it (<doc:BehaviourReference> §1.4).
  package final var stateRequestCount: UInt32 { storedStateRequestCount }
  /// The state an action being sent reports as ``state``.
  package final var actionState: State? {
    get { storedActionState }
    set { storedActionState = newValue }
  }
  private final var storedActionState: State?
  /// The recognizer's slot in a runtime's table: what the runtime keeps about the recognizer's
  /// attempt (its touches and what it withholds of them, its requirement edges, its timers, its
  /// place in the rules' passes) lives there, not here.
  package final var runtimeSlot: RuntimeSlotNumber {
    get { storedRuntimeSlot }
    set { storedRuntimeSlot = newValue }
  }
  /// The runtime dispatching to the recognizer. Unowned: a runtime sets it when an attempt
  /// starts and, in its `deinit`, clears it for every recognizer of its tree and every one in an
  /// attempt that it hosts; a recognizer leaving the tree clears it (`attach(to: nil)`,
  /// `GestureRuntime.detach`, which leaves alone the host of one in another runtime's attempt).
  package final var host: (any GestureHost)? {
    get { storedHost?.object }
    set {
      UnownedHost.replace(&storedHost, with: newValue)
      storedHostIdentifier = newValue.map { ObjectIdentifier($0) }
    }
  }
  /// The identity of ``host``, comparable without loading the unowned reference.
  package final var hostIdentifier: ObjectIdentifier? { storedHostIdentifier }
  /// The number of the runtime whose attempt the recognizer is in, 0 for none: a runtime sets it
  /// when an attempt starts and clears it when the attempt ends (``forgetAttempt()``). Until then
  /// another runtime leaves the recognizer alone, even once its view is in that runtime's window:
  /// a removal made from a callback ends the attempt at the end of the dispatch.
  package final var attemptOwner: UInt64 {
    get { storedAttemptOwner }
    set { storedAttemptOwner = newValue }
  }
  /// The touches being tracked, in the order they began (see ``touches``), and where the last
  /// ones lifted (``location(in:)`` once none is left). Internal, so that this module, which
  /// reads them on every call of the subclass, proves its accesses exclusive; a runtime changes
  /// them through the methods of "Tracked touches" below. Changed out of place: an access open
  /// across a change that may let go of a touch or grow the list could overlap another.
  final var storedTrackedTouches: [Touch] = []
  final var storedLastTouchLocations: [Point] = []
  /// The order in which the recognizer was added to its view, among its view's recognizers
  /// (ties between recognizers are broken by it).
  package final var additionOrder: Int {
    get { storedAdditionOrder }
    set { storedAdditionOrder = newValue }
  }
  /// Recognizers this one requires to fail, and those that require this one, held unowned on both
  /// sides and unlinked in `deinit`: no weak references, so no side-table reference counts.
  /// Read through accessors, as a recognizer's other `package` state (see ``runtimeSlot``), and
  /// changed out of place (see `View`'s lists).
  package final var staticRequirements: [UnownedRecognizer] { storedStaticRequirements }
  /// Whether ``staticRequirements`` has any, without handing out the list (a retain and a
  /// release at every touch-down, for the many recognizers that require nothing).
  package final var hasStaticRequirements: Bool { !storedStaticRequirements.isEmpty }
  package final var staticDependents: [UnownedRecognizer] { storedStaticDependents }
  private final var storedStaticRequirements: [UnownedRecognizer] = []
  private final var storedStaticDependents: [UnownedRecognizer] = []
  /// The delay of the last ``startTimer(_:after:)`` and its length in microseconds.
  final var timerDelayMemo: (delay: Duration, microseconds: Int64) = (.zero, 0)
  /// The delay converted before the last one.
  final var timerDelayMemo2: (delay: Duration, microseconds: Int64) = (.zero, 0)
  /// Whether the subclass started a timer in the current attempt. A runtime forgets a
  /// recognizer's timers whenever its attempt ends, and clears this then (setting false forgets
  /// which timers were started): until a timer is started again, ``cancelTimer(_:)`` has nothing
  /// to cancel and does not call the host (a tap cancels three timers at each touch-down).
  package final var startedTimerInAttempt: Bool {
    get { storedStartedTimers != 0 }
    set { if !newValue { storedStartedTimers = 0 } }
  }

  /// The bit that stands for timer `id` in ``storedStartedTimers``: its own for the ids 0 to 62,
  /// one bit shared by every other id.
  @inline(__always)
  static func startedTimerBit(_ id: Int) -> UInt64 {
    id >= 0 && id < 63 ? 1 &<< UInt64(id) : 1 &<< 63
  }

  // The storage of the public properties above (except the weak `delegate`), of `host` and of
  // the `package` properties a runtime reads or writes on the per-event path (`publishedState`,
  // `runtimeSlot`, `additionOrder`, `isAttached`, `allowedTouchTypeMask`, `hostIdentifier`,
  // `viewIdentifier`, `mayHaveDelegate`, `startedTimerInAttempt`, `stateRequestCount`,
  // `actionState`; the tracked touches and the static requirements are stored above), not
  // reachable from other modules, so that this module sees every access to it and proves those
  // accesses exclusive. A stored property that other modules can reach is checked at run time at
  // every access, from any module. The price is a call per access from another module: a few
  // instructions against the check's eighty-odd.
  private final var storedMayHaveDelegate = false
  /// Written by the subclassing API (another file), and by a runtime through ``publishedState``.
  final var storedPublishedState = State.possible
  private final var storedRuntimeSlot = RuntimeSlotNumber()
  private final var storedAdditionOrder = 0
  private final var storedIsAttached = false
  private final var storedAllowedTouchTypeMask: UInt8 = 0b1111
  private final var storedHostIdentifier: ObjectIdentifier?
  private final var storedAttemptOwner: UInt64 = 0
  private final var storedViewIdentifier: ObjectIdentifier?
  /// Counted by the subclassing API (another file).
  final var storedStateRequestCount: UInt32 = 0
  /// The timers the subclass started in the current attempt and has not cancelled since, a bit
  /// each (`startedTimerBit`); a timer that fired keeps its bit. Read and written by the
  /// subclassing API (another file), and cleared by a runtime through ``startedTimerInAttempt``.
  final var storedStartedTimers: UInt64 = 0
  private final var storedName: String
  // Held unowned, like every back-reference of the scene (see `UnownedRecognizer`): the view's
  // `deinit` detaches its recognizers, so this never outlives the view.
  private final var storedView: UnownedReference<View>?
  // Held unowned: see ``host``.
  private final var storedHost: UnownedHost?
  private final var storedAllowedTouchTypes = Set(TouchType.allCases)
  private final var storedRequestedState = State.possible
  private final var storedIsEnabled = true
  private final var storedCancelsTouchesInView = true
  private final var storedDelaysTouchesBegan = false
  private final var storedDelaysTouchesEnded = true
  private final var storedRequiresExclusiveTouchType = true

  private final var actions: [(id: ActionIdentifier, body: (GestureRecognizer) -> Void)] = []
  private final var nextActionID = 0
  /// The actions registered with `addTarget(_:action:)`, by their target's identity.
  final var targetActions: [(target: ObjectIdentifier, id: ActionIdentifier)] = []

  /// Creates a recognizer with an optional name for traces.
  public init(name: String = "") {
    self.storedName = name
  }

  deinit {
    let me = ObjectIdentifier(self)
    for target in storedStaticRequirements {
      var list: [UnownedRecognizer] = []
      swap(&list, &target.value.storedStaticDependents)
      list.removeAll { $0.id == me }
      swap(&list, &target.value.storedStaticDependents)
    }
    for dependent in storedStaticDependents {
      var list: [UnownedRecognizer] = []
      swap(&list, &dependent.value.storedStaticRequirements)
      list.removeAll { $0.id == me }
      swap(&list, &dependent.value.storedStaticRequirements)
    }
  }

  /// The name, or the type's name when the recognizer has none.
  public final var displayName: String {
    name.isEmpty ? String(describing: type(of: self)) : name
  }

  static func mask(_ types: Set<TouchType>) -> UInt8 {
    types.reduce(0) { $0 | bit(for: $1) }
  }

  package static func bit(for type: TouchType) -> UInt8 {
    switch type {
    case .direct: return 1
    case .indirect: return 2
    case .pencil: return 4
    case .indirectPointer: return 8
    }
  }

  package final func attach(to view: View?) {
    UnownedReference.replace(&storedView, with: view)
    storedIsAttached = view != nil
    storedViewIdentifier = view.map { ObjectIdentifier($0) }
    if view == nil { host = nil }
  }

  /// Whether ``view`` is set, readable without loading the unowned reference (which costs a
  /// reference-count round trip on the per-event path).
  package final var isAttached: Bool { storedIsAttached }
  /// Whether the subclass has not asked for a final state and the recognizer is attached: what a
  /// runtime asks before it delivers a touch, in one call.
  package final var isUndecidedAndAttached: Bool { !storedRequestedState.isTerminal && storedIsAttached }
  /// What a runtime reads of the recognizer before it hands it touches, in one call: whether it
  /// takes them (``isUndecidedAndAttached``), and its count of state requests
  /// (``stateRequestCount``), which tells afterwards whether it asked for a state meanwhile.
  package final var deliveryState: (undecidedAndAttached: Bool, stateRequests: UInt32) {
    (isUndecidedAndAttached, storedStateRequestCount)
  }
  /// What a runtime reads of the recognizer when it resolves a state the recognizer asked for,
  /// in one call: its slot number (``runtimeSlot``) and its published state.
  package final var resolutionState: (slot: RuntimeSlotNumber, published: State) {
    (storedRuntimeSlot, storedPublishedState)
  }
  /// The identity of ``view``, comparable without loading the unowned reference.
  package final var viewIdentifier: ObjectIdentifier? { storedViewIdentifier }
  /// What runtime `owner` reads of the recognizer when a touch whose type has bit `typeBit`
  /// (``bit(for:)``) lands, in one call, before it asks the delegate: the recognizer's slot
  /// number, and bits: 1, it may take the touch (enabled, not decided, allowed that type, in no
  /// attempt of another runtime: ``attemptOwner``); 2, it asked for a terminal state; 4, it
  /// ``requiresExclusiveTouchType``; 8, it may have a delegate.
  package final func touchDownState(typeBit: UInt8, owner: UInt64) -> (slot: RuntimeSlotNumber, flags: UInt8) {
    var flags: UInt8 = 0
    if storedIsEnabled && !storedPublishedState.isTerminal && storedAllowedTouchTypeMask & typeBit != 0
      && (storedAttemptOwner == 0 || storedAttemptOwner == owner)
    {
      flags |= 1
    }
    if storedRequestedState.isTerminal { flags |= 2 }
    if storedRequiresExclusiveTouchType { flags |= 4 }
    if storedMayHaveDelegate { flags |= 8 }
    return (storedRuntimeSlot, flags)
  }

  /// Publishes `state` for a runtime's decision, in one call: returns the state published
  /// before, the recognizer's slot number and ``cancelsTouchesInView``.
  package final func publish(_ state: State) -> (from: State, slot: RuntimeSlotNumber, cancelsTouchesInView: Bool) {
    let from = storedPublishedState
    storedPublishedState = state
    return (from, storedRuntimeSlot, storedCancelsTouchesInView)
  }

  /// What a runtime reads of a recognizer it collected for a new touch, in one call: its slot
  /// number, the identity of its host, and bits: 1 to 4, ``takesTouchFlags``; 8, it has static
  /// requirements (``hasStaticRequirements``). The recognizer is in an attempt of runtime `owner`
  /// from now on (``attemptOwner``), as every recognizer collected for a touch is.
  package final func collectionState(
    attemptOwner owner: UInt64
  ) -> (slot: RuntimeSlotNumber, host: ObjectIdentifier?, flags: UInt8) {
    storedAttemptOwner = owner
    return (storedRuntimeSlot, storedHostIdentifier, takesTouchFlags | (storedStaticRequirements.isEmpty ? 0 : 8))
  }

  /// What a runtime reads when the recognizer takes a new touch, in one call: bit 1, it withholds
  /// the touch's `began` from its view (undecided, ``delaysTouchesBegan``); bit 2, its end
  /// (undecided, ``delaysTouchesEnded``); bit 4, it keeps the touch from its view altogether (it
  /// has begun, and ``cancelsTouchesInView``).
  package final var takesTouchFlags: UInt8 {
    switch storedPublishedState {
    case .possible:
      return (storedDelaysTouchesBegan ? 1 : 0) | (storedDelaysTouchesEnded ? 2 : 0)
    case .began, .changed:
      return storedCancelsTouchesInView ? 4 : 0
    default:
      return 0
    }
  }

  // MARK: Subclassing API (overridable)

  /// Subclass API: touches of this recognizer began (<doc:BehaviourReference> §2.3).
  open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
  /// Subclass API: touches of this recognizer moved.
  open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
  /// Subclass API: touches of this recognizer ended.
  open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
  /// Subclass API: touches of this recognizer were cancelled. If the recognizer does not move to
  /// a terminal state itself, the runtime fails (or cancels) it.
  open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}

  /// Subclass API: clears the recognizer's own bookkeeping for a new attempt. The runtime calls
  /// it after a terminal state (<doc:BehaviourReference> §3.10); the base class needs nothing from it.
  open func reset() {}

  /// Subclass API: the timer `id` started with ``startTimer(_:after:)`` fired.
  open func timerFired(_ id: Int) {}

  /// Subclass API: every recognizer this one was held for has failed, and its held state is about
  /// to be published (<doc:BehaviourReference> §3.9). A pan restarts its translation at zero here.
  open func didFinishWaiting() {}

  /// Whether the recognizer takes part in a hover or scroll sequence that begins with `event`
  /// (UIKit's `shouldReceive(_:)` for events, <doc:BehaviourReference> §6.3–6.4).
  ///
  /// The runtime asks it when a hover or scroll sequence reaches the recognizer's view; touches
  /// are governed by ``allowedTouchTypes`` and the delegate instead. Default: false for hover
  /// and scroll (a hover recognizer and a pan that allows the scroll's type answer true).
  open func shouldReceive(_ event: TouchEvent) -> Bool { event.type == .touches }

  /// Whether this recognizer can prevent `other` from recognizing (<doc:BehaviourReference> §3.2); default true.
  open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

  /// Whether `other` can prevent this recognizer from recognizing; default true.
  open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

  /// Whether this recognizer must wait for `other` to fail (<doc:BehaviourReference> §3.6); default false.
  open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

  /// Whether `other` must wait for this recognizer to fail (<doc:BehaviourReference> §3.6); default false.
  open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

  /// Whether the runtime asks ``shouldRequireFailure(of:)`` and ``shouldBeRequiredToFail(by:)``
  /// about this recognizer's pairs. It costs two calls per pair of recognizers that share a touch;
  /// a subclass that overrides neither method may return false to save them. Default true.
  open var asksForDynamicFailureRequirements: Bool { true }

  /// Extra numbers for the trace's `action` lines, in `view`'s coordinates (a pan adds
  /// `translation` and `velocity`). Default none.
  open func traceAttributes(in view: View?) -> [TraceAttribute] { [] }

  /// Whether the trace should ask for ``traceAttributes(in:)``; override to return true when
  /// the subclass adds attributes. Lets the runtime skip the call for recognizers that add none.
  open var providesTraceAttributes: Bool { false }

  // MARK: Actions

  /// Registers an action, called with the recognizer on `began`, every `changed`, `ended` and
  /// `cancelled`, never on `failed` (<doc:BehaviourReference> §1.3). Returns an identifier for removal.
  @discardableResult
  public final func addAction(_ action: @escaping (GestureRecognizer) -> Void) -> ActionIdentifier {
    nextActionID += 1
    let id = ActionIdentifier(rawValue: nextActionID)
    // The list is changed out of place, as a runtime changes its own lists: an access open across
    // a change that may grow the list, or let go of an action, could overlap another, and the
    // list would then be checked for exclusive access at run time at every read, one for every
    // action sent. Nothing is let go of while it is out (an action's captures may have a deinit,
    // which is app code and may use the list): removed actions are let go of once it is back.
    var list = takeActions()
    list.append((id, action))
    putBack(list)
    return id
  }

  /// Removes the action registered under `id`; unknown identifiers are ignored.
  public final func removeAction(_ id: ActionIdentifier) {
    var list = takeActions()
    var removed: [(id: ActionIdentifier, body: (GestureRecognizer) -> Void)] = []
    var index = 0
    while index < list.count {
      if list[index].id == id {
        removed.append(list.remove(at: index))
      } else {
        index += 1
      }
    }
    withExtendedLifetime(removed) { putBack(list) }
  }

  /// Removes every action.
  public final func removeAllActions() {
    // Taken out, their place left empty: they are let go of with the (empty) list in place.
    let removed = takeActions()
    targetActions.removeAll()
    withExtendedLifetime(removed) {}
  }

  /// The actions, taken out of their place (which holds none until `putBack(_:)`).
  private final func takeActions() -> [(id: ActionIdentifier, body: (GestureRecognizer) -> Void)] {
    var list: [(id: ActionIdentifier, body: (GestureRecognizer) -> Void)] = []
    swap(&list, &actions)
    return list
  }

  /// Puts the actions back in their place (nothing adds to it while they are out).
  private final func putBack(_ list: [(id: ActionIdentifier, body: (GestureRecognizer) -> Void)]) {
    var list = list
    swap(&list, &actions)
  }

  /// The number of registered actions.
  public final var actionCount: Int { actions.count }

  /// Calls the registered actions in registration order (used by the runtime).
  package final func performActions() {
    if actions.isEmpty { return }
    if actions.count == 1 {
      // The common case: one action, called without a snapshot of the list. (The closure is
      // copied out first, so an action that removes itself or adds others changes nothing here,
      // as with the snapshot.)
      let body = actions[0].body
      body(self)
      return
    }
    let snapshot = actions
    for entry in snapshot { entry.body(self) }
  }

  // MARK: Failure requirements

  /// Makes this recognizer wait for `other` to fail before it leaves `possible`
  /// (<doc:BehaviourReference> §3.6). Requiring itself is ignored with a diagnostic.
  public final func require(toFail other: GestureRecognizer) {
    if other === self {
      (host ?? view?.root.host)?.recognizer(
        self, diagnostic: "\(displayName) cannot require itself to fail; ignored", requestFollows: false)
      return
    }
    if storedStaticRequirements.contains(where: { $0.id == ObjectIdentifier(other) }) { return }
    var list: [UnownedRecognizer] = []
    swap(&list, &storedStaticRequirements)
    list.append(UnownedRecognizer(other))
    swap(&list, &storedStaticRequirements)
    swap(&list, &other.storedStaticDependents)
    list.append(UnownedRecognizer(self))
    swap(&list, &other.storedStaticDependents)
    staticRequirementsDidChange()
    other.staticRequirementsDidChange()
    host?.recognizer(self, didRequireFailureOf: other)
  }

  /// Tells the runtimes that may have cached this recognizer's requirements that they changed:
  /// the one it takes part in, and the one of its view's tree (which a recognizer that has had no
  /// touch yet does not know).
  final func staticRequirementsDidChange() {
    host?.staticRequirementsDidChange()
    view?.root.host?.staticRequirementsDidChange()
  }

  /// The recognizers this one was told to wait for with ``require(toFail:)``.
  public final var failureRequirements: [GestureRecognizer] {
    storedStaticRequirements.map(\.value)
  }

  // MARK: Location

  /// The location of the gesture in `view`'s coordinates (window coordinates when nil): by
  /// default the centroid of its touches, or of where they lifted once none is left
  /// (<doc:BehaviourReference> §4).
  open func location(in view: View?) -> Point {
    // The lists are read by index (they are not sequences).
    let centroid: Point
    if !storedTrackedTouches.isEmpty {
      centroid = Self.centroid(
        storedTrackedTouches.indices.lazy.map { self.storedTrackedTouches[$0].locationInWindow })
    } else if !storedLastTouchLocations.isEmpty {
      centroid = Self.centroid(storedLastTouchLocations.indices.lazy.map { self.storedLastTouchLocations[$0] })
    } else {
      return .zero
    }
    return view?.convert(centroid, from: nil) ?? centroid
  }

  /// The location of the touch at `index` (0 ..< ``numberOfTouches``) in `view`'s coordinates.
  public final func location(ofTouch index: Int, in view: View?) -> Point {
    precondition(
      index >= 0 && index < storedTrackedTouches.count,
      "\(displayName): touch index \(index) out of range 0..<\(storedTrackedTouches.count)")
    // In window coordinates (`view` nil, the recognizers' per-move case) a plain read: the
    // conversion is made out of line, so that its register saves stay off this path.
    let point = storedTrackedTouches[index].locationInWindow
    guard let view else { return point }
    return Self.convertFromWindow(point, to: view)
  }

  /// `point`, in window coordinates, in `view`'s coordinates (as ``Touch/location(in:)``).
  @inline(never)
  private static func convertFromWindow(_ point: Point, to view: View) -> Point {
    view.convert(point, from: nil)
  }

  /// The number of touches the recognizer is tracking.
  public final var numberOfTouches: Int { storedTrackedTouches.count }

  /// The touch at `index` (0 ..< ``numberOfTouches``) of those the recognizer is tracking, in
  /// the order they began. Unlike ``touches``, it builds no array.
  public final func touch(at index: Int) -> Touch {
    precondition(
      index >= 0 && index < storedTrackedTouches.count,
      "\(displayName): touch index \(index) out of range 0..<\(storedTrackedTouches.count)")
    return storedTrackedTouches[index]
  }

  /// The touches the recognizer is tracking, in the order they began (a new array on each call:
  /// per-event code reads ``numberOfTouches`` and ``touch(at:)`` instead).
  public final var touches: [Touch] { storedTrackedTouches }

  /// The centroid of a sequence of points.
  @inlinable
  public static func centroid<S: Sequence>(_ points: S) -> Point where S.Element == Point {
    var sum = Point.zero
    var count = 0.0
    for point in points {
      sum = sum + point
      count += 1
    }
    return count == 0 ? .zero : Point(x: sum.x / count, y: sum.y / count)
  }
}

/// Identifies an action registered with ``GestureRecognizer/addAction(_:)``.
public struct ActionIdentifier: Hashable, Sendable {
  /// The raw value, unique per recognizer.
  public let rawValue: Int
}

/// An unowned reference to a recognizer, kept valid by unlinking in `deinit`.
///
/// The scene's back-references (this, a recognizer's `view` and `host`, a view's `superview` and
/// `host`) are all `unowned`: each is cleared by the `deinit` of the object it points to (or of
/// the runtime) before that object goes, and should one ever be read after that, the read traps
/// instead of touching freed memory.
package struct UnownedRecognizer {
  package unowned let value: GestureRecognizer
  /// The identity, comparable without loading `value` (which must not be read once its object's `deinit`
  /// has begun).
  package let id: ObjectIdentifier
  package init(_ value: GestureRecognizer) {
    self.value = value
    self.id = ObjectIdentifier(value)
  }
}
