import GestureCore
import GestureRecognizers

/// The parsed command line: positional arguments and `--name value` options, in any order
/// (<doc:FileFormats>: options may come before or after the positional arguments).
struct Arguments {
  var positional: [String] = []
  var options: [String: String] = [:]
  var flags: Set<String> = []
  /// The options and flags given, in the order given (each once: a repeated one is an error).
  var given: [String] = []

  /// Parses `words` given which options take a value and which are flags.
  static func parse(_ words: [String], valued: [String], flags allowedFlags: [String]) throws(InputError)
    -> Arguments
  {
    var result = Arguments()
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "-" || !word.hasPrefix("-") {
        result.positional.append(word)
        continue
      }
      if word == "--" {
        result.positional.append(contentsOf: words[index...])
        break
      }
      var name = word
      var inlineValue: String?
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      }
      if valued.contains(name) || allowedFlags.contains(name) {
        if result.given.contains(name) {
          throw .usage("option '\(name)' is given more than once: give it once")
        }
        result.given.append(name)
      }
      if valued.contains(name) {
        if let inlineValue {
          result.options[name] = inlineValue
        } else {
          guard index < words.count else {
            throw .usage("option '\(name)' needs a value")
          }
          result.options[name] = words[index]
          index += 1
        }
      } else if allowedFlags.contains(name) {
        result.flags.insert(name)
      } else {
        throw .usage("unknown option '\(name)'\(didYouMean(name, valued + allowedFlags))")
      }
    }
    return result
  }

  func int(_ name: String, default value: Int, range: ClosedRange<Int>) throws(InputError) -> Int {
    guard let text = options[name] else { return value }
    guard let number = Int(text), range.contains(number) else {
      throw .usage(
        "option '\(name)' expects a whole number from \(range.lowerBound) to \(range.upperBound), found '\(text)'"
      )
    }
    return number
  }

  func double(_ name: String, default value: Double) throws(InputError) -> Double {
    guard let text = options[name] else { return value }
    guard let number = Double(text), number.isFinite else {
      throw .usage("option '\(name)' expects a number, found '\(text)'")
    }
    return number
  }
}

/// One subcommand of gesturectl.
struct Subcommand: Sendable {
  let name: String
  let overview: String
  let usage: String
  let arguments: [(String, String)]
  let options: [(String, String)]
  let valued: [String]
  let flags: [String]
  let run: @Sendable (Arguments, CommandContext) throws(InputError) -> Int32
  /// The help of one topic of the command, such as one gesture of `synth`, given the positional
  /// words of a `--help` command line; nil for the command's own help.
  var topicHelp: (@Sendable ([String]) -> String?)? = nil

  /// The help for a command line that asked for it: a topic's, or the command's own.
  func help(for words: [String]) -> String {
    topicHelp?(words.filter { !$0.hasPrefix("-") }) ?? help
  }

  var help: String {
    var text = "OVERVIEW: \(overview)\n\nUSAGE: \(GestureCtl.toolName) \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, summary) in arguments { text += Self.helpRow(name, summary) }
    }
    text += "\nOPTIONS:\n"
    for (name, summary) in options + [("-h, --help", "Show help information.")] {
      text += Self.helpRow(name, summary)
    }
    return text
  }

  /// One row of a help's list: the name in a column of 24, then its summary; a name too long for
  /// the column has its summary on the next line, under the others.
  static func helpRow(_ name: String, _ summary: String) -> String {
    name.count <= 24
      ? "  \(TraceFormat.pad(name, 24)) \(summary)\n"
      : "  \(name)\n  \(String(repeating: " ", count: 24)) \(summary)\n"
  }

  var shortUsage: String {
    "Usage: \(GestureCtl.toolName) \(usage)\n  See '\(GestureCtl.toolName) \(name) --help'."
  }
}

/// What a command runs with: its outputs and the catalog of recognizer kinds.
struct CommandContext {
  let stdout: any TextOutput
  let stderr: any TextOutput
  let stdoutIsTerminal: Bool
  /// The kinds scene files can name: the built-ins, plus whatever a program embedding the tool
  /// registers (gesturectl keeps no list of its own).
  var catalog: RecognizerCatalog = .standard
}
