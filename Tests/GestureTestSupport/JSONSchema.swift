/// A JSON Schema (draft 2020-12) validator for the keywords the package's schemas use: `type`,
/// `properties`, `required`, `additionalProperties`, `items`, `prefixItems`, `enum`, `const`,
/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `pattern`, `minItems`, `maxItems`, `anyOf`, `oneOf`, `not`, and `$ref` to the
/// schema's own `$defs`. Annotations (`$schema`, `$id`, `title`, `description`, `default`,
/// `examples`) are ignored. Any other keyword is reported as an error, so a schema cannot rely on
/// a keyword this validator would silently skip.
public struct JSONSchema: Sendable {
  /// The schema document.
  public let root: JSONValue

  static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "default", "examples"]
  static let keywords: Set<String> = [
    "type", "properties", "required", "additionalProperties", "items", "prefixItems", "enum", "const", "minimum",
    "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "pattern", "minItems", "maxItems", "anyOf", "oneOf",
    "not", "$ref",
  ]

  /// Reads a schema from its text.
  public init(text: String) throws(JSONValue.ParseError) {
    root = try JSONValue.parse(text)
  }

  /// The schema's errors as `path: message`, where a path is `$` for the document and
  /// `$.views[0].frame` below it; empty when `instance` is valid.
  public func errors(in instance: JSONValue) -> [String] {
    var errors: [String] = []
    check(instance, against: root, at: "$", into: &errors, depth: 0)
    return errors
  }

  private func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/$defs/") else { return nil }
    return root["$defs"]?[String(reference.dropFirst("#/$defs/".count))]
  }

  private static func typeName(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool: return "boolean"
    case .number(_, let isInteger): return isInteger ? "integer" : "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  private static func matches(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      return true
    case ("integer", .number(let number, _)):
      return number == number.rounded()
    default:
      return false
    }
  }

  private func check(
    _ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String], depth: Int
  ) {
    guard depth < 200 else {
      errors.append("\(path): the schema recurses too deeply")
      return
    }
    if case .bool(let allowed) = schema {
      if !allowed { errors.append("\(path): no value is allowed here") }
      return
    }
    guard case .object(let keywords) = schema else {
      errors.append("\(path): the schema is not an object or a boolean")
      return
    }
    for (keyword, argument) in keywords {
      if Self.annotations.contains(keyword) { continue }
      guard Self.keywords.contains(keyword) else {
        errors.append("\(path): the schema uses '\(keyword)', which this validator does not support")
        continue
      }
      apply(keyword, argument, schema, to: value, at: path, into: &errors, depth: depth)
    }
  }

  private func apply(
    _ keyword: String, _ argument: JSONValue, _ schema: JSONValue, to value: JSONValue, at path: String,
    into errors: inout [String], depth: Int
  ) {
    switch keyword {
    case "$ref":
      guard case .string(let reference) = argument, let target = resolve(reference) else {
        errors.append("\(path): unresolvable $ref \(argument)")
        return
      }
      check(value, against: target, at: path, into: &errors, depth: depth + 1)
    case "type":
      let types: [String]
      switch argument {
      case .string(let one): types = [one]
      case .array(let many): types = many.compactMap { if case .string(let t) = $0 { t } else { nil } }
      default: types = []
      }
      if !types.contains(where: { Self.matches(value, type: $0) }) {
        errors.append("\(path): expected \(types.joined(separator: " or ")), found \(Self.typeName(value))")
      }
    case "enum":
      guard case .array(let allowed) = argument else { return }
      if !allowed.contains(value) { errors.append("\(path): \(Self.show(value)) is not one of \(Self.show(argument))") }
    case "const":
      if value != argument { errors.append("\(path): must be \(Self.show(argument)), found \(Self.show(value))") }
    case "minimum":
      if case .number(let number, _) = value, case .number(let limit, _) = argument, number < limit {
        errors.append("\(path): \(Self.show(value)) is less than \(Self.show(argument))")
      }
    case "maximum":
      if case .number(let number, _) = value, case .number(let limit, _) = argument, number > limit {
        errors.append("\(path): \(Self.show(value)) is more than \(Self.show(argument))")
      }
    case "exclusiveMinimum":
      if case .number(let number, _) = value, case .number(let limit, _) = argument, number <= limit {
        errors.append("\(path): \(Self.show(value)) is not more than \(Self.show(argument))")
      }
    case "exclusiveMaximum":
      if case .number(let number, _) = value, case .number(let limit, _) = argument, number >= limit {
        errors.append("\(path): \(Self.show(value)) is not less than \(Self.show(argument))")
      }
    case "minLength":
      if case .string(let text) = value, case .number(let limit, _) = argument, Double(text.count) < limit {
        errors.append("\(path): a string of at least \(Self.show(argument)) characters expected")
      }
    case "pattern":
      // ECMA-262 patterns, unanchored; the schemas use the subset Swift's Regex reads alike.
      guard case .string(let text) = value, case .string(let source) = argument else { return }
      guard let regex = try? Regex(source) else {
        errors.append("\(path): the schema's pattern \(source) does not compile")
        return
      }
      if (try? regex.firstMatch(in: text)) == nil {
        errors.append("\(path): \(Self.show(value)) does not match the pattern \(source)")
      }
    case "minItems", "maxItems":
      if case .array(let items) = value, case .number(let limit, _) = argument {
        if keyword == "minItems" ? Double(items.count) < limit : Double(items.count) > limit {
          errors.append(
            "\(path): \(items.count) items, expected \(keyword == "minItems" ? "at least" : "at most") \(Self.show(argument))"
          )
        }
      }
    case "required":
      guard case .object = value, case .array(let names) = argument else { return }
      for case .string(let name) in names where value[name] == nil {
        errors.append("\(path): missing required field '\(name)'")
      }
    case "properties":
      guard case .object(let members) = value, case .object = argument else { return }
      for member in members {
        if let subschema = argument[member.key] {
          check(member.value, against: subschema, at: "\(path).\(member.key)", into: &errors, depth: depth + 1)
        }
      }
    case "additionalProperties":
      guard case .object(let members) = value else { return }
      for member in members where schema["properties"]?[member.key] == nil {
        if argument == .bool(false) {
          errors.append("\(path): unknown field '\(member.key)'")
        } else {
          check(member.value, against: argument, at: "\(path).\(member.key)", into: &errors, depth: depth + 1)
        }
      }
    case "prefixItems":
      guard case .array(let items) = value, case .array(let schemas) = argument else { return }
      for (index, (item, subschema)) in zip(items, schemas).enumerated() {
        check(item, against: subschema, at: "\(path)[\(index)]", into: &errors, depth: depth + 1)
      }
    case "items":
      guard case .array(let items) = value else { return }
      var first = 0
      if case .array(let prefix) = schema["prefixItems"] { first = prefix.count }
      for index in items.indices where index >= first {
        check(items[index], against: argument, at: "\(path)[\(index)]", into: &errors, depth: depth + 1)
      }
    case "anyOf", "oneOf":
      guard case .array(let branches) = argument else { return }
      let results = branches.map { branch in
        var branchErrors: [String] = []
        check(value, against: branch, at: path, into: &branchErrors, depth: depth + 1)
        return branchErrors
      }
      let passing = results.filter(\.isEmpty).count
      if passing == 0 {
        // The branch that came closest explains the failure best; a branch whose `const` or
        // `not` refused the value (another recognizer kind, another command) is hardly close.
        func distance(_ branchErrors: [String]) -> Int {
          branchErrors.count + 1000
            * branchErrors.filter { $0.contains(": must be ") || $0.contains("must not match") }.count
        }
        let closest = results.min { distance($0) < distance($1) } ?? []
        errors.append("\(path): matches none of the \(branches.count) alternatives of \(keyword)")
        errors.append(contentsOf: closest)
      } else if keyword == "oneOf" && passing > 1 {
        errors.append("\(path): matches \(passing) alternatives of oneOf, expected exactly one")
      }
    case "not":
      var branchErrors: [String] = []
      check(value, against: argument, at: path, into: &branchErrors, depth: depth + 1)
      if branchErrors.isEmpty { errors.append("\(path): \(Self.show(value)) matches a schema it must not match") }
    default:
      break
    }
  }

  private static func show(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number, let isInteger):
      return isInteger && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    case .string(let text): return "\"\(text)\""
    case .array(let items): return "[" + items.map(show).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { "\"\($0.key)\": \(show($0.value))" }.joined(separator: ", ") + "}"
    }
  }
}
