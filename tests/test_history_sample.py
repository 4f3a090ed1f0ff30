"""The whole shipped sample (tests/data/phh, tests/data/pokerstars): every hand accounted for.

Every hand of every shipped file is read; each one either reconciles and is
scored or is left out with a reason, and each reason is derived here from the
data itself (the variant named in the file, a half chip in the recorded
stacks, the site's "cashed out" lines), never from counts
copied from a run.  Every all-in of the whole sample, preflop included, is
checked pot by pot against the NumPy enumeration of every run-out in
tests/reference_allin.py (the flop and turn ones also against the plain-Python
one of tests/reference_history.py), and the same job on a 2-worker Dask
cluster gives identical results.
"""

from __future__ import annotations

import random
import re
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from reference import best_key
from reference_allin import packed, pot_equities, seven_card_keys
from reference_history import exact_equity

import equity
from equity.histories.pokerstars import split_hands
from equity.histories.read import expand_sources, read_text

DATA = Path(__file__).parent / "data"
PHH = DATA / "phh"
STARS = DATA / "pokerstars"
WSOP_2019 = PHH / "wsop_2019_42_3_00-01-07.phh"
SCORED_VARIANTS = {"NT", "PO"}


@pytest.fixture(scope="module")
def whole() -> equity.HistoryResult:
    return equity.history([str(PHH), str(STARS)])


def _phh_hands(file: str) -> list[dict[str, Any]]:
    """The hands of a shipped PHH file as TOML tables (``.phh``: one; ``.phhs``: each ``[n]``)."""
    data = tomllib.loads(read_text(file))
    if file.endswith(".phhs"):
        return [data[k] for k in sorted(data, key=int)]
    return [data]


def _expected_phh_skip(file: str, hand: dict[str, Any]) -> str | None:
    """Why a shipped PHH hand must be left out (the kind of reason), None when it must score."""
    if hand["variant"] not in SCORED_VARIANTS:
        return "unsupported variant"
    if float("inf") in hand["starting_stacks"]:  # iPoker's HandHQ files record no stacks
        return "starting stacks not recorded"
    if "winnings" not in hand and any(s != int(s) for s in hand.get("finishing_stacks", [])):
        # a split of an odd pot: the Pluribus logs give each winner half a chip, a replay
        # deals whole chips (Ongame's cents come with its winnings: stacks after rake)
        return "finishing stacks differ from the replay"
    if Path(file) == WSOP_2019:
        # the big-blind ante: the recorded stacks are 500,000 chips off pokerkit's replay
        return "finishing stacks differ from the replay"
    return None


def _expected_stars_skip(chunk: str) -> str | None:
    """Why a shipped PokerStars hand must be left out, None when it must score."""
    if " cashed out the hand for " in chunk:
        return "cashed out"
    return None  # a hand run twice included (equity.histories.runouts)


def test_every_shipped_hand_reconciles_or_is_reported_with_its_reason(
    whole: equity.HistoryResult,
) -> None:
    files, errors = expand_sources([str(PHH), str(STARS)])
    assert not errors
    expected: dict[tuple[str, int], str | None] = {}
    run_twice: list[tuple[str, int]] = []
    for file in files:
        if file.endswith(".txt"):
            for index, (_, chunk) in enumerate(split_hands(read_text(file)), start=1):
                expected[file, index] = _expected_stars_skip(chunk)
                if "Hand was run twice" in chunk:
                    run_twice.append((file, index))
        else:
            for index, hand in enumerate(_phh_hands(file), start=1):
                expected[file, index] = _expected_phh_skip(file, hand)
    assert whole.read == len(expected)
    got = {(s.file, s.index): s.kind for s in whole.skipped}
    assert all(index > 0 for _, index in got)  # no file is unreadable
    assert got == {key: kind for key, kind in expected.items() if kind is not None}
    scored = set(zip(whole.hands["file"], whole.hands["index"], strict=True))
    assert scored == {key for key, kind in expected.items() if kind is None}
    assert whole.reconciled == len(scored)
    # the kinds of reason the sample holds, each at least once
    assert set(whole.skip_reasons()) == {
        "unsupported variant",
        "finishing stacks differ from the replay",
        "starting stacks not recorded",
        "cashed out",
    }
    unsupported = {s.kind for s in whole.skipped if s.unsupported}
    assert unsupported == {"unsupported variant", "cashed out"}
    assert len(run_twice) == 1  # the Lilio III hand, scored (equity.histories.runouts)
    assert run_twice[0] in scored


def test_every_pokerstars_net_is_what_its_text_records(whole: equity.HistoryResult) -> None:
    """Each scored PokerStars hand of the folder: every player's net is the money lines' of
    the text (posts, calls, bets, raises, returns, collected), and won + rake = total pot."""
    from test_history_pokerstars import _text_nets

    from equity.histories.pokerstars import parse_hand

    hands = whole.hands
    stars = hands[hands["file"].str.endswith(".txt")]
    texts: dict[str, list[tuple[str, str]]] = {}
    checked = 0
    for (file, index), rows in stars.groupby(["file", "index"]):
        if file not in texts:
            texts[file] = split_hands(read_text(file))
        hand_id, chunk = texts[file][index - 1]
        parsed = parse_hand(hand_id, chunk)
        assert parsed.total_pot is not None
        total = float(parsed.total_pot)
        assert rows["won"].sum() + rows["rake"].iloc[0] == pytest.approx(total, abs=1e-9)
        nets = _text_nets(chunk)
        for player, net in zip(rows["player"], rows["net"], strict=True):
            assert net == pytest.approx(float(nets.get(player, 0)), abs=1e-9), (file, index)
        checked += 1
    assert checked > 1000


def test_per_hand_ev_sums_to_net_and_luck_to_zero(whole: equity.HistoryResult) -> None:
    per_hand = whole.hands.groupby(["file", "index"])[["net", "ev", "luck"]].sum()
    assert per_hand["ev"].to_numpy() == pytest.approx(per_hand["net"].to_numpy(), abs=1e-6)
    assert per_hand["luck"].abs().max() < 1e-6


def _allins(whole: equity.HistoryResult) -> list[pd.DataFrame]:
    hands = whole.hands
    scored = hands[hands["equity"].notna()]
    return [rows for _, rows in scored.groupby(["file", "index"], sort=False)]


def test_the_sample_has_all_ins_on_every_street_in_both_formats(
    whole: equity.HistoryResult,
) -> None:
    seen = {
        (Path(rows["file"].iloc[0]).suffix, rows["allin_street"].iloc[0]) for rows in _allins(whole)
    }
    for suffix in (".txt", ".phh"):
        for street in ("preflop", "flop", "turn"):
            assert (suffix, street) in seen
    assert any(len(rows) > 2 for rows in _allins(whole))  # a multiway all-in


def test_flop_and_turn_all_in_equities_equal_a_plain_enumeration(
    whole: equity.HistoryResult,
) -> None:
    """Every flop and turn all-in of the sample: every run-out enumerated in plain Python."""
    checked = 0
    for rows in _allins(whole):
        if rows["allin_street"].iloc[0] == "preflop":
            continue
        expected = exact_equity(list(rows["cards"]), rows["allin_board"].iloc[0])
        assert rows["equity"].to_numpy() == pytest.approx(expected, abs=1e-12)
        checked += 1
    assert checked > 0


def _pots(contributed: list[Fraction], live: list[int]) -> list[tuple[Fraction, list[int]]]:
    """Main pot then side pots: each level a live player put in closes a pot."""
    pots: list[tuple[Fraction, list[int]]] = []
    below = Fraction(0)
    for level in sorted({contributed[i] for i in live}):
        amount = sum((min(c, level) - min(c, below) for c in contributed), Fraction(0))
        if amount:
            pots.append((amount, [i for i in live if contributed[i] >= level]))
        below = level
    over = sum((c - below for c in contributed if c > below), Fraction(0))
    if over:  # a folded player's chips above every live player's: the last pot's
        amount, eligible = pots[-1]
        pots[-1] = (amount + over, eligible)
    return pots


def _check_allin_by_enumeration(whole: equity.HistoryResult, rows: pd.DataFrame) -> int:
    """One scored all-in against the NumPy enumeration of :mod:`reference_allin`: each
    pot's equities (the engine's, as scoring takes them) exact to 1e-12, the main pot's
    in ``equity``, and every player's ``ev`` from those pots after rake."""
    from equity.cards import parse_cards
    from equity.histories.score import exact_equity as engine_equity

    hands = whole.hands
    file, index = rows["file"].iloc[0], rows["index"].iloc[0]
    hand = hands[(hands["file"] == file) & (hands["index"] == index)]
    seats = list(hand["seat"])
    live = [seats.index(s) for s in rows["seat"]]
    assert all(len(c) == 4 for c in rows["cards"]), "hold'em all-ins only in the sample"
    board_text = rows["allin_board"].iloc[0]
    contributed = [Fraction(repr(float(c))) for c in hand["contributed"]]
    pots = _pots(contributed, live)
    live_holes = [[int(c) for c in parse_cards(hand["cards"].iloc[i])] for i in live]
    board = [int(c) for c in parse_cards(board_text)]
    reference = pot_equities(live_holes, board, [[live.index(i) for i in e] for _, e in pots])
    total = sum(contributed)
    keep = 1 - Fraction(repr(float(hand["rake"].iloc[0]))) / total
    ev = {i: -contributed[i] for i in live}
    for (amount, eligible), shares in zip(pots, reference, strict=True):
        if len(eligible) > 1:
            dead = "".join(hand["cards"].iloc[i] for i in live if i not in eligible)
            texts = tuple(hand["cards"].iloc[i] for i in eligible)
            engine = engine_equity("holdem", texts, board_text, dead)
            assert engine == pytest.approx([float(x) for x in shares], abs=1e-12)
        assert sum(shares) == 1
        for i, share in zip(eligible, shares, strict=True):
            ev[i] += share * amount * keep
    main = dict(zip(pots[0][1], reference[0], strict=True))
    assert rows["equity"].to_numpy() == pytest.approx([float(main[i]) for i in live], abs=1e-12)
    assert rows["ev"].to_numpy() == pytest.approx([float(ev[i]) for i in live], abs=1e-9)
    return len(pots)


def _preflop_allins(whole: equity.HistoryResult) -> list[pd.DataFrame]:
    return [rows for rows in _allins(whole) if rows["allin_street"].iloc[0] == "preflop"]


def test_the_numpy_reference_evaluator_is_the_plain_one() -> None:
    """:func:`reference_allin.seven_card_keys` gives :func:`reference.best_key`, packed, on
    random hands and on a hand of each category (the wheel, a straight flush, two trips)."""
    rng = random.Random(20261202)
    hands = [rng.sample(range(52), 7) for _ in range(3000)]
    from equity.cards import parse_cards

    for text in (
        "Ah2c3d4s5h9c9d", "5h4h3h2hAhKsKd", "9s9d9h4c4d4hAs", "7c7d7h7sKcKdKh",
        "AhKhQhJhTh9h8h", "2c2d3c3d4c4dAs", "Tc9d8h7s6cAcKc", "AcKcQcJc9c8c2d",
    ):  # fmt: skip
        hands.append([int(c) for c in parse_cards(text)])
    keys = seven_card_keys(np.array(hands))
    assert [int(k) for k in keys] == [packed(best_key(h)) for h in hands]
    assert {int(k) >> 20 for k in keys} == set(range(1, 10))


def test_flop_and_turn_all_ins_per_pot_equal_an_enumeration(whole: equity.HistoryResult) -> None:
    """Every flop and turn all-in, and the first preflop one (all of them: the slow test)."""
    allins = [rows for rows in _allins(whole) if rows["allin_street"].iloc[0] != "preflop"]
    pots = [_check_allin_by_enumeration(whole, rows) for rows in allins]
    assert len(pots) > 30
    assert max(pots) > 1  # side pots among them
    _check_allin_by_enumeration(whole, _preflop_allins(whole)[0])


@pytest.mark.slow
def test_every_preflop_all_in_per_pot_equals_an_enumeration(whole: equity.HistoryResult) -> None:
    """1,712,304 boards for each heads-up all-in, 1,370,754 three-way, in NumPy.

    The HandHQ sites' files (tests/data/phh/handhq) are left out: their preflop
    all-ins take the same path as the others' (about 6 s of NumPy each); their
    flop and turn all-ins are checked below."""
    preflop = [r for r in _preflop_allins(whole) if Path(r["file"].iloc[0]).parent.name != "handhq"]
    pots = [_check_allin_by_enumeration(whole, rows) for rows in preflop]
    assert len(pots) >= 10
    assert max(pots) > 1


def test_street_equities_of_the_hands_with_every_card_known(whole: equity.HistoryResult) -> None:
    """Pluribus and WSOP hands: each remaining player's exact equity on the street, for
    the first 40 turns and 10 flops reached (990 run-outs each in plain Python)."""
    hands = whole.hands
    known = hands[hands["file"].str.contains("pluribus|wsop_2023")]
    for street, cards, most in (("turn", 4, 40), ("flop", 3, 10)):
        column = f"equity_{street}"
        groups = list(known[known[column].notna()].groupby(["file", "index"]))
        assert len(groups) >= 40
        for _, rows in groups[:most]:
            expected = exact_equity(list(rows["cards"]), rows["board"].iloc[0][: 2 * cards])
            assert rows[column].to_numpy() == pytest.approx(expected, abs=1e-12)
            assert rows[column].sum() == pytest.approx(1.0)


def test_the_favourite_is_the_highest_main_pot_equity(whole: equity.HistoryResult) -> None:
    for rows in _allins(whole):
        best = rows["equity"].max()
        leaders = rows[rows["equity"] == best]
        assert rows["favourite"].sum() == (1 if len(leaders) == 1 else 0)
        if len(leaders) == 1:
            assert bool(leaders["favourite"].iloc[0])


def test_pluribus_is_in_every_hand_of_its_sessions(whole: equity.HistoryResult) -> None:
    hands = whole.hands
    pluribus = hands[hands["file"].str.contains("pluribus")]
    per_hand = pluribus.groupby(["file", "index"])["player"].apply(set)
    assert all("Pluribus" in players for players in per_hand)
    assert all(len(players) == 6 for players in per_hand)
    assert re.fullmatch(r"\d+", str(pluribus["hand_id"].iloc[0]))


# ------------------------------------------------------------------ Dask: files as units


@pytest.fixture(scope="module")
def cluster_client() -> Any:
    """A LocalCluster of 2 single-threaded worker processes on loopback."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 host="127.0.0.1", dashboard_address=":0") as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):  # fmt: skip
        client.wait_for_workers(2, timeout=60)
        yield client


def test_the_whole_sample_on_dask_is_identical(
    whole: equity.HistoryResult, cluster_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from equity.histories import jobs

    monkeypatch.setattr(jobs, "CHUNKS_PER_THREAD", 16)  # many tasks: the order must hold
    on_dask = equity.history([str(PHH), str(STARS)], scheduler=cluster_client)
    pd.testing.assert_frame_equal(on_dask.hands, whole.hands)
    assert on_dask.skipped == whole.skipped  # the files named as given, not as the workers read
    assert on_dask.read == whole.read
    assert on_dask.summary().equals(whole.summary())
    # the files ran as tasks on the workers (Dask names a task by its function)
    assert any("score_run" in name for name in cluster_client.run_on_scheduler(_task_prefixes))


def _task_prefixes(dask_scheduler: Any = None) -> list[str]:
    return list(dask_scheduler.task_prefixes) if dask_scheduler is not None else []


def test_the_command_on_dask_prints_what_it_prints_here(
    cluster_client: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from equity.cli import main

    monkeypatch.chdir(DATA)  # relative paths, as a user gives them
    paths = [
        "phh/handhq_50NLH_1_first43.phhs",
        "pokerstars/HH20200417_Caph_0.01-0.02_USD_NLHE.txt",
        "-",
    ]
    stdin = (STARS / "pokerregion_tournament_2013.txt").read_text(encoding="utf-8")
    outputs = []
    for extra in ([], ["--scheduler", cluster_client.scheduler.address]):
        monkeypatch.setattr("sys.stdin", __import__("io").StringIO(stdin))
        assert main(["history", *paths, "--json", *extra]) == 0
        captured = capsys.readouterr()
        outputs.append((captured.out, captured.err))
    assert outputs[0] == outputs[1]
    assert '"hands_read": ' in outputs[0][0]


def test_an_unreachable_scheduler_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from equity.cli import main

    pytest.importorskip("distributed")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    assert main(["history", str(STARS / "pokerapprentice_2023.txt"), "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert f"no Dask scheduler answers at {address!r}" in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    with pytest.raises(ValueError, match="a local cluster is 'local' or 'local:N'"):
        equity.history(str(PHH / "wsop_2019_42_3_00-01-07.phh"), scheduler="local:x")
