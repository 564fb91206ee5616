/// The seam between the objects of GestureCore and the runtime that dispatches to them.
///
/// GestureCore defines it; GestureRuntime implements it. It is `package`: apps and plug-ins never
/// see it.
package protocol GestureHost: AnyObject {
  /// The time of the current dispatch (or the clock's time outside one).
  var currentTime: Timestamp { get }
  /// The pointer's buttons down during the current dispatch (<doc:BehaviourReference> §6.1).
  var currentButtonMask: EventButtonMask { get }
  /// The modifier keys down during the current dispatch.
  var currentModifierFlags: ModifierFlags { get }
  /// Whether an illegal transition traps (<doc:BehaviourReference> §1.2).
  var strictTransitions: Bool { get }
  /// A recognizer's subclass asked for `state` (already validated and mapped); `reason` is
  /// evaluated only if the runtime records reasons (a trace is attached). `slot` and `published`
  /// are the recognizer's ``GestureRecognizer/runtimeSlot`` and
  /// ``GestureRecognizer/publishedState`` as it asks, handed over so that the host need not call
  /// back for them.
  func recognizer(
    _ recognizer: GestureRecognizer, requested state: GestureRecognizer.State, slot: RuntimeSlotNumber,
    published: GestureRecognizer.State, reason: () -> String)
  /// A recognizer made a diagnostic: an illegal transition that was mapped (then
  /// `requestFollows`: the mapped state is requested right after) or ignored, a requirement on
  /// itself.
  func recognizer(_ recognizer: GestureRecognizer, diagnostic message: String, requestFollows: Bool)
  /// A recognizer was enabled or disabled.
  func recognizerEnabledDidChange(_ recognizer: GestureRecognizer)
  /// A recognizer gained a failure requirement.
  func recognizer(_ recognizer: GestureRecognizer, didRequireFailureOf other: GestureRecognizer)
  /// What the host may have cached of the `require(toFail:)` requirements of its tree is out of
  /// date: a recognizer of the tree (or one it could reach) gained a requirement, or a recognizer
  /// or a view joined or left the tree.
  func staticRequirementsDidChange()
  /// A recognizer asks to ignore a touch (<doc:BehaviourReference> §2.5).
  func recognizer(_ recognizer: GestureRecognizer, ignores touch: Touch)
  /// A recognizer starts or restarts its timer `id`, due `microseconds` after the current time.
  /// `slot` is the recognizer's ``GestureRecognizer/runtimeSlot`` as it asks.
  func recognizer(
    _ recognizer: GestureRecognizer, slot: RuntimeSlotNumber, startTimer id: Int,
    afterMicroseconds microseconds: Int64)
  /// A recognizer cancels its timer `id` (nothing happens if it is not pending). `slot` is the
  /// recognizer's ``GestureRecognizer/runtimeSlot`` as it asks.
  func recognizer(_ recognizer: GestureRecognizer, slot: RuntimeSlotNumber, cancelTimer id: Int)
  /// A recognizer is about to be detached from its view.
  func recognizerWillBeRemoved(_ recognizer: GestureRecognizer)
  /// A view is about to be detached from its superview.
  func viewWillBeRemoved(_ view: View)
  /// The removal that `recognizerWillBeRemoved` or `viewWillBeRemoved` announced is done: the
  /// view no longer lists the recognizer, or the superview no longer lists the view, and, when
  /// the removal is part of a move, the recognizer or the view is in its new place.
  func removalDidFinish()
}
