/// A small, fast, seedable generator (SplitMix64), so that every randomized case can be replayed
/// from its seed.
///
/// Also compiled into the fuzzer as a source file of its own module (Scripts/fuzz.sh): no import
/// here.
public struct SeededGenerator: RandomNumberGenerator {
  /// The generator's whole state: the next value depends on it alone.
  public var state: UInt64

  /// A generator whose sequence is that of `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
