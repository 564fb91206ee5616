// The scene-file kind of the check mark, as Docs/Gestures.docc/WritingACustomRecognizer.md shows it.
import GestureCore

extension CheckMarkGestureRecognizer {
  /// The scene-file kind `checkMark`, for a catalog.
  static let kind = RecognizerKind(
    name: "checkMark",
    summary: "A check mark drawn with one finger; discrete.",
    parameters: [
      RecognizerParameter(
        name: "minimumStroke", type: .distance(1...1000), defaultValue: .number(20),
        summary: "Points the finger must travel down; it must then travel up twice as far.")
    ],
    make: { name, values in
      let checkMark = CheckMarkGestureRecognizer(name: name)
      if let stroke = values["minimumStroke"]?.numberValue { checkMark.minimumStroke = stroke }
      return checkMark
    }
  ).reading { recognizer in
    // Read back for SceneExporter: nil for a recognizer of another kind.
    guard let checkMark = recognizer as? CheckMarkGestureRecognizer else { return nil }
    return ["minimumStroke": .number(checkMark.minimumStroke)]
  }
}
