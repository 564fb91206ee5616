#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/Fuzz (scene parser, script reader, runtime) with
# -sanitize=fuzzer,address and runs each for a bounded time on the committed seed corpus.
#
# Usage: Scripts/fuzz.sh [seconds per target, default 60] [target ...]
#   targets: scene script runtime recording (default: all four)
# New inputs the fuzzer finds go to .build/fuzz/corpus/<target> (the committed corpus in
# Tests/Fuzz/corpus is only read); a crash leaves .build/fuzz/crash-* and exits non-zero. Turn a
# crash into a regression test by copying it into Tests/Fuzz/corpus/<target>/ (the tests replay
# every file there) and fixing the bug.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scene script runtime recording)
root="$PWD"
out="$root/.build/fuzz"
mkdir -p "$out"

# The package's modules, compiled as SwiftPM compiles them (Swift 6 mode, the same upcoming
# features, one package name), instrumented for coverage and AddressSanitizer. Assertions stay
# on (-assert-config Debug) so that the runtime's internal checks trap under the fuzzer.
flags=(-swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -package-name gestures -parse-as-library -O -assert-config Debug -g -sanitize=fuzzer,address
  -enable-testing -I "$out" -wmo)
module() {  # name sources... (extra flags after --)
  local name="$1"
  shift
  local sources=() extra=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do sources+=("$1"); shift; done
  [ $# -gt 0 ] && shift && extra=("$@")
  swiftc "${flags[@]}" "${extra[@]}" -module-name "$name" -c "${sources[@]}" \
    -emit-module -emit-module-path "$out/$name.swiftmodule" -o "$out/$name.o" 2>&1 | grep -v "ld.gold: warning" || true
  [ -f "$out/$name.o" ] || { echo "error: could not compile $name" >&2; exit 1; }
}
echo "== build the fuzzer"
start=$SECONDS
rm -f "$out"/*.o
module GestureCore Sources/GestureCore/*.swift
module GestureRecognizers Sources/GestureRecognizers/*.swift
module GestureRuntime Sources/GestureRuntime/*.swift
module GestureInput Sources/GestureInput/*.swift
module GestureCtlKit Sources/GestureCtlKit/*.swift
rm -f "$out/gesture-fuzz"
# Linked from inside $out: swiftc leaves the fuzzer's own module files in the working directory.
(cd "$out" && swiftc "${flags[@]}" -module-name GestureFuzz "$root/Tests/Fuzz/FuzzMain.swift" \
  "$root/Tests/GesturectlTests/FuzzTargets.swift" "$root/Tests/GesturectlTests/RandomCases.swift" \
  "$root/Tests/GestureTestSupport/SeededGenerator.swift" \
  GestureCore.o GestureRecognizers.o GestureRuntime.o GestureInput.o GestureCtlKit.o -lm -o gesture-fuzz 2>&1 \
  | grep -v "ld.gold: warning" || true)
[ -x "$out/gesture-fuzz" ] || { echo "error: could not link the fuzzer" >&2; exit 1; }
echo "built in $((SECONDS - start)) s"

status=0
for target in "${targets[@]}"; do
  [ -d "Tests/Fuzz/corpus/$target" ] || { echo "error: unknown target '$target' (scene, script, runtime, recording)" >&2; exit 64; }
  mkdir -p "$out/corpus/$target"
  echo "== fuzz $target for $seconds s (seed corpus: $(ls "Tests/Fuzz/corpus/$target" | wc -l) files)"
  log="$out/$target.log"
  if GESTURE_FUZZ_TARGET="$target" "$out/gesture-fuzz" "$out/corpus/$target" "Tests/Fuzz/corpus/$target" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$out/$target-" >"$log" 2>&1; then
    runs=$(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 || true)
    echo "$target: no crash in $runs executions ($cov, corpus now $(ls "$out/corpus/$target" | wc -l) new files)"
  else
    echo "$target: FAILED (see $log):"
    grep -E "ERROR|Fatal error|==[0-9]+==|artifact" "$log" | head -20
    status=1
  fi
done
exit $status
