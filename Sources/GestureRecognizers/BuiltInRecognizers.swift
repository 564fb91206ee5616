public import GestureCore

/// The built-in recognizer kinds, for scene files and `gesturectl list`.
public enum BuiltInRecognizers {
  /// Every built-in kind: `tap`, `swipe`, `pan`, `longPress`, `pinch`, `rotation`,
  /// `screenEdgePan`, `hover`.
  public static var kinds: [RecognizerKind] { [tap, swipe, pan, longPress, pinch, rotation, screenEdgePan, hover] }

  static let seconds = ParameterType.duration(0...3600)
  static let points = ParameterType.distance(0...1_000_000)
  static let count = ParameterType.integer(1...1000)

  /// `tap`: ``TapGestureRecognizer``.
  public static let tap = RecognizerKind(
    name: "tap",
    summary: "One or more taps of one or more fingers; discrete.",
    parameters: [
      RecognizerParameter(
        name: "numberOfTapsRequired", type: count, defaultValue: .integer(1), summary: "Taps that make the gesture."),
      RecognizerParameter(
        name: "numberOfTouchesRequired", type: count, defaultValue: .integer(1), summary: "Fingers each tap needs."),
      RecognizerParameter(
        name: "allowableMovement", type: points, defaultValue: .number(TapGestureRecognizer.defaultAllowableMovement),
        summary:
          "Points the fingers' centroid may be from the first tap's (each finger from where it landed while fewer are down)."
      ),
      RecognizerParameter(
        name: "maximumIntervalBetweenSuccessiveTaps", type: seconds,
        defaultValue: .number(TapGestureRecognizer.defaultMaximumIntervalBetweenSuccessiveTaps.secondsValue),
        summary: "Seconds from a lift to the next tap's touch-down."),
      RecognizerParameter(
        name: "maximumTapDuration", type: seconds,
        defaultValue: .number(TapGestureRecognizer.defaultMaximumTapDuration.secondsValue),
        summary: "Seconds a tap may last, from its first touch-down."),
      RecognizerParameter(
        name: "allowableTouchTimeSeparation", type: seconds,
        defaultValue: .number(TapGestureRecognizer.defaultAllowableTouchTimeSeparation.secondsValue),
        summary: "Seconds the fingers of a multi-finger tap may take to land."),
      RecognizerParameter(
        name: "buttonMaskRequired", type: .options(TapGestureRecognizer.buttonNames),
        defaultValue: .options(["primary"]), summary: "The buttons a pointer press must use, exactly."),
    ],
    make: { name, values in
      let tap = TapGestureRecognizer(name: name)
      if let value = values["numberOfTapsRequired"]?.integerValue { tap.numberOfTapsRequired = value }
      if let value = values["numberOfTouchesRequired"]?.integerValue { tap.numberOfTouchesRequired = value }
      if let value = values["allowableMovement"]?.numberValue { tap.allowableMovement = value }
      if let value = values["maximumIntervalBetweenSuccessiveTaps"]?.numberValue {
        tap.maximumIntervalBetweenSuccessiveTaps = .seconds(exactly: value)
      }
      if let value = values["maximumTapDuration"]?.numberValue { tap.maximumTapDuration = .seconds(exactly: value) }
      if let value = values["allowableTouchTimeSeparation"]?.numberValue {
        tap.allowableTouchTimeSeparation = .seconds(exactly: value)
      }
      if let names = values["buttonMaskRequired"]?.optionsValue {
        tap.buttonMaskRequired = names.reduce(into: []) { mask, name in
          if let button = EventButtonMask(name: name) { mask.formUnion(button) }
        }
      }
      return tap
    }
  ).reading(BuiltInRecognizers.tapValues)

  /// `swipe`: ``SwipeGestureRecognizer``.
  public static let swipe = RecognizerKind(
    name: "swipe",
    summary: "A quick stroke in one of the allowed directions, recognized during the move; discrete.",
    parameters: [
      RecognizerParameter(
        name: "direction", type: .options(SwipeGestureRecognizer.Direction.all.map(\.name)),
        defaultValue: .options(["right"]), summary: "Allowed directions."),
      RecognizerParameter(
        name: "numberOfTouchesRequired", type: count, defaultValue: .integer(1), summary: "Fingers the swipe needs."),
      RecognizerParameter(
        name: "minimumPrimaryMovement", type: points,
        defaultValue: .number(SwipeGestureRecognizer.defaultMinimumPrimaryMovement),
        summary: "Points along the direction needed at the start."),
      RecognizerParameter(
        name: "minimumPrimaryMovementAtMaximumDuration", type: points,
        defaultValue: .number(SwipeGestureRecognizer.defaultMinimumPrimaryMovementAtMaximumDuration),
        summary: "Points along the direction needed at maximumDuration (linear decay)."),
      RecognizerParameter(
        name: "maximumSecondaryMovement", type: points,
        defaultValue: .number(SwipeGestureRecognizer.defaultMaximumSecondaryMovement),
        summary: "Points across the direction allowed at the start."),
      RecognizerParameter(
        name: "maximumSecondaryMovementAtMaximumDuration", type: points,
        defaultValue: .number(SwipeGestureRecognizer.defaultMaximumSecondaryMovementAtMaximumDuration),
        summary: "Points across the direction allowed at maximumDuration (linear decay)."),
      RecognizerParameter(
        name: "maximumDuration", type: seconds,
        defaultValue: .number(SwipeGestureRecognizer.defaultMaximumDuration.secondsValue),
        summary: "Seconds the swipe may take; checked when a move arrives."),
      RecognizerParameter(
        name: "reverseTolerance", type: points, defaultValue: .number(SwipeGestureRecognizer.defaultReverseTolerance),
        summary: "Points a finger may move back against a direction before that direction is ruled out."),
    ],
    canFailWhileTouchesRest: false,
    make: { name, values in
      let swipe = SwipeGestureRecognizer(name: name)
      if let names = values["direction"]?.optionsValue {
        var direction: SwipeGestureRecognizer.Direction = []
        for entry in SwipeGestureRecognizer.Direction.all where names.contains(entry.name) {
          direction.insert(entry.direction)
        }
        swipe.direction = direction
      }
      if let value = values["numberOfTouchesRequired"]?.integerValue { swipe.numberOfTouchesRequired = value }
      if let value = values["minimumPrimaryMovement"]?.numberValue { swipe.minimumPrimaryMovement = value }
      if let value = values["minimumPrimaryMovementAtMaximumDuration"]?.numberValue {
        swipe.minimumPrimaryMovementAtMaximumDuration = value
      }
      if let value = values["maximumSecondaryMovement"]?.numberValue { swipe.maximumSecondaryMovement = value }
      if let value = values["maximumSecondaryMovementAtMaximumDuration"]?.numberValue {
        swipe.maximumSecondaryMovementAtMaximumDuration = value
      }
      if let value = values["maximumDuration"]?.numberValue { swipe.maximumDuration = .seconds(exactly: value) }
      if let value = values["reverseTolerance"]?.numberValue { swipe.reverseTolerance = value }
      return swipe
    }
  ).reading(BuiltInRecognizers.swipeValues)

  /// `pan`: ``PanGestureRecognizer``.
  public static let pan = RecognizerKind(
    name: "pan",
    summary: "A drag of one or more fingers; continuous.",
    parameters: [
      RecognizerParameter(
        name: "minimumNumberOfTouches", type: count, defaultValue: .integer(1), summary: "Fewest fingers that can pan."),
      RecognizerParameter(
        name: "maximumNumberOfTouches", type: .integer(1...Int.max), defaultValue: .integer(Int.max),
        summary: "Most fingers tracked (default unlimited)."),
      RecognizerParameter(
        name: "hysteresis", type: points, defaultValue: .number(PanGestureRecognizer.defaultHysteresis),
        summary: "Points the centroid must move on either axis before the pan begins."),
      RecognizerParameter(
        name: "allowedScrollTypesMask", type: .options(PanGestureRecognizer.scrollTypeNames.map(\.name)),
        defaultValue: .options([]), summary: "Scrolls the pan follows: discrete (a wheel), continuous (a trackpad)."),
    ],
    canFailWhileTouchesRest: false,
    make: { name, values in
      let pan = PanGestureRecognizer(name: name)
      if let value = values["minimumNumberOfTouches"]?.integerValue { pan.minimumNumberOfTouches = value }
      if let value = values["maximumNumberOfTouches"]?.integerValue { pan.maximumNumberOfTouches = value }
      if let value = values["hysteresis"]?.numberValue { pan.hysteresis = value }
      if let names = values["allowedScrollTypesMask"]?.optionsValue {
        for entry in PanGestureRecognizer.scrollTypeNames where names.contains(entry.name) {
          pan.allowedScrollTypesMask.insert(ScrollTypeMask(entry.type))
        }
      }
      return pan
    }
  ).reading(BuiltInRecognizers.panValues)

  /// `longPress`: ``LongPressGestureRecognizer``.
  public static let longPress = RecognizerKind(
    name: "longPress",
    summary: "Fingers held still for a while; continuous.",
    parameters: [
      RecognizerParameter(
        name: "minimumPressDuration", type: seconds,
        defaultValue: .number(LongPressGestureRecognizer.defaultMinimumPressDuration.secondsValue),
        summary: "Seconds the fingers must be held."),
      RecognizerParameter(
        name: "numberOfTouchesRequired", type: count, defaultValue: .integer(1), summary: "Fingers that must be held."),
      RecognizerParameter(
        name: "numberOfTapsRequired", type: .integer(0...1000), defaultValue: .integer(0),
        summary: "Taps before the press."),
      RecognizerParameter(
        name: "allowableMovement", type: points,
        defaultValue: .number(LongPressGestureRecognizer.defaultAllowableMovement),
        summary: "Points the fingers' centroid may move, from where the last required finger landed, before the press."),
      RecognizerParameter(
        name: "maximumIntervalBetweenSuccessiveTaps", type: seconds,
        defaultValue: .number(TapGestureRecognizer.defaultMaximumIntervalBetweenSuccessiveTaps.secondsValue),
        summary: "Seconds from a tap's lift to the next touch-down (taps first)."),
      RecognizerParameter(
        name: "maximumTapDuration", type: seconds,
        defaultValue: .number(TapGestureRecognizer.defaultMaximumTapDuration.secondsValue),
        summary: "Seconds a preceding tap may last, from its first touch-down."),
      RecognizerParameter(
        name: "allowableTouchTimeSeparation", type: seconds,
        defaultValue: .number(TapGestureRecognizer.defaultAllowableTouchTimeSeparation.secondsValue),
        summary: "Seconds the fingers of a preceding multi-finger tap may take to land."),
      RecognizerParameter(
        name: "allowableTapMovement", type: points,
        defaultValue: .number(TapGestureRecognizer.defaultAllowableMovement),
        summary: "Points the preceding taps, and the press, may be from the first tap (tap rules)."),
    ],
    recognizesWhileTouchesRest: true,
    make: { name, values in
      let press = LongPressGestureRecognizer(name: name)
      if let value = values["minimumPressDuration"]?.numberValue {
        press.minimumPressDuration = .seconds(exactly: value)
      }
      if let value = values["numberOfTouchesRequired"]?.integerValue { press.numberOfTouchesRequired = value }
      if let value = values["numberOfTapsRequired"]?.integerValue { press.numberOfTapsRequired = value }
      if let value = values["allowableMovement"]?.numberValue { press.allowableMovement = value }
      if let value = values["maximumIntervalBetweenSuccessiveTaps"]?.numberValue {
        press.maximumIntervalBetweenSuccessiveTaps = .seconds(exactly: value)
      }
      if let value = values["maximumTapDuration"]?.numberValue { press.maximumTapDuration = .seconds(exactly: value) }
      if let value = values["allowableTouchTimeSeparation"]?.numberValue {
        press.allowableTouchTimeSeparation = .seconds(exactly: value)
      }
      if let value = values["allowableTapMovement"]?.numberValue { press.allowableTapMovement = value }
      return press
    }
  ).reading(BuiltInRecognizers.longPressValues)
}

extension BuiltInRecognizers {
  /// `hover`: ``HoverGestureRecognizer``.
  public static let hover = RecognizerKind(
    name: "hover",
    summary: "The pointer over the view with no button down; continuous.",
    parameters: [],
    canFailWhileTouchesRest: false,
    make: { name, _ in HoverGestureRecognizer(name: name) }
  ).reading(BuiltInRecognizers.hoverValues)

  /// `pinch`: ``PinchGestureRecognizer``.
  public static let pinch = RecognizerKind(
    name: "pinch",
    summary: "Two fingers moving apart or together; continuous.",
    parameters: [
      RecognizerParameter(
        name: "minimumSpanChange", type: points, defaultValue: .number(PinchGestureRecognizer.defaultMinimumSpanChange),
        summary: "Points the distance between the two fingers must change, from when the second landed, to begin.")
    ],
    canFailWhileTouchesRest: false,
    make: { name, values in
      let pinch = PinchGestureRecognizer(name: name)
      if let value = values["minimumSpanChange"]?.numberValue { pinch.minimumSpanChange = value }
      return pinch
    }
  ).reading(BuiltInRecognizers.pinchValues)

  /// `rotation`: ``RotationGestureRecognizer``.
  public static let rotation = RecognizerKind(
    name: "rotation",
    summary: "Two fingers turning about each other; continuous.",
    parameters: [
      RecognizerParameter(
        name: "minimumRotation", type: .number(0...Double.pi),
        defaultValue: .number(RotationGestureRecognizer.defaultMinimumRotation),
        summary: "Radians the line between the two fingers must turn, from when the second landed, to begin.")
    ],
    canFailWhileTouchesRest: false,
    make: { name, values in
      let rotation = RotationGestureRecognizer(name: name)
      if let value = values["minimumRotation"]?.numberValue { rotation.minimumRotation = value }
      return rotation
    }
  ).reading(BuiltInRecognizers.rotationValues)

  /// `screenEdgePan`: ``ScreenEdgePanGestureRecognizer``.
  public static let screenEdgePan = RecognizerKind(
    name: "screenEdgePan",
    summary: "A one-finger pan that starts at an edge of the window and moves into it; continuous.",
    parameters: [
      RecognizerParameter(
        name: "edges", type: .options(RectEdge.named.map(\.name) + ["all"]), defaultValue: .options([]),
        summary: "Edges of the window the touch may start from (\"all\" for every edge).", isRequired: true),
      RecognizerParameter(
        name: "edgeWidth", type: points, defaultValue: .number(ScreenEdgePanGestureRecognizer.defaultEdgeWidth),
        summary: "Points from an edge within which the touch must land."),
      RecognizerParameter(
        name: "hysteresis", type: points, defaultValue: .number(PanGestureRecognizer.defaultHysteresis),
        summary: "Points the finger must move on either axis before the pan begins."),
    ],
    canFailWhileTouchesRest: false,
    make: { name, values in
      let pan = ScreenEdgePanGestureRecognizer(name: name)
      if let names = values["edges"]?.optionsValue {
        var edges: RectEdge = names.contains("all") ? .all : []
        for entry in RectEdge.named where names.contains(entry.name) { edges.insert(entry.edge) }
        pan.edges = edges
      }
      if let value = values["edgeWidth"]?.numberValue { pan.edgeWidth = value }
      if let value = values["hysteresis"]?.numberValue { pan.hysteresis = value }
      return pan
    }
  ).reading(BuiltInRecognizers.screenEdgePanValues)
}

extension RecognizerCatalog {
  /// A catalog with the built-in kinds registered.
  public static var standard: RecognizerCatalog {
    var catalog = RecognizerCatalog()
    catalog.register(contentsOf: BuiltInRecognizers.kinds)
    return catalog
  }
}
