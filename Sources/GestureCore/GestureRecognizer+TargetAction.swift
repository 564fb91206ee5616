/// UIKit's target–action form: a method of an object that the recognizer holds weakly.
///
/// `addTarget(_:action:)` takes a method reference (`ViewController.handlePan`) where UIKit takes a
/// selector. The recognizer does not keep the target alive: once the target is gone, its actions
/// do nothing. Target actions are ordinary actions: they run in registration order with those of
/// ``GestureRecognizer/addAction(_:)`` (<doc:BehaviourReference> §1.3).
extension GestureRecognizer {
  /// Registers `action`, a method of `target` taking the recognizer, to be called as actions are
  /// (UIKit's `addTarget(_:action:)`). The target is held weakly. `Recognizer` is the sender type
  /// the method takes; the recognizer must be one (a mismatch traps, naming the recognizer).
  @discardableResult
  public final func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
    _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) -> ActionIdentifier {
    precondition(
      self is Recognizer, "\(displayName) is not a \(Recognizer.self), the sender type of its target's action")
    let id = addAction { [weak target] recognizer in
      guard let target else { return }
      // The recognizer passed is this one, which is a `Recognizer` (checked above).
      action(target)(recognizer as! Recognizer)
    }
    targetActions.append((ObjectIdentifier(target), id))
    return id
  }

  /// Registers `action`, a method of `target` that takes no argument (UIKit's action without a
  /// sender). The target is held weakly.
  @discardableResult
  public final func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void)
    -> ActionIdentifier
  {
    let id = addAction { [weak target] _ in
      guard let target else { return }
      action(target)()
    }
    targetActions.append((ObjectIdentifier(target), id))
    return id
  }

  /// Removes every action registered with `addTarget(_:action:)` for `target`, or for every
  /// target when `target` is nil (UIKit's `removeTarget(_:action:)` with a nil action; method
  /// references cannot be compared, so the action cannot be named). Closure actions stay.
  public final func removeTarget(_ target: AnyObject?) {
    let identity = target.map { ObjectIdentifier($0) }
    targetActions.removeAll { entry in
      guard identity == nil || entry.target == identity else { return false }
      removeAction(entry.id)
      return true
    }
  }
}
