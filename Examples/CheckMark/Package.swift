// swift-tools-version:6.0
import PackageDescription

// An app's own gesturectl: the built-in commands and kinds, plus the check mark of the
// custom-recognizer article.
let package = Package(
  name: "CheckMark",
  dependencies: [
    // In your own package, point at the repository instead of this folder: a revision until a
    // version is tagged (see "Depending on the package" in the README), then a release.
    .package(name: "Gestures", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "checkmarkctl",
      dependencies: [
        .product(name: "GestureCore", package: "Gestures"),
        .product(name: "GestureRecognizers", package: "Gestures"),
        .product(name: "GestureCtlKit", package: "Gestures"),
      ])
  ]
)
