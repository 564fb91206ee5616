import GestureCore

/// Draws the dependency graph with a layered layout of its own: recognizers that wait come to
/// the right of those they wait for; requirement arrows are labelled with their origin,
/// simultaneity is a dashed line, and edges on a cycle are drawn in vermillion and labelled.
struct GraphDrawing {
  let analysis: SceneAnalysis

  static let nodeWidth = 170.0
  static let nodeHeight = 44.0
  static let columnGap = 130.0
  static let rowGap = 36.0

  func svg(standalone: Bool = true) -> String {
    let infos = analysis.scene.recognizers
    let names = infos.map(\.recognizer.name)
    var index: [String: Int] = [:]
    for (i, name) in names.enumerated() { index[name] = i }
    // Layer: the longest chain of requirements (not on a cycle) below each recognizer.
    var layer = [Int](repeating: 0, count: names.count)
    for _ in 0..<max(1, names.count) {
      var changed = false
      for requirement in analysis.requirements where !requirement.onCycle {
        guard let a = index[requirement.waiter], let b = index[requirement.target] else { continue }
        if layer[a] < layer[b] + 1 {
          layer[a] = layer[b] + 1
          changed = true
        }
      }
      if !changed { break }
    }
    var rows: [Int: [Int]] = [:]
    for i in names.indices { rows[layer[i], default: []].append(i) }
    let longestLabel = analysis.requirements.map { $0.originText.count + ($0.onCycle ? 8 : 0) }.max() ?? 0
    let columnGap = max(Self.columnGap, Double(longestLabel) * 6.2 + 40)
    var position = [(Double, Double)](repeating: (0, 0), count: names.count)
    let columns = (rows.keys.max() ?? 0) + 1
    let tallest = rows.values.map(\.count).max() ?? 1
    for (column, members) in rows {
      for (row, node) in members.enumerated() {
        position[node] = (
          20 + Double(column) * (Self.nodeWidth + columnGap),
          50 + Double(row) * (Self.nodeHeight + Self.rowGap)
        )
      }
    }
    // Edges between recognizers of one column (a cycle, or unrelated layers) arc out to the right.
    let arcRoom = 60.0 + Double(longestLabel) * 6.2
    let width = 40 + Double(columns) * Self.nodeWidth + Double(columns - 1) * columnGap + arcRoom
    let height = 80 + Double(tallest) * (Self.nodeHeight + Self.rowGap)
    var out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
    out +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVG.number(width))\" height=\"\(SVG.number(height))\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" class=\"graph\">\n"
    out +=
      "<title>Dependency graph</title>\n" + SVG.definitions + "\n" + SVG.style
      + "\n<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
    out +=
      "<text class=\"small\" x=\"20\" y=\"24\">An arrow points from a recognizer to one it waits for; dashed lines join recognizers that may recognize together.</text>\n"
    func anchor(_ node: Int, right: Bool) -> (Double, Double) {
      let (x0, y0) = position[node]
      return (right ? x0 + Self.nodeWidth : x0, y0 + Self.nodeHeight / 2)
    }
    var arcs = 0
    func arc(_ a: Int, _ b: Int, color: String, dashed: Bool, marker: String?, label: String, title: String) -> String {
      arcs += 1
      let (x1, y1) = anchor(a, right: true)
      let (x2, y2) = anchor(b, right: true)
      let reach = x1 + 30 + Double(arcs) * 22
      var path = "<g class=\"edge\(dashed ? " simultaneous" : "")\"><title>\(SVG.escape(title))</title>"
      path +=
        "<path d=\"M \(SVG.number(x1)) \(SVG.number(y1)) C \(SVG.number(reach)) \(SVG.number(y1)), \(SVG.number(reach)) \(SVG.number(y2)), \(SVG.number(x2)) \(SVG.number(y2))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(dashed ? 1.5 : 2)\"\(dashed ? " stroke-dasharray=\"6,4\"" : "")\(marker.map { " marker-end=\"url(#\($0))\"" } ?? "")/>"
      let apex = x1 + 0.75 * (reach - x1)
      path +=
        "<text class=\"small\" x=\"\(SVG.number(apex + 6))\" y=\"\(SVG.number((y1 + y2) / 2 - 2 + Double((arcs - 1) % 3) * 13))\" fill=\"\(color)\" stroke=\"#FFFFFF\" stroke-width=\"3\" paint-order=\"stroke\">\(SVG.escape(label))</text></g>\n"
      return path
    }
    for requirement in analysis.requirements {
      guard let a = index[requirement.waiter], let b = index[requirement.target] else { continue }
      if position[a].0 == position[b].0 {
        let label = requirement.originText + (requirement.onCycle ? " (cycle)" : "")
        out += arc(
          a, b, color: requirement.onCycle ? "#D55E00" : "#333333", dashed: false,
          marker: requirement.onCycle ? "cyclehead" : "arrowhead", label: label,
          title: "\(requirement.waiter) waits for \(requirement.target) to fail, via \(label)")
        continue
      }
      let leftward = position[a].0 > position[b].0
      let (x1, y1) = anchor(a, right: !leftward)
      let (x2, y2) = anchor(b, right: leftward)
      let bend = leftward ? 0.0 : 40.0
      let color = requirement.onCycle ? "#D55E00" : "#333333"
      let label = requirement.originText + (requirement.onCycle ? " (cycle)" : "")
      out +=
        "<g class=\"edge\"><title>\(SVG.escape("\(requirement.waiter) waits for \(requirement.target) to fail, via \(label)"))</title>"
      out +=
        "<path d=\"M \(SVG.number(x1)) \(SVG.number(y1)) C \(SVG.number((x1 + x2) / 2)) \(SVG.number(y1 - bend)), \(SVG.number((x1 + x2) / 2)) \(SVG.number(y2 - bend)), \(SVG.number(x2)) \(SVG.number(y2))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(requirement.onCycle ? 2.5 : 1.5)\" marker-end=\"url(#\(requirement.onCycle ? "cyclehead" : "arrowhead"))\"/>"
      out +=
        "<text class=\"small\" x=\"\(SVG.number((x1 + x2) / 2))\" y=\"\(SVG.number((y1 + y2) / 2 - bend * 0.75 - 4))\" text-anchor=\"middle\" fill=\"\(color)\">\(SVG.escape(label))</text></g>\n"
    }
    for (a, b, delegate) in analysis.simultaneous {
      guard let i = index[a], let j = index[b] else { continue }
      if position[i].0 == position[j].0 {
        out += arc(
          i, j, color: "#0072B2", dashed: true, marker: nil, label: "simultaneous (\(delegate))",
          title: "\(a) and \(b) may recognize together (\(delegate))")
        continue
      }
      let (x1, y1) = (position[i].0 + Self.nodeWidth / 2, position[i].1 + Self.nodeHeight)
      let (x2, y2) = (position[j].0 + Self.nodeWidth / 2, position[j].1 + Self.nodeHeight)
      out +=
        "<g class=\"edge simultaneous\"><title>\(SVG.escape("\(a) and \(b) may recognize together (\(delegate))"))</title>"
      out +=
        "<path d=\"M \(SVG.number(x1)) \(SVG.number(y1)) Q \(SVG.number((x1 + x2) / 2 + 20)) \(SVG.number(max(y1, y2) + 30)) \(SVG.number(x2)) \(SVG.number(y2))\" fill=\"none\" stroke=\"#0072B2\" stroke-width=\"1.5\" stroke-dasharray=\"6,4\"/></g>\n"
    }
    for (i, info) in infos.enumerated() {
      let (x0, y0) = position[i]
      let onCycle = analysis.cycles.contains { $0.contains(info.recognizer.name) }
      out +=
        "<g class=\"node\"><title>\(SVG.escape("\(info.recognizer.name): \(info.kind) on \(info.recognizer.view?.name ?? "?")"))</title>"
      out +=
        "<rect x=\"\(SVG.number(x0))\" y=\"\(SVG.number(y0))\" width=\"\(SVG.number(Self.nodeWidth))\" height=\"\(SVG.number(Self.nodeHeight))\" rx=\"8\" fill=\"#EAF2FA\" stroke=\"\(onCycle ? "#D55E00" : "#4D4D4D")\" stroke-width=\"\(onCycle ? 2.5 : 1.2)\"/>"
      out +=
        "<text class=\"lane-label\" x=\"\(SVG.number(x0 + 10))\" y=\"\(SVG.number(y0 + 19))\">\(SVG.escape(info.recognizer.name))</text>"
      out +=
        "<text class=\"small\" x=\"\(SVG.number(x0 + 10))\" y=\"\(SVG.number(y0 + 35))\">\(SVG.escape("\(info.kind) on \(info.recognizer.view?.name ?? "?")"))</text></g>\n"
    }
    return out + "</svg>\n"
  }
}
