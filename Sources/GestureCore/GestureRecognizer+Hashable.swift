/// Recognizers are equal only to themselves (UIKit's `NSObject` identity), so that
/// `gestureRecognizer == self.tapGesture` reads as in Apple's examples and recognizers can be
/// kept in sets and used as dictionary keys.
extension GestureRecognizer: Hashable {
  /// Whether `lhs` and `rhs` are the same recognizer object.
  public static func == (lhs: GestureRecognizer, rhs: GestureRecognizer) -> Bool {
    lhs === rhs
  }

  /// Hashes the recognizer's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
