public import GestureCore
public import GestureRecognizers
import GestureRuntime

/// Writes a live view tree, with its recognizers and their delegates, as a scene file
/// (<doc:FileFormats>, scene), so that input recorded in an app can be replayed by `gesturectl`.
///
/// Each recognizer's kind and parameters are read back through the catalog
/// (``GestureCore/RecognizerKind/reading(_:)``; the built-in kinds can, an app's own kind can once
/// it says how). Only values that differ from their defaults are written. Views are written
/// with their `frame` and, where they are not the defaults, their `bounds` (a scrolled origin) and
/// `transform` (as a scale, a rotation and a translation; with a transform, `frame` is the
/// untransformed position and size, UIKit's `center` and `bounds.size`).
///
/// Delegates and views answer in code, and a scene answers with lists, so the exporter asks:
/// each delegate about each pair of recognizers (`shouldRequireFailureOf`,
/// `shouldBeRequiredToFailBy`, `shouldRecognizeSimultaneouslyWith`), about each of its
/// recognizers (`gestureRecognizerShouldBegin`) and about a touch in each view
/// (`shouldReceive`); each view about each recognizer that its touches can reach
/// (`gestureRecognizerShouldBegin`, written as `vetoes`). The answers are frozen at export time:
/// a delegate whose answer depends on state, on the touch's position within a view, or on time
/// is exported with the answers it gave then. A `shouldReceive` answer that differs between a
/// view and its subviews is kept only where a whole subtree says no.
public struct SceneExporter {
  /// The kinds the exporter can name; a recognizer of a kind it cannot read back is an error.
  public var catalog: RecognizerCatalog

  /// Creates an exporter that names recognizers by the kinds of `catalog`.
  public init(catalog: RecognizerCatalog = .standard) {
    self.catalog = catalog
  }

  /// Why a view tree cannot be written as a scene.
  public struct Failure: Error, CustomStringConvertible {
    /// What is wrong, naming the view or recognizer.
    public let description: String
  }

  /// The scene file of the tree under `window` (the root view), as JSON text ending in a newline.
  ///
  /// - Throws: ``Failure`` when a view or a recognizer has no name or shares one (scenes name
  ///   everything), a recognizer is of a kind the catalog cannot read back or requires the
  ///   failure of a recognizer outside the tree, or a view's transform skews (a scene writes a
  ///   scale, a rotation and a translation only).
  public func scene(of window: View) throws(Failure) -> String {
    var views: [(view: View, depth: Int)] = []
    var stack: [(View, Int)] = [(window, 0)]
    while let (view, depth) = stack.popLast() {
      views.append((view, depth))
      for child in view.subviews.reversed() { stack.append((child, depth + 1)) }
    }
    var viewNames: Set<String> = []
    for (view, _) in views {
      if view.name.isEmpty { throw Failure(description: "a view has no name; scenes name every view") }
      if !viewNames.insert(view.name).inserted {
        throw Failure(description: "two views are named '\(view.name)'; scenes need unique names")
      }
    }
    let recognizers = views.flatMap { $0.view.gestureRecognizers }
    var recognizerNames: Set<String> = []
    for recognizer in recognizers {
      if recognizer.name.isEmpty {
        throw Failure(description: "a recognizer of \(recognizer.view?.name ?? "a view") has no name")
      }
      if !recognizerNames.insert(recognizer.name).inserted {
        throw Failure(description: "two recognizers are named '\(recognizer.name)'; scenes need unique names")
      }
    }
    // Delegates, in the order of their first recognizer, named after it.
    var delegates: [(delegate: any GestureRecognizerDelegate, name: String, recognizers: [GestureRecognizer])] = []
    for recognizer in recognizers {
      guard let delegate = recognizer.delegate else { continue }
      if let index = delegates.firstIndex(where: { $0.delegate === delegate }) {
        delegates[index].recognizers.append(recognizer)
      } else {
        var name = recognizer.name + "Delegate"
        while recognizerNames.contains(name) || delegates.contains(where: { $0.name == name }) { name += "_" }
        delegates.append((delegate, name, [recognizer]))
      }
    }

    var out = "{\n  \"format\": \"\(SceneLoader.format)\",\n  \"views\": [\n"
    out += try viewTree(views, recognizers)
    out += "  ],\n  \"recognizers\": [\n"
    var entries: [String] = []
    for recognizer in recognizers {
      for other in recognizer.failureRequirements where !recognizers.contains(where: { $0 === other }) {
        throw Failure(
          description:
            "recognizer '\(recognizer.name)' requires '\(other.name)' to fail, which is not in the tree under '\(window.name)'"
        )
      }
      entries.append(try entry(recognizer, delegateName: delegates.first { $0.delegate === recognizer.delegate }?.name))
    }
    out += entries.map { "    " + $0 }.joined(separator: ",\n")
    out += entries.isEmpty ? "  ]" : "\n  ]"
    if !delegates.isEmpty {
      out += ",\n  \"delegates\": [\n"
      out +=
        delegates.map { "    " + delegateEntry($0.delegate, $0.name, $0.recognizers, recognizers, views.map(\.view)) }
        .joined(separator: ",\n")
      out += "\n  ]"
    }
    return out + "\n}\n"
  }

  private static func rect(_ rect: Rect) -> String {
    "[\(JSONText.number(rect.minX)), \(JSONText.number(rect.minY)), \(JSONText.number(rect.width)), \(JSONText.number(rect.height))]"
  }

  private static func vector(_ x: Double, _ y: Double) -> String {
    "[\(JSONText.number(tidy(x))), \(JSONText.number(tidy(y)))]"
  }

  /// `value` without the last bits of rounding noise that taking a transform apart leaves
  /// (1.4999999999999998 for 1.5): snapped to nine decimals when that moves it by no more than
  /// one part in 10¹².
  private static func tidy(_ value: Double) -> Double {
    let snapped = (value * 1e9).rounded() / 1e9
    return abs(snapped - value) <= 1e-12 * max(1, abs(value)) ? snapped : value
  }

  /// A view's `frame`, and its `bounds` and `transform` where they are not the defaults
  /// (<doc:FileFormats>, scene). With a transform, `frame` is the untransformed position and size
  /// (UIKit's `center` and `bounds.size`), and the transform is taken apart into a scale, then a
  /// rotation, then a translation, as the scene composes them.
  private static func geometry(of view: View) throws(Failure) -> [String] {
    let transform = view.transform
    let bounds = view.bounds
    let frame =
      transform.isIdentity
      ? view.frame
      : Rect(
        x: view.center.x - bounds.width / 2, y: view.center.y - bounds.height / 2, width: bounds.width,
        height: bounds.height)
    var fields = ["\"frame\": \(rect(frame))"]
    if bounds.origin != .zero { fields.append("\"bounds\": \(rect(bounds))") }
    guard !transform.isIdentity else { return fields }
    // [a b; c d] = [sx 0; 0 sy] × [cos sin; −sin cos]: a = sx·cos, b = sx·sin, c = −sy·sin,
    // d = sy·cos; a skew leaves c·cos + d·sin away from 0.
    let angle = arcTangent(transform.b, transform.a)
    let (cos, sin) = (cosine(angle), sine(angle))
    let sx = (transform.a * transform.a + transform.b * transform.b).squareRoot()
    let sy = transform.d * cos - transform.c * sin
    let size = abs(transform.a) + abs(transform.b) + abs(transform.c) + abs(transform.d)
    guard abs(transform.c * cos + transform.d * sin) <= 1e-9 * max(1, size) else {
      throw Failure(
        description:
          "view '\(view.name)' has a transform that skews (\(transform)), which a scene cannot write: scale, rotation and translation only"
      )
    }
    var parts: [String] = []
    if tidy(sx) != 1 || tidy(sy) != 1 { parts.append("\"scale\": \(vector(sx, sy))") }
    if tidy(angle) != 0 { parts.append("\"rotation\": \(JSONText.number(tidy(angle)))") }
    if tidy(transform.tx) != 0 || tidy(transform.ty) != 0 {
      parts.append("\"translation\": \(vector(transform.tx, transform.ty))")
    }
    if !parts.isEmpty { fields.append("\"transform\": { \(parts.joined(separator: ", ")) }") }
    return fields
  }

  private static func names(_ list: [String]) -> String {
    "[" + list.map(JSONText.quote).joined(separator: ", ") + "]"
  }

  /// The views as a nested tree, one view a line.
  private func viewTree(_ views: [(view: View, depth: Int)], _ recognizers: [GestureRecognizer]) throws(Failure)
    -> String
  {
    var out = ""
    for (index, (view, depth)) in views.enumerated() {
      let indent = String(repeating: "  ", count: depth + 2)
      var fields = ["\"name\": \(JSONText.quote(view.name))"] + (try Self.geometry(of: view))
      if !view.isUserInteractionEnabled { fields.append("\"isUserInteractionEnabled\": false") }
      if view.isHidden { fields.append("\"isHidden\": true") }
      if !view.isMultipleTouchEnabled { fields.append("\"isMultipleTouchEnabled\": false") }
      // The recognizers whose touches can begin in this view: its own and its ancestors'.
      var vetoes: [String] = []
      for recognizer in recognizers {
        guard let owner = recognizer.view, view === owner || view.isDescendant(of: owner) else { continue }
        if !view.gestureRecognizerShouldBegin(recognizer) { vetoes.append(recognizer.name) }
      }
      if !vetoes.isEmpty { fields.append("\"vetoes\": \(Self.names(vetoes))") }
      out += indent + "{ " + fields.joined(separator: ", ")
      let nextDepth = index + 1 < views.count ? views[index + 1].depth : 0
      if nextDepth > depth {
        out += ", \"subviews\": [\n"
        continue
      }
      out += " }"
      // Close the subview lists this view ends.
      var level = depth
      while level > nextDepth {
        out += "\n" + String(repeating: "  ", count: level + 1) + "]}"
        level -= 1
      }
      out += index + 1 < views.count ? ",\n" : "\n"
    }
    return out
  }

  private func entry(_ recognizer: GestureRecognizer, delegateName: String?) throws(Failure) -> String {
    guard let (kind, values) = catalog.kind(of: recognizer) else {
      throw Failure(
        description:
          "recognizer '\(recognizer.name)' (\(type(of: recognizer))) is of no kind the catalog can read back: register its RecognizerKind with reading(_:)"
      )
    }
    var fields = [
      "\"name\": \(JSONText.quote(recognizer.name))", "\"kind\": \(JSONText.quote(kind.name))",
      "\"view\": \(JSONText.quote(recognizer.view?.name ?? ""))",
    ]
    if !recognizer.isEnabled { fields.append("\"isEnabled\": false") }
    if !recognizer.cancelsTouchesInView { fields.append("\"cancelsTouchesInView\": false") }
    if recognizer.delaysTouchesBegan { fields.append("\"delaysTouchesBegan\": true") }
    if !recognizer.delaysTouchesEnded { fields.append("\"delaysTouchesEnded\": false") }
    if recognizer.allowedTouchTypes != Set(TouchType.allCases) {
      let types = TouchType.allCases.filter { recognizer.allowedTouchTypes.contains($0) }.map(\.rawValue)
      fields.append("\"allowedTouchTypes\": \(Self.names(types))")
    }
    if !recognizer.requiresExclusiveTouchType { fields.append("\"requiresExclusiveTouchType\": false") }
    let requirements = recognizer.failureRequirements.map(\.name)
    if !requirements.isEmpty { fields.append("\"requireToFail\": \(Self.names(requirements))") }
    if let delegateName { fields.append("\"delegate\": \(JSONText.quote(delegateName))") }
    for parameter in kind.parameters {
      guard let value = values[parameter.name], value != parameter.defaultValue else { continue }
      let text: String
      switch value {
      case .integer(let number): text = String(number)
      case .number(let number): text = JSONText.number(number)
      case .options(let options): text = Self.names(options)
      }
      fields.append("\(JSONText.quote(parameter.name)): \(text)")
    }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  /// A delegate's answers, asked now and written as the scene's declarative pairs.
  private func delegateEntry(
    _ delegate: any GestureRecognizerDelegate, _ name: String, _ own: [GestureRecognizer],
    _ all: [GestureRecognizer], _ views: [View]
  ) -> String {
    var requireFailureOf: [String] = []
    var beRequiredToFailBy: [String] = []
    var simultaneous: [String] = []
    var shouldNotBegin: [String] = []
    var receive: [String] = []
    for recognizer in own {
      for other in all where other !== recognizer {
        let pair = Self.names([recognizer.name, other.name])
        if delegate.gestureRecognizer(recognizer, shouldRequireFailureOf: other) { requireFailureOf.append(pair) }
        if delegate.gestureRecognizer(recognizer, shouldBeRequiredToFailBy: other) { beRequiredToFailBy.append(pair) }
        if delegate.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) {
          simultaneous.append(pair)
        }
      }
      if !delegate.gestureRecognizerShouldBegin(recognizer) { shouldNotBegin.append(recognizer.name) }
      // A touch at the centre of each view; a view is listed when it and all its subviews say no,
      // and its superview does not already cover it.
      var refuses: [ObjectIdentifier: Bool] = [:]
      for view in views {
        let centre = view.convert(Point(x: view.frame.width / 2, y: view.frame.height / 2), to: nil)
        let touch = Touch(identifier: 0, location: centre, timestamp: .zero, view: view)
        refuses[ObjectIdentifier(view)] = !delegate.gestureRecognizer(recognizer, shouldReceive: touch)
      }
      func wholeSubtreeRefuses(_ view: View) -> Bool {
        var stack = [view]
        while let next = stack.popLast() {
          if refuses[ObjectIdentifier(next)] != true { return false }
          stack += next.subviews
        }
        return true
      }
      let notIn = views.filter { view in
        wholeSubtreeRefuses(view) && !(view.superview.map(wholeSubtreeRefuses) ?? false)
      }
      if !notIn.isEmpty {
        receive.append("\(JSONText.quote(recognizer.name)): { \"notInViews\": \(Self.names(notIn.map(\.name))) }")
      }
    }
    var fields = ["\"name\": \(JSONText.quote(name))"]
    if !requireFailureOf.isEmpty {
      fields.append("\"shouldRequireFailureOf\": [\(requireFailureOf.joined(separator: ", "))]")
    }
    if !beRequiredToFailBy.isEmpty {
      fields.append("\"shouldBeRequiredToFailBy\": [\(beRequiredToFailBy.joined(separator: ", "))]")
    }
    if !simultaneous.isEmpty {
      fields.append("\"shouldRecognizeSimultaneouslyWith\": [\(simultaneous.joined(separator: ", "))]")
    }
    if !shouldNotBegin.isEmpty { fields.append("\"shouldBegin\": \(Self.names(shouldNotBegin))") }
    if !receive.isEmpty { fields.append("\"shouldReceiveTouch\": { \(receive.joined(separator: ", ")) }") }
    return "{ " + fields.joined(separator: ", ") + " }"
  }
}
