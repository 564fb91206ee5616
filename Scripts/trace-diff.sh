#!/usr/bin/env bash
# Checks that a change (a performance change, usually) alters no behaviour: builds BASE (a commit,
# default HEAD~1) and the working tree in release mode, traces the same workloads through both and
# compares the whole traces, byte for byte, with the exit codes.
# Usage: Scripts/trace-diff.sh [BASE]
# Workloads: W1 (100,000 events), single taps, a requirement chain, W1's group 50 times on one
# view and on 50 sibling views, a slow drag through a lone pan, and every scene and script of the
# fuzzing corpus (Tests/Fuzz/corpus). Exit status 1 when any trace differs.
# W1 is the reference workload of ../shared/bench when that folder is beside the clone, and
# otherwise the package's own W1-like stream (Scripts/bench_workloads.py w1). GESTURE_BENCH_EVENTS
# (default 100000) sets the length of the W1 stream; GESTURE_SHARED (default ../shared) says where
# the development setup's folder is.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD~1}"
shared="${GESTURE_SHARED:-../shared}/bench"
out="bench-out/trace-diff"
worktree=".build/trace-diff-base"
w1_events="${GESTURE_BENCH_EVENTS:-100000}"
mkdir -p "$out"
if [ -f "$shared/w1_stream.py" ] && [ -f "$shared/w1.scene.json" ]; then
  w1_scene="$shared/w1.scene.json"
  w1_stream() { python3 "$shared/w1_stream.py" "$1" 12345 --jsonl "$2" >/dev/null; }
else
  echo "note: $shared is not beside this clone: W1 is the package's own W1-like stream (Scripts/bench_workloads.py w1)"
  python3 Scripts/bench_workloads.py w1scene 1 "$out/w1.scene.json"
  w1_scene="$out/w1.scene.json"
  w1_stream() { python3 Scripts/bench_workloads.py w1 "$1" "$2"; }
fi
git rev-parse --verify --quiet "$base^{commit}" >/dev/null || { echo "error: '$base' is not a commit" >&2; exit 64; }

echo "== build $base and the working tree (release)"
rm -rf "$worktree"
git worktree prune
git worktree add --quiet --detach "$worktree" "$base"
trap 'git worktree remove --force "$worktree" >/dev/null 2>&1 || true' EXIT
(cd "$worktree" && swift build -c release --product gesturectl 2>&1 | tail -1)
swift build -c release --product gesturectl 2>&1 | tail -1
old="$worktree/.build/release/gesturectl"
new=".build/release/gesturectl"

echo "== workloads"
w1_stream "$w1_events" "$out/w1.events.jsonl"
w1_stream 10000 "$out/w1-10k.events.jsonl"
python3 Scripts/bench_workloads.py taps 2000 "$out/taps.events.jsonl"
python3 Scripts/bench_workloads.py drag 20000 "$out/drag.events.jsonl"
python3 Scripts/bench_workloads.py chain 100 "$out/chain.scene.json"
python3 Scripts/bench_workloads.py oneview 50 "$out/oneview.scene.json"
python3 Scripts/bench_workloads.py siblings 50 "$out/siblings.scene.json"
python3 Scripts/bench_workloads.py pan 1 "$out/pan.scene.json"
# The fuzz targets' fixed scene (scripts) and fixed script (scenes), as files.
python3 - "$out" <<'EOF'
import json, re, sys
source = open("Tests/GesturectlTests/FuzzTargets.swift").read()
open(sys.argv[1] + "/fuzz.scene.json", "w").write(re.search(r'static let scriptScene = """\n(.*?)"""', source, re.S).group(1))
events = [(0, [(1, "began", 20, 20)]), (0.05, [(1, "ended", 20, 20)]),
          (0.2, [(2, "began", 50, 50), (3, "began", 90, 60)]), (0.25, [(2, "moved", 90, 50)]),
          (0.3, [(3, "cancelled", 90, 60)]), (1.2, [(2, "ended", 90, 50)])]
with open(sys.argv[1] + "/fixed.events.jsonl", "w") as f:
    for t, touches in events:
        f.write(json.dumps({"t": t, "touches": [{"id": i, "phase": p, "x": x, "y": y} for i, p, x, y in touches]}) + "\n")
EOF

compared=0
differ=0
compare() {  # label scene events
  compared=$((compared + 1))
  local a b
  a=$( (timeout 60 "$old" trace "$2" "$3" --format jsonl 2>&1; echo "exit $?") | cksum)
  b=$( (timeout 60 "$new" trace "$2" "$3" --format jsonl 2>&1; echo "exit $?") | cksum)
  if [ "$a" != "$b" ]; then
    differ=$((differ + 1))
    echo "DIFFERENT: $1 (gesturectl trace $2 $3)"
  fi
}
compare "W1, $w1_events events" "$w1_scene" "$out/w1.events.jsonl"
compare "single taps" "$w1_scene" "$out/taps.events.jsonl"
compare "chain of 100" "$out/chain.scene.json" "$out/taps.events.jsonl"
compare "W1 group x50, one view" "$out/oneview.scene.json" "$out/w1-10k.events.jsonl"
compare "W1 group x50, sibling views" "$out/siblings.scene.json" "$out/w1-10k.events.jsonl"
compare "slow drag, lone pan" "$out/pan.scene.json" "$out/drag.events.jsonl"
compare "slow drag, W1" "$w1_scene" "$out/drag.events.jsonl"
for file in Tests/Fuzz/corpus/script/*; do compare "corpus script $(basename "$file")" "$out/fuzz.scene.json" "$file"; done
for file in Tests/Fuzz/corpus/scene/*; do compare "corpus scene $(basename "$file")" "$file" "$out/fixed.events.jsonl"; done
echo "$compared traces compared with $base ($(git rev-parse --short "$base")): $differ differ"
[ "$differ" -eq 0 ]
