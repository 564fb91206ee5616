public import GestureCore

/// Estimates a velocity from recent position samples, without allocating per sample.
///
/// It keeps the last ``capacity`` samples and reports the displacement between the oldest sample
/// within ``window`` (or, when samples are sparse, the one just before the newest) and the newest,
/// divided by the time between them: exact for steady motion once two samples are in
/// (<doc:BehaviourReference> §4 asks for 5 % after five samples).
public struct VelocityTracker {
  /// How many samples are kept.
  public static let capacity = 8
  /// How far back samples count.
  public static let window: Duration = .milliseconds(100)

  // Fixed-size storage (one slot per sample, `capacity` of them): a sample writes no array, so
  // it costs no uniqueness check and no bounds check on a heap buffer.
  private var times = SIMD8<Int64>()
  private var xs = SIMD8<Double>()
  private var ys = SIMD8<Double>()
  private var count = 0
  private var head = 0

  /// Creates an empty tracker.
  public init() {}

  /// Adds a sample: a position at a time. Inlined: a pan adds one at every move.
  @inline(__always)
  public mutating func add(_ point: Point, at time: Timestamp) {
    head = (head + 1) & (Self.capacity - 1)
    times[head] = time.microseconds
    xs[head] = point.x
    ys[head] = point.y
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
    return Point(x: (xs[head] - xs[oldest]) / dt, y: (ys[head] - ys[oldest]) / dt)
  }
}
