"""Replaying long journals: time and peak memory for Camel Up and Mega Civilization journals of
1k, 10k and 100k generated actions (bench/journals.py), and resuming a 10k journal to the
first frame of the table screen, as `companion run` does after a restart.

Each figure comes from fresh Python processes (one journal each), so one replay's garbage
cannot flatter or burden the next:
- replay time: `replay(game, setup, actions)` on the loaded journal, the best of three runs
  in each of five processes, in CPU seconds of the process (the figure a quiet machine
  shows as wall time; on a shared machine the wall time, printed beside it, also counts
  other processes' turns). One process can be slow all through (here a 1k Mega
  Civilization replay took 15 ms in some processes, 24 in others, which made the 10k/1k
  ratio 7x or 18x): the best over processes, the sizes taking turns, is the code's own
  figure. With three processes, one size in about four full runs had all three slow (a
  ratio of 16x once, its 10k replays all a half slower than the runs before and after);
- replay memory: the Python heap's peak during a second replay (tracemalloc, reset after the
  journal is loaded), i.e. what the history itself needs at its largest;
- resume: from opening the journal to the first frame flipped (SDL dummy driver, 1280x720),
  CPU seconds (wall beside), the best of five fresh processes, and the largest growth of
  a process's peak RSS over the same span. The resumes take their turns among the replays,
  one after each round of them: a slow spell of the machine lasts seconds, and three
  resumes back to back fell in one together (0.51 s, where the game's other runs read
  0.30-0.32 s).
A run that takes longer than the limit is stopped and reported as such.

Targets (this machine): 10x the actions costs <= 13x the time; 10k replay <= 80 MB; 100k
replay <= 3 s and <= 120 MB; resume of 10k <= 0.5 s and <= 60 MB.

Run: .venv/bin/python -m bench.replay [--sizes 1000,10000,100000] [--limit S]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("camel-up-off-season", "mega-civilization")
FOLDER = Path(tempfile.gettempdir()) / "companion-bench-journals"
RATIO_TARGET = 13.0
TARGETS_MB = {10_000: 80.0, 100_000: 120.0}
TARGET_100K_S = 3.0
RESUME_S, RESUME_MB = 0.5, 60.0
RUNS = 3
PROCESSES = 5  # fresh processes per replay figure, and resumes (see the docstring)
MAX_BYTES = 3 * 2**30  # address space a measured process may take


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_rss_mb() -> float:
    """The process's peak RSS (VmHWM: its own address space's, unlike ru_maxrss, which a
    process started by a bigger one inherits)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def reset_peak_rss() -> None:
    """Start the peak over from the current RSS (Linux: clear_refs 5)."""
    with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def one_replay(path: Path) -> dict[str, float]:
    import gc
    import tracemalloc

    from companion.app.journal import load
    from companion.engine.history import replay
    from companion.engine.registry import get_game

    loaded = load(path)
    game = get_game(loaded.setup.game)
    took = wall = float("inf")
    for _ in range(RUNS):  # the best of a few: the machine is shared, its load is not ours
        gc.collect()
        t0, c0 = time.perf_counter(), time.process_time()
        h = replay(game, loaded.setup, loaded.actions)
        cpu = time.process_time() - c0
        if cpu < took:
            took, wall = cpu, time.perf_counter() - t0
        del h
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    kept = replay(game, loaded.setup, loaded.actions)  # held while the peak is read
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    del kept
    return {"seconds": took, "wall": wall, "mb": peak}


def one_resume(path: Path) -> dict[str, float]:
    import bench.common  # noqa: F401  (SDL dummy driver)
    from companion.app.config import parse_config
    from companion.app.controller import Controller
    from companion.app.loop import App
    from companion.app.runner import open_history
    from companion.display.renderer import Renderer
    from companion.display.window import open_display
    from companion.i18n import translator

    first = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
    cfg = parse_config({"game": first["game"], "options": first["options"],
                        "seat": [{"name": s["name"], "colour": s["colour"]}
                                 for s in first["seats"]]})
    translate = translator("en")
    work = Path(tempfile.mkdtemp()) / "journal.jsonl"
    work.write_bytes(path.read_bytes())  # resuming appends: never touch the cached file
    import pygame

    pygame.display.init()
    pygame.font.init()
    base = rss_mb()
    reset_peak_rss()
    t0, c0 = time.perf_counter(), time.process_time()
    history, jnl, _ = open_history(cfg, work)
    controller = Controller(history, jnl, translate)
    app = App(controller, {}, time.monotonic, Renderer(open_display((1280, 720)), translate))
    drew = app.render()
    took, wall = time.process_time() - c0, time.perf_counter() - t0
    jnl.close()
    assert drew, "no first frame"
    return {"seconds": took, "wall": wall, "mb": peak_rss_mb() - base}


def child(kind: str, path: Path, limit: float) -> dict[str, float] | None:
    """One measurement in a fresh process; None when it was stopped or ran out of memory."""
    try:
        out = subprocess.run([sys.executable, "-m", "bench.replay", f"--{kind}", str(path)],
                             cwd=ROOT, capture_output=True, text=True, timeout=limit,
                             check=True)
    except subprocess.TimeoutExpired:
        return None
    except subprocess.CalledProcessError as exc:  # say why, and go on with the other rows
        why = (exc.stderr or "").strip().splitlines()[-1:] or ["no output"]
        print(f"  ({path.name}: the measuring process failed: {why[0]})")
        return None
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    if "out_of_memory" in result:
        print(f"  ({path.name}: ran out of its {MAX_BYTES / 2**30:.0f} GB address space)")
        return None
    return result


def best_of(paths: dict[int, Path], resume: Path, limit: float
            ) -> tuple[dict[int, dict[str, float] | None], dict[str, float] | None]:
    """Each size's replay figures, its time the best of PROCESSES fresh processes (its
    memory is the same in each), and the resume's, the best of as many (its memory the
    largest); None where a run did not finish. The sizes and the resume take turns, so
    that a slow spell of the machine falls on all of them, not on one figure."""
    jobs: list[tuple[int | str, str, Path]] = [(n, "one", p) for n, p in paths.items()]
    jobs.append(("resume", "resume", resume))
    runs: dict[int | str, list[dict[str, float]] | None] = {n: [] for n, _, _ in jobs}
    for _ in range(PROCESSES):
        for n, kind, path in jobs:
            done = runs[n]
            if done is None:
                continue
            got = child(kind, path, limit)
            if got is None:
                runs[n] = None  # too slow or too big: not tried again
            else:
                done.append(got)
    best = {n: None if done is None else min(done, key=lambda r: r["seconds"])
            for n, done in runs.items()}
    resumes = runs["resume"]
    resumed = best.pop("resume")
    if resumed is not None and resumes:
        resumed = dict(resumed, mb=max(r["mb"] for r in resumes))
    return {n: got for n, got in best.items() if isinstance(n, int)}, resumed


def verdict(ok: bool) -> str:
    return "OK" if ok else "OVER"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--limit", type=float, default=120.0, help="seconds before a run is stopped")
    ap.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--resume", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one or args.resume:
        # A history that grows out of bounds must not take the machine with it.
        resource.setrlimit(resource.RLIMIT_AS, (MAX_BYTES, MAX_BYTES))
        try:
            result = one_replay(args.one) if args.one else one_resume(args.resume)
        except MemoryError:
            result = {"out_of_memory": MAX_BYTES / 2**20}
        print(json.dumps(result))
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    resumed: dict[str, dict[str, float] | None] = {}
    for game in GAMES:
        figures, resumed[game] = best_of({n: _journal(game, n) for n in sizes},
                                         _journal(game, 10_000), args.limit)
        for n in sizes:
            got = figures[n]
            if got is None:
                print(f"replay {game} {n:>6} actions: did not finish (limit {args.limit:.0f} s, "
                      f"{MAX_BYTES / 2**30:.0f} GB)")
                continue
            targets = []
            if n in TARGETS_MB:
                targets.append(f"{verdict(got['mb'] <= TARGETS_MB[n])}: <= {TARGETS_MB[n]:.0f} MB")
            if n == 100_000:
                targets.append(f"{verdict(got['seconds'] <= TARGET_100K_S)}: "
                               f"<= {TARGET_100K_S:.0f} s")
            print(f"replay {game} {n:>6} actions: {got['seconds']:7.3f} s CPU "
                  f"({got['wall']:.3f} s wall), peak heap "
                  f"{got['mb']:7.1f} MB  [{'; '.join(targets) or 'reference'}]")
        for small, big in itertools.pairwise(sizes):
            a, b = figures.get(small), figures.get(big)
            if a is None or b is None:
                print(f"replay {game} {big}/{small}: no ratio (a run did not finish)")
                continue
            ratio = b["seconds"] / a["seconds"]
            print(f"replay {game} {big}/{small}: {ratio:5.1f}x the time, "
                  f"{b['mb'] / max(a['mb'], 0.01):5.1f}x the memory  "
                  f"[{verdict(ratio <= RATIO_TARGET)}: time <= {RATIO_TARGET:.0f}x]")
    for game, got in resumed.items():
        if got is None:
            print(f"resume {game} 10000 actions: did not finish in {args.limit:.0f} s")
            continue
        ok = got["seconds"] <= RESUME_S and got["mb"] <= RESUME_MB
        print(f"resume {game} 10000 actions to the first frame: {got['seconds']:.3f} s CPU "
              f"({got['wall']:.3f} s wall), "
              f"+{got['mb']:.0f} MB peak RSS  [{verdict(ok)}: <= {RESUME_S} s, "
              f"<= {RESUME_MB:.0f} MB]")


def _journal(game: str, n: int) -> Path:
    from bench.journals import journal_file

    return journal_file(game, n, FOLDER)


if __name__ == "__main__":
    main()
