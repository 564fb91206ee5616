// swift-tools-version:6.0
import PackageDescription

// A photo viewer in an SDL2 window: the library driven by real input from a display server, on the
// real clock. Its own package, so that the library itself keeps no dependencies.
let package = Package(
  name: "PhotoViewerSDL",
  dependencies: [
    // In your own package, point at the repository instead of this folder: a revision until a
    // version is tagged (see "Depending on the package" in the README), then a release.
    .package(name: "Gestures", path: "../..")
  ],
  targets: [
    // The system's SDL2 (Debian: libsdl2-dev), found with pkg-config.
    .systemLibrary(
      name: "CSDL2", pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
    // The viewer without SDL: its views, recognizers, state and drawing plan, tested on a manual clock.
    .target(
      name: "PhotoViewerKit",
      dependencies: [
        .product(name: "GestureCore", package: "Gestures"),
        .product(name: "GestureRecognizers", package: "Gestures"),
        .product(name: "GestureRuntime", package: "Gestures"),
      ]),
    // The app: an SDL window, SDL's events mapped to the viewer, a wait bounded by the next timer.
    .executableTarget(
      name: "PhotoViewerSDL",
      dependencies: [
        "CSDL2", "PhotoViewerKit",
        .product(name: "GestureCore", package: "Gestures"),
        .product(name: "GestureRuntime", package: "Gestures"),
      ]),
    .testTarget(
      name: "PhotoViewerKitTests",
      dependencies: [
        "PhotoViewerKit",
        .product(name: "GestureCore", package: "Gestures"),
        .product(name: "GestureRuntime", package: "Gestures"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
