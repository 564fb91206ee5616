public import GestureCore

// The runtime, one concept a file. Read GestureRuntime+Dispatch.swift first: it is one dispatch,
// top to bottom, and names the step each of the others is. Its last section is the only place
// that calls user code (recognizers' overridable methods, delegates, views' methods, actions):
// the rules in the other files call user code through it and never run inside it (debug builds
// trap a rule entered from user code), and what user code asks of the runtime meanwhile waits in
// an inbox until it returns (+Host).
//
//   GestureRuntime.swift             the state it keeps, creation and teardown
//   +Input                           the public input and time API, each call a dispatch
//   +Dispatch                        a dispatch: input, settling, actions; the calls into user
//                                    code
//   +RecognizerDelivery              the event's touches to the recognizers that hold them
//   +Collection                      touch input, hit-testing, collecting recognizers at touch-down
//   +StateResolution                 requested states, candidates in tie order
//   +Publishing                      what publishing a state does: trace, action, views, waiters
//   +FailureRequirements             requirement edges, holds, releases
//   +Cycles                          requirement cycles, ignored until both ends reset
//   +Exclusion                       exclusion and simultaneity
//   +Withholding                     touches withheld from views while recognizers decide
//   +ViewDelivery                    the views' calls, in decision order, then phase order
//   +TouchRetirement                 finished touches leave the live table; records are reused
//   +ResetGroups                     resets, alone or with the recognizers joined by requirements
//   +Watchdog, +Timers               the 5 s watchdog; timers and the deadline API
//   +SceneChanges, +Host             views and recognizers changing mid-attempt; requests made
//                                    through the subclassing API, and the inbox that holds them
//                                    while user code runs
//   +Pointer, +Hover, +Scroll        pointer presses, hover and scroll sequences
//   +Trace, +Invariants              the trace; the debug-build check after every dispatch
//   RuntimeTables                    the recognizer slots, touch records and work lists, one value
//   RuntimeTables+Touches,           the rules that need nothing but the tables, as its mutating
//     +Attempts, +WorkLists          methods
//   TouchRecord, LiveTouchTable,     the values those steps share: touch records by number, the
//   RecognizerSlot, TimerSchedule    touches down, recognizer slots, timers

/// The event loop: dispatches touch events and timers to the recognizers of a view tree, resolves
/// their conflicts, sends their actions and delivers touches to the views (<doc:BehaviourReference> §2, 3, 5).
///
/// One dispatch runs in this order: the recognizers get the event; state changes are resolved
/// until none is left (failure requirements, exclusion, simultaneity); actions are sent in the
/// order the states were published; the views get their calls; resets run. Every decision goes to
/// the ``trace`` sink when one is attached.
///
/// The runtime is not thread-safe: use it from one thread (or actor) at a time. Calls made from
/// inside its callbacks (actions, delegates, view and recognizer methods) that change the scene or
/// send more input are queued and run as dispatches of their own right after the current one;
/// what a recognizer asks through the subclassing API (ignoring a touch, a failure requirement, a
/// timer) takes effect for the runtime when the callback returns. No rule of the runtime runs
/// inside user code; debug builds trap if one is ever entered from there.
public final class GestureRuntime {
  /// The root of the view tree; its frame is in window coordinates. While the runtime exists, the
  /// window stays a root and has no other runtime: creating a runtime for a view that has a
  /// superview or already has a runtime, or inserting the window into another view, stops the
  /// program.
  public let window: View
  /// The clock the runtime reads and, for a manual clock, moves.
  public let clock: any GestureClock
  /// Where the trace goes; nil records nothing and costs nothing.
  public var trace: (any TraceSink)? {
    get { traceSink }
    set { traceSink = newValue }
  }
  /// The storage of the public properties (``trace``, ``now``, ``strictTransitions``,
  /// ``discreteScrollIdleTimeout``, ``nextTimerDeadlineDidChange``): internal, so that the module
  /// sees every access to them (and a build with exclusivity checks checks none of them at run
  /// time). A public stored property may be accessed from other modules, which the optimizer
  /// cannot see: every access to it stays checked.
  var traceSink: (any TraceSink)?
  var dispatchTime: Timestamp
  var storedStrictTransitions = GestureRecognizer.defaultStrictTransitions
  var storedDiscreteScrollIdleTimeout = GestureRuntime.defaultDiscreteScrollIdleTimeout
  var storedNextTimerDeadlineDidChange: ((Timestamp?) -> Void)?
  /// Whether an illegal transition traps (true) or is mapped with a diagnostic (false)
  /// (<doc:BehaviourReference> §1.2). Defaults to ``GestureCore/GestureRecognizer/defaultStrictTransitions``.
  public var strictTransitions: Bool {
    get { storedStrictTransitions }
    set { storedStrictTransitions = newValue }
  }
  /// How long a recognizer may stay undecided after its last touch ended before the runtime fails
  /// it (<doc:BehaviourReference> §3.12).
  public static let undecidedTimeout: Duration = .seconds(5)
  /// How close in time and space a touch must begin after the previous one lifted to count as a
  /// further tap in ``GestureCore/Touch/tapCount``.
  public static let tapCountInterval: Duration = .milliseconds(350)
  /// The distance for ``GestureCore/Touch/tapCount``, in points.
  public static let tapCountDistance = 45.0

  /// The time of the current (or last) dispatch.
  public var now: Timestamp { dispatchTime }

  /// The tables of recognizer slots and touch records (RuntimeTables.swift).
  ///
  /// Debug builds, and so the test command's run, check every access to the tables for
  /// exclusivity at run time. Release builds do not: the rules still change the tables in place,
  /// across calls the compiler cannot see through, so it cannot prove the accesses exclusive, and
  /// the checks would be a third of the instructions of a build that makes them (W1). This property is the one whose accesses the package leaves
  /// unchecked in release builds; the opt-out goes once each step of a dispatch takes the tables
  /// out as one value (BENCHMARKS.md, "Build settings that matter"). `GESTURE_CHECKED_TABLES`
  /// (`swift build -c release -Xswiftc -DGESTURE_CHECKED_TABLES`) checks them in release too, as
  /// `Scripts/bench.sh exclusivity` measures.
  #if DEBUG || GESTURE_CHECKED_TABLES
    var tables = RuntimeTables()
  #else
    @exclusivity(unchecked) var tables = RuntimeTables()
  #endif
  // The runtime's own lists, queues and tables below are changed out of place wherever the
  // change may call code the compiler cannot see (an append that may grow an array, a dictionary
  // or set operation, a release that may run a deinit): taken out into a local (swapped with an
  // empty one, or `take()` from an optional), changed there, and swapped back. With exclusivity
  // checks on, one access to a class property left open across such a call keeps every access
  // to that property checked at run time; changed out of place, the property is proved
  // exclusive at compile time. (The tables are still changed in place, and so are the pointer
  // state's hover records, which the compiler proves exclusive as they are.)
  /// The touches of the attempt a reset just ended, let go of outside the tables' access; its
  /// storage goes back and forth with the slots' (`RuntimeTables.endAttempt`). Nil only while a
  /// reset has it out.
  var endedAttemptTouches: [AttemptTouch]? = []
  /// The requirement edges of the attempt a reset just ended, let go of the same way
  /// (`dropAttemptEdges`).
  var endedEdges: [RequirementEdge] = []
  // Touches: the lists below hold numbers of records in `tables.records`.
  let placeholderTouch = Touch(identifier: -1, location: .zero, timestamp: .zero)
  var sequence = 0
  var lastTapEnd: (time: Timestamp, location: Point, count: Int)?
  /// Counts touch-downs (``TouchRecord/serial``).
  var touchSerial: UInt64 = 0
  /// Counts published states: each is a decision whose view calls come in this order
  /// (<doc:BehaviourReference> §5).
  var decisionSerial: UInt64 = 0
  /// How many touches the recognizer being delivered to ignored during the delivery
  /// (<doc:BehaviourReference> §2.5).
  var ignoredThisDelivery = 0
  /// The count of states the recognizer being delivered to had asked for when its delivery began
  /// (`askedDuringDelivery`).
  var stateRequestsAtDelivery: UInt32 = 0

  // Recognizers: what the runtime keeps about each (its table of slots) and those in an attempt.
  /// This runtime's number, which the recognizers it gave slots carry (`GestureRecognizer.runtimeSlot`).
  let runtimeNumber = GestureRuntime.nextRuntimeNumber()
  /// The slots of recognizers that left the tree: given back once their attempt has ended and
  /// nothing names them any more (`freeDetachedSlots`).
  var detachedRecognizers: [Int] = []

  // Dispatch state.
  var isDispatching = false
  /// Whether `resolve` is running (requests made now are processed in its next round).
  var isResolving = false
  var dispatchNumber: UInt64 = 0
  var passMark: UInt64 = 0
  var resetPass: UInt64 = 0
  /// How many recognizers this runtime holds for a failure requirement (<doc:BehaviourReference> §3.8): when
  /// none is, exclusion has no requirement component to walk for held ones.
  var heldCount = 0
  /// How many entries of `tables.participants` were reset and await removal.
  var removedParticipants = 0
  var deferred: [() -> Void] = []
  /// How many removals a view announced (`recognizerWillBeRemoved`, `viewWillBeRemoved`) and has
  /// not finished (`removalDidFinish`): while any has not, what follows a dispatch waits
  /// (`followDispatch`: the deferred work, the debug invariant check, the deadline report).
  var removalsInProgress = 0
  /// What user code asked through the host while it ran, applied right after it returns
  /// (GestureRuntime+Host.swift); empty outside user code. The timers it started or cancelled
  /// wait apart, in the order asked (most requests are a timer, and a plain list of them costs
  /// least), and `userCodeAsked` says whether either list has anything.
  var inbox: [HostRequest] = []
  var inboxTimers: [TimerRequest] = []
  var userCodeAsked = false
  #if DEBUG
    /// How many calls into user code are running (debug builds): the rules trap when entered
    /// while one is (`assertNoUserCode`), and name the innermost, and whose it is.
    var userCodeDepth = 0
    var runningCallback: StaticString = ""
    unowned var runningCallbackOwner: AnyObject?
  #endif
  // Scratch storage of the passes, kept between dispatches so that they allocate nothing (the
  // work lists of a dispatch are in `tables`).
  var groupScratch: [GestureRecognizer] = []
  var groupSortScratch: [GestureRecognizer] = []
  var componentStack: [GestureRecognizer] = []
  var componentMembers: [GestureRecognizer] = []
  /// What the static requirements of the tree determine, kept until the scene changes them.
  var staticGraph = StaticRequirementGraph()
  /// Whether an edge asked of a delegate or a subclass was ever added (`addEdge`): until one is,
  /// every edge is a static requirement's (`detectCycles`).
  var askedEdgeAdded = false
  /// The nodes and the working storage of the searches for cycles (taken out while in use).
  var graphNodes: [GestureRecognizer] = []
  var graphSearch = StronglyConnectedComponents()
  /// The touches of a several-touch event (a one-touch event uses `singleTouchList`).
  var eventTouches: [Touch] = []
  /// The storage of the last ``TouchEvent/allTouches`` that listed more than the changed touches.
  var eventAllTouches: [Touch] = []
  /// Whether a touch of the current event ended or was cancelled.
  var eventFinishes = false
  var scratchTouches: [Touch] = []
  /// The touch of single-touch deliveries, in a list reused so that they allocate nothing.
  var singleTouchList: [Touch] = []
  /// The two durations above in microseconds, as literals: no Duration arithmetic, no lazy
  /// global on the per-event path (debug builds check that they agree, in `init`).
  static var undecidedTimeoutMicroseconds: Int64 { 5_000_000 }
  static var tapCountIntervalMicroseconds: Int64 { 350_000 }
  /// The slots of the recognizers of a several-touch event, in delivery order (taken out while in
  /// use).
  var eventSlots: [Int] = []
  /// The views `shouldBeginVeto` asks (taken out while in use).
  var vetoViewsScratch: [View] = []
  /// The recognizers a touch-down collects (taken out while in use; touch-downs never nest: input
  /// waits for the dispatch).
  var collectedRecognizers: [GestureRecognizer] = []
  /// For each of `collectedRecognizers`, how many views above the hit view it was found.
  var collectedSteps: [Int] = []
  /// One view's calls while they are put in order (taken out while in use).
  var viewCallScratch: [PlannedViewCall] = []
  /// A one-element buffer for a single touch's view calls.
  var viewTouch: [Touch] = []
  /// While the runtime stops a recognizer (disabled, removed), the reason its states show.
  var stopReason: String?

  // Pointer input: buttons, modifier keys, hover and scroll (GestureRuntime+Pointer.swift).
  var pointer = PointerState()
  /// How long a discrete scroll waits without a tick before its sequence ends (default
  /// ``defaultDiscreteScrollIdleTimeout``, <doc:BehaviourReference> §6.4).
  public var discreteScrollIdleTimeout: Duration {
    get { storedDiscreteScrollIdleTimeout }
    set { storedDiscreteScrollIdleTimeout = newValue }
  }

  // Timers: pending in the recognizers' slots, scheduled in the tables (`TimerSchedule`).
  /// The deadline last reported to ``nextTimerDeadlineDidChange``.
  var reportedDeadline: Timestamp?

  /// Called with the new ``nextTimerDeadline`` (nil: no timer pending) whenever it changes, after
  /// the dispatch that changed it: the hook for an app that runs its own event loop (GLib, SDL,
  /// its own `poll`) to re-arm its timeout. Setting it does not call it: read
  /// ``nextTimerDeadline`` for the current value.
  public var nextTimerDeadlineDidChange: ((Timestamp?) -> Void)? {
    get { storedNextTimerDeadlineDidChange }
    set {
      storedNextTimerDeadlineDidChange = newValue
      reportedDeadline = nextTimerDeadline
    }
  }
  static let watchdogTimerID = Int.min

  /// Called with each diagnostic of the runtime, with or without a ``trace``: the trace's
  /// `diagnostic` lines (input it dropped or corrected, a cycle of failure requirements, a
  /// transition it corrected, a recognizer still undecided long after its touches ended, a
  /// recognizer's own diagnostics). An app that records no trace in the field can log these, the
  /// runtime's answers to "why did my gesture not fire?" that need no replay.
  ///
  /// It is called between dispatches, in the order the diagnostics were made, after the dispatch
  /// that made them and before the work its callbacks queued; what it does (send input, change the
  /// scene) runs at once, as any app code between dispatches does. A diagnostic that app code
  /// causes outside any dispatch is reported as that call ends (a recognizer required to fail by
  /// itself), or after the dispatch its request starts (a state set illegally, then mapped).
  /// Each carries the runtime's time when it was made. The runtime keeps the handler:
  /// a handler that uses the runtime captures it `weak`, or the two keep each other alive.
  public var diagnosticHandler: ((Diagnostic) -> Void)? {
    get { storedDiagnosticHandler }
    set { storedDiagnosticHandler = newValue }
  }
  var storedDiagnosticHandler: ((Diagnostic) -> Void)?
  /// The diagnostics waiting for ``diagnosticHandler`` (kept only while there is one).
  var pendingDiagnostics: [Diagnostic] = []
  var isReportingDiagnostics = false

  /// A diagnostic of the runtime (``diagnosticHandler``): the text of a trace's `diagnostic` line.
  public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    /// The time of the dispatch that made it.
    public var time: Timestamp
    /// What happened, in a sentence.
    public var message: String
    /// The names of the recognizers it is about, if any (their `displayName`).
    public var recognizers: [String]

    /// Creates a diagnostic.
    public init(time: Timestamp, message: String, recognizers: [String] = []) {
      self.time = time
      self.message = message
      self.recognizers = recognizers
    }

    /// The diagnostic as the text trace prints it, without the time: the recognizers in
    /// brackets, if any, then the message.
    public var description: String {
      recognizers.isEmpty ? message : "[\(recognizers.joined(separator: ", "))] \(message)"
    }
  }

  /// Creates a runtime for the tree rooted at `window`.
  ///
  /// - Parameters:
  ///   - window: The root view; its frame is in window coordinates.
  ///   - clock: A ``ManualClock`` (the default) for tests and replay, a ``RealClock`` for apps.
  ///   - trace: Where the trace goes, if anywhere.
  public init(window: View, clock: any GestureClock = ManualClock(), trace: (any TraceSink)? = nil) {
    if window.superview != nil {
      fatalError("a runtime's window is the root of its tree: view \(window.name) has a superview")
    }
    if window.hostIdentifier != nil {
      fatalError("view \(window.name) is already the window of a runtime: a window has one runtime at a time")
    }
    self.window = window
    self.clock = clock
    self.traceSink = trace
    self.dispatchTime = clock.now
    assert(
      Self.undecidedTimeout.wholeMicroseconds == Self.undecidedTimeoutMicroseconds
        && Self.tapCountInterval.wholeMicroseconds == Self.tapCountIntervalMicroseconds)
    window.host = self
  }

  deinit {
    if window.hostIdentifier == ObjectIdentifier(self) { window.host = nil }
    detach(window, forgettingTouches: true)
    // A touch still down (or withheld) names its record: it no longer does, so that an app that
    // keeps the touch holds nothing of ours (the records go with the runtime).
    for number in tables.live.numbers { tables.records[number].touch.runtimeRecord = RuntimeSlotNumber() }
    for number in tables.withheldRecords { tables.records[number].touch.runtimeRecord = RuntimeSlotNumber() }
    // The touches a recognizer tracks hold their views; the rest of an attempt (its touches,
    // requirement edges and exclusions) is in the slots, which go with the runtime.
    for participant in tables.participants {
      let recognizer = recognizer(inListed: participant)
      // Nothing may reach this runtime through the recognizer any more (not even its `reset`
      // below): an unowned reference to an object being deinitialized traps when read.
      if recognizer.hostIdentifier == ObjectIdentifier(self) { recognizer.host = nil }
      // Not the touches of one listed here but gone to another runtime since (listed until the
      // list is compacted): it may track touches there.
      if recognizer.runtimeSlot == RuntimeSlotNumber(owner: runtimeNumber, index: participant) {
        recognizer.forgetTrackedTouches()
      }
    }
    // A recognizer caught mid-attempt ends it here, silently (no runtime is left to publish
    // anything), so that a later runtime finds it as a fresh one: `possible`, its own state reset.
    // (A later runtime has another number: it gives the recognizer a fresh slot.)
    for participant in tables.participants where tables.slots[slot(ofListed: participant)].participating {
      let recognizer = recognizer(inListed: participant)
      recognizer.attemptOwner = 0
      recognizer.startedTimerInAttempt = false
      recognizer.actionState = nil
      recognizer.forgetLiftLocations()
      recognizer.requestedState = .possible
      recognizer.publishedState = .possible
      callReset(recognizer)
    }
  }

  /// Clears what a subtree's views and recognizers keep of this runtime: the unowned references
  /// to it, and the marks of its passes and its participant list, which would otherwise be
  /// misread (the recognizers' slots are given back once their attempts have ended). When the
  /// runtime itself goes, the views' counts of touches it told them about go too.
  func detach(_ root: View, forgettingTouches: Bool = false) {
    var stack = [root]
    while let view = stack.popLast() {
      view.runtimeMark = 0
      if forgettingTouches { view.activeTouchCount = 0 }
      for recognizer in view.gestureRecognizers {
        // Not the host of one in another runtime's attempt, which took it meanwhile (a removal
        // made from a callback detaches at the end of the dispatch).
        if recognizer.hostIdentifier == ObjectIdentifier(self) || !isInAnotherAttempt(recognizer) {
          recognizer.host = nil
        }
        guard recognizer.runtimeSlot.owner == runtimeNumber else { continue }
        letGo(recognizer, slot: recognizer.runtimeSlot.index, forgettingTouches: forgettingTouches)
      }
      stack.append(contentsOf: view.subviews)
    }
  }

  /// What `detach` does to the slot `number` here of a recognizer that left the tree: clears its
  /// marks and its place in the participant list, forgets its timers outside an attempt, and
  /// lists it to be given back.
  func letGo(_ recognizer: GestureRecognizer, slot number: Int, forgettingTouches: Bool = false) {
    tables.slots[number].listed = false
    tables.slots[number].mark = 0
    tables.slots[number].resetMark = 0
    tables.slots[number].sequence = 0
    // Its host is gone: outside an attempt nothing else would forget its timers.
    if !tables.slots[number].participating { cancelAllTimers(ofSlot: number) }
    if !forgettingTouches { listDetached(recognizer, slot: number) }
  }
}
