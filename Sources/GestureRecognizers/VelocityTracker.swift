public import GestureCore

/// Estimates a velocity from recent position samples, without allocating per sample.
///
/// It keeps the last ``capacity`` samples and reports the displacement between the oldest sample
/// within ``window`` (or, when samples are sparse, the one just before the newest) and the newest,
/// divided by the time between them: exact for steady motion once two samples are in
/// (behavior.md 4 asks for 5 % after five samples).
public struct VelocityTracker {
  /// How many samples are kept.
  public static let capacity = 8
  /// How far back samples count.
  public static let window: Duration = .milliseconds(100)

  private var times: [Int64]
  private var points: [Point]
  private var count = 0
  private var head = 0

  /// Creates an empty tracker.
  public init() {
    times = Array(repeating: 0, count: Self.capacity)
    points = Array(repeating: .zero, count: Self.capacity)
  }

  /// Adds a sample: a position at a time.
  public mutating func add(_ point: Point, at time: Timestamp) {
    head = (head + 1) % Self.capacity
    times[head] = time.microseconds
    points[head] = point
    count = min(count + 1, Self.capacity)
  }

  /// Forgets every sample.
  public mutating func removeAll() {
    count = 0
  }

  /// The velocity in points per second; zero with fewer than two samples.
  public var velocity: Point {
    guard count >= 2 else { return .zero }
    let newestTime = times[head]
    let limit = Self.window.wholeMicroseconds
    var oldest = head
    var index = head
    for _ in 1..<count {
      index = (index + Self.capacity - 1) % Self.capacity
      if newestTime - times[index] > limit && oldest != head { break }
      oldest = index
    }
    let dt = Double(newestTime - times[oldest]) / 1_000_000
    guard dt > 0 else { return .zero }
    let delta = points[head] - points[oldest]
    return Point(x: delta.x / dt, y: delta.y / dt)
  }
}
