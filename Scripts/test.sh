#!/usr/bin/env bash
# The package's test command (README): format lint, build with warnings as errors, the test
# suite, the conformance scenarios when ../shared is beside the clone, the documentation, and the
# Getting Started example against the folder and against a tagged release.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== format"
swift format lint --strict --recursive --parallel Package.swift Sources Tests

echo "== build (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors

echo "== tests"
bash Scripts/suite.sh

# The conformance scenarios are not part of the package: they live in a folder ../shared beside
# the clone, where the package is developed (GESTURE_SHARED points elsewhere). A plain clone skips
# this step.
shared="${GESTURE_SHARED:-../shared}"
if [ -d "$shared/scenarios" ] && [ -f "$shared/conformance/check.py" ]; then
  echo "== conformance scenarios ($shared/scenarios)"
  python3 "$shared/conformance/check.py" --gesturectl .build/debug/gesturectl "$shared/scenarios"
else
  echo "== conformance scenarios: skipped ($shared/scenarios and $shared/conformance/check.py are not beside this clone)"
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

echo "== Getting started again, depending on a tagged release (as apps do) instead of the folder"
# SwiftPM judges a release more strictly than a path (unsafe build flags, for one): tag a copy of
# the tracked files, point a copy of the example at the tag, and expect the same output.
release=$(mktemp -d)
trap 'rm -rf "$release"' EXIT
mkdir -p "$release/Gestures" "$release/App"
git ls-files -z | xargs -0 cp --parents -t "$release/Gestures"
(cd "$release/Gestures" && git init -q && git add -A \
  && git -c user.name=test -c user.email=test@localhost commit -qm release && git tag 1.0.0)
(cd Examples/GettingStarted && git ls-files -z | xargs -0 cp --parents -t "$release/App")
python3 - "$release/App/Package.swift" "$release/Gestures" <<'PY'
import sys
path, library = sys.argv[1], sys.argv[2]
text = open(path).read()
local = '.package(name: "Gestures", path: "../..")'
if local not in text:
    sys.exit(f"error: {path} no longer depends on the repository folder as {local}")
open(path, "w").write(text.replace(local, f'.package(url: "file://{library}", from: "1.0.0")'))
PY
released=$(cd "$release/App" && swift run --quiet PhotoViewer 2>"$release/log") || { cat "$release/log" >&2; exit 1; }
if [ "$released" != "$expected" ]; then
  echo "error: Examples/GettingStarted built against the tagged release prints something else:" >&2
  diff <(echo "$expected") <(echo "$released") >&2 || true
  exit 1
fi
echo "Getting started against release 1.0.0: resolved, built, output matches the article"

echo "== An app's own gesturectl: run Examples/CheckMark's command as WritingACustomRecognizer.md prints it"
article=Docs/Gestures.docc/WritingACustomRecognizer.md
command=$(grep -m1 '^swift run --package-path Examples/CheckMark ' "$article")
rm -rf Examples/CheckMark/.build
shown=$(python3 - "$article" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"<!-- output\[checkMark\]: [^\n]*-->\n```text\n(.*?)```", text, re.S)
print(m.group(1), end="")
PY
)
ran=$(eval "$command" 2>/dev/null)
if [ "$ran" != "$shown" ]; then
  echo "error: '$command' prints something else than $article shows:" >&2
  diff <(echo "$shown") <(echo "$ran") >&2 || true
  exit 1
fi
echo "Check mark: '$command' prints what the article shows"
