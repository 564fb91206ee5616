#!/usr/bin/env bash
# The test suite in a release build, the configuration apps ship. Release builds differ from the
# debug builds the test command uses: the runtime's tables are not checked for exclusive access
# (GestureRuntime.swift), and the optimizer runs. The suite includes the replay of every
# fuzz-corpus file (FuzzCorpusTests), so the corpus is replayed in release as well. The tests use
# `@testable import`, so the modules are compiled with -enable-testing on top of the release
# settings: internal symbols stay visible, otherwise the code is optimized as apps get it. They
# build in a folder of their own, so the release build of gesturectl that Scripts/bench.sh and
# Scripts/trace-diff.sh use is not rebuilt with other flags each time.
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release-tests
start=$SECONDS
echo "== build (release, with the tests; warnings are errors)"
swift build -c release --build-path "$build" --build-tests -Xswiftc -enable-testing -Xswiftc -warnings-as-errors
echo "== tests (release)"
bash Scripts/suite.sh -c release --build-path "$build"
echo "== release tests done in $((SECONDS - start)) s"
