import GestureCore
import GestureRuntime

/// Draws a scene's views to scale with their names, and the touch paths of a trace over them,
/// start (circle) and end (square) marked.
struct SceneDrawing {
  let scene: Scene
  let events: [TraceEvent]
  static let maximumSide = 420.0

  func svg() -> String {
    let frame = scene.root.frameInWindow
    let scale = min(Self.maximumSide / max(frame.width, 1), Self.maximumSide / max(frame.height, 1), 1)
    let width = frame.width * scale + 20
    let height = frame.height * scale + 20
    func px(_ p: Point) -> (Double, Double) { ((p.x - frame.minX) * scale + 10, (p.y - frame.minY) * scale + 10) }
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVG.number(width))\" height=\"\(SVG.number(height))\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" class=\"scene\">\n"
    out += "<title>Scene</title>\n" + SVG.style + "\n<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
    for (depth, view) in scene.views.map({ ($0.depth, $0) }) {
      let rect = view.frameInWindow
      let (x0, y0) = px(rect.origin)
      let shade = ["#F7F7F7", "#EAF2FA", "#FDF3E1", "#E8F5EE", "#F6E9F1"][depth % 5]
      let dash = view.isHidden || !view.isUserInteractionEnabled ? " stroke-dasharray=\"4,3\"" : ""
      let recognizers = view.gestureRecognizers.map(\.name).joined(separator: ", ")
      out +=
        "<g class=\"view\"><title>\(SVG.escape("\(view.name) \(view.frame)" + (recognizers.isEmpty ? "" : ": \(recognizers)")))</title>"
      out +=
        "<rect x=\"\(SVG.number(x0))\" y=\"\(SVG.number(y0))\" width=\"\(SVG.number(rect.width * scale))\" height=\"\(SVG.number(rect.height * scale))\" fill=\"\(shade)\" stroke=\"#777777\"\(dash)/></g>\n"
    }
    // Names after every rectangle, so a subview at its superview's origin does not hide it; views
    // sharing a corner stack their names.
    var used: [String: Int] = [:]
    for view in scene.views {
      let (x0, y0) = px(view.frameInWindow.origin)
      let key = "\(Int(x0)),\(Int(y0))"
      let row = used[key, default: 0]
      used[key] = row + 1
      out +=
        "<text x=\"\(SVG.number(x0 + 4))\" y=\"\(SVG.number(y0 + 14 + Double(row) * 14))\">\(SVG.escape(view.name))</text>\n"
    }
    var paths: [Int: [Point]] = [:]
    var order: [Int] = []
    for event in events {
      guard case .touch(let id, let phase, let location, _, _, _) = event.kind, phase != .stationary else { continue }
      if paths[id] == nil { order.append(id) }
      paths[id, default: []].append(location)
    }
    for id in order {
      let points = paths[id]!.map(px)
      let list = points.map { "\(SVG.number($0.0)),\(SVG.number($0.1))" }.joined(separator: " ")
      out += "<g class=\"touch-path\"><title>touch #\(id)</title>"
      out += "<polyline points=\"\(list)\" fill=\"none\" stroke=\"#0072B2\" stroke-width=\"2\"/>"
      let (sx, sy) = points.first!
      let (ex, ey) = points.last!
      out += "<circle cx=\"\(SVG.number(sx))\" cy=\"\(SVG.number(sy))\" r=\"5\" fill=\"#0072B2\"/>"
      out +=
        "<rect x=\"\(SVG.number(ex - 4))\" y=\"\(SVG.number(ey - 4))\" width=\"8\" height=\"8\" fill=\"#FFFFFF\" stroke=\"#0072B2\" stroke-width=\"2\"/>"
      out += "<text class=\"small\" x=\"\(SVG.number(sx + 7))\" y=\"\(SVG.number(sy - 6))\">#\(id)</text></g>\n"
    }
    return out + "</svg>\n"
  }
}
