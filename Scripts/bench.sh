#!/usr/bin/env bash
# The benchmarks of BENCHMARKS.md, in a release build.
# Usage: Scripts/bench.sh [w1|scaling|moves|trace|instructions|scaling-instructions|exclusivity|all]
# (default w1).
# `instructions` counts the instructions per W1 event under callgrind: unlike wall time on shared
# machines (which drifts by up to 2x between runs), it is exact, so it tracks changes. It then
# prints where they go, the rows of BENCHMARKS.md's "Where the time goes": each step's function
# by inclusive instructions per event, and the runtime library's reference counting and
# uniqueness checks.
# `scaling-instructions` counts them for every row of the scaling and moves tables, on shorter
# scripts than `scaling` and `moves` time (callgrind runs about 100x slower than native): 6 to 15
# minutes on two cores, most of it in the three rows with the largest scenes (N=5000 and the chain
# of 10,000), whose loading callgrind runs at full cost without counting it. GESTURE_BENCH_QUICK=1
# leaves those rows out (about 5 minutes). The chain of 100,000 is left out unless
# GESTURE_BENCH_LONG_CHAIN=1: on its own it takes hours.
# `exclusivity` measures what the one exclusivity opt-out of release builds buys
# (`@exclusivity(unchecked)` on the runtime's tables, GestureRuntime.swift): it builds gesturectl
# in release a second time with the tables' accesses checked (-DGESTURE_CHECKED_TABLES, into
# .build/checked), the build the package is headed for, and counts under callgrind, as
# `instructions` does, the instructions and the swift_beginAccess calls (dynamic exclusivity
# checks) per W1 event of both builds, then names the source lines that make the most checks in
# each (Scripts/accesscount.c, counted in a plain run), and last compiles the runtime module's SIL
# as the checked build does to count, per property with an access checked at run time, those
# accesses and the ones that may overlap another (bench-out/exclusivity-properties.txt): about 4
# minutes, 1 more when the second build is made.
# `all` runs none of the three
# callgrind modes.
#
# Workload W1 and the C floor come from ../shared/bench (the reference workload the figures of
# BENCHMARKS.md were measured on) when that folder is beside the clone. Without it the script
# generates its own W1-like stream and W1's scene (Scripts/bench_workloads.py w1, w1scene) and
# skips the floor: the figures are then close to BENCHMARKS.md's, not comparable digit for digit.
# GESTURE_BENCH_EVENTS (default 1000000) sets the length of the W1 stream, for a quick check;
# GESTURE_SHARED (default ../shared) says where the development setup's folder is.
# Writes its workloads to bench-out/ (ignored by git); prints the figures to record.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-w1}"
usage="usage: Scripts/bench.sh [w1|scaling|moves|trace|instructions|scaling-instructions|exclusivity|all]"
case "$what" in
  w1 | scaling | moves | trace | instructions | scaling-instructions | exclusivity | all) ;;
  -h | --help)
    echo "$usage"
    exit 0
    ;;
  *)
    echo "$usage" >&2
    exit 64
    ;;
esac
shared="${GESTURE_SHARED:-../shared}/bench"
w1_events="${GESTURE_BENCH_EVENTS:-1000000}"
if [ -f "$shared/w1_stream.py" ] && [ -f "$shared/w1.scene.json" ] && [ -f "$shared/floor.c" ]; then
  source="shared"
  out="bench-out"
  w1_scene="$shared/w1.scene.json"
  w1_stream() { python3 "$shared/w1_stream.py" "$1" 12345 --jsonl "$2" >/dev/null; }
else
  source="own"
  out="bench-out/own"
  echo "note: $shared is not beside this clone: W1 is the package's own W1-like stream" \
    "(Scripts/bench_workloads.py w1), and there is no C floor to compare with"
  mkdir -p "$out"
  python3 Scripts/bench_workloads.py w1scene 1 "$out/w1.scene.json"
  w1_scene="$out/w1.scene.json"
  w1_stream() { python3 Scripts/bench_workloads.py w1 "$1" "$2"; }
fi
mkdir -p "$out"
# The stream of N events, generated once per length.
stream() {
  local file="$out/w1-$1.events.jsonl"
  [ -f "$file" ] || w1_stream "$1" "$file"
  echo "$file"
}

echo "== build (release)"
swift build -c release --product gesturectl 2>&1 | tail -1
gcc -O2 -shared -fPIC -o "$out/alloccount.so" Scripts/alloccount.c
if [ "$source" = shared ]; then gcc -O2 -o "$out/floor" "$shared/floor.c"; fi
ctl=".build/release/gesturectl"
bench() { LD_PRELOAD="$PWD/$out/alloccount.so" "$ctl" bench "$@" --format json; }
field() { python3 -c "import json,sys; print(json.loads(sys.stdin.read())['$1'])"; }

echo "== machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d), W1 from $source"

if [ "$what" = w1 ] || [ "$what" = all ]; then
  w1=$(stream "$w1_events")
  if [ "$source" = shared ]; then
    [ -f "$out/w1-$w1_events.bin" ] || python3 "$shared/w1_stream.py" "$w1_events" 12345 --bin "$out/w1-$w1_events.bin" >/dev/null
    echo "== W1, $w1_events events: floor and gesturectl interleaved, three rounds"
  else
    echo "== W1-like stream, $w1_events events: gesturectl, three rounds (no floor)"
  fi
  ratios=()
  for round in 1 2 3; do
    ours=$(bench "$w1_scene" "$w1" --repeat 3)
    ns=$(echo "$ours" | field ns_per_event_median)
    allocs=$(echo "$ours" | field allocations_per_event)
    if [ "$source" = shared ]; then
      floor=$("$out/floor" "$out/w1-$w1_events.bin" 1 20 5 | field ns_per_event_median)
      ratio=$(python3 -c "print(round($ns / $floor, 1))")
      ratios+=("$ratio")
      echo "round $round: floor $floor ns/event, gesturectl $ns ns/event ($allocs allocations/event), ratio ${ratio}x"
    else
      echo "round $round: gesturectl $ns ns/event ($allocs allocations/event)"
    fi
  done
  if [ "$source" = shared ]; then
    echo "W1 ratio to the floor (median of rounds): $(printf '%s\n' "${ratios[@]}" | sort -n | sed -n 2p)x"
  fi
fi

if [ "$what" = scaling ] || [ "$what" = all ]; then
  w1_100k=$(stream 100000)
  w1_10k=$(stream 10000)
  w1_2k=$(stream 2000)
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
    row "N=$n ($((n * 5)) recognizers)" "$out/siblings-$n.scene.json" "$w1_100k" 3
  done
  echo "== recognizers on one view (W1 stream; 100k events up to N=50, 10k for 500, 2k for 5000)"
  for n in 5 50 500 5000; do
    python3 Scripts/bench_workloads.py oneview "$n" "$out/oneview-$n.scene.json"
    events="$w1_100k"; [ "$n" -gt 50 ] && events="$w1_10k"
    [ "$n" -ge 5000 ] && events="$w1_2k"
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
    row "depth $n" "$out/depth-$n.scene.json" "$w1_100k" 3
  done
fi

if [ "$what" = moves ] || [ "$what" = all ]; then
  python3 Scripts/bench_workloads.py still 100000 "$out/still.events.jsonl"
  python3 Scripts/bench_workloads.py sweep 100000 "$out/sweep.events.jsonl"
  python3 Scripts/bench_workloads.py diagonal 100000 "$out/diagonal.events.jsonl"
  python3 Scripts/bench_workloads.py pan 1 "$out/pan.scene.json"
  echo "== steady-state moves (one finger, 100,000 moves)"
  for pair in "W1, finger still:$w1_scene:$out/still.events.jsonl" \
    "W1, finger sweeping:$w1_scene:$out/sweep.events.jsonl" \
    "W1, slow diagonal drag:$w1_scene:$out/diagonal.events.jsonl" \
    "one pan, finger sweeping:$out/pan.scene.json:$out/sweep.events.jsonl"; do
    IFS=: read -r label scene events <<<"$pair"
    result=$(bench "$scene" "$events" --repeat 3)
    echo "$label: $(echo "$result" | field ns_per_event_median) ns/move, $(echo "$result" | field allocations_per_event) allocations/event"
  done
fi

if [ "$what" = trace ] || [ "$what" = all ]; then
  w1_100k=$(stream 100000)
  w1=$(stream "$w1_events")
  echo "== gesturectl trace (JSON lines to /dev/null): wall time and peak memory"
  for script in "$w1_100k" "$w1"; do
    /usr/bin/time -f "%e s wall, %M KB peak resident" "$ctl" trace "$w1_scene" "$script" --format jsonl 2>&1 >/dev/null \
      | sed "s|^|$(basename "$script"): |"
  done
fi

# The instructions of W1's replays under callgrind, collecting only `replayAll`: `bench --repeat 1`
# replays the script twice (an untimed warm-up, then the timed replay), so a count per event is
# divided by twice the events.
callgrind_w1() {  # gesturectl events profile
  valgrind --tool=callgrind --callgrind-out-file="$3" --toggle-collect='*replayAll*' \
    "$1" bench "$w1_scene" "$2" --repeat 1 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

if [ "$what" = instructions ]; then
  command -v valgrind >/dev/null || { echo "error: valgrind is needed for 'instructions'" >&2; exit 69; }
  w1_100k=$(stream 100000)
  echo "== instructions per W1 event (callgrind, 100k events, warm-up and one timed replay)"
  callgrind_w1 "$ctl" "$w1_100k" "$out/callgrind.out" \
    | python3 -c "import sys; n = int(sys.stdin.read()); print(f'{n:,} instructions, {n / 200000:,.0f} per event (profile: callgrind_annotate $out/callgrind.out)')"
  # BENCHMARKS.md's breakdown, "Where the time goes": each step's function by its largest
  # inclusive entry (callgrind splits a function's count among the files its inlined code comes
  # from; the largest entry is the function's own), and the runtime library's reference counting
  # and uniqueness checks by their own instructions. Per event of the 200,000 replayed.
  echo "== where the time goes (inclusive instructions per W1 event; the rows overlap)"
  callgrind_annotate --inclusive=yes "$out/callgrind.out" 2>/dev/null | swift demangle --simplified >"$out/callgrind-inclusive.txt"
  callgrind_annotate "$out/callgrind.out" 2>/dev/null >"$out/callgrind-self.txt"
  python3 - "$out/callgrind-inclusive.txt" "$out/callgrind-self.txt" <<'PY'
import re, sys

def entries(path):
    for line in open(path, encoding="utf-8", errors="replace"):
        match = re.match(r"\s*([\d,]+) \([ \d.%]+\)\s+(\S.*)$", line)
        if match:
            yield int(match.group(1).replace(",", "")), match.group(2)

steps = [
    ("delivery to recognizers", "deliverEventToRecognizers(count:first:)"),
    ("touch-down collection", "beginTouch(_:)"),
    ("resolution", "resolve()"),
    ("resets", "runResets()"),
    ("view delivery", "deliverToViews()"),
    ("retiring touches", "retireFinishedTouches()"),
    ("applying the inbox", "applyInbox()"),
]
largest = {}
for count, name in entries(sys.argv[1]):
    for _, function in steps:
        if re.search(r":(specialized )?GestureRuntime\." + re.escape(function) + r"( \[.*\])?$", name):
            largest[function] = max(largest.get(function, 0), count)
for label, function in steps:
    # A step renamed or inlined away is said so, not shown as costing nothing.
    found = largest.get(function)
    print(f"{label}: " + (f"{found / 200000:,.0f}" if found else f"GestureRuntime.{function} not found in the profile"))
own = {}
for count, name in entries(sys.argv[2]):
    match = re.match(r"\?\?\?:(swift_retain|swift_release|swift_retain_n|swift_isUniquelyReferenced_nonNull_native) ", name)
    if match:
        own[match.group(1)] = own.get(match.group(1), 0) + count
counting = ["swift_retain", "swift_release", "swift_retain_n"]
parts = ", ".join(f"{name} {own.get(name, 0) / 200000:,.0f}" for name in counting)
print(f"reference counting (inside the above): {sum(own.get(name, 0) for name in counting) / 200000:,.0f} ({parts})")
print(f"uniqueness checks of arrays (inside the above): {own.get('swift_isUniquelyReferenced_nonNull_native', 0) / 200000:,.0f}")
PY
fi

if [ "$what" = exclusivity ]; then
  command -v valgrind >/dev/null || { echo "error: valgrind is needed for 'exclusivity'" >&2; exit 69; }
  checked_path=.build/checked
  checked_flags=(-Xswiftc -DGESTURE_CHECKED_TABLES)
  echo "== build (release with the tables' accesses checked: -DGESTURE_CHECKED_TABLES, in $checked_path)"
  swift build -c release --product gesturectl --build-path "$checked_path" "${checked_flags[@]}" 2>&1 | tail -1
  w1_100k=$(stream 100000)
  # The calls of a function in a profile: the sum of its callers' counts in callgrind_annotate's
  # tree of callers (0 when nothing calls it).
  calls() {  # profile function
    callgrind_annotate --tree=caller "$1" | python3 -c '
import re, sys
# A block per function, blank lines between: its callers ("<", each with its calls), then itself ("*").
total = 0
for block in sys.stdin.read().split("\n\n"):
    lines = block.splitlines()
    if any(re.search(r"  \*  \S*:" + re.escape(sys.argv[1]) + r" \[", line) for line in lines):
        for line in lines:
            m = re.search(r"\(([\d,]+)x\)( \[[^]]*\])?$", line) if "  < " in line else None
            total += int(m.group(1).replace(",", "")) if m else 0
print(total)' "$2"
  }
  echo "== exclusivity checks: instructions and swift_beginAccess calls per W1 event ($w1_scene, 100k events; callgrind, warm-up and one timed replay)"
  totals=()
  for build in shipped checked; do
    binary="$ctl" label="release build as shipped (the tables unchecked)"
    [ "$build" = checked ] && binary="$checked_path/release/gesturectl" label="release build with the tables checked"
    profile="$out/callgrind-exclusivity-$build.out"
    collected=$(callgrind_w1 "$binary" "$w1_100k" "$profile")
    accesses=$(calls "$profile" swift_beginAccess)
    if [ "$build" = checked ] && [ "$accesses" -le "$shipped_accesses" ]; then
      echo "error: the build with the tables checked makes no more checks than the shipped one: -DGESTURE_CHECKED_TABLES no longer reaches the tables' declaration (GestureRuntime.swift)" >&2
      exit 1
    fi
    shipped_accesses=$accesses
    totals+=("$collected")
    python3 -c "import sys; n, a = int(sys.argv[1]), int(sys.argv[2]); print(f'{sys.argv[3]}: {n / 200000:,.0f} instructions/event, {a / 200000:,.1f} swift_beginAccess calls/event')" \
      "$collected" "$accesses" "$label"
  done
  python3 -c "import sys; off, on = int(sys.argv[1]), int(sys.argv[2]); print(f'checking the tables costs {(on - off) / 200000:,.0f} more instructions/event ({on / off:.2f}x); profiles: callgrind_annotate --tree=caller $out/callgrind-exclusivity-{{shipped,checked}}.out')" \
    "${totals[0]}" "${totals[1]}"
  # Where the checks are made: Scripts/accesscount.c counts swift_beginAccess by calling site in
  # an ordinary run of each build (the whole run, so reading the files counts too), and addr2line
  # names the source line of each site (the innermost inlined one).
  command -v addr2line >/dev/null || { echo "error: addr2line (binutils) is needed for 'exclusivity'" >&2; exit 69; }
  gcc -O2 -shared -fPIC -o "$out/accesscount.so" Scripts/accesscount.c -ldl
  for build in shipped checked; do
    binary="$ctl"
    [ "$build" = checked ] && binary="$checked_path/release/gesturectl"
    sites="$out/exclusivity-sites-$build.txt"
    GESTURE_ACCESS_COUNTS="$sites" LD_PRELOAD="$PWD/$out/accesscount.so" \
      "$binary" bench "$w1_scene" "$w1_100k" --repeat 1 >/dev/null
    echo "== $build: the source lines that make the most checks, per W1 event (whole run: loading included; all of them in $sites.lines)"
    python3 - "$sites" "$PWD/" <<'PY'
import collections, subprocess, sys
sites_path, root = sys.argv[1], sys.argv[2]
by_object = collections.defaultdict(list)
for line in open(sites_path):
    count, obj, offset = line.split()
    by_object[obj].append((int(count), int(offset, 16)))
lines = collections.Counter()
for obj, sites in by_object.items():
    # A return address is the instruction after the call: look up the byte before it.
    names = subprocess.run(["addr2line", "-e", obj] + [hex(offset - 1) for _, offset in sites],
                           capture_output=True, text=True).stdout.splitlines()
    for (count, _), name in zip(sites, names):
        lines[name.split(" (")[0].replace(root, "")] += count
with open(sites_path + ".lines", "w") as out:
    for name, count in lines.most_common():
        out.write(f"{count / 200000:8.2f} {name}\n")
total = sum(lines.values())
print(f"{total / 200000:,.1f} checks per event in all")
for name, count in lines.most_common(15):
    print(f"{count / 200000:8.2f} {name}")
PY
  done
  # Why they are made: the compiler proves a class property's accesses exclusive, and checks none
  # of them at run time, when the property is internal to its module and no access to it may
  # overlap another (an access that spans a call it cannot see through, an array changed in place
  # included, may). The runtime module's optimized SIL, as the checked build compiles it, says
  # which accesses are left to run time ([dynamic]) and which of those may overlap (no
  # [no_nested_conflict]): the latter keep their property checked everywhere.
  bin=$(swift build -c release --build-path "$checked_path" "${checked_flags[@]}" --show-bin-path)
  # The language flags repeat Package.swift's settings (keep them in step); the package name is
  # the one SwiftPM gave the build.
  package_name=$(grep -o '"-package-name","[^"]*"' "$checked_path/release.yaml" | head -1 | cut -d'"' -f4)
  [ -n "$package_name" ] || { echo "error: no -package-name in $checked_path/release.yaml: cannot compile the runtime's SIL" >&2; exit 1; }
  swiftc -module-name GestureRuntime -parse-as-library -whole-module-optimization -O -emit-sil \
    -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -package-name "$package_name" -I "$bin/Modules" -DSWIFT_PACKAGE -DGESTURE_CHECKED_TABLES \
    @"$bin/GestureRuntime.build/sources" -o "$out/GestureRuntime.sil"
  echo "== the properties the runtime module checks at run time: accesses in its SIL (all of them in $out/exclusivity-properties.txt)"
  python3 - "$out/GestureRuntime.sil" "$out/exclusivity-properties.txt" <<'PY'
import collections, re, sys
checked, overlapping, proved = collections.Counter(), collections.Counter(), collections.Counter()
for function in re.split(r"\n(?=sil )", open(sys.argv[1]).read()):
    addresses = {}
    for line in function.splitlines():
        address = re.match(r"\s*(%\d+) = ref_element_addr(?: \[immutable\])? .*?#(\S+)", line)
        if address:
            addresses[address.group(1)] = address.group(2)
        access = re.match(r"\s*%\d+ = begin_access \[\w+\] \[(\w+)\]( \[no_nested_conflict\])? (%\d+)", line)
        if access and access.group(3) in addresses:
            name = addresses[access.group(3)]
            if access.group(1) == "dynamic":
                checked[name] += 1
                overlapping[name] += not access.group(2)
            else:
                proved[name] += 1
rows = [f"{checked[name]:5} checked {overlapping[name]:5} may overlap {proved[name]:5} proved  {name}"
        for name, _ in checked.most_common()]
open(sys.argv[2], "w").write("\n".join(rows) + "\n")
print(f"{sum(checked.values())} accesses checked at run time ({sum(overlapping.values())} of them may overlap), {sum(proved.values())} proved")
print("\n".join(rows[:15]))
PY
fi

if [ "$what" = scaling-instructions ]; then
  command -v valgrind >/dev/null || { echo "error: valgrind is needed for 'scaling-instructions'" >&2; exit 69; }
  started=$SECONDS
  quick="${GESTURE_BENCH_QUICK:-0}"
  long_chain="${GESTURE_BENCH_LONG_CHAIN:-0}"
  # One row: the instructions of the warm-up replay and of the one timed replay (`bench` replays
  # the script 1 + --repeat times, each in a call of replayAll), divided by twice the events.
  # Deterministic hashing fixes the sets' and dictionaries' orders, so a row's count repeats.
  count() {  # label scene events
    local result collected row_start=$SECONDS
    result=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/callgrind-row.out" --toggle-collect='*replayAll*' \
      "$ctl" bench "$2" "$3" --repeat 1 --format json 2>"$out/callgrind-row.log") \
      || { tail -5 "$out/callgrind-row.log" >&2; echo "error: $1 failed under callgrind" >&2; exit 1; }
    collected=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/callgrind-row.log")
    python3 -c "import sys; c, e = int(sys.argv[1]), int(sys.argv[2]); print(f'{sys.argv[3]}: {c / (2 * e):,.0f} instructions/event ({e:,} events, {sys.argv[4]} s)')" \
      "$collected" "$(echo "$result" | field events)" "$1" "$((SECONDS - row_start))"
  }
  sizes="5 50 500"; [ "$quick" = 1 ] || sizes="$sizes 5000"
  chains="10 100 1000"; [ "$quick" = 1 ] || chains="$chains 10000"
  [ "$long_chain" = 1 ] && chains="$chains 100000"
  w1_10k=$(stream 10000)
  w1_200=$(stream 200)
  [ -f "$out/taps-10.events.jsonl" ] || python3 Scripts/bench_workloads.py taps 10 "$out/taps-10.events.jsonl"
  [ -f "$out/taps-1.events.jsonl" ] || python3 Scripts/bench_workloads.py taps 1 "$out/taps-1.events.jsonl"
  echo "== instructions per event (callgrind, warm-up and one replay)"
  echo "== recognizers on sibling views (W1 stream, 10k events)"
  for n in $sizes; do
    python3 Scripts/bench_workloads.py siblings "$n" "$out/siblings-$n.scene.json"
    count "N=$n ($((n * 5)) recognizers)" "$out/siblings-$n.scene.json" "$w1_10k"
  done
  echo "== recognizers on one view (W1 stream, 200 events)"
  for n in $sizes; do
    python3 Scripts/bench_workloads.py oneview "$n" "$out/oneview-$n.scene.json"
    count "N=$n ($((n * 5)) recognizers)" "$out/oneview-$n.scene.json" "$w1_200"
  done
  echo "== requirement chains (10 single taps; 1 from N=10,000)"
  for n in $chains; do
    python3 Scripts/bench_workloads.py chain "$n" "$out/chain-$n.scene.json"
    taps="$out/taps-10.events.jsonl"; [ "$n" -ge 10000 ] && taps="$out/taps-1.events.jsonl"
    count "N=$n" "$out/chain-$n.scene.json" "$taps"
  done
  echo "== hierarchy depth (W1 stream, 10k events)"
  for n in 1 10 100 1000; do
    python3 Scripts/bench_workloads.py depth "$n" "$out/depth-$n.scene.json"
    count "depth $n" "$out/depth-$n.scene.json" "$w1_10k"
  done
  python3 Scripts/bench_workloads.py still 10000 "$out/still-10k.events.jsonl"
  python3 Scripts/bench_workloads.py sweep 10000 "$out/sweep-10k.events.jsonl"
  python3 Scripts/bench_workloads.py diagonal 10000 "$out/diagonal-10k.events.jsonl"
  python3 Scripts/bench_workloads.py pan 1 "$out/pan.scene.json"
  echo "== steady-state moves (one finger, 10,000 moves; the down and the lift count among the events)"
  count "W1, finger still" "$w1_scene" "$out/still-10k.events.jsonl"
  count "W1, finger sweeping" "$w1_scene" "$out/sweep-10k.events.jsonl"
  count "W1, slow diagonal drag" "$w1_scene" "$out/diagonal-10k.events.jsonl"
  count "one pan, finger sweeping" "$out/pan.scene.json" "$out/sweep-10k.events.jsonl"
  [ "$quick" = 1 ] && echo "(GESTURE_BENCH_QUICK=1: N=5000 and the chain of 10,000 left out)"
  [ "$long_chain" = 1 ] || echo "(the chain of 100,000 left out: GESTURE_BENCH_LONG_CHAIN=1 adds it)"
  echo "== done in $((SECONDS - started)) s"
fi
