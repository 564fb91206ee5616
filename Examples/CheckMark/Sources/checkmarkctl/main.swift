import GestureCore
import GestureCtlKit

GestureCtl.main(catalog: .standard.registering(CheckMarkGestureRecognizer.kind))
