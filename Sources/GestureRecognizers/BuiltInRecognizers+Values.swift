public import GestureCore

/// Reading the built-in recognizers' parameters back, for exporting a live view tree as a scene.
extension BuiltInRecognizers {
  /// The parameter values of a ``TapGestureRecognizer`` (not a subclass), by scene name.
  @Sendable public static func tapValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    guard type(of: recognizer) == TapGestureRecognizer.self, let tap = recognizer as? TapGestureRecognizer else {
      return nil
    }
    return [
      "numberOfTapsRequired": .integer(tap.numberOfTapsRequired),
      "numberOfTouchesRequired": .integer(tap.numberOfTouchesRequired),
      "allowableMovement": .number(tap.allowableMovement),
      "maximumIntervalBetweenSuccessiveTaps": .number(tap.maximumIntervalBetweenSuccessiveTaps.secondsValue),
      "maximumTapDuration": .number(tap.maximumTapDuration.secondsValue),
      "allowableTouchTimeSeparation": .number(tap.allowableTouchTimeSeparation.secondsValue),
    ]
  }

  /// The parameter values of a ``SwipeGestureRecognizer`` (not a subclass), by scene name.
  @Sendable public static func swipeValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    guard type(of: recognizer) == SwipeGestureRecognizer.self, let swipe = recognizer as? SwipeGestureRecognizer
    else { return nil }
    return [
      "direction": .options(
        SwipeGestureRecognizer.Direction.all.filter { swipe.direction.contains($0.direction) }.map(\.name)),
      "numberOfTouchesRequired": .integer(swipe.numberOfTouchesRequired),
      "minimumPrimaryMovement": .number(swipe.minimumPrimaryMovement),
      "minimumPrimaryMovementAtMaximumDuration": .number(swipe.minimumPrimaryMovementAtMaximumDuration),
      "maximumSecondaryMovement": .number(swipe.maximumSecondaryMovement),
      "maximumSecondaryMovementAtMaximumDuration": .number(swipe.maximumSecondaryMovementAtMaximumDuration),
      "maximumDuration": .number(swipe.maximumDuration.secondsValue),
      "reverseTolerance": .number(swipe.reverseTolerance),
    ]
  }

  /// The parameter values of a ``PanGestureRecognizer`` (not a subclass), by scene name.
  @Sendable public static func panValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    guard type(of: recognizer) == PanGestureRecognizer.self, let pan = recognizer as? PanGestureRecognizer else {
      return nil
    }
    return [
      "minimumNumberOfTouches": .integer(pan.minimumNumberOfTouches),
      "maximumNumberOfTouches": .integer(pan.maximumNumberOfTouches),
      "hysteresis": .number(pan.hysteresis),
    ]
  }

  /// The parameter values of a ``LongPressGestureRecognizer`` (not a subclass), by scene name.
  @Sendable public static func longPressValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    guard type(of: recognizer) == LongPressGestureRecognizer.self,
      let press = recognizer as? LongPressGestureRecognizer
    else { return nil }
    return [
      "minimumPressDuration": .number(press.minimumPressDuration.secondsValue),
      "numberOfTouchesRequired": .integer(press.numberOfTouchesRequired),
      "numberOfTapsRequired": .integer(press.numberOfTapsRequired),
      "allowableMovement": .number(press.allowableMovement),
    ]
  }

  /// The parameter values of a ``HoverGestureRecognizer`` (not a subclass): it has none.
  @Sendable public static func hoverValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    type(of: recognizer) == HoverGestureRecognizer.self ? [:] : nil
  }

  /// The parameter values of a ``PinchGestureRecognizer`` (not a subclass), by scene name.
  @Sendable public static func pinchValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    guard type(of: recognizer) == PinchGestureRecognizer.self, let pinch = recognizer as? PinchGestureRecognizer
    else { return nil }
    return ["minimumSpanChange": .number(pinch.minimumSpanChange)]
  }

  /// The parameter values of a ``RotationGestureRecognizer`` (not a subclass), by scene name.
  @Sendable public static func rotationValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    guard type(of: recognizer) == RotationGestureRecognizer.self,
      let rotation = recognizer as? RotationGestureRecognizer
    else { return nil }
    return ["minimumRotation": .number(rotation.minimumRotation)]
  }

  /// The parameter values of a ``ScreenEdgePanGestureRecognizer`` (not a subclass), by scene name.
  @Sendable public static func screenEdgePanValues(_ recognizer: GestureRecognizer) -> [String: ParameterValue]? {
    guard type(of: recognizer) == ScreenEdgePanGestureRecognizer.self,
      let pan = recognizer as? ScreenEdgePanGestureRecognizer
    else { return nil }
    return [
      "edges": .options(RectEdge.named.filter { pan.edges.contains($0.edge) }.map(\.name)),
      "edgeWidth": .number(pan.edgeWidth), "hysteresis": .number(pan.hysteresis),
    ]
  }
}
