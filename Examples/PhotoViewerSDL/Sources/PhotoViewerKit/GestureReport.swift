public import GestureCore

/// One line of the viewer's log: a gesture it recognized (or, with input logging on, an input
/// event), at the runtime's time.
public struct GestureReport: Hashable, Sendable, CustomStringConvertible {
  /// When it happened, on the runtime's clock: for a gesture, the time of the dispatch that sent
  /// the action (a timer's deadline when a timer caused it).
  public var time: Timestamp
  /// The recognizer (`tap`, `doubleTap`, `pan`, …) or the input (`pointer-up`, …).
  public var name: String
  /// What the viewer did about it.
  public var detail: String

  /// Creates a report.
  public init(time: Timestamp, name: String, detail: String) {
    self.time = time
    self.name = name
    self.detail = detail
  }

  /// `time name detail`, the time in seconds with three decimals: `1.430 tap chrome hidden`.
  public var description: String { "\(Self.seconds(time)) \(name) \(detail)" }

  /// Seconds with exactly three decimals, rounded to the millisecond.
  public static func seconds(_ time: Timestamp) -> String {
    let milliseconds = (time.microseconds + (time.microseconds >= 0 ? 500 : -500)) / 1000
    let sign = milliseconds < 0 ? "-" : ""
    let magnitude = milliseconds.magnitude
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
