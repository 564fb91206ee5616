import GestureCore

extension SceneLoader {
  /// The fields of a view's `transform` object.
  static let transformFields = ["scale", "rotation", "translation"]

  /// Reads a view's optional `bounds` (`[x, y, width, height]`: the origin scrolls the content, the
  /// size defaults to the frame's) and `transform` (`{"scale": [sx, sy], "rotation": radians,
  /// "translation": [tx, ty]}`, scale first, then rotation, then translation, about the view's
  /// centre) (<doc:FileFormats>, scene).
  func applyGeometry(_ node: JSONNode, _ path: String, to view: View) throws(InputError) {
    if let boundsNode = node["bounds"] {
      let numbers = try finiteNumbers(
        boundsNode, path + ".bounds", count: 4, "expected [x, y, width, height]: four numbers")
      if numbers[2] < 0 || numbers[3] < 0 {
        throw error(boundsNode, path + ".bounds", "width and height cannot be negative")
      }
      view.bounds = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
    guard let transformNode = node["transform"] else { return }
    let transformPath = path + ".transform"
    guard let members = transformNode.objectValue else {
      throw error(
        transformNode, transformPath,
        "expected an object with scale, rotation and translation, found \(transformNode.typeName)")
    }
    for member in members where !Self.transformFields.contains(member.key) {
      throw error(
        member.value, "\(transformPath).\(member.key)",
        "unknown field '\(member.key)'\(didYouMean(member.key, Self.transformFields)); expected scale, rotation or translation"
      )
    }
    var transform = AffineTransform.identity
    if let scaleNode = transformNode["scale"] {
      let scale = try finiteNumbers(scaleNode, transformPath + ".scale", count: 2, "expected [sx, sy]: two numbers")
      transform = transform.concatenating(AffineTransform(scaleX: scale[0], y: scale[1]))
    }
    if let rotationNode = transformNode["rotation"] {
      guard let angle = rotationNode.numberValue, angle.isFinite else {
        throw error(
          rotationNode, transformPath + ".rotation", "expected an angle in radians, found \(rotationNode.typeName)")
      }
      transform = transform.concatenating(AffineTransform(rotationAngle: angle))
    }
    if let translationNode = transformNode["translation"] {
      let translation = try finiteNumbers(
        translationNode, transformPath + ".translation", count: 2, "expected [tx, ty]: two numbers")
      transform = transform.concatenating(AffineTransform(translationX: translation[0], y: translation[1]))
    }
    view.transform = transform
  }

  private func finiteNumbers(_ node: JSONNode, _ path: String, count: Int, _ expected: String) throws(InputError)
    -> [Double]
  {
    guard let items = node.arrayValue, items.count == count,
      items.allSatisfy({ $0.numberValue?.isFinite ?? false })
    else { throw error(node, path, expected) }
    return items.map { $0.numberValue! }
  }
}
