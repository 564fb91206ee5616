import GestureCore

/// What the runtime knows of the pointer between dispatches: its buttons and modifier keys, the
/// hover it follows, and the scroll sequence in progress (<doc:BehaviourReference> §6).
///
/// Hover and scroll sequences reach recognizers as touches the runtime makes up (type
/// `indirectPointer`, negative identifiers, events of type `hover` or `scroll`): so collection,
/// exclusion, failure requirements, simultaneity and resets treat them as they treat touches,
/// among the recognizers of the same kind of input. Their views are never told of them.
struct PointerState {
  /// The buttons down after the last pointer event.
  var buttonMask: EventButtonMask = []
  /// The modifier keys down during the last event that said.
  var modifierFlags: ModifierFlags = []
  /// Whether the hovering pointer is in the window, and where.
  var hoverInWindow = false
  var hoverLocation = Point.zero
  /// One made-up touch per view under the hovering pointer whose hover recognizers follow it,
  /// deepest view first.
  var hoverRecords: [Int] = []
  /// The made-up touch of the scroll sequence in progress, if any recognizer took it.
  var scrollRecord: Int?
  /// Whether a scroll sequence is in progress (taken by a recognizer or not), of which type, and
  /// when its last step came.
  var scrollActive = false
  var scrollType = ScrollType.discrete
  var lastScrollStep = Timestamp.zero
  /// The number of the current hover sequence (from entering the window to leaving it) and of the
  /// current scroll sequence, counted apart from touch sequences.
  var hoverSequence = 0
  var scrollSequence = 0
  /// The identifier of the next made-up touch (counting up from `Int.min`).
  var nextSyntheticIdentifier = Int.min

  /// How many made-up touches are live (they are not counted as touches that are down).
  var syntheticCount: Int { hoverRecords.count + (scrollRecord == nil ? 0 : 1) }

  /// Whether `record` is one of the pointer's own hover or scroll records rather than a touch.
  func isSynthetic(_ record: Int) -> Bool {
    scrollRecord == record || hoverRecords.contains(record)
  }
}
