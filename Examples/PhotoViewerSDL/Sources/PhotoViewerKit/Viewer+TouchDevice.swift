import GestureCore
public import GestureRecognizers

/// The pinch's and the rotation's delegate: they recognize together and with the pan, so that two
/// fingers zoom, turn and move the picture at once.
final class PinchWithRotation: GestureRecognizerDelegate {
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    other is PinchGestureRecognizer || other is RotationGestureRecognizer || other is PanGestureRecognizer
  }
}

// Two-finger gestures, for a touch device: a pinch zooms about the fingers, a rotation turns the
// picture, both at once.
extension Viewer {
  /// Adds the pinch and the rotation: the app calls it when SDL reports a touch device.
  public func addTouchDeviceGestures() {
    guard touchDevice == nil else { return }
    let pinch = PinchGestureRecognizer(name: "pinch")
    let rotation = RotationGestureRecognizer(name: "rotation")
    let delegate = PinchWithRotation()
    pinch.delegate = delegate
    rotation.delegate = delegate
    touchDevice = (pinch, rotation, delegate)
    photo.addGestureRecognizer(pinch)
    photo.addGestureRecognizer(rotation)
    pinch.addAction { [unowned self, unowned pinch] _ in pinched(pinch) }
    rotation.addAction { [unowned self, unowned rotation] _ in rotated(rotation) }
  }

  /// The pinch, once ``addTouchDeviceGestures()`` has added it.
  public var pinch: PinchGestureRecognizer? { touchDevice?.pinch }
  /// The rotation, once ``addTouchDeviceGestures()`` has added it.
  public var rotation: RotationGestureRecognizer? { touchDevice?.rotation }

  private func pinched(_ pinch: PinchGestureRecognizer) {
    if pinch.state == .began || pinch.state == .changed {
      setZoom(zoom * pinch.scale, about: pinch.location(in: window))
      pinch.scale = 1
    }
    if pinch.state == .began || pinch.state == .ended {
      report("pinch", "\(pinch.state) zoom \(formatNumber((zoom * 1000).rounded() / 1000))x")
    }
  }

  private func rotated(_ rotation: RotationGestureRecognizer) {
    if rotation.state == .began || rotation.state == .changed {
      angle += rotation.rotation
      rotation.rotation = 0
      changed()
    }
    if rotation.state == .began || rotation.state == .ended {
      report("rotation", "\(rotation.state) angle \(formatNumber((angle * 180 / Double.pi).rounded())) deg")
    }
  }
}
