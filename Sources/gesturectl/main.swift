import GestureCtlKit
import GestureRecognizers

// The command line with the built-in recognizer kinds; an app's own gesturectl passes its
// catalog instead.
GestureCtl.main(catalog: .standard)
