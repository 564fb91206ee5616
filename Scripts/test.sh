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
