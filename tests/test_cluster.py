"""Dask scale-out: identical counts on a real 2-worker cluster, worker loss, bad addresses."""

from __future__ import annotations

import json
import os
import signal
import socket
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from equity import cluster as eq_dist  # noqa: E402
from equity.cli import main  # noqa: E402
from equity.engine import calculate  # noqa: E402
from equity.preflop_table import preflop_table  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A LocalCluster of 2 single-threaded worker processes on loopback, warmed up."""
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 host="127.0.0.1", dashboard_address=":0") as cluster,
        distributed.Client(cluster, set_as_default=False) as c,
    ):  # fmt: skip
        # Compile here first (a cold numba cache), then load the kernels on both workers.
        for scheduler in (None, c):
            calculate(["AsKs", "random"], trials=20_000, seed=1, scheduler=scheduler)
            calculate(["AsKs", "QdQh"], method="exact", scheduler=scheduler)
            preflop_table(pairs=[("AA", "KK"), ("72o", "AKs")], scheduler=scheduler)
        c.wait_for_workers(2, timeout=60)
        yield c


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut jobs into many small chunks, so that a test job spans several tasks."""
    monkeypatch.setattr(eq_dist, "MC_TASK_EVALS", (1, 400_000))
    monkeypatch.setattr(eq_dist, "EXACT_TASK_EVALS", 1)


def same(a: Any, b: Any) -> None:
    """Two results with identical counts and statistics."""
    assert a.method == b.method
    assert a.samples == b.samples
    np.testing.assert_array_equal(a.counts, b.counts)
    np.testing.assert_array_equal(a.equity, b.equity)
    if a.stderr is not None:  # a float reduction over rounds: its last bits may differ
        np.testing.assert_allclose(a.stderr, b.stderr, rtol=1e-9)
    assert a.combo_results.keys() == b.combo_results.keys()
    for p in a.combo_results:
        assert a.combo_results[p]["combo_samples"] == b.combo_results[p]["combo_samples"]


def free_port() -> int:
    """A loopback port that nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------------ identical results


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize(
    ("hands", "board", "trials"),
    [
        (["AsKs", "random"], "", 1_000_000),
        (["AhKd", "QQ+,AKs", "random"], "Ts9s2h", 300_001),  # ranges, a short last batch
        (["random", "random", "random"], "", 200_000),
    ],
)
def test_monte_carlo_identical_on_dask(client: Any, hands: list[str], board: str,
                                       trials: int) -> None:  # fmt: skip
    local = calculate(hands, board, trials=trials, seed=11)
    seen: list[tuple[int, int]] = []
    remote = calculate(hands, board, trials=trials, seed=11, scheduler=client,
                       progress=lambda done, total: seen.append((done, total)))  # fmt: skip
    same(local, remote)
    assert len(seen) > 2  # several chunks, progress as locally
    assert seen[-1] == (trials, trials)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.usefixtures("small_chunks")
def test_monte_carlo_identical_zjh_on_dask(client: Any) -> None:
    args: dict[str, Any] = {"game": "zjh", "trials": 200_000, "seed": 5}
    same(calculate(["AhAdAc", "random", "random"], **args),
         calculate(["AhAdAc", "random", "random"], **args, scheduler=client))  # fmt: skip


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize(
    ("game", "hands"),
    [("stud8", ["As2s3d", "QhQd2c", "random"]), ("razz", ["A 2 3", "4 5 6"])],
)
def test_stud_family_identical_on_dask(client: Any, game: str, hands: list[str]) -> None:
    """Monte-Carlo (partly known cards, hi-lo) and exact (many assignments) of the stud
    family give the same counts on Dask."""
    args: dict[str, Any] = {"game": game, "trials": 100_000, "seed": 5}
    same(calculate(hands, **args), calculate(hands, **args, scheduler=client))
    exact = ["A 2 3c9dKc", "4 5 6c9hQd"] if game == "razz" else ["As2s3d4h9cKd", "Qh2cQd5s6s7d"]
    same(calculate(exact, game=game, method="exact"),
         calculate(exact, game=game, method="exact", scheduler=client))  # fmt: skip


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AsKs", "random"], "Qs7s2c"),
        (["AhKd", "QQ+,AKs", "random"], "Ts9s2h"),
        (["JJ,AKs", "TT+"], "2c7d9h"),
    ],
)
def test_exact_identical_on_dask(client: Any, hands: list[str], board: str) -> None:
    local = calculate(hands, board, method="exact")
    seen: list[int] = []
    remote = calculate(hands, board, method="exact", scheduler=client,
                       progress=lambda done, total: seen.append(done))  # fmt: skip
    same(local, remote)
    np.testing.assert_array_equal(local.weight_total, remote.weight_total)
    assert len(seen) > 1
    assert seen == sorted(seen)


def test_exact_preflop_identical_on_dask(client: Any) -> None:
    """AA vs KK: the golden preflop counts, from the workers."""
    r = calculate(["AA", "KK"], method="exact", scheduler=client)
    assert r.counts[0, 1] / r.weight_total * 61_642_944 == pytest.approx(50_371_344)


@pytest.mark.usefixtures("small_chunks")
def test_stop_rules_on_dask(client: Any) -> None:
    r = calculate(["AsKs", "random"], target_stderr=2e-3, seed=3, scheduler=client)
    assert r.stderr.max() <= 2e-3
    assert 10_000 < r.samples < 10**7
    r = calculate(["AsKs", "random"], time_limit=0.5, seed=3, scheduler=client)
    assert r.stop_reason == "time"
    assert r.samples > 0
    assert abs(r.equity[0] - 0.6702) < 5 * r.stderr[0] + 1e-3


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize("game", ["holdem", "five", "zjh"])
def test_frequencies_identical_on_dask(client: Any, game: str) -> None:
    from equity.analysis.frequencies import category_frequencies

    local = category_frequencies(game, trials=700_001, seed=11, batch_size=10_000)
    remote = category_frequencies(
        game, trials=700_001, seed=11, batch_size=10_000, scheduler=client
    )
    assert remote.hands == local.hands == 700_001
    assert remote.counts == local.counts


def test_table_identical_on_dask(client: Any) -> None:
    pairs = [("AA", "KK"), ("AKs", "AKo"), ("72o", "22"), ("T9s", "T9s"), ("K5o", "Q8s")]
    local = preflop_table(pairs=pairs, chunk_patterns=4)
    remote = preflop_table(pairs=pairs, chunk_patterns=4, scheduler=client)
    assert local.equals(remote)


# ------------------------------------------------------------------ CLI and addresses


def test_cli_query_on_scheduler_address(client: Any, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "AsKs", "random", "--trials", "3e5", "--seed", "9", "--json"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--scheduler", client.scheduler.address]) == 0
    remote = json.loads(capsys.readouterr().out)
    for timed in ("elapsed_s", "compile_s"):  # times, not counts
        local.pop(timed)
        remote.pop(timed)
    for player in local["players"]:  # float reductions over rounds: last bits may differ
        player["stderr"] = pytest.approx(player["stderr"], rel=1e-9)
        player["ci95"] = pytest.approx(player["ci95"], rel=1e-9)
    assert local == remote


def test_unanswered_address_fails_fast(capsys: pytest.CaptureFixture[str]) -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    t0 = time.perf_counter()
    code = main(["query", "AsKs", "random", "--trials", "1e5", "--scheduler", address])
    elapsed = time.perf_counter() - t0
    err = capsys.readouterr().err
    assert code == 2
    assert f"no Dask scheduler answers at {address!r}" in err
    assert "Traceback" not in err
    assert elapsed < eq_dist.CONNECT_TIMEOUT_S + 5


def test_api_errors() -> None:
    with pytest.raises(ValueError, match="no Dask scheduler answers"):
        calculate(["AsKs", "random"], trials=1000, scheduler=f"127.0.0.1:{free_port()}")
    with pytest.raises(ValueError, match="scheduler must be"):
        calculate(["AsKs", "random"], trials=1000, scheduler=42)
    with pytest.raises(ValueError, match="at least one worker"):
        calculate(["AsKs", "random"], trials=1000, scheduler="local:0")
    with pytest.raises(ValueError, match="used twice"):  # validation before connecting
        calculate(["AsKs", "AsQs"], scheduler=f"127.0.0.1:{free_port()}")


def test_parse_local() -> None:
    assert eq_dist.parse_local("local:3") == 3
    assert eq_dist.parse_local("LOCAL") == os.cpu_count()
    assert eq_dist.parse_local("tcp://127.0.0.1:8786") is None
    assert eq_dist.parse_local("localhost:8786") is None


def test_local_cluster_of_the_api() -> None:
    """``scheduler="local:1"`` starts (and stops) its own cluster."""
    local = calculate(["AsKs", "random"], trials=100_000, seed=2)
    same(local, calculate(["AsKs", "random"], trials=100_000, seed=2, scheduler="local:1"))


# ------------------------------------------------------------------ a worker killed mid-job


def kill_one_worker(client: Any) -> None:
    """SIGKILL one worker process; its nanny starts a new one."""
    pids = client.run(os.getpid)
    os.kill(sorted(pids.values())[0], signal.SIGKILL)


@pytest.mark.usefixtures("small_chunks")
def test_worker_killed_mid_monte_carlo(client: Any) -> None:
    trials = 4_000_000
    local = calculate(["AsKs", "random"], trials=trials, seed=21)
    killed: list[int] = []

    def progress(done: int, total: int) -> None:
        if not killed and done < total:
            kill_one_worker(client)
            killed.append(done)

    remote = calculate(["AsKs", "random"], trials=trials, seed=21, scheduler=client,
                       progress=progress)  # fmt: skip
    assert killed
    assert killed[0] < trials
    same(local, remote)
    client.wait_for_workers(2, timeout=60)


def test_worker_killed_mid_table(client: Any) -> None:
    pairs = [("AA", "KK"), ("AKo", "QJs"), ("76s", "55"), ("A2o", "K3o"), ("JTo", "JTs")]
    local = preflop_table(pairs=pairs, chunk_patterns=3)
    killed: list[int] = []

    def progress(done: int, total: int) -> None:
        if not killed and 0 < done < total:
            kill_one_worker(client)
            killed.append(done)

    remote = preflop_table(pairs=pairs, chunk_patterns=3, scheduler=client, progress=progress)
    assert killed
    assert local.equals(remote)
    client.wait_for_workers(2, timeout=60)


def test_cli_report_on_scheduler(
    client: Any, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["report", "matchups", "--size", "small", "--trials", "2e4", "--quiet"]
    assert main([*argv, "--out", str(tmp_path / "local")]) == 0
    assert main([*argv, "--out", str(tmp_path / "dask"),
                 "--scheduler", client.scheduler.address]) == 0  # fmt: skip
    capsys.readouterr()
    local = sorted((tmp_path / "local" / "matchups").glob("*.csv"))
    assert local
    for path in local:
        assert path.read_text() == (tmp_path / "dask" / "matchups" / path.name).read_text()


def test_cli_report_unanswered_scheduler(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    argv = ["report", "matchups", "--out", str(tmp_path), "--scheduler", "127.0.0.1:9"]
    assert main(argv) == 2
    assert "no Dask scheduler answers" in capsys.readouterr().err
