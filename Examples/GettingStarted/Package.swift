// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PhotoViewer",
  dependencies: [
    // In your own package, point at a release of the library instead of this folder.
    .package(name: "Gestures", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "PhotoViewer",
      dependencies: [
        .product(name: "GestureCore", package: "Gestures"),
        .product(name: "GestureRecognizers", package: "Gestures"),
        .product(name: "GestureRuntime", package: "Gestures"),
      ])
  ]
)
