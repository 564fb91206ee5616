/// The kind of a scroll (UIKit's `UIScrollType`, <doc:BehaviourReference> §6.4).
public enum ScrollType: String, Sendable, CaseIterable {
  /// A mouse wheel: ticks, with no begin or end of their own.
  case discrete
  /// A trackpad's two-finger scroll: a sequence that begins, changes and ends.
  case continuous
}
