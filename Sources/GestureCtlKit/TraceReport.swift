import GestureCore
import GestureRuntime

/// The self-contained HTML page of `trace --format html`: timeline, scene and graph, no scripts,
/// no external files.
enum TraceReport {
  static func html(scene: Scene, events: [TraceEvent], analysis: SceneAnalysis, title: String) -> String {
    """
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
    </style>
    </head>
    <body>
    <h1>\(SVG.escape(title))</h1>
    <p class="note">Hover over any mark to see its trace line. Bands show each recognizer's published state; hatched bands show waits for a failure requirement.</p>
    <h2>Timeline</h2>
    \(TimelineDrawing(scene: scene, events: events).svg(standalone: false))
    <div class="row">
    <div><h2>Scene</h2>
    \(SceneDrawing(scene: scene, events: events).svg())</div>
    <div><h2>Dependencies</h2>
    \(GraphDrawing(analysis: analysis).svg(standalone: false))</div>
    </div>
    </body>
    </html>

    """
  }
}
