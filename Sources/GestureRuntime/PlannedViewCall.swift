import GestureCore

/// One view call planned in the view phase of a dispatch: the decision that causes it (or
/// `RuntimeTables.eventOwnCall`) and the place of its touch among the touches of one call.
struct PlannedViewCall {
  let view: View
  let phase: TouchPhase
  let touch: Touch
  let decision: UInt64
  let order: UInt64
}

/// The view calls planned for one touch, in order: at most three (`began`, a withheld `moved`,
/// the end), kept inline so that planning them allocates and counts nothing.
struct PlannedPhases {
  private var phases: (TouchPhase, TouchPhase, TouchPhase) = (.began, .began, .began)
  var count = 0

  mutating func append(_ phase: TouchPhase) {
    switch count {
    case 0: phases.0 = phase
    case 1: phases.1 = phase
    case 2: phases.2 = phase
    default: preconditionFailure("more than three view calls planned for one touch")
    }
    count += 1
  }

  subscript(index: Int) -> TouchPhase {
    switch index {
    case 0: return phases.0
    case 1: return phases.1
    default: return phases.2
    }
  }
}
