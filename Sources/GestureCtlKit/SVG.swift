/// Small helpers to write SVG and HTML text.
enum SVG {
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  static func number(_ value: Double) -> String {
    formatNumberCompact((value * 10).rounded() / 10)
  }

  private static func formatNumberCompact(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// Colours that stay apart for colour-blind readers (Okabe–Ito), one per state.
  static let stateColors: [String: String] = [
    "began": "#E69F00", "changed": "#56B4E9", "ended": "#009E73", "cancelled": "#CC79A7", "failed": "#D55E00",
  ]

  /// Shared definitions with their ids prefixed, for a page with several timelines.
  static func definitions(prefix: String) -> String {
    guard !prefix.isEmpty else { return definitions }
    var text = definitions
    for id in ["hatch", "failhatch", "arrowhead", "cyclehead"] {
      text = text.replacing("id=\"\(id)\"", with: "id=\"\(prefix)\(id)\"")
    }
    return text
  }

  /// Shared definitions: hatching for waits and failures, arrowheads.
  static let definitions = """
    <defs>
      <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#F2F2F2"/><line x1="0" y1="0" x2="0" y2="6" stroke="#7A7A7A" stroke-width="2"/>
      </pattern>
      <pattern id="failhatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
        <rect width="5" height="5" fill="#D55E00"/><line x1="0" y1="0" x2="0" y2="5" stroke="#FFFFFF" stroke-width="1.5"/>
      </pattern>
      <marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
        <path d="M 0 0 L 10 5 L 0 10 z" fill="#333333"/>
      </marker>
      <marker id="cyclehead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
        <path d="M 0 0 L 10 5 L 0 10 z" fill="#D55E00"/>
      </marker>
    </defs>
    """

  static let style = """
    <style>
      text { font-family: Helvetica, Arial, sans-serif; font-size: 12px; fill: #222222; }
      .lane-label { font-weight: bold; }
      .small { font-size: 10px; fill: #555555; }
      .axis { stroke: #BBBBBB; stroke-width: 1; }
      .lane { fill: #FAFAFA; stroke: #E5E5E5; }
    </style>
    """
}
