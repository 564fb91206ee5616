/// The kind of input an event carries (UIKit's `UIEvent.EventType`, <doc:BehaviourReference> §6).
public enum EventType: String, Sendable, CaseIterable {
  /// Touches, pointer presses included: what every recognizer gets.
  case touches
  /// The pointer moving with no button down; only hover recognizers get it.
  case hover
  /// A mouse wheel tick or a trackpad's two-finger scroll; only recognizers that allow its
  /// ``ScrollType`` get it (a pan's `allowedScrollTypesMask`).
  case scroll
}
