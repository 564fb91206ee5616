import GestureCore
import GestureRecognizers

extension SceneExporter {
  /// Readers for the built-in kinds whose catalog entries do not read their recognizers back:
  /// `pinch`, `rotation` and `screenEdgePan`. Each answers only for its exact class, so that a
  /// subclass registered as a kind of its own is not taken for it.
  static let builtInReaders: [(kind: String, values: @Sendable (GestureRecognizer) -> [String: ParameterValue]?)] = [
    (
      "pinch",
      { recognizer in
        guard type(of: recognizer) == PinchGestureRecognizer.self, let pinch = recognizer as? PinchGestureRecognizer
        else { return nil }
        return ["minimumSpanChange": .number(pinch.minimumSpanChange)]
      }
    ),
    (
      "rotation",
      { recognizer in
        guard type(of: recognizer) == RotationGestureRecognizer.self,
          let rotation = recognizer as? RotationGestureRecognizer
        else { return nil }
        return ["minimumRotation": .number(rotation.minimumRotation)]
      }
    ),
    (
      "screenEdgePan",
      { recognizer in
        guard type(of: recognizer) == ScreenEdgePanGestureRecognizer.self,
          let pan = recognizer as? ScreenEdgePanGestureRecognizer
        else { return nil }
        return [
          "edges": .options(RectEdge.named.filter { pan.edges.contains($0.edge) }.map(\.name)),
          "edgeWidth": .number(pan.edgeWidth), "hysteresis": .number(pan.hysteresis),
        ]
      }
    ),
  ]

  /// The kind of `recognizer` with its parameter values: the catalog's reading, or else, for a
  /// built-in kind the catalog has by name, the reading of ``builtInReaders``.
  func kindAndValues(of recognizer: GestureRecognizer) -> (kind: RecognizerKind, values: [String: ParameterValue])? {
    if let found = catalog.kind(of: recognizer) { return found }
    for reader in Self.builtInReaders {
      if let kind = catalog.kind(named: reader.kind), let values = reader.values(recognizer) { return (kind, values) }
    }
    return nil
  }
}
