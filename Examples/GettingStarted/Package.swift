// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PhotoViewer",
  dependencies: [
    // In your own package, point at the repository instead of this folder: a revision until a
    // version is tagged (see "Depending on the package" in the README), then a release.
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
