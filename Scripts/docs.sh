#!/usr/bin/env bash
# Builds the DocC catalog with the toolchain's docc, warnings as errors, into
# .build/docs/Gestures.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/docs/symbol-graphs
rm -rf .build/docs .build/docs-build
mkdir -p "$graphs"
for target in GestureCore GestureRecognizers GestureRuntime GestureInput GestureCtlKit; do
  swift build --target "$target" --build-path .build/docs-build \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
done
docc convert Docs/Gestures.docc --additional-symbol-graph-dir "$graphs" \
  --output-path .build/docs/Gestures.doccarchive --warnings-as-errors
