import GestureCore

enum ListCommand {
  static let command = Subcommand(
    name: "list",
    overview: "List every recognizer kind scene files can name, with its parameters, types and defaults.",
    usage: "list [--format text|json]",
    arguments: [],
    options: [("--format <format>", "text (the default) or json.")],
    valued: ["--format"], flags: [],
    run: run)

  static let common: [(String, String, String)] = [
    ("isEnabled", "boolean", "true"), ("cancelsTouchesInView", "boolean", "true"),
    ("delaysTouchesBegan", "boolean", "false"), ("delaysTouchesEnded", "boolean", "true"),
    ("allowedTouchTypes", "array of direct|indirect|pencil|indirectPointer", "all (hover: none, it gets no touches)"),
    ("requiresExclusiveTouchType", "boolean", "true"), ("requireToFail", "array of recognizer names", "[]"),
    ("delegate", "delegate name", "none"),
  ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(InputError) -> Int32 {
    try GestureCtl.requirePositional(arguments, 0, command)
    let format = arguments.options["--format"] ?? "text"
    guard format == "text" || format == "json" else {
      throw .usage("unknown format '\(format)'\(didYouMean(format, ["text", "json"])); expected text or json")
    }
    let kinds = context.catalog.kinds
    if format == "json" {
      var items: [String] = []
      for kind in kinds {
        let parameters = kind.parameters.map { parameter in
          "{\"name\":\(JSONText.quote(parameter.name)),\"type\":\(JSONText.quote(parameter.type.description)),\"default\":\(JSONText.quote(parameter.defaultValue.description)),\"summary\":\(JSONText.quote(parameter.summary))}"
        }
        items.append(
          "{\"kind\":\(JSONText.quote(kind.name)),\"summary\":\(JSONText.quote(kind.summary)),\"parameters\":[\(parameters.joined(separator: ","))]}"
        )
      }
      context.stdout.write("[\n  " + items.joined(separator: ",\n  ") + "\n]\n")
      return 0
    }
    var text = ""
    for kind in kinds {
      text += "\(kind.name): \(kind.summary)\n"
      for parameter in kind.parameters {
        text +=
          "  \(TraceFormat.pad(parameter.name, 42)) \(TraceFormat.pad(parameter.type.description, 26)) "
          + (parameter.isRequired ? "required\n" : "default \(parameter.defaultValue)\n")
        text += "  \(String(repeating: " ", count: 42)) \(parameter.summary)\n"
      }
      text += "\n"
    }
    text += "Every kind also takes:\n"
    for (name, type, value) in common {
      text += "  \(TraceFormat.pad(name, 42)) \(TraceFormat.pad(type, 26)) default \(value)\n"
    }
    context.stdout.write(text)
    return 0
  }
}
