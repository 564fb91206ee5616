import GestureCore
import GestureRuntime

/// Draws a trace as a timeline (`gesturectl trace --format svg|html`): a lane per recognizer with
/// its published state as coloured bands, waits hatched and labelled, action ticks and resets; a
/// lane per touch with its phases; a lane per view with its calls; a time axis in milliseconds.
/// Every trace event is exactly one element of class `mark`, whose `<title>` is its trace line.
///
/// Text never covers text or marks: a band's label is drawn only where it fits before the band's
/// next mark, a lane's label is shortened to its column (the full label is its tooltip), and
/// actions closer together than a triangle is wide are drawn as thin ticks.
struct TimelineDrawing {
  /// The recognizers' lanes, top to bottom, with their kinds ("" when unknown).
  let recognizers: [(name: String, kind: String)]
  let events: [TraceEvent]
  /// The width of the plot in points (the time axis); the page's zoom levels multiply it.
  var plotWidth = 900.0
  /// Prefixes the drawing's ids, so that several timelines can share a page.
  var idPrefix = ""

  static let labelWidth = 150.0
  static let laneHeight = 28.0
  static let top = 40.0
  /// The average advance of a character of the 10-point label font, generously rounded up.
  static let smallCharacterWidth = 6.0
  /// The same for the 12-point bold lane labels.
  static let laneCharacterWidth = 7.5
  /// An action triangle's width: actions closer than this are drawn as ticks.
  static let actionWidth = 10.0

  /// A timeline of `events`: with a scene, its recognizers in scene order (then any the trace
  /// names that the scene lacks); without one, in the order the trace first names them.
  init(scene: Scene?, events: [TraceEvent]) {
    var lanes: [(name: String, kind: String)] = scene?.recognizers.map { ($0.recognizer.name, $0.kind) } ?? []
    var known = Set(lanes.map(\.name))
    for event in events {
      guard let name = event.laneRecognizer else { continue }
      if known.insert(name).inserted { lanes.append((name, "")) }
    }
    self.recognizers = lanes
    self.events = events
  }

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
    lanes += recognizers.map { .recognizer($0.name) }
    var touches: [Int] = []
    var views: [String] = []
    var pointerLanes: [Lane] = []
    for event in events {
      switch event.kind {
      case .hover where !pointerLanes.contains(.hover): pointerLanes.append(.hover)
      case .scroll where !pointerLanes.contains(.scroll): pointerLanes.append(.scroll)
      case .touch(let id, _, _, _, _, _) where !touches.contains(id): touches.append(id)
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
    return Self.labelWidth + (seconds - low) / (high - low) * plotWidth
  }

  /// The drawing; `fitsWidth` makes it scale to the width of its container (on a page).
  func svg(standalone: Bool = true, fitsWidth: Bool = false) -> String {
    let lanes = lanes()
    var laneIndex: [Lane: Int] = [:]
    for (index, lane) in lanes.enumerated() { laneIndex[lane] = index }
    func y(_ lane: Lane) -> Double { Self.top + Double(laneIndex[lane] ?? 0) * Self.laneHeight }
    let height = Self.top + Double(lanes.count) * Self.laneHeight + 40
    let width = Self.labelWidth + plotWidth + 30
    var out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
    let size =
      fitsWidth
      ? "width=\"100%\" preserveAspectRatio=\"xMinYMin meet\""
      : "width=\"\(SVG.number(width))\" height=\"\(SVG.number(height))\""
    out +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" class=\"timeline\">\n"
    out += "<title>Trace timeline</title>\n" + SVG.definitions(prefix: idPrefix) + "\n" + SVG.style + "\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
    // Lanes and their labels.
    for lane in lanes {
      let top = y(lane)
      let label: String
      switch lane {
      case .diagnostics: label = "diagnostics"
      case .recognizer(let name):
        let kind = recognizers.first { $0.name == name }?.kind ?? ""
        label = kind.isEmpty ? name : "\(name) (\(kind))"
      case .touch(let id): label = "touch #\(id)"
      case .hover: label = "hover"
      case .scroll: label = "scroll"
      case .view(let name): label = "view \(name)"
      }
      out +=
        "<g class=\"lane-group\" data-lane=\"\(SVG.escape(label))\"><rect class=\"lane\" x=\"\(SVG.number(Self.labelWidth))\" y=\"\(SVG.number(top + 2))\" width=\"\(SVG.number(plotWidth))\" height=\"\(SVG.number(Self.laneHeight - 4))\"/>"
      let fitting = Int((Self.labelWidth - 14) / Self.laneCharacterWidth)
      let shown = label.count <= fitting ? label : String(label.prefix(fitting - 1)) + "…"
      let tooltip = shown == label ? "" : "<title>\(SVG.escape(label))</title>"
      out +=
        "<text class=\"lane-label\" x=\"8\" y=\"\(SVG.number(top + 18))\">\(tooltip)\(SVG.escape(shown))</text></g>\n"
    }
    // Time axis in milliseconds.
    let (low, high) = timeRange
    let axisY = Self.top + Double(lanes.count) * Self.laneHeight + 8
    out +=
      "<line class=\"axis\" x1=\"\(SVG.number(Self.labelWidth))\" y1=\"\(SVG.number(axisY))\" x2=\"\(SVG.number(Self.labelWidth + plotWidth))\" y2=\"\(SVG.number(axisY))\"/>\n"
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
    // One mark per trace event; actions crowded by a neighbour in their lane become ticks.
    let crowded = crowdedActions()
    for (index, event) in events.enumerated() {
      out += mark(event, y, tick: crowded.contains(index)) + "\n"
    }
    out += legend(x: Self.labelWidth, y: 14)
    return out + "</svg>\n"
  }

  /// State bands and wait intervals of each recognizer (decoration: the marks carry the events).
  func bands(_ y: (Lane) -> Double) -> String {
    var out = ""
    let end = timeRange.1
    let stops = verticalMarks()
    /// Whether a label fits between `x0` and the lane's next vertical mark (or `limit`).
    func fits(_ label: String, from x0: Double, before limit: Double, in lane: String) -> Bool {
      let next = stops[lane]?.first { $0 > x0 + 1 } ?? .infinity
      return x0 + 6 + Double(label.count) * Self.smallCharacterWidth + 3 <= min(limit, next)
    }
    for info in recognizers {
      let name = info.name
      let top = y(.recognizer(name)) + 6
      var state = "possible"
      var since = 0.0
      var waitSince: (Double, String)?
      func close(_ until: Double) {
        if state != "possible" {
          let x0 = x(since)
          let w = max(12, x(until) - x0)
          let fill = state == "failed" ? "url(#\(idPrefix)failhatch)" : (SVG.stateColors[state] ?? "#CCCCCC")
          out +=
            "<rect class=\"band\" data-state=\"\(state)\" x=\"\(SVG.number(x0))\" y=\"\(SVG.number(top))\" width=\"\(SVG.number(w))\" height=\"16\" fill=\"\(fill)\" rx=\"3\"/>"
          if fits(state, from: x0, before: x0 + w, in: name) {
            out +=
              "<text class=\"small band-label\" x=\"\(SVG.number(x0 + 6))\" y=\"\(SVG.number(top + 12))\" fill=\"#000000\" stroke=\"#FFFFFF\" stroke-width=\"3\" paint-order=\"stroke\">\(state)</text>"
          }
          out += "\n"
        }
      }
      func closeWait(_ until: Double) {
        guard let (start, label) = waitSince else { return }
        let x0 = x(start)
        let w = max(6, x(until) - x0)
        out +=
          "<rect class=\"band\" data-state=\"wait\" x=\"\(SVG.number(x0))\" y=\"\(SVG.number(top))\" width=\"\(SVG.number(w))\" height=\"16\" fill=\"url(#\(idPrefix)hatch)\" stroke=\"#7A7A7A\"/>"
        if fits(label, from: x0, before: x0 + w, in: name) {
          out +=
            "<text class=\"small band-label\" x=\"\(SVG.number(x0 + 6))\" y=\"\(SVG.number(top + 12))\" fill=\"#000000\" stroke=\"#FFFFFF\" stroke-width=\"3\" paint-order=\"stroke\">\(SVG.escape(label))</text>"
        }
        out += "\n"
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

  /// The x of every state, wait and reset mark of each recognizer's lane, in order: band labels
  /// stop before them.
  func verticalMarks() -> [String: [Double]] {
    var result: [String: [Double]] = [:]
    for event in events {
      switch event.kind {
      case .state(let who, _, _, _), .wait(let who, _, _), .reset(let who):
        result[who, default: []].append(x(event.time.seconds))
      default: break
      }
    }
    return result
  }

  /// The indices of the actions that have another action of their lane less than a triangle's
  /// width away.
  func crowdedActions() -> Set<Int> {
    var last: [String: (index: Int, x: Double)] = [:]
    var crowded: Set<Int> = []
    for (index, event) in events.enumerated() {
      guard case .action(let who, _, _, _) = event.kind else { continue }
      let px = x(event.time.seconds)
      if let previous = last[who], px - previous.x < Self.actionWidth {
        crowded.insert(previous.index)
        crowded.insert(index)
      }
      last[who] = (index, px)
    }
    return crowded
  }

  func mark(_ event: TraceEvent, _ y: (Lane) -> Double, tick: Bool = false) -> String {
    let title = "<title>\(SVG.escape(event.description))</title>"
    let px = x(event.time.seconds)
    func group(_ kind: String, _ body: String) -> String {
      "<g class=\"mark\" data-kind=\"\(kind)\">\(title)\(body)</g>"
    }
    switch event.kind {
    case .touch(let id, let phase, _, _, _, _):
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
      if tick {
        return group(
          "action",
          "<line x1=\"\(SVG.number(px))\" y1=\"\(SVG.number(top + 1))\" x2=\"\(SVG.number(px))\" y2=\"\(SVG.number(top + 8))\" stroke=\"#000000\" stroke-width=\"1\"/>"
        )
      }
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
      let fill =
        state == "wait"
        ? "url(#\(idPrefix)hatch)" : state == "failed" ? "url(#\(idPrefix)failhatch)" : SVG.stateColors[state]!
      out +=
        "<rect x=\"\(SVG.number(px))\" y=\"\(SVG.number(y - 10))\" width=\"14\" height=\"12\" fill=\"\(fill)\" stroke=\"#555555\" stroke-width=\"0.5\"/>"
      out += "<text class=\"small\" x=\"\(SVG.number(px + 18))\" y=\"\(SVG.number(y))\">\(label)</text>"
      px += 18 + Double(label.count) * 6.2 + 16
    }
    out +=
      "<text class=\"small\" x=\"\(SVG.number(px))\" y=\"\(SVG.number(y))\">▼ action (| when dense)  ○ reset  ● touch down  ■ lift</text>"
    return out + "</g>\n"
  }
}
