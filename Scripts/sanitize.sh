#!/usr/bin/env bash
# The whole test suite under a sanitizer: Scripts/sanitize.sh address|thread (CI runs both).
# address: AddressSanitizer with LeakSanitizer (every object a test drops must be freed; the
#          suppressions in Scripts/lsan.supp cover only the toolchain's XCTest and Foundation).
# thread:  ThreadSanitizer (Swift Testing runs the suites in parallel).
# Each uses its own build folder (.build-asan, .build-tsan), so the normal build stays as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-}"
case "$kind" in
  address) scratch=.build-asan ;;
  thread) scratch=.build-tsan ;;
  *) echo "usage: Scripts/sanitize.sh address|thread" >&2; exit 64 ;;
esac
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export TSAN_OPTIONS="halt_on_error=1"
# Sanitized code runs many times slower: the suite's few wall-clock bounds (hangs, runaway work)
# are scaled by this.
export GESTURE_TIME_SCALE=10
echo "== build the tests with --sanitize=$kind"
swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" 2>&1 | grep -v "ld.gold: warning" | tail -1
echo "== the test suite under --sanitize=$kind"
log="$scratch/sanitize.log"
status=0
bash Scripts/suite.sh --sanitize="$kind" --scratch-path "$scratch" >"$log" 2>&1 || status=$?
grep -E "Test run with|Executed [0-9]+ test" "$log" || true
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer" "$log"; then
  echo "error: the $kind sanitizer reported a problem (full log: $log):" >&2
  grep -E -A30 "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer" "$log" | head -80 >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "error: the tests failed under --sanitize=$kind (full log: $log):" >&2
  grep -E "✘|error:" "$log" | head -40 >&2
  exit "$status"
fi
echo "$kind sanitizer: clean"
