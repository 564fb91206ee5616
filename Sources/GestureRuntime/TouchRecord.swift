import GestureCore

/// The runtime's record of one touch: the recognizers collected for it and what its view has been
/// told.
final class TouchRecord {
  /// A recognizer collected for the touch, valid only within the attempt that collected it.
  struct Entry {
    let recognizer: GestureRecognizer
    var attempt: UInt32
  }

  enum ViewState {
    /// `touchesBegan` not delivered yet.
    case pending
    /// `touchesBegan` delivered; moves and the end follow.
    case active
    /// Ended, cancelled, or never to be delivered.
    case done
  }

  let touch: Touch
  let view: View?
  var entries: [Entry] = []
  var viewState: ViewState = .pending
  /// The input phase of this touch in the current dispatch, if it changed.
  var phaseInDispatch: TouchPhase?
  /// The touch moved while its `touchesBegan` was withheld (behavior.md 2.9).
  var movedWhileWithheld = false
  /// The input ended (or was cancelled) and the view has not been told yet.
  var endPending = false
  var inputCancelled = false
  /// A recognizer that recognized with `cancelsTouchesInView` claimed the touch (behavior.md 2.8).
  var cancelRequested = false
  /// The input has ended or been cancelled.
  var isFinished = false
  /// Dispatch number in which the record was last marked for view delivery.
  var dirtyMark: UInt64 = 0
  /// How many undecided recognizers withhold the touch's `began`, and its end, from the view.
  var beganWithholders = 0
  var endWithholders = 0

  init(touch: Touch, view: View?) {
    self.touch = touch
    self.view = view
  }

  /// Whether `recognizer` still holds this touch in its current attempt.
  func isHeld(by recognizer: GestureRecognizer) -> Bool {
    for entry in entries where entry.recognizer === recognizer {
      return entry.attempt == recognizer.runtime.attempt
    }
    return false
  }
}

extension Touch {
  /// The runtime's record of this touch, while it has one (only TouchRecords are stored there).
  var record: TouchRecord? {
    guard let object = runtimeRecord else { return nil }
    return unsafeDowncast(object, to: TouchRecord.self)
  }
}
