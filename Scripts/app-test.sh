#!/usr/bin/env bash
# The photo viewer (Examples/PhotoViewerSDL) used as a person would: a real SDL2 window on a
# virtual X display (Xvfb), real X input from xdotool, the real clock. Checks the gestures the app
# reports (with the app's own times: a single click is reported 0.35 s after its release, not
# before) and what is on screen (screenshots compared by pixel statistics: the red disc in the
# middle of every picture, its area and centre, before and after a zoom, a pan and the wheel).
#
#   Scripts/app-test.sh [--screenshot PATH]
#
# --screenshot PATH saves the window with the toolbar highlighted as a PNG (the docs show one).
# Run as root (CI), it installs what it needs with apt-get if it is missing: libsdl2-dev,
# pkg-config, xvfb, xdotool, imagemagick. Prints `N passed, M failed`; exits 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

screenshot_out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --screenshot) screenshot_out=${2:?--screenshot needs a path}; shift 2 ;;
    -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'" >&2; echo "Usage: Scripts/app-test.sh [--screenshot PATH]" >&2; exit 64 ;;
  esac
done
case "$screenshot_out" in "" | /*) ;; *) screenshot_out="$root/$screenshot_out" ;; esac

# --- What it needs -------------------------------------------------------------------------------
missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
{ command -v import >/dev/null && import -version 2>/dev/null | grep -q ImageMagick; } || missing+=(imagemagick)
command -v pkg-config >/dev/null || missing+=(pkg-config)
pkg-config --exists sdl2 2>/dev/null || missing+=(libsdl2-dev)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
      >/dev/null || { echo "error: apt-get could not install ${missing[*]}" >&2; exit 1; }
  else
    echo "error: missing ${missing[*]}; install with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; }
check() { # NAME CONDITION-COMMAND...
  local name=$1; shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}

# --- Build, and the viewer's own tests on the manual clock ---------------------------------------
example="$root/Examples/PhotoViewerSDL"
echo "== build Examples/PhotoViewerSDL"
# SwiftPM drops the -D_REENTRANT of `pkg-config --cflags sdl2` (unneeded with glibc) and says so on
# every build; that line is left out.
if ! (cd "$example" && swift build --build-tests -Xswiftc -warnings-as-errors 2>&1 | grep -v 'prohibited flag(s): -D_REENTRANT'; exit "${PIPESTATUS[0]}"); then
  fail "the example builds"
  echo "$passed passed, $failed failed"
  exit 1
fi
pass "the example builds"
echo "== PhotoViewerKit tests (manual clock)"
if (cd "$example" && swift test --skip-build 2>&1 | grep -v 'prohibited flag(s): -D_REENTRANT' | tail -3; exit "${PIPESTATUS[0]}"); then
  pass "PhotoViewerKit's tests pass"
else
  fail "PhotoViewerKit's tests pass"
fi
app="$example/.build/debug/PhotoViewerSDL"

# --- A display and the app on it ----------------------------------------------------------------
work=$(mktemp -d)
xvfb_pid=""
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

echo "== Xvfb"
Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 1 300); do [ -s "$work/display" ] && break; sleep 0.1; done
if ! [ -s "$work/display" ]; then
  fail "Xvfb starts"; cat "$work/xvfb.log" >&2
  echo "$passed passed, $failed failed"; exit 1
fi
export DISPLAY=":$(head -n1 "$work/display")"
echo "display $DISPLAY"

log="$work/app.log"
SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software "$app" --log-input >"$log" 2>"$work/app.err" &
app_pid=$!

mark=0
# Waits (up to TIMEOUT seconds, default 30: the machine may be loaded) for a line matching the
# extended regular expression after the mark; prints it.
wait_line() { # REGEX [TIMEOUT]
  local deadline=$((SECONDS + ${2:-30})) line
  while [ $SECONDS -le "$deadline" ]; do
    line=$(tail -n +"$((mark + 1))" "$log" | grep -E -m1 -- "$1")
    if [ -n "$line" ]; then echo "$line"; return 0; fi
    kill -0 "$app_pid" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}
lines_since_mark() { tail -n +"$((mark + 1))" "$log"; }
absent() { ! lines_since_mark | grep -qE -- "$1"; } # no line after the mark matches REGEX
set_mark() { mark=$(wc -l <"$log"); }
field_time() { echo "${1%% *}"; }              # the runtime time at the start of a line
field_wall() { echo "${1##*wall=}"; }          # the wall time at its end
seconds_between() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$2"; }
within() { python3 -c "import sys; v, lo, hi = map(float, sys.argv[1:]); sys.exit(0 if lo <= v <= hi else 1)" "$@"; }

if ready=$(wait_line '^ready ' 60); then pass "the app starts: $ready"; else
  fail "the app starts"; cat "$work/app.err" >&2; echo "$passed passed, $failed failed"; exit 1
fi
wid=$(timeout 30 xdotool search --sync --name '^Photo Viewer$' | head -n1)
if [ -n "$wid" ]; then pass "its window is on the display"; else fail "its window is on the display"; fi

shot() { # NAME: the window as PPM in $work/NAME.ppm
  sleep 0.3 # the frame after the last change
  import -window "$wid" -depth 8 "ppm:$work/$1.ppm" 2>>"$work/import.log"
  [ -n "${KEEP_SHOTS:-}" ] && cp "$work/$1.ppm" "$KEEP_SHOTS/"
}
# Pixel statistics of a screenshot (an 8-bit binary PPM, as `import -depth 8` writes it).
cat >"$work/pixels.py" <<'PY'
import sys

def read(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:  # P6 width height maxval, comments allowed between them
        while data[pos:pos + 1].isspace(): pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos); continue
        end = pos
        while not data[end:end + 1].isspace(): end += 1
        fields.append(data[pos:end]); pos = end
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"error: {path}: expected an 8-bit binary PPM (P6, maxval 255)")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[pos + 1:pos + 1 + width * height * 3]

command, path, args = sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3:]]
width, height, pixels = read(path)
if command == "disc":  # the red disc: "area x y" (its pixel count and centre)
    area = sx = sy = 0
    for i in range(0, len(pixels), 3):
        if pixels[i] > 180 and pixels[i + 1] < 80 and pixels[i + 2] < 80:
            n = i // 3
            area += 1; sx += n % width; sy += n // width
    print(area, f"{sx / area:.1f}" if area else -1, f"{sy / area:.1f}" if area else -1)
elif command == "colour":  # R G B Y0 Y1: how many pixels of rows Y0..Y1 are exactly that colour
    r, g, b, y0, y1 = args
    rows = pixels[y0 * width * 3:(y1 + 1) * width * 3]
    print(sum(1 for i in range(0, len(rows), 3) if rows[i:i + 3] == bytes((r, g, b))))
PY
disc() { python3 "$work/pixels.py" disc "$work/$1.ppm"; }
colour_count() { python3 "$work/pixels.py" colour "$work/$1.ppm" "${@:2}"; } # NAME R G B Y0 Y1
x() { xdotool "$@"; }
move() { x mousemove --window "$wid" "$1" "$2"; }

# --- Hover --------------------------------------------------------------------------------------
echo "== hover over the toolbar"
move 320 240; sleep 0.3; set_mark
move 320 20
if wait_line 'hover toolbar highlighted' >/dev/null; then pass "hovering over the toolbar highlights it"; else
  fail "hovering over the toolbar highlights it"; fi
shot hover
highlighted=$(colour_count hover 60 110 190 0 39)
echo "highlight-coloured pixels in the top 40 rows while hovering: $highlighted"
check "on screen the hover highlights the toolbar" test "$highlighted" -gt 12800
if [ -n "$screenshot_out" ]; then
  import -window "$wid" -depth 8 "png:$screenshot_out" && echo "saved $screenshot_out"
fi
set_mark
move 320 240
if wait_line 'hover toolbar plain' >/dev/null; then pass "leaving the toolbar makes it plain"; else
  fail "leaving the toolbar makes it plain"; fi
sleep 0.5

# --- A single click -----------------------------------------------------------------------------
echo "== single click"
shot chrome
set_mark
x click 1
up=$(wait_line 'pointer-up primary')
tap=$(wait_line ' tap chrome hidden')
if [ -n "$up" ] && [ -n "$tap" ]; then
  delay=$(seconds_between "$(field_time "$up")" "$(field_time "$tap")")
  late=$(seconds_between "$(field_time "$tap")" "$(field_wall "$tap")")
  echo "released at $(field_time "$up") s, tap reported at $(field_time "$tap") s: $delay s later (printed $late s after its time)"
  check "a single click is reported 0.35 s after its release ($delay s)" within "$delay" 0.345 0.355
  check "the tap's timer fired in wall time, not before its deadline ($late s after)" within "$late" 0 1.5
else
  fail "a single click is reported as a tap"
fi
check "a single click is no double tap" absent 'doubleTap'
sleep 0.5
shot unzoomed
# The toolbar's colour (28, 32, 44) over the top 40 rows: most of them before, none after.
toolbar_before=$(colour_count chrome 28 32 44 0 39)
toolbar_after=$(colour_count unzoomed 28 32 44 0 39)
echo "toolbar-coloured pixels in the top 40 rows: $toolbar_before before the click, $toolbar_after after"
check "on screen the click hides the toolbar" test "$toolbar_before" -gt 12800 -a "$toolbar_after" -eq 0

# --- A double click zooms -----------------------------------------------------------------------
echo "== double click"
set_mark
x click --repeat 2 --delay 80 1
if wait_line 'doubleTap zoom 2x' >/dev/null; then pass "a double click zooms in"; else fail "a double click zooms in"; fi
sleep 0.6 # longer than the tap interval: nothing else may follow
check "a double click is no single tap" absent ' tap '
shot zoomed
read -r area0 cx0 cy0 <<<"$(disc unzoomed)"
read -r area1 cx1 cy1 <<<"$(disc zoomed)"
echo "disc unzoomed: $area0 px at ($cx0, $cy0); zoomed: $area1 px at ($cx1, $cy1)"
check "on screen the zoom makes the disc four times larger" within "$(python3 -c "print($area1 / max($area0, 1))")" 3.4 4.6
check "on screen the zoom keeps the disc where it was clicked" \
  within "$(python3 -c "print(abs($cx1 - $cx0) + abs($cy1 - $cy0))")" 0 6

# --- A drag pans the zoomed picture -------------------------------------------------------------
echo "== drag"
set_mark
move 300 200
x mousedown 1
for i in $(seq 1 10); do move $((300 + i * 10)) $((200 + i * 6)); sleep 0.05; done
x mouseup 1
if ended=$(wait_line 'pan ended translation'); then
  pass "a drag pans: $(cut -d' ' -f2- <<<"$ended" | sed 's/ wall=.*//')"
  read -r tx ty <<<"$(sed -E 's/.*translation \((-?[0-9.]+), (-?[0-9.]+)\).*/\1 \2/' <<<"$ended")"
else
  fail "a drag pans"; tx=0; ty=0
fi
shot panned
read -r area2 cx2 cy2 <<<"$(disc panned)"
echo "disc after the pan: $area2 px at ($cx2, $cy2); the app reports a translation of ($tx, $ty)"
check "on screen the pan moves the picture by the pan's translation" \
  within "$(python3 -c "print(abs($cx2 - $cx1 - $tx) + abs($cy2 - $cy1 - $ty))")" 0 4
check "on screen the pan moved the picture right and down" \
  within "$(python3 -c "print(min($cx2 - $cx1, $cy2 - $cy1))")" 30 1000
check "on screen the pan keeps the zoom" within "$(python3 -c "print($area2 / max($area1, 1))")" 0.9 1.1

# --- The wheel zooms ----------------------------------------------------------------------------
echo "== wheel"
set_mark
move "${cx2%.*}" "${cy2%.*}"
x click 4
sleep 0.2
x click 4
if wait_line 'scroll zoom 3.125x' >/dev/null; then pass "two wheel notches zoom from 2x to 3.125x"; else
  fail "two wheel notches zoom from 2x to 3.125x"; fi
shot wheel
read -r area3 cx3 cy3 <<<"$(disc wheel)"
echo "disc after the wheel: $area3 px at ($cx3, $cy3)"
check "on screen the wheel grows the disc by (3.125 / 2)^2" \
  within "$(python3 -c "print($area3 / max($area2, 1))")" 2.1 2.8

# --- Back to 1x, then a flick and a slow drag ---------------------------------------------------
echo "== double click to zoom out"
set_mark
move 320 240
x click --repeat 2 --delay 80 1
if wait_line 'doubleTap zoom 1x' >/dev/null; then pass "a double click when zoomed zooms out"; else
  fail "a double click when zoomed zooms out"; fi
sleep 0.6

echo "== fast flick"
set_mark
x mousemove --window "$wid" 540 300 mousedown 1 \
  mousemove --window "$wid" 500 300 sleep 0.02 mousemove --window "$wid" 400 301 sleep 0.02 \
  mousemove --window "$wid" 280 302 sleep 0.02 mousemove --window "$wid" 160 302 mouseup 1
if wait_line 'swipeLeft picture 2 of 5' >/dev/null; then pass "a fast flick left turns to the next picture"; else
  fail "a fast flick left turns to the next picture"; fi
sleep 0.6
check "the flick does not pan" absent ' pan '

echo "== slow drag"
set_mark
move 200 300
x mousedown 1
# 15 points at once (past the pan's hysteresis and the long press's allowable movement, short of
# a swipe), a rest longer than the swipe's 0.5 s, then on: the swipe fails and the pan begins.
sleep 0.05
move 215 300
sleep 0.7
for i in $(seq 1 6); do move $((215 + i * 10)) 300; sleep 0.05; done
x mouseup 1
if wait_line 'pan ended translation .* not zoomed' >/dev/null; then pass "a slow drag pans"; else
  fail "a slow drag pans"; fi
sleep 0.6
check "a slow drag does not turn the picture" absent 'swipe'

# --- Menus --------------------------------------------------------------------------------------
echo "== right click"
set_mark
move 250 260
x click 3
if wait_line 'secondaryClick menu at \(250, 260\)' >/dev/null; then pass "a right click opens the menu"; else
  fail "a right click opens the menu"; fi
set_mark
move 450 300
x click 1
if wait_line ' tap menu closed' >/dev/null; then pass "a click closes the menu"; else fail "a click closes the menu"; fi
sleep 0.5

echo "== long press"
set_mark
move 300 320
x mousedown 1
down=$(wait_line 'pointer-down primary')
press=$(wait_line 'longPress menu at \(300, 320\)')
sleep 0.3
x mouseup 1
if [ -n "$down" ] && [ -n "$press" ]; then
  held=$(seconds_between "$(field_time "$down")" "$(field_time "$press")")
  check "a long press opens the menu 0.5 s after the press ($held s), with the button still down" \
    within "$held" 0.495 0.505
else
  fail "a long press opens the menu"
fi
sleep 0.6
check "a long press is no tap" absent ' tap '

# --- Quit ---------------------------------------------------------------------------------------
kill -TERM "$app_pid"
status=0
for _ in $(seq 1 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app_pid" 2>/dev/null; then fail "the app quits on SIGTERM"; else
  wait "$app_pid"; status=$?; app_pid=""
  check "the app quits on SIGTERM with status 0" test "$status" = 0
fi

echo "== the app's log"
grep -v '^[0-9.]* pointer-' "$log"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
