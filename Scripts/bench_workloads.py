#!/usr/bin/env python3
"""Scenes and scripts for the scaling benchmarks of BENCHMARKS.md.

  bench_workloads.py siblings N OUT.scene.json   W1's five recognizers on each of N sibling views (a grid)
  bench_workloads.py oneview N OUT.scene.json    W1's five recognizers N times over, all on one view
  bench_workloads.py chain N OUT.scene.json      N taps on one view, each requiring the next to fail
  bench_workloads.py depth N OUT.scene.json      W1's five recognizers on a view nested N deep
  bench_workloads.py taps COUNT OUT.events.jsonl single taps at random points (for chains)
  bench_workloads.py still COUNT OUT.events.jsonl one finger down, COUNT moves of +-1 pt 1 ms apart, lift
  bench_workloads.py sweep COUNT OUT.events.jsonl one finger down, COUNT moves sweeping the view, lift
  bench_workloads.py drag COUNT OUT.events.jsonl one finger down, COUNT moves of 0.5 pt every 16 ms back and
                                                 forth (slow enough for a pan, not a swipe), lift
  bench_workloads.py diagonal COUNT OUT.events.jsonl one finger down, a quick diagonal start (17 pt), then COUNT
                                                 moves of 0.03 pt 1 ms apart (on W1: the swipe fails after
                                                 0.5 s, the pan changes on every move), lift
  bench_workloads.py pan 1 OUT.scene.json         a single pan on the whole window
  bench_workloads.py w1scene 1 OUT.scene.json     W1's scene: the five recognizers on a 1000 x 1000 canvas
  bench_workloads.py w1 COUNT OUT.events.jsonl    a W1-like stream of at least COUNT one-touch events

The w1 stream stands in for the reference workload of ../shared/bench when that folder is not
beside the clone: the same five gestures in the same proportions (taps 30, double taps 15, pans
25, swipes 15, presses 15), 400-600 ms apart, at points drawn uniformly from [100, 900) on each
axis, from a fixed seed. It is not the same stream, so its figures are close to W1's but not
comparable with them digit for digit.
"""
import json, math, random, sys


def group(suffix, view):
    return [
        {"name": f"doubleTap{suffix}", "kind": "tap", "view": view, "numberOfTapsRequired": 2},
        {"name": f"tap{suffix}", "kind": "tap", "view": view, "requireToFail": [f"doubleTap{suffix}"]},
        {"name": f"swipe{suffix}", "kind": "swipe", "view": view, "direction": ["left", "right", "up", "down"]},
        {"name": f"pan{suffix}", "kind": "pan", "view": view, "requireToFail": [f"swipe{suffix}"]},
        {"name": f"press{suffix}", "kind": "longPress", "view": view, "minimumPressDuration": 0.25},
    ]


def scene(views, recognizers):
    return {"format": "gesture-scene/1", "views": [views], "recognizers": recognizers}


def siblings(n):
    side = math.ceil(math.sqrt(n))
    size = 1000 / side
    cells, recognizers = [], []
    for i in range(n):
        x, y = (i % side) * size, (i // side) * size
        cells.append({"name": f"cell{i}", "frame": [x, y, size, size]})
        recognizers += group(f"_{i}", f"cell{i}")
    return scene({"name": "window", "frame": [0, 0, 1000, 1000], "subviews": cells}, recognizers)


def oneview(n):
    recognizers = []
    for i in range(n):
        recognizers += group(f"_{i}", "canvas")
    return scene({"name": "window", "frame": [0, 0, 1000, 1000],
                  "subviews": [{"name": "canvas", "frame": [0, 0, 1000, 1000]}]}, recognizers)


def chain(n):
    recognizers = []
    for i in range(n):
        r = {"name": f"t{i}", "kind": "tap", "view": "canvas"}
        if i + 1 < n:
            r["requireToFail"] = [f"t{i + 1}"]
        recognizers.append(r)
    return scene({"name": "window", "frame": [0, 0, 1000, 1000],
                  "subviews": [{"name": "canvas", "frame": [0, 0, 1000, 1000]}]}, recognizers)


def depth(n):
    # Written as text: json.dump recurses once per level and cannot go 1,000 levels deep.
    opening = "".join(f'{{"name": "level{level}", "frame": [0, 0, 1000, 1000], "subviews": [' for level in range(1, n))
    leaf = f'{{"name": "level{n}", "frame": [0, 0, 1000, 1000]}}'
    tree = opening + leaf + "]}" * (n - 1)
    recognizers = json.dumps(group("", f"level{n}"))
    return ('{"format": "gesture-scene/1", "views": [{"name": "window", "frame": [0, 0, 1000, 1000], "subviews": ['
            + tree + ']}], "recognizers": ' + recognizers + '}')


def taps(count, out):
    rnd = random.Random(12345)
    t = 1.0
    with open(out, "w") as f:
        for i in range(count):
            x, y = 100 + rnd.randrange(800), 100 + rnd.randrange(800)
            f.write(json.dumps({"t": round(t, 6), "touches": [{"id": i + 1, "phase": "began", "x": x, "y": y}]}) + "\n")
            f.write(json.dumps({"t": round(t + 0.08, 6), "touches": [{"id": i + 1, "phase": "ended", "x": x, "y": y}]}) + "\n")
            t += 0.5


def moves(count, out, sweep):
    with open(out, "w") as f:
        start = (100, 100) if sweep else (500, 500)
        f.write(json.dumps({"t": 0.0, "touches": [{"id": 1, "phase": "began", "x": start[0], "y": start[1]}]}) + "\n")
        for i in range(1, count + 1):
            x, y = (100 + i % 700, 100 + (i // 700) % 700) if sweep else (500 + i % 3, 500)
            f.write(json.dumps({"t": round(i * 0.001, 6), "touches": [{"id": 1, "phase": "moved", "x": x, "y": y}]}) + "\n")
        t = round((count + 2) * 0.001, 6)
        f.write(json.dumps({"t": t, "touches": [{"id": 1, "phase": "ended", "x": start[0], "y": start[1]}]}) + "\n")


def drag(count, out):
    with open(out, "w") as f:
        t, x, step = 1.0, 500.0, 0.5
        f.write(json.dumps({"t": t, "touches": [{"id": 1, "phase": "began", "x": x, "y": 500}]}) + "\n")
        for _ in range(count):
            t += 0.016
            x += step
            if x >= 900 or x <= 100:
                step = -step
            f.write(json.dumps({"t": round(t, 6), "touches": [{"id": 1, "phase": "moved", "x": x, "y": 500}]}) + "\n")
        f.write(json.dumps({"t": round(t + 0.016, 6), "touches": [{"id": 1, "phase": "ended", "x": x, "y": 500}]}) + "\n")


def diagonal(count, out):
    """A drag on W1's canvas that only a pan takes: a quick diagonal start fails the long press,
    the taps and (after 0.5 s) the swipe; then the pan, released, changes on every move."""
    with open(out, "w") as f:
        t, x, y, dx, dy = 0.0, 300.0, 300.0, 0.02, 0.02
        f.write(json.dumps({"t": t, "touches": [{"id": 1, "phase": "began", "x": x, "y": y}]}) + "\n")
        for i in range(count):
            t += 0.001
            step = 60 if i < 10 else 1
            x, y = x + dx * step, y + dy * step
            if not 100 <= x <= 900:
                dx = -dx
            if not 100 <= y <= 900:
                dy = -dy
            f.write(json.dumps({"t": round(t, 6), "touches": [{"id": 1, "phase": "moved", "x": x, "y": y}]}) + "\n")
        f.write(json.dumps({"t": round(t + 0.001, 6), "touches": [{"id": 1, "phase": "ended", "x": x, "y": y}]}) + "\n")


def w1scene(_):
    return scene({"name": "window", "frame": [0, 0, 1000, 1000],
                  "subviews": [{"name": "canvas", "frame": [0, 0, 1000, 1000]}]}, group("", "canvas"))


def w1(count, out, seed=12345):
    """Gestures one after another, each a list of (milliseconds, x, y, phase) for one finger."""
    rnd = random.Random(seed)
    kinds = ["tap"] * 30 + ["doubletap"] * 15 + ["pan"] * 25 + ["swipe"] * 15 + ["press"] * 15
    written, touch, clock = 0, 0, 1000
    with open(out, "w") as f:
        def finger(points):
            nonlocal written, touch
            touch += 1
            for i, (ms, x, y) in enumerate(points):
                phase = "began" if i == 0 else "ended" if i == len(points) - 1 else "moved"
                f.write(json.dumps({"t": ms / 1000, "touches": [{"id": touch, "phase": phase, "x": x, "y": y}]}) + "\n")
                written += 1
            return points[-1][0]
        while written < count:
            kind = rnd.choice(kinds)
            x, y = 100 + rnd.randrange(800), 100 + rnd.randrange(800)
            if kind == "tap":
                end = finger([(clock, x, y), (clock + rnd.randrange(60, 120), x, y)])
            elif kind == "doubletap":
                first = finger([(clock, x, y), (clock + 80, x, y)])
                end = finger([(first + 120, x + 2, y), (first + 200, x + 2, y)])
            elif kind == "pan":
                angle = rnd.uniform(0, 2 * math.pi)
                path = [(clock + 16 * i, x + 3 * i * math.cos(angle), y + 3 * i * math.sin(angle)) for i in range(21)]
                end = finger(path + [(clock + 16 * 21, path[-1][1], path[-1][2])])
            elif kind == "swipe":
                dx, dy = rnd.choice([(30, 0), (-30, 0), (0, 30), (0, -30)])
                path = [(clock + 10 * i, x + dx * i, y + dy * i) for i in range(6)]
                end = finger(path + [(clock + 60, path[-1][1], path[-1][2])])
            else:
                end = finger([(clock, x, y), (clock + 100, x + 1, y), (clock + 200, x + 1, y + 1),
                              (clock + 300, x, y + 1), (clock + 400, x, y + 1)])
            clock = end + rnd.randrange(400, 600)


def pan(_):
    return scene({"name": "window", "frame": [0, 0, 1000, 1000]}, [{"name": "pan", "kind": "pan", "view": "window"}])


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    kind, n, out = argv[0], int(argv[1]), argv[2]
    if kind == "taps":
        taps(n, out)
        return 0
    if kind == "drag":
        drag(n, out)
        return 0
    if kind == "diagonal":
        diagonal(n, out)
        return 0
    if kind == "w1":
        w1(n, out)
        return 0
    if kind in ("still", "sweep"):
        moves(n, out, kind == "sweep")
        return 0
    builders = {"siblings": siblings, "oneview": oneview, "chain": chain, "depth": depth, "pan": pan, "w1scene": w1scene}
    built = builders[kind](n)
    with open(out, "w") as f:
        f.write(built if isinstance(built, str) else json.dumps(built))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
