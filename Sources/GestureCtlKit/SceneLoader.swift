import GestureCore
import GestureRecognizers

/// Reads a scene file (<doc:FileFormats>, scene) and builds its views, recognizers and delegates,
/// rejecting anything malformed with the file, line, column and JSON path.
struct SceneLoader {
  static let format = "gesture-scene/1"
  static let commonRecognizerFields = [
    "name", "kind", "view", "isEnabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
    "allowedTouchTypes", "requiresExclusiveTouchType", "requireToFail", "delegate",
  ]
  static let viewFields = [
    "name", "frame", "subviews", "isUserInteractionEnabled", "isHidden", "isMultipleTouchEnabled", "vetoes", "bounds",
    "transform",
  ]
  static let delegateFields = [
    "name", "shouldRequireFailureOf", "shouldBeRequiredToFailBy", "shouldRecognizeSimultaneouslyWith",
    "shouldBegin", "shouldReceiveTouch",
  ]
  /// More views or recognizers than this is refused rather than built.
  static let maximumObjects = 200_000

  let file: String
  let catalog: RecognizerCatalog

  init(file: String, catalog: RecognizerCatalog = .standard) {
    self.file = file
    self.catalog = catalog
  }

  func error(_ node: JSONNode, _ path: String, _ message: String) -> InputError {
    .at(file, node.line, node.column, path.isEmpty ? message : "\(path): \(message)")
  }

  func load(bytes: [UInt8]) throws(InputError) -> Scene {
    let document: JSONNode
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw .at(file, error.line, error.column, error.message)
    }
    var check = SceneSchemaCheck(loader: self)
    check.check(document)
    if !check.errors.isEmpty {
      var message = check.errors.joined(separator: "\n")
      if check.unreported > 0 { message += "\n\(file): error: \(check.unreported) more errors not shown" }
      throw InputError(kind: .data, message: message)
    }
    return try build(document)
  }

  /// The message for a field a recognizer's kind does not take: a did-you-mean, and the fields
  /// the kind does take.
  static func unknownFieldMessage(_ field: String, kind: RecognizerKind) -> String {
    let own = kind.parameters.map(\.name)
    let own_ = own.isEmpty ? "no fields of its own" : own.joined(separator: ", ")
    return
      "unknown field '\(field)' for kind '\(kind.name)'\(didYouMean(field, commonRecognizerFields + own)); "
      + "\(kind.name) takes \(own_), besides the common fields \(commonRecognizerFields.joined(separator: ", "))"
  }

  /// Durations at least this long are taken for milliseconds written as seconds.
  static let millisecondsLikeDuration = 10.0

  private func checkFields(_ node: JSONNode, _ path: String, allowed: [String]) throws(InputError) -> [(
    key: String, value: JSONNode
  )] {
    guard let members = node.objectValue else {
      throw error(node, path, "expected an object, found \(node.typeName)")
    }
    for member in members where !allowed.contains(member.key) {
      throw error(
        member.value, path.isEmpty ? "" : "\(path).\(member.key)",
        "unknown field '\(member.key)'\(didYouMean(member.key, allowed))")
    }
    return members
  }

  private func string(_ node: JSONNode, _ path: String) throws(InputError) -> String {
    guard let text = node.stringValue else { throw error(node, path, "expected a string, found \(node.typeName)") }
    return text
  }

  private func name(_ node: JSONNode?, _ path: String, _ parent: JSONNode) throws(InputError) -> String {
    guard let node else { throw error(parent, path, "missing required field 'name'") }
    let text = try string(node, path + ".name")
    if text.isEmpty { throw error(node, path + ".name", "a name cannot be empty") }
    return text
  }

  private func bool(_ node: JSONNode?, _ path: String, default value: Bool) throws(InputError) -> Bool {
    guard let node else { return value }
    guard case .bool(let flag) = node.value else {
      throw error(node, path, "expected true or false, found \(node.typeName)")
    }
    return flag
  }

  private func array(_ node: JSONNode, _ path: String) throws(InputError) -> [JSONNode] {
    guard let items = node.arrayValue else { throw error(node, path, "expected an array, found \(node.typeName)") }
    return items
  }

  private func names(_ node: JSONNode, _ path: String) throws(InputError) -> [(String, JSONNode)] {
    var result: [(String, JSONNode)] = []
    for (i, item) in try array(node, path).enumerated() {
      result.append((try string(item, "\(path)[\(i)]"), item))
    }
    return result
  }

  private func build(_ document: JSONNode) throws(InputError) -> Scene {
    _ = try checkFields(document, "", allowed: ["format", "views", "recognizers", "delegates"])
    if let format = document["format"] {
      let text = try string(format, "format")
      if text != Self.format {
        throw error(format, "format", "expected \"\(Self.format)\", found \"\(text)\"")
      }
    }
    guard let viewsNode = document["views"] else {
      throw error(document, "", "missing required field 'views'")
    }
    let roots = try array(viewsNode, "views")
    guard roots.count == 1 else {
      throw error(viewsNode, "views", "expected exactly one root view (the window), found \(roots.count)")
    }
    // Views, depth first, without recursion.
    var views: [View] = []
    var viewIndex: [String: View] = [:]
    var vetoNodes: [(SceneView, [(String, JSONNode)], String)] = []
    var stack: [(node: JSONNode, path: String, parent: View?)] = [(roots[0], "views[0]", nil)]
    var root: View?
    while let (node, path, parent) = stack.popLast() {
      let members = try checkFields(node, path, allowed: Self.viewFields)
      _ = members
      let viewName = try name(node["name"], path, node)
      if viewIndex[viewName] != nil {
        throw error(node["name"]!, path + ".name", "duplicate view name '\(viewName)'")
      }
      guard let frameNode = node["frame"] else { throw error(node, path, "missing required field 'frame'") }
      let frameItems = try array(frameNode, path + ".frame")
      guard frameItems.count == 4, frameItems.allSatisfy({ $0.numberValue != nil }) else {
        throw error(frameNode, path + ".frame", "expected [x, y, width, height]: four numbers")
      }
      let numbers = frameItems.map { $0.numberValue! }
      if numbers[2] < 0 || numbers[3] < 0 {
        throw error(frameNode, path + ".frame", "width and height cannot be negative")
      }
      let view = SceneView(
        name: viewName, frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
      view.isUserInteractionEnabled = try bool(
        node["isUserInteractionEnabled"], path + ".isUserInteractionEnabled", default: true)
      view.isHidden = try bool(node["isHidden"], path + ".isHidden", default: false)
      view.isMultipleTouchEnabled = try bool(
        node["isMultipleTouchEnabled"], path + ".isMultipleTouchEnabled", default: true)
      if let vetoes = node["vetoes"] { vetoNodes.append((view, try names(vetoes, path + ".vetoes"), path + ".vetoes")) }
      try applyGeometry(node, path, to: view)
      if let parent { parent.addSubview(view) } else { root = view }
      views.append(view)
      viewIndex[viewName] = view
      if views.count > Self.maximumObjects {
        throw error(node, path, "more than \(Self.maximumObjects) views")
      }
      if let subviews = node["subviews"] {
        let children = try array(subviews, path + ".subviews")
        for (i, child) in children.enumerated().reversed() {
          stack.append((child, "\(path).subviews[\(i)]", view))
        }
      }
    }
    // Keep file order: the stack visits children in order, so views is already depth first.

    // Recognizers.
    var recognizers: [Scene.RecognizerInfo] = []
    var byName: [String: GestureRecognizer] = [:]
    var pendingRequirements: [(GestureRecognizer, [(String, JSONNode)], String)] = []
    var pendingDelegates: [(GestureRecognizer, String, JSONNode, String)] = []
    var warnings: [Scene.Warning] = []
    var requirementLocations: [Scene.RequirementSource: Scene.Location] = [:]
    func location(_ node: JSONNode) -> Scene.Location { Scene.Location(line: node.line, column: node.column) }
    let recognizerNodes =
      try document["recognizers"].map { node throws(InputError) in try array(node, "recognizers") } ?? []
    if recognizerNodes.count > Self.maximumObjects {
      throw error(document["recognizers"]!, "recognizers", "more than \(Self.maximumObjects) recognizers")
    }
    for (i, node) in recognizerNodes.enumerated() {
      let path = "recognizers[\(i)]"
      guard let members = node.objectValue else {
        throw error(node, path, "expected an object, found \(node.typeName)")
      }
      let recognizerName = try name(node["name"], path, node)
      if byName[recognizerName] != nil {
        throw error(node["name"]!, path + ".name", "duplicate recognizer name '\(recognizerName)'")
      }
      guard let kindNode = node["kind"] else { throw error(node, path, "missing required field 'kind'") }
      let kindName = try string(kindNode, path + ".kind")
      guard let kind = catalog.kind(named: kindName) else {
        throw error(
          kindNode, path + ".kind",
          "unknown kind '\(kindName)'\(didYouMean(kindName, catalog.kinds.map(\.name))); known kinds: \(catalog.kinds.map(\.name).joined(separator: ", "))"
        )
      }
      guard let viewNode = node["view"] else { throw error(node, path, "missing required field 'view'") }
      let viewName = try string(viewNode, path + ".view")
      guard let view = viewIndex[viewName] else {
        throw error(
          viewNode, path + ".view", "no view named '\(viewName)'\(didYouMean(viewName, Array(viewIndex.keys).sorted()))"
        )
      }
      var values: [String: ParameterValue] = [:]
      for member in members where !Self.commonRecognizerFields.contains(member.key) {
        guard let parameter = kind.parameter(named: member.key) else {
          throw error(member.value, "\(path).\(member.key)", Self.unknownFieldMessage(member.key, kind: kind))
        }
        values[member.key] = try parameterValue(member.value, parameter, "\(path).\(member.key)")
        if case .duration = parameter.type, let seconds = values[member.key]?.numberValue,
          seconds >= Self.millisecondsLikeDuration
        {
          warnings.append(
            Scene.Warning(
              message:
                "\(path).\(member.key) is \(formatNumber(seconds)) s, which looks like milliseconds: durations are in seconds (\(formatNumber(seconds / 1000)) for \(formatNumber(seconds)) ms)",
              location: location(member.value)))
        }
      }
      for parameter in kind.parameters where parameter.isRequired && values[parameter.name] == nil {
        throw error(node, path, "missing required field '\(parameter.name)' for kind '\(kindName)'")
      }
      let recognizer = kind.make(recognizerName, values)
      recognizer.name = recognizerName
      recognizer.isEnabled = try bool(node["isEnabled"], path + ".isEnabled", default: true)
      recognizer.cancelsTouchesInView = try bool(
        node["cancelsTouchesInView"], path + ".cancelsTouchesInView", default: true)
      recognizer.delaysTouchesBegan = try bool(node["delaysTouchesBegan"], path + ".delaysTouchesBegan", default: false)
      recognizer.delaysTouchesEnded = try bool(node["delaysTouchesEnded"], path + ".delaysTouchesEnded", default: true)
      recognizer.requiresExclusiveTouchType = try bool(
        node["requiresExclusiveTouchType"], path + ".requiresExclusiveTouchType", default: true)
      if let types = node["allowedTouchTypes"] {
        var set: Set<TouchType> = []
        for (typeName, item) in try names(types, path + ".allowedTouchTypes") {
          guard let type = TouchType(rawValue: typeName) else {
            throw error(
              item, path + ".allowedTouchTypes",
              "unknown touch type '\(typeName)'\(didYouMean(typeName, TouchType.allCases.map(\.rawValue))); expected direct, indirect, pencil or indirectPointer"
            )
          }
          set.insert(type)
        }
        recognizer.allowedTouchTypes = set
        // A kind that takes no touches (hover) keeps its own: say so rather than drop the field.
        if recognizer.allowedTouchTypes != set {
          throw error(
            types, path + ".allowedTouchTypes",
            "kind '\(kindName)' takes no touches: leave allowedTouchTypes out, or make it []"
          )
        }
      }
      view.addGestureRecognizer(recognizer)
      byName[recognizerName] = recognizer
      if let requirements = node["requireToFail"] {
        pendingRequirements.append(
          (recognizer, try names(requirements, path + ".requireToFail"), path + ".requireToFail"))
      }
      var delegateName: String?
      if let delegateNode = node["delegate"] {
        let text = try string(delegateNode, path + ".delegate")
        delegateName = text
        pendingDelegates.append((recognizer, text, delegateNode, path + ".delegate"))
      }
      recognizers.append(Scene.RecognizerInfo(recognizer: recognizer, kind: kindName, delegateName: delegateName))
    }
    let recognizerNames = recognizers.map(\.recognizer.name)
    func lookUp(_ text: String, _ node: JSONNode, _ path: String) throws(InputError) -> GestureRecognizer {
      guard let found = byName[text] else {
        throw error(node, path, "no recognizer named '\(text)'\(didYouMean(text, recognizerNames))")
      }
      return found
    }
    for (recognizer, targets, path) in pendingRequirements {
      for (target, node) in targets {
        let other = try lookUp(target, node, path)
        if other === recognizer {
          warnings.append(
            Scene.Warning(
              message: "\(recognizer.name) requires itself to fail; ignored (\(path))", location: location(node)))
          continue
        }
        recognizer.require(toFail: other)
        let source = Scene.RequirementSource.requireToFail(waiter: recognizer.name, target: target)
        if requirementLocations[source] == nil { requirementLocations[source] = location(node) }
      }
    }
    for (view, vetoes, path) in vetoNodes {
      for (target, node) in vetoes { _ = try lookUp(target, node, path) }
      view.vetoes = Set(vetoes.map(\.0))
    }

    // Delegates.
    var delegates: [SceneDelegate] = []
    let delegateNodes = try document["delegates"].map { node throws(InputError) in try array(node, "delegates") } ?? []
    for (i, node) in delegateNodes.enumerated() {
      let path = "delegates[\(i)]"
      _ = try checkFields(node, path, allowed: Self.delegateFields)
      let delegateName = try name(node["name"], path, node)
      if delegates.contains(where: { $0.name == delegateName }) {
        throw error(node["name"]!, path + ".name", "duplicate delegate name '\(delegateName)'")
      }
      let delegate = SceneDelegate(name: delegateName)
      func pairs(_ field: String) throws(InputError) -> [(String, String)] {
        guard let list = node[field] else { return [] }
        var result: [(String, String)] = []
        for (j, item) in try array(list, "\(path).\(field)").enumerated() {
          let itemPath = "\(path).\(field)[\(j)]"
          let members = try names(item, itemPath)
          guard members.count == 2 else {
            throw error(item, itemPath, "expected a pair [gestureRecognizer, otherGestureRecognizer]")
          }
          _ = try lookUp(members[0].0, members[0].1, itemPath + "[0]")
          if members[1].0 != "*" { _ = try lookUp(members[1].0, members[1].1, itemPath + "[1]") }
          result.append((members[0].0, members[1].0))
          requirementLocations[.delegate(delegateName, method: field, index: j)] = location(item)
        }
        return result
      }
      delegate.requireFailureOf = try pairs("shouldRequireFailureOf")
      delegate.beRequiredToFailBy = try pairs("shouldBeRequiredToFailBy")
      delegate.simultaneousWith = try pairs("shouldRecognizeSimultaneouslyWith")
      if let list = node["shouldBegin"] {
        for (target, item) in try names(list, path + ".shouldBegin") {
          _ = try lookUp(target, item, path + ".shouldBegin")
          delegate.shouldNotBegin.insert(target)
        }
      }
      if let receive = node["shouldReceiveTouch"] {
        guard let members = receive.objectValue else {
          throw error(receive, path + ".shouldReceiveTouch", "expected an object, found \(receive.typeName)")
        }
        for member in members {
          let memberPath = "\(path).shouldReceiveTouch.\(member.key)"
          _ = try lookUp(member.key, member.value, memberPath)
          _ = try checkFields(member.value, memberPath, allowed: ["notInViews"])
          var list: [View] = []
          if let notIn = member.value["notInViews"] {
            for (viewName, item) in try names(notIn, memberPath + ".notInViews") {
              guard let view = viewIndex[viewName] else {
                throw error(
                  item, memberPath + ".notInViews",
                  "no view named '\(viewName)'\(didYouMean(viewName, Array(viewIndex.keys).sorted()))")
              }
              list.append(view)
            }
          }
          delegate.notInViews[member.key] = list
        }
      }
      delegates.append(delegate)
    }
    for (recognizer, delegateName, node, path) in pendingDelegates {
      guard let delegate = delegates.first(where: { $0.name == delegateName }) else {
        throw error(node, path, "no delegate named '\(delegateName)'\(didYouMean(delegateName, delegates.map(\.name)))")
      }
      recognizer.delegate = delegate
    }
    return Scene(
      root: root!, views: views, recognizers: recognizers, delegates: delegates, warnings: warnings,
      requirementLocations: requirementLocations)
  }

  func parameterValue(_ node: JSONNode, _ parameter: RecognizerParameter, _ path: String) throws(InputError)
    -> ParameterValue
  {
    switch parameter.type {
    case .integer(let range):
      guard case .number(let number, _) = node.value, number == number.rounded(), abs(number) < 9e18 else {
        throw error(
          node, path,
          "expected a whole number \(range.lowerBound)…\(range.upperBound == Int.max ? "∞" : String(range.upperBound)), found \(describe(node))"
        )
      }
      let value = Int(number)
      guard range.contains(value) else {
        throw error(
          node, path,
          "expected a whole number \(range.lowerBound)…\(range.upperBound == Int.max ? "∞" : String(range.upperBound)), found \(value)"
        )
      }
      return .integer(value)
    case .distance(let range), .duration(let range), .number(let range):
      guard let number = node.numberValue else {
        throw error(node, path, "expected \(parameter.type), found \(describe(node))")
      }
      guard range.contains(number) else {
        throw error(node, path, "expected \(parameter.type), found \(formatNumber(number))")
      }
      return .number(number)
    case .options(let allowed):
      var chosen: [String] = []
      let listing = ParameterType.listing(allowed, separator: ", ")
      let takesNumbers = allowed.contains { Int($0) != nil }
      for (index, item) in try array(node, path).enumerated() {
        // A whole number stands for its digits where the names include numbers (buttons 4 up).
        let text: String
        if takesNumbers, case .number(let number, _) = item.value {
          guard number == number.rounded(), abs(number) < 1e15 else {
            throw error(item, path, "expected one of \(listing), found \(formatNumber(number))")
          }
          text = String(Int(number))
        } else {
          text = try string(item, "\(path)[\(index)]")
        }
        guard allowed.contains(text) else {
          let hint = Int(text) == nil ? didYouMean(text, allowed) : ""
          throw error(item, path, "unknown value '\(text)'\(hint); expected one of \(listing)")
        }
        if !chosen.contains(text) { chosen.append(text) }
      }
      // An empty list is refused, unless it is the default (a pan's allowedScrollTypesMask).
      if chosen.isEmpty && parameter.defaultValue != .options([]) {
        throw error(node, path, "expected at least one of \(listing)")
      }
      return .options(chosen)
    }
  }

  private func describe(_ node: JSONNode) -> String {
    switch node.value {
    case .number(let number, _): return formatNumber(number)
    case .string(let text): return "\"\(text.prefix(40))\""
    default: return node.typeName
    }
  }
}
