"""Hand histories end to end: pokerkit's reader and replay against equity's own, side by side.

``equity.history`` reads, replays, reconciles and scores hand histories.  The
old route reads every PHH hand with pokerkit and replays it with pokerkit's
state machine; the new one reads no-limit hold'em hands with
:mod:`equity.histories.fastphh` and replays them with
:mod:`equity.histories.fastreplay` (pokerkit for what they do not cover).  Both
run here on the shipped HandHQ files, copied many times into a temporary folder
so that a round lasts a few seconds, interleaved round by round, in one process
(one core).  Figures: hands per second end to end, the median of the rounds,
with the load average before and after.

Copies of the same hands make :func:`equity.histories.score.exact_equity`'s
cache answer every all-in after the first copy; the third route ("fast,
equity uncached") calls the exact enumeration afresh for every all-in, as
distinct hands would.  Results of the routes are checked identical.

Pot-limit Omaha rows follow (``--plo-copies``, 0 to leave them out): the
shipped Omaha hands (the 2023 WSOP ``PO`` hands, every card known, and the
PokerStars ``Omaha Pot Limit``, ``Omaha Hi/Lo Pot Limit`` and ``5 Card Omaha
Pot Limit`` hands of ``tests/data/omaha``) written again and again into one
``.phhs`` and one PokerStars file, end to end by both routes, then load and
replay alone (no scoring) by both.

``--million N`` runs the other target instead: N hands (a million by default)
end to end, ``equity.history(folder, scheduler="local:W")`` on W worker
processes (2 by default), timed once from the call to the summary.  The
HandHQ hands are written again and again, renumbered, into ``.phhs`` files of
``--per-file`` hands (files are the units of work); every copy of an all-in
after a worker's first is answered by its cache, as in the "fast" route.

``--sites`` times each HandHQ site's whole file instead (``tests/data/handhq``):
its hands written again and again, renumbered,
into files of ``--per-file`` hands (1,000 by default, as the dataset's files),
then ``equity.history`` on them (the exact enumeration afresh for every
all-in) beside pokerkit's own load and replay of the same hands
(``HandHistory.loads`` and every state to the end), interleaved, one core, in
hands per CPU second of the process (what one core does, whatever the load).

Usage::

    python bench/bench_history.py --sites         # every HandHQ site, 3 files of 1,000 hands
    python bench/bench_history.py                 # 100 copies, 5 rounds
    python bench/bench_history.py --copies 100 --rounds 7 --json reports/bench_history.json
    python bench/bench_history.py --million 1000000 --workers 2
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import machine_info, print_table, write_json

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import equity  # noqa: E402
from equity.histories import fastphh, score  # noqa: E402
from equity.histories.read import read_hands  # noqa: E402
from equity.histories.replay import HandError, replay  # noqa: E402

DATA = ROOT / "tests" / "data" / "phh"
OMAHA = ROOT / "tests" / "data" / "omaha"
WSOP = DATA / "wsop_2023_43_5"
WHOLE = ROOT / "tests" / "data" / "handhq"  # a whole file of every HandHQ site


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} (5 min {five:.2f})"


def _route(name: str, folder: str) -> Callable[[], Any]:
    """A call of ``equity.history(folder)`` the way ``name`` reads and scores."""

    def run() -> Any:
        saved = score.exact_equity
        fastphh.ENABLED = name != "pokerkit"
        if name == "fast, equity uncached":
            score.exact_equity = score.exact_equity.__wrapped__  # type: ignore[attr-defined]
        else:
            score.exact_equity.cache_clear()  # each round starts with an empty cache
        try:
            result = equity.history(folder)
            result.hands  # noqa: B018 - the frame is part of the work (built on first use)
            return result
        finally:
            score.exact_equity = saved
            fastphh.ENABLED = True

    return run


def _stages(files: list[str]) -> dict[str, float]:
    """Seconds of each stage of the fast route over ``files``: read, replay, score, frame."""
    start = time.perf_counter()
    raws = [raw for file in files for raw in read_hands(file)]
    read_s = time.perf_counter() - start
    start = time.perf_counter()
    reps = []
    for raw in raws:
        if raw.history is None:
            continue
        with contextlib.suppress(HandError):
            reps.append((raw, replay(raw.history)))
    replay_s = time.perf_counter() - start
    score.exact_equity.cache_clear()
    start = time.perf_counter()
    rows = [row for raw, rep in reps for row in score.score(rep, raw.file, raw.index, "")]
    score_s = time.perf_counter() - start
    import pandas as pd

    start = time.perf_counter()
    pd.DataFrame(rows, columns=list(score.COLUMNS))
    frame_s = time.perf_counter() - start
    return {"read": read_s, "replay": replay_s, "score": score_s, "frame": frame_s}


def _write_plo(folder: Path, copies: int) -> int:
    """The shipped pot-limit Omaha hands, ``copies`` times, into one ``.phhs`` and one ``.txt``."""
    wsop = [p.read_text(encoding="utf-8").strip() + "\n" for p in sorted(WSOP.glob("*.phh"))]
    wsop = [text for text in wsop if text.startswith("variant = 'PO'")]
    stars = [p.read_text(encoding="utf-8").strip() for p in sorted(OMAHA.glob("*.txt"))]
    phhs = [f"[{k + 1}]\n# copy {k}\n{text}" for k, text in enumerate(wsop * copies)]
    (folder / "wsop_po.phhs").write_text("\n".join(phhs), encoding="utf-8")
    renumbered = [  # each copy its own hand ids: a hand read twice is counted once
        re.sub(r"(Hand|Game) #(\d+)", lambda m, k=k: f"{m[1]} #{m[2]}{k:05d}", text)
        for k in range(copies)
        for text in stars
    ]
    (folder / "pokerstars_omaha.txt").write_text("\n\n\n".join(renumbered), encoding="utf-8")
    return len(wsop) * copies + sum(text.count("PokerStars ") for text in stars) * copies


def _load_replay(files: list[str], fast: bool) -> float:
    """Seconds to read and replay every hand of ``files`` (no scoring), fast route or pokerkit."""
    fastphh.ENABLED = fast
    try:
        start = time.perf_counter()
        for file in files:
            for raw in read_hands(file):
                if raw.history is not None:
                    with contextlib.suppress(HandError):
                        replay(raw.history)
        return time.perf_counter() - start
    finally:
        fastphh.ENABLED = True


def _plo(copies: int, rounds: int) -> dict[str, Any]:
    """Pot-limit Omaha beside pokerkit: end to end, then load and replay alone (one core)."""
    routes = ("pokerkit", "fast")
    with tempfile.TemporaryDirectory() as tmp:
        hands = _write_plo(Path(tmp), copies)
        calls = {name: _route(name, tmp) for name in routes}
        results = {name: calls[name]() for name in routes}  # warm-up, untimed
        assert results["fast"].hands.equals(results["pokerkit"].hands)
        assert results["fast"].read == hands == results["fast"].reconciled
        files = sorted(str(p) for p in Path(tmp).iterdir())
        load_before = _load()
        names = (*routes, "pokerkit load+replay", "fast load+replay")
        jobs: dict[str, Callable[[], Any]] = {
            **calls,
            "pokerkit load+replay": lambda: _load_replay(files, fast=False),
            "fast load+replay": lambda: _load_replay(files, fast=True),
        }
        times: dict[str, list[float]] = {name: [] for name in names}
        cpu: dict[str, list[float]] = {name: [] for name in names}
        for _ in range(rounds):
            for name in names:
                start, start_cpu = time.perf_counter(), time.process_time()
                jobs[name]()
                times[name].append(time.perf_counter() - start)
                cpu[name].append(time.process_time() - start_cpu)
        load_after = _load()
    rates = {name: hands / statistics.median(t) for name, t in times.items()}
    cpu_rates = {name: hands / statistics.median(t) for name, t in cpu.items()}
    rows = [
        [name, f"{statistics.median(times[name]):.3f}", f"{rates[name]:,.0f}",
         f"{cpu_rates[name]:,.0f}"]
        for name in names
    ]  # fmt: skip
    print_table(
        rows,
        ["route (pot-limit Omaha)", "s", "hands/s", "hands per CPU s"],
        title=f"equity.history on {hands:,} pot-limit Omaha hands (the shipped ones x {copies}), "
        f"one core, median of {rounds} interleaved rounds",
    )
    end = cpu_rates["fast"] / cpu_rates["pokerkit"]
    loaded = cpu_rates["fast load+replay"] / cpu_rates["pokerkit load+replay"]
    print(
        f"PLO fast / pokerkit (CPU time): {end:.1f}x end to end, {loaded:.1f}x load and replay;  "
        f"load average {load_before} -> {load_after}"
    )
    return {"hands": hands, "copies": copies, "rounds": rounds, "hands_per_s": rates,
            "hands_per_cpu_s": cpu_rates, "load": [load_before, load_after]}  # fmt: skip


def _hands_of(text: str) -> list[str]:
    """The hands of a ``.phhs`` text, each without its ``[n]`` header line."""
    hands: list[list[str]] = []
    for line in text.splitlines():
        if re.fullmatch(r"\[\d+\]", line.strip()):
            hands.append([])
        elif hands:
            hands[-1].append(line)
    return ["\n".join(lines).strip() + "\n" for lines in hands]


def _write_copies(folder: Path, sources: list[Path], hands: int, per_file: int) -> int:
    """``hands`` hands of ``sources`` (again and again) into ``.phhs`` files of ``per_file``."""
    pool = [hand for src in sources for hand in _hands_of(src.read_text(encoding="utf-8"))]
    written = 0
    while written < hands:
        n = min(per_file, hands - written)
        parts = [  # each copy its own text: a hand read twice is counted once
            f"[{k + 1}]\n# copy {written + k}\n{pool[(written + k) % len(pool)]}" for k in range(n)
        ]
        (folder / f"{written // per_file:05d}.phhs").write_text("\n".join(parts), encoding="utf-8")
        written += n
    return written


def _million(sources: list[Path], hands: int, per_file: int, workers: int, out: str | None) -> int:
    """Time one end-to-end job of ``hands`` hands on ``workers`` local worker processes."""
    with tempfile.TemporaryDirectory() as tmp:
        _write_copies(Path(tmp), sources, hands, per_file)
        load_before = _load()
        cpu = _cpu_seconds()
        start = time.perf_counter()
        result = equity.history(tmp, scheduler=f"local:{workers}")
        summary = result.summary()
        seconds = time.perf_counter() - start
        load_after = _load()
    # the workers' CPU time counts once their processes have ended (the cluster is closed)
    cpu = {k: v - cpu[k] for k, v in _cpu_seconds().items()}
    rate = result.read / seconds
    print(
        f"equity.history on {result.read:,} hands ({result.reconciled:,} reconciled, "
        f"{len(result.hands):,} rows, {len(summary):,} players), {workers} local worker "
        f"processes, files of {per_file:,} hands: {seconds:.1f} s, {rate:,.0f} hands/s; "
        f"load average {load_before} -> {load_after}"
    )
    print(
        f"CPU seconds: {cpu['self']:.1f} here (gather, rows, frame, summary) + "
        f"{cpu['children']:.1f} in the workers: {result.read / sum(cpu.values()):,.0f} hands "
        "per CPU second"
    )
    if out:
        write_json(
            out,
            {
                "machine": machine_info(),
                "hands": result.read,
                "workers": workers,
                "per_file": per_file,
                "seconds": seconds,
                "hands_per_s": rate,
                "load": [load_before, load_after],
                "cpu_s": cpu,
            },
        )
    return 0


def _pokerkit_load_and_replay(files: list[Path]) -> int:
    """pokerkit alone: every hand of ``files`` loaded and replayed to its end."""
    import warnings

    from pokerkit import HandHistory

    hands = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for file in files:
            for text in _hands_of(file.read_text(encoding="utf-8")):
                history = HandHistory.loads(text)
                try:
                    for _ in history.state_actions:
                        pass
                except (ValueError, KeyError, IndexError, TypeError, ArithmeticError):
                    pass  # a hand pokerkit cannot replay (iPoker: no stacks) still costs
                hands += 1
    return hands


def _sites(per_file: int, files_per_site: int, rounds: int, out: str | None) -> int:
    """Per HandHQ site: equity.history end to end beside pokerkit's own load and replay."""
    sources = sorted(WHOLE.glob("*.phhs"))
    rows = []
    figures: dict[str, Any] = {}
    load_before = _load()
    for src in sources:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            _write_copies(folder, [src], per_file * files_per_site, per_file)
            files = sorted(folder.iterdir())
            saved = score.exact_equity
            score.exact_equity = score.exact_equity.__wrapped__  # type: ignore[attr-defined]
            try:
                result = equity.history(tmp)  # warm-up, untimed
                times: dict[str, list[float]] = {"equity": [], "pokerkit": []}
                for _ in range(rounds):  # CPU seconds of this process: per core, load aside
                    start = time.process_time()
                    equity.history(tmp).hands  # noqa: B018 - the frame is part of the work
                    times["equity"].append(time.process_time() - start)
                    start = time.process_time()
                    _pokerkit_load_and_replay(files)
                    times["pokerkit"].append(time.process_time() - start)
            finally:
                score.exact_equity = saved
        hands = result.read
        ours = hands / statistics.median(times["equity"])
        theirs = hands / statistics.median(times["pokerkit"])
        share = result.reconciled / hands
        name = src.name
        figures[name] = {"hands": hands, "reconciled": result.reconciled,
                         "equity_per_cpu_s": ours, "pokerkit_per_cpu_s": theirs}  # fmt: skip
        rows.append([name, f"{hands:,}", f"{share:.1%}", f"{ours:,.0f}", f"{theirs:,.0f}",
                     f"{ours / theirs:.1f}x"])  # fmt: skip
    load_after = _load()
    title = (
        f"each HandHQ site's hands in {files_per_site} files of {per_file:,}, one core, "
        f"median of {rounds} interleaved rounds, hands per CPU second (equity: read, replay, "
        "reconcile, score, frame)"
    )
    heads = ["file", "hands", "reconciled", "equity", "pokerkit load+replay", "ratio"]
    print_table(rows, heads, title=title)
    print(f"load average {load_before} -> {load_after}")
    if out:
        write_json(out, {"machine": machine_info(), "load": [load_before, load_after],
                         "per_file": per_file, "sites": figures})  # fmt: skip
    return 0


def _cpu_seconds() -> dict[str, float]:
    """User + system CPU seconds of this process and of its ended child processes."""
    here = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "self": here.ru_utime + here.ru_stime,
        "children": children.ru_utime + children.ru_stime,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=100, help="copies of each HandHQ file")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved timed rounds")
    parser.add_argument(
        "--plo-copies", type=int, default=150, help="copies of the pot-limit Omaha hands (0: none)"
    )
    parser.add_argument("--json", help="write the figures to this JSON file")
    parser.add_argument("--million", type=int, metavar="N", help="time one job of N hands")
    parser.add_argument("--workers", type=int, default=2, help="--million: worker processes")
    parser.add_argument("--per-file", type=int, help="hands a file (20,000; --sites 1,000)")
    parser.add_argument("--sites", action="store_true", help="time each HandHQ site's file")
    parser.add_argument("--files", type=int, default=3, help="--sites: files of each site")
    args = parser.parse_args(argv)
    if args.sites:
        return _sites(args.per_file or 1_000, args.files, args.rounds, args.json)
    sources = sorted(DATA.glob("handhq*.phhs"))
    if not sources:
        print("no HandHQ file under tests/data/phh", file=sys.stderr)
        return 2
    if args.million:
        return _million(sources, args.million, args.per_file or 20_000, args.workers, args.json)
    routes = ("pokerkit", "fast", "fast, equity uncached")
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.copies):  # each copy its own text: a hand read twice counts once
            for src in sources:
                text = re.sub(
                    r"^\[(\d+)\]\n", rf"[\1]\n# copy {k}\n", src.read_text("utf-8"), flags=re.M
                )
                (Path(tmp) / f"{k:04d}_{src.name}").write_text(text, encoding="utf-8")
        calls = {name: _route(name, tmp) for name in routes}
        results = {name: calls[name]() for name in routes}  # warm-up, untimed
        hands = results["pokerkit"].read
        for name in routes[1:]:
            assert results[name].hands.equals(results["pokerkit"].hands), name
            assert results[name].skipped == results["pokerkit"].skipped, name
        load_before = _load()
        times: dict[str, list[float]] = {name: [] for name in routes}
        cpu: dict[str, list[float]] = {name: [] for name in routes}
        for _ in range(args.rounds):
            for name in routes:
                start, start_cpu = time.perf_counter(), time.process_time()
                calls[name]()
                times[name].append(time.perf_counter() - start)
                cpu[name].append(time.process_time() - start_cpu)
        load_after = _load()
        files = sorted(str(p) for p in Path(tmp).iterdir())
        stages = _stages(files)
    rows = []
    figures: dict[str, Any] = {}
    for name in routes:
        median = statistics.median(times[name])
        rate = hands / median
        per_cpu = hands / statistics.median(cpu[name])
        figures[name] = {"seconds": times[name], "hands_per_s": rate, "hands_per_cpu_s": per_cpu}
        rows.append([name, f"{median:.3f}", f"{rate:,.0f}", f"{per_cpu:,.0f}",
                     f"{1e6 / (2 * rate) / 60:.1f}"])  # fmt: skip
    title = (
        f"equity.history on {len(sources)} HandHQ file(s) x {args.copies} copies = {hands:,} "
        f"hands, one core, median of {args.rounds} interleaved rounds"
    )
    heads = ["route", "s", "hands/s", "hands per CPU s", "1e6 hands on 2 cores (min)"]
    print_table(rows, heads, title=title)
    speedup = figures["fast"]["hands_per_s"] / figures["pokerkit"]["hands_per_s"]
    print(f"fast / pokerkit: {speedup:.1f}x;  load average {load_before} -> {load_after}")
    total = sum(stages.values())
    parts = ", ".join(f"{k} {v / total:.0%}" for k, v in stages.items())
    print(f"fast route by stage ({total:.2f} s, equity uncached): {parts}")
    print("(2 cores: a projection from one core, files split evenly between two processes)")
    plo = _plo(args.plo_copies, args.rounds) if args.plo_copies > 0 else None
    if args.json:
        write_json(
            args.json,
            {
                "machine": machine_info(),
                "hands": hands,
                "copies": args.copies,
                "rounds": args.rounds,
                "load": [load_before, load_after],
                "routes": figures,
                "stages_s": stages,
                "plo": plo,
            },
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
