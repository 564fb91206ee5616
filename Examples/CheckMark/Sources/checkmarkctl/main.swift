import GestureCore
import GestureCtlKit
import GestureRecognizers  // the built-in kinds: RecognizerCatalog.standard

GestureCtl.main(catalog: .standard.registering(CheckMarkGestureRecognizer.kind), toolName: "checkmarkctl")
