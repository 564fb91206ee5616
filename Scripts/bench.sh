#!/usr/bin/env bash
# The benchmarks of BENCHMARKS.md, in a release build, side by side with the C floor of
# ../shared/bench. Usage: Scripts/bench.sh [w1|scaling|moves|trace|instructions|all] (default w1).
# `instructions` counts the instructions per W1 event under callgrind: unlike wall time on these
# shared machines (which drifts by up to 2x between runs), it is exact, so it tracks changes.
# Writes its workloads to bench-out/ (ignored by git); prints the figures to record.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-w1}"
shared="../shared/bench"
out="bench-out"
mkdir -p "$out"
[ -f "$shared/w1_stream.py" ] || { echo "error: $shared/w1_stream.py not found (../shared must be beside the clone)" >&2; exit 66; }

echo "== build (release)"
swift build -c release --product gesturectl 2>&1 | tail -1
gcc -O2 -shared -fPIC -o "$out/alloccount.so" Scripts/alloccount.c
gcc -O2 -o "$out/floor" "$shared/floor.c"
ctl=".build/release/gesturectl"
bench() { LD_PRELOAD="$PWD/$out/alloccount.so" "$ctl" bench "$@" --format json; }
field() { python3 -c "import json,sys; print(json.loads(sys.stdin.read())['$1'])"; }

echo "== machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d)"

if [ "$what" = w1 ] || [ "$what" = all ]; then
  [ -f "$out/w1.events.jsonl" ] || python3 "$shared/w1_stream.py" 1000000 12345 --jsonl "$out/w1.events.jsonl" >/dev/null
  [ -f "$out/w1.bin" ] || python3 "$shared/w1_stream.py" 1000000 12345 --bin "$out/w1.bin" >/dev/null
  echo "== W1, 1,000,000 events: floor and gesturectl interleaved, three rounds"
  ratios=()
  for round in 1 2 3; do
    floor=$("$out/floor" "$out/w1.bin" 1 20 5 | field ns_per_event_median)
    ours=$(bench "$shared/w1.scene.json" "$out/w1.events.jsonl" --repeat 3)
    ns=$(echo "$ours" | field ns_per_event_median)
    allocs=$(echo "$ours" | field allocations_per_event)
    ratio=$(python3 -c "print(round($ns / $floor, 1))")
    ratios+=("$ratio")
    echo "round $round: floor $floor ns/event, gesturectl $ns ns/event ($allocs allocations/event), ratio ${ratio}x"
  done
  echo "W1 ratio to the floor (median of rounds): $(printf '%s\n' "${ratios[@]}" | sort -n | sed -n 2p)x"
fi

if [ "$what" = scaling ] || [ "$what" = all ]; then
  [ -f "$out/w1-100k.events.jsonl" ] || python3 "$shared/w1_stream.py" 100000 12345 --jsonl "$out/w1-100k.events.jsonl" >/dev/null
  [ -f "$out/w1-10k.events.jsonl" ] || python3 "$shared/w1_stream.py" 10000 12345 --jsonl "$out/w1-10k.events.jsonl" >/dev/null
  [ -f "$out/w1-2k.events.jsonl" ] || python3 "$shared/w1_stream.py" 2000 12345 --jsonl "$out/w1-2k.events.jsonl" >/dev/null
  [ -f "$out/taps.events.jsonl" ] || python3 Scripts/bench_workloads.py taps 500 "$out/taps.events.jsonl"
  [ -f "$out/taps-100.events.jsonl" ] || python3 Scripts/bench_workloads.py taps 100 "$out/taps-100.events.jsonl"
  row() {  # label scene events repeats
    local result
    result=$(bench "$2" "$3" --repeat "$4")
    echo "$1: $(echo "$result" | field ns_per_event_median) ns/event, $(echo "$result" | field allocations_per_event) allocations/event"
  }
  echo "== recognizers on sibling views (W1 stream, 100k events)"
  for n in 5 50 500 5000; do
    python3 Scripts/bench_workloads.py siblings "$n" "$out/siblings-$n.scene.json"
    row "N=$n ($((n * 5)) recognizers)" "$out/siblings-$n.scene.json" "$out/w1-100k.events.jsonl" 3
  done
  echo "== recognizers on one view (W1 stream; 100k events up to N=50, 10k for 500, 2k for 5000)"
  for n in 5 50 500 5000; do
    python3 Scripts/bench_workloads.py oneview "$n" "$out/oneview-$n.scene.json"
    events="$out/w1-100k.events.jsonl"; [ "$n" -gt 50 ] && events="$out/w1-10k.events.jsonl"
    [ "$n" -ge 5000 ] && events="$out/w1-2k.events.jsonl"
    repeats=3; [ "$n" -ge 5000 ] && repeats=1
    row "N=$n ($((n * 5)) recognizers)" "$out/oneview-$n.scene.json" "$events" "$repeats"
  done
  echo "== requirement chains (500 single taps; 100 for N=100,000)"
  for n in 10 100 1000 100000; do
    python3 Scripts/bench_workloads.py chain "$n" "$out/chain-$n.scene.json"
    repeats=3; taps="$out/taps.events.jsonl"
    [ "$n" -ge 100000 ] && repeats=1 && taps="$out/taps-100.events.jsonl"
    row "N=$n" "$out/chain-$n.scene.json" "$taps" "$repeats"
  done
  echo "== hierarchy depth (W1 stream, 100k events)"
  for n in 1 10 100 1000; do
    python3 Scripts/bench_workloads.py depth "$n" "$out/depth-$n.scene.json"
    row "depth $n" "$out/depth-$n.scene.json" "$out/w1-100k.events.jsonl" 3
  done
fi

if [ "$what" = moves ] || [ "$what" = all ]; then
  python3 Scripts/bench_workloads.py still 100000 "$out/still.events.jsonl"
  python3 Scripts/bench_workloads.py sweep 100000 "$out/sweep.events.jsonl"
  python3 Scripts/bench_workloads.py diagonal 100000 "$out/diagonal.events.jsonl"
  python3 Scripts/bench_workloads.py pan 1 "$out/pan.scene.json"
  echo "== steady-state moves (one finger, 100,000 moves)"
  for pair in "W1, finger still:$shared/w1.scene.json:$out/still.events.jsonl" \
    "W1, finger sweeping:$shared/w1.scene.json:$out/sweep.events.jsonl" \
    "W1, slow diagonal drag:$shared/w1.scene.json:$out/diagonal.events.jsonl" \
    "one pan, finger sweeping:$out/pan.scene.json:$out/sweep.events.jsonl"; do
    IFS=: read -r label scene events <<<"$pair"
    result=$(bench "$scene" "$events" --repeat 3)
    echo "$label: $(echo "$result" | field ns_per_event_median) ns/move, $(echo "$result" | field allocations_per_event) allocations/event"
  done
fi

if [ "$what" = trace ] || [ "$what" = all ]; then
  [ -f "$out/w1.events.jsonl" ] || python3 "$shared/w1_stream.py" 1000000 12345 --jsonl "$out/w1.events.jsonl" >/dev/null
  [ -f "$out/w1-100k.events.jsonl" ] || python3 "$shared/w1_stream.py" 100000 12345 --jsonl "$out/w1-100k.events.jsonl" >/dev/null
  echo "== gesturectl trace (JSON lines to /dev/null): wall time and peak memory"
  for events in "$out/w1-100k.events.jsonl" "$out/w1.events.jsonl"; do
    /usr/bin/time -f "%e s wall, %M KB peak resident" "$ctl" trace "$shared/w1.scene.json" "$events" --format jsonl 2>&1 >/dev/null \
      | sed "s|^|$(basename "$events"): |"
  done
fi

if [ "$what" = instructions ]; then
  command -v valgrind >/dev/null || { echo "error: valgrind is needed for 'instructions'" >&2; exit 69; }
  [ -f "$out/w1-100k.events.jsonl" ] || python3 "$shared/w1_stream.py" 100000 12345 --jsonl "$out/w1-100k.events.jsonl" >/dev/null
  echo "== instructions per W1 event (callgrind, 100k events, warm-up and one timed replay)"
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" --toggle-collect='*replayAll*' \
    "$ctl" bench "$shared/w1.scene.json" "$out/w1-100k.events.jsonl" --repeat 1 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' \
    | python3 -c "import sys; n = int(sys.stdin.read()); print(f'{n:,} instructions, {n / 200000:,.0f} per event (profile: callgrind_annotate $out/callgrind.out)')"
fi
