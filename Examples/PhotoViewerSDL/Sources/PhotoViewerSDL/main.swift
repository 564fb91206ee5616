import CSDL2
import Glibc
import PhotoViewerKit

let usage = """
  OVERVIEW: A photo viewer in an SDL2 window, driven by the Gestures runtime.

  Prints one line per recognized gesture: the runtime's time in seconds, the recognizer and what
  the viewer did, then `wall=` and the time on SDL's clock when the line was printed.

  Tap: toggle the toolbar and status line (once a double tap has failed). Double tap: zoom in or
  out. Drag: pan the zoomed picture. Flick left or right, unzoomed: next or previous picture.
  Wheel: zoom. Long press or right click: menu. Hover over the toolbar: highlight.

  USAGE: PhotoViewerSDL [--log-input]

  OPTIONS:
    --log-input   Also print each mouse button and finger event with its SDL timestamp.
    -h, --help    Show this help.
  """

var logInput = false
for argument in CommandLine.arguments.dropFirst() {
  switch argument {
  case "--log-input": logInput = true
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    standardError(
      "Error: unknown option '\(argument)'\nUsage: PhotoViewerSDL [--log-input]\nSee 'PhotoViewerSDL --help'.\n")
    exit(64)
  }
}

/// Writes `text` to the standard error.
func standardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// Prints a line and writes it out at once: the test reads the lines as they come.
func printLine(_ line: String) {
  print(line)
  fflush(nil)
}

guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
  standardError("error: SDL_Init failed: \(String(cString: SDL_GetError()))\n")
  exit(69)
}
defer { SDL_Quit() }

let clock = SDLClock()
let viewer = Viewer(clock: clock)
viewer.reportsInput = logInput
viewer.onReport = { report in
  printLine("\(report) wall=\(GestureReport.seconds(clock.now))")
}
guard let app = PhotoViewerApp(clock: clock, viewer: viewer) else {
  standardError("error: cannot open the window: \(String(cString: SDL_GetError()))\n")
  exit(69)
}
let touchDevices = SDL_GetNumTouchDevices()
if touchDevices > 0 { viewer.addTouchDeviceGestures() }
printLine("ready window=\(Int(Viewer.windowSize.width))x\(Int(Viewer.windowSize.height)) touch-devices=\(touchDevices)")
app.run()
