import GestureCore
import GestureRuntime

/// The self-contained HTML page of `trace --format html` and `render --format html`: timeline,
/// scene and graph, no scripts, no external files.
///
/// The timeline spans the page's width; the zoom buttons (plain radio buttons and CSS) switch to
/// copies drawn 4 and 16 times wider, which scroll sideways, so that dense stretches can be read
/// with labels that stay legible.
enum TraceReport {
  /// The zoom levels: how many times wider than the fitted timeline each copy is drawn.
  static let zoomLevels = [1, 4, 16]

  static func html(
    timeline: TimelineDrawing, scene: Scene?, events: [TraceEvent], analysis: SceneAnalysis?, title: String
  ) -> String {
    var levels = ""
    var controls = ""
    var rules = ""
    for level in zoomLevels {
      var drawing = timeline
      drawing.plotWidth = timeline.plotWidth * Double(level)
      drawing.idPrefix = "z\(level)-"
      let svg = drawing.svg(standalone: false, fitsWidth: level == 1)
      levels += "<div class=\"zoom-level z\(level)\">\n\(svg)</div>\n"
      let label = level == 1 ? "fit the page" : "\(level)×"
      controls +=
        "<input type=\"radio\" name=\"zoom\" id=\"zoom\(level)\"\(level == 1 ? " checked" : "")><label for=\"zoom\(level)\">\(label)</label>\n"
      rules += "  #zoom\(level):checked ~ .zoom-levels .z\(level) { display: block; }\n"
    }
    var sceneSection = ""
    if let scene, let analysis {
      sceneSection = """
        <div class="row">
        <div><h2>Scene</h2>
        \(SceneDrawing(scene: scene, events: events).svg())</div>
        <div><h2>Dependencies</h2>
        \(GraphDrawing(analysis: analysis).svg(standalone: false))</div>
        </div>

        """
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(SVG.escape(title))</title>
      <style>
        body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222222; background: #FFFFFF; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
        p.note { color: #555555; font-size: 13px; max-width: 900px; }
        .row { display: flex; gap: 40px; flex-wrap: wrap; align-items: flex-start; }
        .zoom input { margin-left: 12px; }
        .zoom label { font-size: 13px; }
        .zoom-level { display: none; overflow-x: auto; width: 100%; }
        .zoom-level svg { display: block; }
      \(rules)</style>
      </head>
      <body>
      <h1>\(SVG.escape(title))</h1>
      <p class="note">Hover over any mark to see its trace line. Bands show each recognizer's published state; hatched bands show waits for a failure requirement. Zoom in to read dense stretches; the wider timelines scroll sideways.</p>
      <h2>Timeline</h2>
      <div class="zoom">
      Zoom:
      \(controls)<div class="zoom-levels">
      \(levels)</div>
      </div>
      \(sceneSection)</body>
      </html>

      """
  }
}
