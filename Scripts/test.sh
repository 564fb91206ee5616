#!/usr/bin/env bash
# The project's test command (README): format lint, build with warnings as errors, the test
# suite, and the behaviour scenarios in ../shared when they are there.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== format"
swift format lint --strict --recursive --parallel Package.swift Sources Tests

echo "== build (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors

echo "== tests"
swift test --skip-build

shared="../shared"
if [ -d "$shared/scenarios" ] && [ -f "$shared/conformance/check.py" ]; then
  echo "== conformance scenarios ($shared/scenarios)"
  python3 "$shared/conformance/check.py" --gesturectl .build/debug/gesturectl "$shared/scenarios"
fi

echo "== documentation (DocC, warnings as errors)"
bash Scripts/docs.sh

echo "== Getting started: build and run Examples/GettingStarted as the article says"
# A fresh build: incremental builds of a path dependency can miss files added to it.
rm -rf Examples/GettingStarted/.build
actual=$(cd Examples/GettingStarted && swift run --quiet PhotoViewer)
expected=$(python3 - <<'PY'
import re
text = open("Docs/Gestures.docc/GettingStarted.md").read()
m = re.search(r"<!-- program-output: Examples/GettingStarted -->\n```text\n(.*?)```", text, re.S)
print(m.group(1), end="")
PY
)
if [ "$actual" != "$expected" ]; then
  echo "error: Examples/GettingStarted prints something else than Docs/Gestures.docc/GettingStarted.md shows:" >&2
  diff <(echo "$expected") <(echo "$actual") >&2 || true
  exit 1
fi
echo "Getting started: output matches the article"

echo "== a package that depends on a tagged release of this one resolves and builds"
# Apps point at a release, not a folder, and SwiftPM judges a release more strictly (unsafe build
# flags, for one): tag a copy of the tracked files and build a small app against the tag.
release=$(mktemp -d)
trap 'rm -rf "$release"' EXIT
mkdir -p "$release/Gestures" "$release/App/Sources/App"
git ls-files -z | xargs -0 cp --parents -t "$release/Gestures"
(cd "$release/Gestures" && git init -q && git add -A \
  && git -c user.name=test -c user.email=test@localhost commit -qm release && git tag 1.0.0)
cat >"$release/App/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [.package(url: "file://$release/Gestures", from: "1.0.0")],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [
        .product(name: "GestureCore", package: "Gestures"),
        .product(name: "GestureRecognizers", package: "Gestures"),
        .product(name: "GestureRuntime", package: "Gestures"),
      ])
  ]
)
SWIFT
cat >"$release/App/Sources/App/main.swift" <<'SWIFT'
import GestureCore
import GestureRecognizers
import GestureRuntime

let window = View(name: "window", frame: Rect(x: 0, y: 0, width: 100, height: 100))
let tap = TapGestureRecognizer()
tap.addAction { _ in print("tap") }
window.addGestureRecognizer(tap)
let runtime = GestureRuntime(window: window)
runtime.send(TouchInput(id: 1, phase: .began, location: Point(x: 50, y: 50)), at: .zero)
runtime.send(TouchInput(id: 1, phase: .ended, location: Point(x: 50, y: 50)), at: .zero)
SWIFT
output=$(cd "$release/App" && swift run --quiet App 2>"$release/log") || { cat "$release/log" >&2; exit 1; }
if [ "$output" != "tap" ]; then
  echo "error: the app built against the tagged release printed '$output', expected 'tap'" >&2
  exit 1
fi
echo "tagged release: resolved, built, and the app's tap fired"
