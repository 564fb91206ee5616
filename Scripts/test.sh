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
