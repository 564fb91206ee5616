@_spi(GestureRuntime) public import GestureCore

/// The deadline API, for apps whose event loop is not the runtime's: how long they may sleep, and
/// a call when that changes.
extension GestureRuntime {
  /// How long an event loop may wait for input before it must call ``advance(to:)`` so that the
  /// next timer fires on time: the span from `time` to ``nextTimerDeadline`` (zero when that is
  /// already due), or nil when no timer is pending (wait for input alone).
  public func timeUntilNextTimer(from time: Timestamp) -> Duration? {
    guard let deadline = nextTimerDeadline else { return nil }
    return deadline > time ? deadline - time : .zero
  }

  /// Calls ``nextTimerDeadlineDidChange`` if the deadline is not the one last reported.
  func reportDeadlineChange() {
    let deadline = nextTimerDeadline
    guard deadline != reportedDeadline else { return }
    reportedDeadline = deadline
    nextTimerDeadlineDidChange?(deadline)
  }
}
