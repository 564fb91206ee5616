// swift-tools-version:6.2
// 6.2: the sources use Swift 6.2 (spans, `weak let`), so an older toolchain is turned away by its
// version rather than by compile errors. No unsafe build flags, so that SwiftPM accepts the
// package as a dependency at any revision or release. (The one exclusivity opt-out of release builds is in the source, on the runtime's
// tables: GestureRuntime.swift and BENCHMARKS.md, "Build settings that matter".)
import PackageDescription

/// Settings shared by every target: Swift 6 language mode (complete concurrency checking).
let settings: [SwiftSetting] =
  [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ]

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
