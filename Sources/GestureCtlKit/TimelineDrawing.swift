import GestureCore
import GestureRuntime

/// Draws a trace as a timeline (`gesturectl trace --format svg|html`): a lane per recognizer with
/// its published state as coloured bands, waits hatched and labelled, action ticks and resets; a
/// lane per touch with its phases; a lane per view with its calls; a time axis in milliseconds.
/// Every trace event is exactly one element of class `mark`, whose `<title>` is its trace line.
struct TimelineDrawing {
  let scene: Scene
  let events: [TraceEvent]

  static let labelWidth = 150.0
  static let plotWidth = 900.0
  static let laneHeight = 28.0
  static let top = 40.0

  enum Lane: Hashable {
    case diagnostics
    case recognizer(String)
    case touch(Int)
    /// The hovering pointer and scroll input, one lane each when the trace has them.
    case hover
    case scroll
    case view(String)
  }

  /// The lanes, top to bottom: recognizers in scene order, touches by id, views that got calls.
  func lanes() -> [Lane] {
    var lanes: [Lane] = []
    if events.contains(where: { if case .diagnostic = $0.kind { return true } else { return false } }) {
      lanes.append(.diagnostics)
    }
    lanes += scene.recognizers.map { .recognizer($0.recognizer.name) }
    var touches: [Int] = []
    var views: [String] = []
    var pointerLanes: [Lane] = []
    for event in events {
      switch event.kind {
      case .hover where !pointerLanes.contains(.hover): pointerLanes.append(.hover)
      case .scroll where !pointerLanes.contains(.scroll): pointerLanes.append(.scroll)
      case .touch(let id, _, _, _) where !touches.contains(id): touches.append(id)
      case .view(let view, _, _) where !views.contains(view): views.append(view)
      default: break
      }
    }
    lanes += touches.map { .touch($0) }
    lanes += pointerLanes
    lanes += views.map { .view($0) }
    return lanes
  }

  var timeRange: (Double, Double) {
    let times = events.map(\.time.seconds)
    let low = min(0, times.min() ?? 0)
    var high = times.max() ?? 1
    if high - low < 0.05 { high = low + 0.05 }
    return (low, high + (high - low) * 0.07)
  }

  func x(_ seconds: Double) -> Double {
    let (low, high) = timeRange
    return Self.labelWidth + (seconds - low) / (high - low) * Self.plotWidth
  }

  func svg(standalone: Bool = true) -> String {
    let lanes = lanes()
    var laneIndex: [Lane: Int] = [:]
    for (index, lane) in lanes.enumerated() { laneIndex[lane] = index }
    func y(_ lane: Lane) -> Double { Self.top + Double(laneIndex[lane] ?? 0) * Self.laneHeight }
    let height = Self.top + Double(lanes.count) * Self.laneHeight + 40
    let width = Self.labelWidth + Self.plotWidth + 30
    var out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
    out +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVG.number(width))\" height=\"\(SVG.number(height))\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" class=\"timeline\">\n"
    out += "<title>Trace timeline</title>\n" + SVG.definitions + "\n" + SVG.style + "\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
    // Lanes and their labels.
    for lane in lanes {
      let top = y(lane)
      let label: String
      switch lane {
      case .diagnostics: label = "diagnostics"
      case .recognizer(let name):
        let kind = scene.recognizers.first { $0.recognizer.name == name }?.kind ?? ""
        label = "\(name) (\(kind))"
      case .touch(let id): label = "touch #\(id)"
      case .hover: label = "hover"
      case .scroll: label = "scroll"
      case .view(let name): label = "view \(name)"
      }
      out +=
        "<g class=\"lane-group\" data-lane=\"\(SVG.escape(label))\"><rect class=\"lane\" x=\"\(SVG.number(Self.labelWidth))\" y=\"\(SVG.number(top + 2))\" width=\"\(SVG.number(Self.plotWidth))\" height=\"\(SVG.number(Self.laneHeight - 4))\"/>"
      out += "<text class=\"lane-label\" x=\"8\" y=\"\(SVG.number(top + 18))\">\(SVG.escape(label))</text></g>\n"
    }
    // Time axis in milliseconds.
    let (low, high) = timeRange
    let axisY = Self.top + Double(lanes.count) * Self.laneHeight + 8
    out +=
      "<line class=\"axis\" x1=\"\(SVG.number(Self.labelWidth))\" y1=\"\(SVG.number(axisY))\" x2=\"\(SVG.number(Self.labelWidth + Self.plotWidth))\" y2=\"\(SVG.number(axisY))\"/>\n"
    let span = (high - low) * 1000
    let step = [1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000].first { span / $0 <= 12 } ?? 20000
    var tick = (low * 1000 / step).rounded(.up) * step
    while tick <= high * 1000 {
      let tx = x(tick / 1000)
      out +=
        "<line class=\"axis\" x1=\"\(SVG.number(tx))\" y1=\"\(SVG.number(Self.top))\" x2=\"\(SVG.number(tx))\" y2=\"\(SVG.number(axisY + 4))\" stroke-dasharray=\"2,4\"/>"
      out +=
        "<text class=\"small\" x=\"\(SVG.number(tx))\" y=\"\(SVG.number(axisY + 16))\" text-anchor=\"middle\">\(formatNumber(tick)) ms</text>\n"
      tick += step
    }
    out += bands(y)
    // One mark per trace event.
    for event in events {
      out += mark(event, y) + "\n"
    }
    out += legend(x: Self.labelWidth, y: 14)
    return out + "</svg>\n"
  }

  /// State bands and wait intervals of each recognizer (decoration: the marks carry the events).
  func bands(_ y: (Lane) -> Double) -> String {
    var out = ""
    let end = timeRange.1
    for info in scene.recognizers {
      let name = info.recognizer.name
      let top = y(.recognizer(name)) + 6
      var state = "possible"
      var since = 0.0
      var waitSince: (Double, String)?
      func close(_ until: Double) {
        if state != "possible" {
          let x0 = x(since)
          let w = max(12, x(until) - x0)
          let fill = state == "failed" ? "url(#failhatch)" : (SVG.stateColors[state] ?? "#CCCCCC")
          out +=
            "<rect class=\"band\" data-state=\"\(state)\" x=\"\(SVG.number(x0))\" y=\"\(SVG.number(top))\" width=\"\(SVG.number(w))\" height=\"16\" fill=\"\(fill)\" rx=\"3\"/>"
          if w > 46 {
            out +=
              "<text class=\"small\" x=\"\(SVG.number(x0 + 4))\" y=\"\(SVG.number(top + 12))\" fill=\"#000000\" stroke=\"#FFFFFF\" stroke-width=\"3\" paint-order=\"stroke\">\(state)</text>"
          }
          out += "\n"
        }
      }
      func closeWait(_ until: Double) {
        guard let (start, label) = waitSince else { return }
        let x0 = x(start)
        let w = max(6, x(until) - x0)
        out +=
          "<rect class=\"band\" data-state=\"wait\" x=\"\(SVG.number(x0))\" y=\"\(SVG.number(top))\" width=\"\(SVG.number(w))\" height=\"16\" fill=\"url(#hatch)\" stroke=\"#7A7A7A\"/>"
        out +=
          "<text class=\"small\" x=\"\(SVG.number(x0 + 4))\" y=\"\(SVG.number(top + 12))\" fill=\"#000000\" stroke=\"#FFFFFF\" stroke-width=\"3\" paint-order=\"stroke\">\(SVG.escape(label))</text>\n"
        waitSince = nil
      }
      for event in events {
        switch event.kind {
        case .state(let who, _, let to, _) where who == name:
          closeWait(event.time.seconds)
          close(event.time.seconds)
          state = to.description
          since = event.time.seconds
        case .wait(let who, _, let targets) where who == name:
          if waitSince == nil { waitSince = (event.time.seconds, "waits for \(targets.joined(separator: ", "))") }
        case .reset(let who) where who == name:
          closeWait(event.time.seconds)
          close(event.time.seconds)
          state = "possible"
          since = event.time.seconds
        default: break
        }
      }
      closeWait(end)
      close(end)
    }
    return out
  }

  func mark(_ event: TraceEvent, _ y: (Lane) -> Double) -> String {
    let title = "<title>\(SVG.escape(event.description))</title>"
    let px = x(event.time.seconds)
    func group(_ kind: String, _ body: String) -> String {
      "<g class=\"mark\" data-kind=\"\(kind)\">\(title)\(body)</g>"
    }
    switch event.kind {
    case .touch(let id, let phase, _, _):
      let cy = y(.touch(id)) + 14
      switch phase {
      case .began:
        return group("touch", "<circle cx=\"\(SVG.number(px))\" cy=\"\(SVG.number(cy))\" r=\"5\" fill=\"#0072B2\"/>")
      case .ended, .cancelled:
        return group(
          "touch",
          "<rect x=\"\(SVG.number(px - 5))\" y=\"\(SVG.number(cy - 5))\" width=\"10\" height=\"10\" fill=\"\(phase == .ended ? "#0072B2" : "#CC79A7")\"/>"
        )
      default:
        return group(
          "touch",
          "<line x1=\"\(SVG.number(px))\" y1=\"\(SVG.number(cy - 5))\" x2=\"\(SVG.number(px))\" y2=\"\(SVG.number(cy + 5))\" stroke=\"#0072B2\" stroke-width=\"2\"/>"
        )
      }
    case .state(let who, _, let to, _):
      let top = y(.recognizer(who)) + 4
      return group(
        "state",
        "<line x1=\"\(SVG.number(px))\" y1=\"\(SVG.number(top))\" x2=\"\(SVG.number(px))\" y2=\"\(SVG.number(top + 20))\" stroke=\"\(SVG.stateColors[to.description] ?? "#333333")\" stroke-width=\"2\"/>"
      )
    case .wait(let who, _, _):
      let top = y(.recognizer(who)) + 4
      return group(
        "wait",
        "<line x1=\"\(SVG.number(px))\" y1=\"\(SVG.number(top))\" x2=\"\(SVG.number(px))\" y2=\"\(SVG.number(top + 20))\" stroke=\"#555555\" stroke-width=\"2\" stroke-dasharray=\"3,2\"/>"
      )
    case .action(let who, _, _, _):
      let top = y(.recognizer(who))
      return group(
        "action",
        "<path d=\"M \(SVG.number(px - 5)) \(SVG.number(top + 1)) L \(SVG.number(px + 5)) \(SVG.number(top + 1)) L \(SVG.number(px)) \(SVG.number(top + 8)) z\" fill=\"#000000\"/>"
      )
    case .reset(let who):
      let cy = y(.recognizer(who)) + 14
      return group(
        "reset",
        "<circle cx=\"\(SVG.number(px))\" cy=\"\(SVG.number(cy))\" r=\"3.5\" fill=\"#FFFFFF\" stroke=\"#333333\" stroke-width=\"1.5\"/>"
      )
    case .view(let view, let call, _):
      let top = y(.view(view)) + 6
      let color = call == .cancelled ? "#CC79A7" : call == .ended ? "#009E73" : call == .began ? "#0072B2" : "#56B4E9"
      return group(
        "view",
        "<rect x=\"\(SVG.number(px - 2))\" y=\"\(SVG.number(top))\" width=\"4\" height=\"16\" fill=\"\(color)\"/>")
    case .hover(let phase, _, _):
      let cy = y(.hover) + 14
      let shape =
        phase == .moved
        ? "<circle cx=\"\(SVG.number(px))\" cy=\"\(SVG.number(cy))\" r=\"2.5\" fill=\"#E69F00\"/>"
        : "<circle cx=\"\(SVG.number(px))\" cy=\"\(SVG.number(cy))\" r=\"5\" fill=\"\(phase == .entered ? "#E69F00" : "#FFFFFF")\" stroke=\"#E69F00\" stroke-width=\"2\"/>"
      return group("hover", shape)
    case .scroll(let delta, _, _, _, _):
      let cy = y(.scroll) + 14
      let down = delta.y >= 0
      return group(
        "scroll",
        "<path d=\"M \(SVG.number(px - 4)) \(SVG.number(down ? cy - 4 : cy + 4)) L \(SVG.number(px + 4)) \(SVG.number(down ? cy - 4 : cy + 4)) L \(SVG.number(px)) \(SVG.number(down ? cy + 4 : cy - 4)) z\" fill=\"#009E73\"/>"
      )
    case .diagnostic:
      let top = y(.diagnostics) + 6
      return group(
        "diagnostic",
        "<path d=\"M \(SVG.number(px)) \(SVG.number(top)) L \(SVG.number(px + 7)) \(SVG.number(top + 14)) L \(SVG.number(px - 7)) \(SVG.number(top + 14)) z\" fill=\"#F0E442\" stroke=\"#333333\"/>"
      )
    }
  }

  func legend(x: Double, y: Double) -> String {
    var out = "<g class=\"legend\">"
    var px = x
    for (state, label) in [
      ("began", "began"), ("changed", "changed"), ("ended", "ended / recognized"), ("cancelled", "cancelled"),
      ("failed", "failed"), ("wait", "waiting"),
    ] {
      let fill = state == "wait" ? "url(#hatch)" : state == "failed" ? "url(#failhatch)" : SVG.stateColors[state]!
      out +=
        "<rect x=\"\(SVG.number(px))\" y=\"\(SVG.number(y - 10))\" width=\"14\" height=\"12\" fill=\"\(fill)\" stroke=\"#555555\" stroke-width=\"0.5\"/>"
      out += "<text class=\"small\" x=\"\(SVG.number(px + 18))\" y=\"\(SVG.number(y))\">\(label)</text>"
      px += 18 + Double(label.count) * 6.2 + 16
    }
    out +=
      "<text class=\"small\" x=\"\(SVG.number(px))\" y=\"\(SVG.number(y))\">▼ action  ○ reset  ● touch down  ■ lift</text>"
    return out + "</g>\n"
  }
}
