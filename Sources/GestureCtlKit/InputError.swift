/// Bad input or a bad command line, rendered in one place with its exit code.
struct InputError: Error, Equatable {
  enum Kind: Equatable {
    /// Wrong command-line usage (exit 64).
    case usage
    /// Malformed input data (exit 65).
    case data
    /// An input that cannot be opened (exit 66).
    case cannotOpen
  }

  var kind: Kind
  /// The full message, such as `scene.json:3:5: error: views[0].frame: expected 4 numbers`.
  var message: String

  static func usage(_ message: String) -> InputError { InputError(kind: .usage, message: message) }
  static func data(_ message: String) -> InputError { InputError(kind: .data, message: message) }

  /// A data error at a position in a file: `path:line:column: error: message`.
  static func at(_ file: String, _ line: Int, _ column: Int, _ message: String) -> InputError {
    InputError(kind: .data, message: "\(file):\(line):\(column): error: \(message)")
  }

  var exitCode: Int32 {
    switch kind {
    case .usage: return 64
    case .data: return 65
    case .cannotOpen: return 66
    }
  }
}

/// Suggests the closest of `candidates` to `word`, for did-you-mean messages.
///
/// A candidate that begins with the word, or contains it, is a match too when the word is at least
/// four letters long (`numberOfTaps` → `numberOfTapsRequired`); the shortest such wins.
func closest(to word: String, in candidates: [String]) -> String? {
  let lower = Array(word.lowercased())
  if lower.count >= 4 {
    let containing = candidates.filter { $0.lowercased().contains(word.lowercased()) && $0 != word }
    if let shortest = containing.min(by: { $0.count < $1.count }) { return shortest }
  }
  // A misspelled beginning of a longer name (`shouldRecognise` → `shouldRecognizeSimultaneouslyWith`).
  if lower.count >= 6 {
    var bestPrefix: (name: String, distance: Int)?
    for candidate in candidates where candidate.count > lower.count {
      let distance = editDistance(lower, Array(candidate.lowercased().prefix(lower.count)))
      if distance <= max(1, lower.count / 6) && (bestPrefix == nil || distance < bestPrefix!.distance) {
        bestPrefix = (candidate, distance)
      }
    }
    if let bestPrefix, closestByDistance(lower, candidates) == nil { return bestPrefix.name }
  }
  return closestByDistance(lower, candidates)
}

/// The candidate within a small edit distance of `lower`, the nearest first.
private func closestByDistance(_ lower: [Character], _ candidates: [String]) -> String? {
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(lower, Array(candidate.lowercased()))
    let limit = max(2, candidate.count / 3)
    if distance <= limit && (best == nil || distance < best!.distance) {
      best = (candidate, distance)
    }
  }
  return best?.name
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  if abs(a.count - b.count) > 8 { return abs(a.count - b.count) }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

/// " (did you mean 'x'?)" or "".
func didYouMean(_ word: String, _ candidates: [String]) -> String {
  closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// What follows "unknown field 'x'": " (did you mean 'y'?)" when one field is close, and the
/// list of the fields otherwise.
func fieldHint(_ word: String, _ fields: [String]) -> String {
  let suggestion = didYouMean(word, fields)
  return suggestion.isEmpty ? "; expected one of: \(fields.joined(separator: ", "))" : suggestion
}
