import GestureCore

/// Checks a parsed scene document against the scene schema (<doc:FileFormats>, scene) and
/// reports every error it finds, not only the first: unknown fields (with a did-you-mean and,
/// for a recognizer, the fields its kind takes), wrong types, missing required fields, unknown
/// kinds, names that refer to nothing, duplicates.
///
/// It runs before ``SceneLoader``, which builds the scene and stops at the first error: a
/// document this check passes can still fail to load on what only building it reveals. Messages
/// are the loader's own, so an error reads the same whichever finds it.
struct SceneSchemaCheck {
  let loader: SceneLoader
  /// The errors found, in document order, as `path:line:column: error: message`.
  var errors: [String] { found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map(\.message) }
  private var found: [(line: Int, column: Int, message: String)] = []

  init(loader: SceneLoader) {
    self.loader = loader
  }

  /// At most this many errors are kept; the rest are counted.
  static let maximumErrors = 50
  private(set) var unreported = 0
  /// The scene's recognizer names, for `reference` (the names given in the same order are in the
  /// arrays passed along, for suggestions).
  private var recognizerNameSet: Set<String> = []

  private mutating func report(_ node: JSONNode, _ path: String, _ message: String) {
    guard found.count < Self.maximumErrors else {
      unreported += 1
      return
    }
    found.append((node.line, node.column, loader.error(node, path, message).message))
  }

  /// Runs `body`, reporting the error it throws instead of stopping.
  private mutating func attempt(_ node: JSONNode, _ body: () throws(InputError) -> Void) {
    do {
      try body()
    } catch {
      guard found.count < Self.maximumErrors else {
        unreported += 1
        return
      }
      found.append((node.line, node.column, error.message))
    }
  }

  private mutating func fields(_ node: JSONNode, _ path: String, allowed: [String], kind: String? = nil)
    -> [(key: String, value: JSONNode)]?
  {
    guard let members = node.objectValue else {
      report(node, path, "expected an object, found \(node.typeName)")
      return nil
    }
    for member in members where !allowed.contains(member.key) {
      report(
        member.value, path.isEmpty ? "" : "\(path).\(member.key)",
        "unknown field '\(member.key)'\(didYouMean(member.key, allowed))")
    }
    return members
  }

  private mutating func name(_ node: JSONNode, _ path: String) -> String? {
    guard let nameNode = node["name"] else {
      report(node, path, "missing required field 'name'")
      return nil
    }
    guard let text = nameNode.stringValue else {
      report(nameNode, path + ".name", "expected a string, found \(nameNode.typeName)")
      return nil
    }
    if text.isEmpty { report(nameNode, path + ".name", "a name cannot be empty") }
    return text
  }

  private mutating func bools(_ node: JSONNode, _ path: String, _ names: [String]) {
    for field in names {
      if let value = node[field], !value.isBool {
        report(value, "\(path).\(field)", "expected true or false, found \(value.typeName)")
      }
    }
  }

  /// The strings of an array of names (reporting what is not one), with their nodes.
  private mutating func names(_ node: JSONNode, _ path: String) -> [(String, JSONNode)] {
    guard let items = node.arrayValue else {
      report(node, path, "expected an array, found \(node.typeName)")
      return []
    }
    var result: [(String, JSONNode)] = []
    for (i, item) in items.enumerated() {
      guard let text = item.stringValue else {
        report(item, "\(path)[\(i)]", "expected a string, found \(item.typeName)")
        continue
      }
      result.append((text, item))
    }
    return result
  }

  /// Checks the whole document.
  mutating func check(_ document: JSONNode) {
    guard fields(document, "", allowed: ["format", "views", "recognizers", "delegates"]) != nil else { return }
    if let format = document["format"] {
      if let text = format.stringValue {
        if text != SceneLoader.format {
          report(format, "format", "expected \"\(SceneLoader.format)\", found \"\(text)\"")
        }
      } else {
        report(format, "format", "expected a string, found \(format.typeName)")
      }
    }
    var viewNames: Set<String> = []
    if let viewsNode = document["views"] {
      if let roots = viewsNode.arrayValue {
        if roots.count != 1 {
          report(viewsNode, "views", "expected exactly one root view (the window), found \(roots.count)")
        }
        checkViews(roots, &viewNames)
      } else {
        report(viewsNode, "views", "expected an array, found \(viewsNode.typeName)")
      }
    } else {
      report(document, "", "missing required field 'views'")
    }
    var recognizerNodes: [JSONNode] = []
    if let node = document["recognizers"] {
      if let items = node.arrayValue {
        recognizerNodes = items
      } else {
        report(node, "recognizers", "expected an array, found \(node.typeName)")
      }
    }
    var delegateNodes: [JSONNode] = []
    if let node = document["delegates"] {
      if let items = node.arrayValue {
        delegateNodes = items
      } else {
        report(node, "delegates", "expected an array, found \(node.typeName)")
      }
    }
    let recognizerNames = recognizerNodes.compactMap { $0["name"]?.stringValue }
    recognizerNameSet = Set(recognizerNames)
    let delegateNames = delegateNodes.compactMap { $0["name"]?.stringValue }
    checkRecognizers(recognizerNodes, views: viewNames, recognizers: recognizerNames, delegates: delegateNames)
    checkDelegates(delegateNodes, views: viewNames, recognizers: recognizerNames)
    checkVetoes(document["views"]?.arrayValue ?? [], recognizerNames)
  }

  private mutating func checkViews(_ roots: [JSONNode], _ seen: inout Set<String>) {
    var stack: [(JSONNode, String)] = roots.indices.reversed().map { (roots[$0], "views[\($0)]") }
    while let (node, path) = stack.popLast() {
      guard fields(node, path, allowed: SceneLoader.viewFields) != nil else { continue }
      if let viewName = name(node, path), !viewName.isEmpty, !seen.insert(viewName).inserted {
        report(node["name"]!, path + ".name", "duplicate view name '\(viewName)'")
      }
      if let frame = node["frame"] {
        if let items = frame.arrayValue, items.count == 4, items.allSatisfy({ $0.numberValue != nil }) {
          if items[2].numberValue! < 0 || items[3].numberValue! < 0 {
            report(frame, path + ".frame", "width and height cannot be negative")
          }
        } else {
          report(frame, path + ".frame", "expected [x, y, width, height]: four numbers")
        }
      } else {
        report(node, path, "missing required field 'frame'")
      }
      bools(node, path, ["isUserInteractionEnabled", "isHidden", "isMultipleTouchEnabled"])
      if let subviews = node["subviews"] {
        if let children = subviews.arrayValue {
          for i in children.indices.reversed() { stack.append((children[i], "\(path).subviews[\(i)]")) }
        } else {
          report(subviews, path + ".subviews", "expected an array, found \(subviews.typeName)")
        }
      }
    }
  }

  private mutating func checkVetoes(_ roots: [JSONNode], _ recognizers: [String]) {
    var stack: [(JSONNode, String)] = roots.indices.reversed().map { (roots[$0], "views[\($0)]") }
    while let (node, path) = stack.popLast() {
      if let vetoes = node["vetoes"] { reference(vetoes, path + ".vetoes", recognizers) }
      for (i, child) in (node["subviews"]?.arrayValue ?? []).enumerated().reversed() {
        stack.append((child, "\(path).subviews[\(i)]"))
      }
    }
  }

  /// Checks an array of recognizer names against the scene's (looked up in a set: a chain of
  /// 100,000 requirements is checked in linear time).
  private mutating func reference(_ node: JSONNode, _ path: String, _ recognizers: [String]) {
    for (target, item) in names(node, path) where !recognizerNameSet.contains(target) {
      report(item, path, "no recognizer named '\(target)'\(didYouMean(target, recognizers))")
    }
  }

  private mutating func checkRecognizers(
    _ nodes: [JSONNode], views: Set<String>, recognizers: [String], delegates: [String]
  ) {
    var seen: Set<String> = []
    let catalog = loader.catalog
    for (i, node) in nodes.enumerated() {
      let path = "recognizers[\(i)]"
      guard let members = node.objectValue else {
        report(node, path, "expected an object, found \(node.typeName)")
        continue
      }
      if let recognizerName = name(node, path), !recognizerName.isEmpty, !seen.insert(recognizerName).inserted {
        report(node["name"]!, path + ".name", "duplicate recognizer name '\(recognizerName)'")
      }
      var kind: RecognizerKind?
      if let kindNode = node["kind"] {
        if let text = kindNode.stringValue {
          kind = catalog.kind(named: text)
          if kind == nil {
            let known = catalog.kinds.map(\.name)
            report(
              kindNode, path + ".kind",
              "unknown kind '\(text)'\(didYouMean(text, known)); known kinds: \(known.joined(separator: ", "))")
          }
        } else {
          report(kindNode, path + ".kind", "expected a string, found \(kindNode.typeName)")
        }
      } else {
        report(node, path, "missing required field 'kind'")
      }
      if let viewNode = node["view"] {
        if let text = viewNode.stringValue {
          if !views.contains(text) {
            report(viewNode, path + ".view", "no view named '\(text)'\(didYouMean(text, views.sorted()))")
          }
        } else {
          report(viewNode, path + ".view", "expected a string, found \(viewNode.typeName)")
        }
      } else {
        report(node, path, "missing required field 'view'")
      }
      bools(
        node, path,
        ["isEnabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "requiresExclusiveTouchType"])
      if let requirements = node["requireToFail"] { reference(requirements, path + ".requireToFail", recognizers) }
      if let delegateNode = node["delegate"] {
        if let text = delegateNode.stringValue {
          if !delegates.contains(text) {
            report(delegateNode, path + ".delegate", "no delegate named '\(text)'\(didYouMean(text, delegates))")
          }
        } else {
          report(delegateNode, path + ".delegate", "expected a string, found \(delegateNode.typeName)")
        }
      }
      guard let kind else { continue }
      for member in members where !SceneLoader.commonRecognizerFields.contains(member.key) {
        let memberPath = "\(path).\(member.key)"
        guard let parameter = kind.parameter(named: member.key) else {
          report(member.value, memberPath, SceneLoader.unknownFieldMessage(member.key, kind: kind))
          continue
        }
        let loader = self.loader
        attempt(member.value) { () throws(InputError) in
          _ = try loader.parameterValue(member.value, parameter, memberPath)
        }
      }
    }
  }

  private mutating func checkDelegates(_ nodes: [JSONNode], views: Set<String>, recognizers: [String]) {
    var seen: Set<String> = []
    for (i, node) in nodes.enumerated() {
      let path = "delegates[\(i)]"
      guard fields(node, path, allowed: SceneLoader.delegateFields) != nil else { continue }
      if let delegateName = name(node, path), !delegateName.isEmpty, !seen.insert(delegateName).inserted {
        report(node["name"]!, path + ".name", "duplicate delegate name '\(delegateName)'")
      }
      for field in ["shouldRequireFailureOf", "shouldBeRequiredToFailBy", "shouldRecognizeSimultaneouslyWith"] {
        guard let list = node[field] else { continue }
        guard let items = list.arrayValue else {
          report(list, "\(path).\(field)", "expected an array, found \(list.typeName)")
          continue
        }
        for (j, item) in items.enumerated() {
          let itemPath = "\(path).\(field)[\(j)]"
          let members = names(item, itemPath)
          guard members.count == 2, item.arrayValue?.count == 2 else {
            if item.arrayValue != nil {
              report(item, itemPath, "expected a pair [gestureRecognizer, otherGestureRecognizer]")
            }
            continue
          }
          for (k, (target, targetNode)) in members.enumerated() where !(k == 1 && target == "*") {
            if !recognizers.contains(target) {
              report(
                targetNode, "\(itemPath)[\(k)]", "no recognizer named '\(target)'\(didYouMean(target, recognizers))")
            }
          }
        }
      }
      if let list = node["shouldBegin"] { reference(list, path + ".shouldBegin", recognizers) }
      if let receive = node["shouldReceiveTouch"] {
        guard let members = receive.objectValue else {
          report(receive, path + ".shouldReceiveTouch", "expected an object, found \(receive.typeName)")
          continue
        }
        for member in members {
          let memberPath = "\(path).shouldReceiveTouch.\(member.key)"
          if !recognizers.contains(member.key) {
            report(
              member.value, memberPath,
              "no recognizer named '\(member.key)'\(didYouMean(member.key, recognizers))")
          }
          guard fields(member.value, memberPath, allowed: ["notInViews"]) != nil else { continue }
          if let notIn = member.value["notInViews"] {
            for (viewName, item) in names(notIn, memberPath + ".notInViews") where !views.contains(viewName) {
              report(
                item, memberPath + ".notInViews", "no view named '\(viewName)'\(didYouMean(viewName, views.sorted()))")
            }
          }
        }
      }
    }
  }
}

extension JSONNode {
  var isBool: Bool {
    if case .bool = value { return true }
    return false
  }
}
