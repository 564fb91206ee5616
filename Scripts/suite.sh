#!/usr/bin/env bash
# Runs the built test suite (`swift test --skip-build` with the arguments given: a configuration,
# a build path, a sanitizer) in two parts: every test but the real-clock ones, in parallel, then
# the real-clock ones on their own. The real-clock tests (`gesturectl live` and the input event
# loop, fed through FIFOs in real time) bound how late a timer fires; run beside the rest of the
# suite on a two-core machine they would measure the suite's load instead.
# Used by Scripts/test.sh, Scripts/test-release.sh and Scripts/sanitize.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
real_clock='GesturectlTests\.LiveTests|GestureInputTests\.InputEventLoopTests'
status=0
swift test --skip-build "$@" --skip "$real_clock" || status=$?
echo "== the real-clock tests, alone"
swift test --skip-build "$@" --filter "$real_clock" || status=$?
exit "$status"
