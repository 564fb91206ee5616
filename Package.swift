// swift-tools-version:6.2
// 6.2, not 6.0: SwiftPM lets an app depend on a released version of a package with unsafe build
// flags (the two release-only flags below) only when that package's tools version is 6.2
// or later; with 6.0 every app that points at a release fails with "contains unsafe build flags".
import PackageDescription

/// The two unsafe flags of release builds, which the package means to drop.
///
/// `-enforce-exclusivity=unchecked`: exclusive-access checks stay on in debug builds (and so in
/// the tests); in release builds they cost a thread-local look-up on every class-property access
/// on the per-event path. W1 on 31f4f7c: 5,382 instructions per event as shipped, 8,581 with the
/// checks on and without cross-module optimization (29.6 checks per event, nearly all of them on
/// the runtime's tables).
/// `@exclusivity(unchecked)` on the properties is no substitute: other modules of the package
/// still check their accesses. It goes once the per-event state lives in the runtime's own tables
/// (BENCHMARKS.md).
///
/// `-cross-module-optimization`: 5,306 -> 5,138 instructions per W1 event on b497e88. It goes with
/// the exclusivity flag: with the checks on, it keeps the runtime's own internal properties
/// checked at run time (BENCHMARKS.md).
///
/// `GESTURE_SAFE_BUILD=1` in the environment builds without both: the build the package is
/// headed for, which `Scripts/bench.sh exclusivity` measures beside the one shipped.
let unsafeReleaseFlags: [SwiftSetting] =
  Context.environment["GESTURE_SAFE_BUILD"] == "1"
  ? []
  : [.unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))]

/// Settings shared by every target: Swift 6 language mode (complete concurrency checking).
let settings: [SwiftSetting] =
  [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ] + unsafeReleaseFlags

let package = Package(
  name: "Gestures",
  products: [
    .library(name: "GestureCore", targets: ["GestureCore"]),
    .library(name: "GestureRecognizers", targets: ["GestureRecognizers"]),
    .library(name: "GestureRuntime", targets: ["GestureRuntime"]),
    .library(name: "GestureCtlKit", targets: ["GestureCtlKit"]),
    .library(name: "GestureInput", targets: ["GestureInput"]),
    .executable(name: "gesturectl", targets: ["gesturectl"]),
  ],
  targets: [
    .target(
      name: "GestureCore", swiftSettings: settings,
      // The math the standard library inlines (sqrt, rounding) lives in libm on Linux.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "GestureRecognizers", dependencies: ["GestureCore"], swiftSettings: settings),
    .target(name: "GestureRuntime", dependencies: ["GestureCore"], swiftSettings: settings),
    .target(
      name: "GestureCtlKit",
      dependencies: ["GestureCore", "GestureRecognizers", "GestureRuntime", "GestureInput"],
      swiftSettings: settings),
    .executableTarget(
      name: "gesturectl",
      dependencies: ["GestureCore", "GestureRecognizers", "GestureCtlKit"],
      swiftSettings: settings),
    .target(
      name: "GestureTestSupport",
      dependencies: ["GestureCore", "GestureRecognizers", "GestureRuntime"],
      path: "Tests/GestureTestSupport",
      swiftSettings: settings),
    .testTarget(
      name: "GestureCoreTests",
      dependencies: ["GestureCore", "GestureRecognizers", "GestureRuntime", "GestureTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "GestureRuntimeTests",
      dependencies: ["GestureCore", "GestureRecognizers", "GestureRuntime", "GestureTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "GestureRecognizersTests",
      dependencies: ["GestureCore", "GestureRecognizers", "GestureRuntime", "GestureTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "GesturectlTests",
      dependencies: [
        "GestureCtlKit", "GestureCore", "GestureRecognizers", "GestureRuntime", "GestureTestSupport", "GestureInput",
      ],
      exclude: ["Golden", "Hostile"],
      swiftSettings: settings),
    .target(name: "GestureInput", dependencies: ["GestureCore", "GestureRuntime"], swiftSettings: settings),
    .testTarget(
      name: "GestureInputTests",
      dependencies: ["GestureInput", "GestureCore", "GestureRecognizers", "GestureRuntime", "GestureTestSupport"],
      swiftSettings: settings),
  ],
  swiftLanguageModes: [.v6]
)
