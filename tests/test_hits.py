"""Range hits (equity.analysis.hits and ``equity hits``): classes, boards, aggregates, errors."""

from __future__ import annotations

import itertools
import json
import re

import numpy as np
import pytest
from conftest import fails
from reference_hits import classify

import equity
from equity.analysis.hits import (
    CLASS_DEFINITIONS,
    DRAWS,
    MADE_HANDS,
    _classify,
    hand_classes,
    hits,
    names_of,
)
from equity.analysis.hits_boards import N_FLOPS, flop_classes, suit_symmetries
from equity.cards import parse_cards
from equity.cli import main
from equity.kernels import hits as kernel
from equity.ranges import ALL_COMBOS, parse_range

# ---------------------------------------------------------------- the kernel vs the reference

BOARDS = [
    # flops: two tone, paired, trips, monotone; turns: four of a suit, two board pairs,
    # quads; rivers: royal flush, two pair
    "Ts9s2h", "AhAd5c", "9c9d9h", "QsJsTs", "5s4s3s2s", "9c9d5h5s", "7c7d7h7s", "AsKsQsJsTs",
    "KsKd9s9d5c",
]  # fmt: skip
MORE_BOARDS = [
    "Kc7d2s", "5c4d3h", "Ah5d2c", "8h7h6d", "KdKs7h",  # flops
    "Th7c2h4d", "9s8s2c2d", "QhJhTh2s", "AcKdQhJs",  # turns
    "2c3d4h5s6c", "9h9d9c5s5h", "AhQh8h4h2h", "Jc8d6h4s2c",  # rivers
]  # fmt: skip


def _kernel_classes(board: str) -> list[set[str]]:
    bits = _classify(ALL_COMBOS, np.array([parse_cards(board)]), 0)[0]
    return [set(names_of(int(b))) if b else set() for b in bits]


def _check_board(board: str) -> None:
    cards = parse_cards(board)
    for (a, b), got in zip(ALL_COMBOS.tolist(), _kernel_classes(board), strict=True):
        if a in cards or b in cards:
            assert got == set()
            continue
        want = classify([a, b], cards)
        assert got == want, (equity.format_cards([a, b]), board, got ^ want)


@pytest.mark.parametrize("board", BOARDS)
def test_every_combo_matches_the_reference(board: str) -> None:
    _check_board(board)


@pytest.mark.slow
@pytest.mark.parametrize("board", MORE_BOARDS)
def test_more_boards_match_the_reference(board: str) -> None:
    _check_board(board)


@pytest.mark.slow
@pytest.mark.parametrize("n_cards", [3, 4, 5])
def test_random_boards_match_the_reference(n_cards: int) -> None:
    rng = np.random.default_rng(15 + n_cards)
    for _ in range(30):
        _check_board(equity.format_cards(rng.choice(52, n_cards, replace=False).tolist()))


# ---------------------------------------------------------------- hand-checked examples

EXAMPLES = [
    # (hand, board, classes it is in, classes it is not in)
    ("9s8s", "7s6s5s", {"straight flush"}, {"flush", "straight"}),
    ("9c9d", "9h9s2c4d", {"quads"}, {"board plays"}),
    ("AcKd", "9h9s9c9d", {"quads", "board plays"}, {"ace high"}),
    ("9c9d", "9h5s5c", {"full house"}, {"set"}),
    ("AhKh", "Qh7h2h", {"flush"}, {"flush draw", "two overcards"}),
    ("9c8d", "Th7s6c", {"straight"}, {"open-ended straight draw"}),
    ("2c3d", "As4h5c9d8s", {"straight"}, {"board plays"}),
    ("AcKd", "2c3d4h5s6c", {"straight", "board plays"}, set()),
    ("7c7d", "2c3d4h5s6c", {"straight"}, {"board plays"}),
    ("7c7d", "7h5s2c", {"set"}, {"trips"}),
    ("Ac7d", "7h7s2c", {"trips"}, {"set"}),
    ("Ac7d", "Ah7s2c", {"two pair", "two pair (both hole cards)"}, {"top pair"}),
    ("Ac9d", "Ah7s7c", {"two pair", "two pair (one hole card + board pair)"}, {"top pair"}),
    ("KcKd", "7h7s2c", {"overpair"}, {"two pair"}),
    ("KcKd", "Qh7s2c", {"overpair"}, {"top pair"}),
    ("AcKd", "Kh7s2c", {"top pair", "top pair (top kicker)"}, {"ace high"}),
    ("AcQd", "AhKs2c", {"top pair", "top pair (top kicker)"}, set()),
    ("KcQd", "Kh7s2c", {"top pair", "top pair (good kicker)"}, set()),
    ("KcJd", "Kh7s2c", {"top pair (good kicker)"}, set()),
    ("KcTd", "Kh7s2c", {"top pair", "top pair (weak kicker)"}, set()),
    ("Qc7d", "Kh7s2c", {"second pair"}, {"top pair"}),
    ("9c9d", "Kh7s2c", {"pocket pair below top pair"}, {"overpair"}),
    ("3c3d", "Kh7s4c", {"pocket pair below top pair"}, set()),
    ("7c7d", "9h9s5c5d", {"pocket pair below top pair"}, {"two pair"}),
    ("Qc2d", "Kh7s2c", {"third pair and worse"}, {"second pair"}),
    ("AcQd", "Kh7s3c", {"ace high"}, {"board plays"}),
    ("QcJd", "Kh7s3c", {"no made hand"}, {"board plays"}),
    ("AcKd", "9h9s2c", {"ace high", "board plays", "two overcards"}, set()),
    ("QcJd", "9h9s9c", {"no made hand", "board plays", "two overcards"}, set()),
    ("5c5d", "KhKs9c9d", {"no made hand", "board plays"}, {"pocket pair below top pair"}),
    # draws
    ("AsKs", "Qs7s2c", {"flush draw", "nut flush draw", "two overcards", "ace high"}, set()),
    ("KsQs", "As7s2c", {"flush draw", "nut flush draw"}, set()),
    ("KsQs", "Js7s2c", {"flush draw"}, {"nut flush draw"}),
    ("Ah5h", "Kh7h2c", {"flush draw", "nut flush draw"}, {"backdoor flush draw"}),
    ("9h8h", "Tc7d2s", {"open-ended straight draw", "no made hand"}, {"gutshot"}),
    ("4c3d", "2h5s9c", {"open-ended straight draw"}, set()),  # an ace or a six
    ("Jc9d", "KhTd7c", {"double gutshot"}, {"open-ended straight draw", "gutshot"}),
    ("9h8d", "Jc7d2s", {"gutshot"}, {"double gutshot"}),
    ("KcQd", "JhAs4c", {"gutshot", "no made hand"}, {"open-ended straight draw"}),  # J-Q-K-A
    ("Ac2d", "3h4s9c", {"gutshot"}, {"open-ended straight draw"}),  # A-2-3-4
    ("Ac9d", "KhQsJc", {"gutshot"}, set()),  # only a ten, and the hole ace is needed
    ("Ah5d", "Kh7h2c", {"backdoor flush draw"}, {"flush draw"}),
    ("QhJh", "Kh7s2c", {"backdoor flush draw"}, set()),
    ("QhJh", "Kh7s2c4d", set(), {"backdoor flush draw"}),  # turn: no backdoor draws
    ("AcKd", "Qh7s2c", {"two overcards", "ace high"}, set()),
    ("AcAd", "Qh7s2c", {"overpair"}, {"two overcards"}),
    ("9s8s", "Ts7s2c", {"flush draw", "open-ended straight draw", "flush draw + straight draw"},
     {"pair + draw"}),
    ("Ts9c", "Th8c7d", {"top pair", "open-ended straight draw", "pair + draw"}, set()),
    ("9h8h", "Tc7d2s3c", {"open-ended straight draw"}, set()),  # a turn
    ("9h8h", "Tc7d2s3cKd", {"no made hand"}, {"open-ended straight draw"}),  # no draws on a river
]  # fmt: skip


@pytest.mark.parametrize(("hand", "board", "inside", "outside"), EXAMPLES)
def test_hand_checked_examples(hand: str, board: str, inside: set[str], outside: set[str]) -> None:
    got = set(hand_classes(hand, board))
    assert inside <= got, inside - got
    assert not outside & got, outside & got
    assert got == classify(parse_cards(hand), parse_cards(board))


def test_every_class_has_an_example_and_a_definition() -> None:
    names = {n for n, _, _ in (*MADE_HANDS, *DRAWS)}
    covered = set().union(*(inside for _, _, inside, _ in EXAMPLES))
    assert names <= covered, names - covered
    for name in names - {"straight flush", "quads", "full house", "flush", "straight"}:
        assert name.split(" (")[-1].rstrip(")") in CLASS_DEFINITIONS, name


def test_made_hands_partition_the_combos() -> None:
    for board in BOARDS:
        for got in _kernel_classes(board):
            if got:
                made = [n for n, _, kind in MADE_HANDS if kind == 0 and n in got]
                assert len(made) == 1, (board, got)


# ---------------------------------------------------------------- results and weights


def test_counts_weights_and_shares() -> None:
    h = hits("QQ+,AKs,JTs@50", "Ts9s2h")
    assert h.total_combos == 25  # QQ+ 18, AKs 4, JTs 3 (the Ts is on the board)
    assert h.total_weight == 23.5
    assert h.combos["overpair"] == 18
    assert h.combos["top pair"] == 3
    assert h.weight["top pair"] == 1.5
    assert h.share("top pair") == pytest.approx(1.5 / 23.5)
    assert h.combos["flush draw"] == 1
    assert h.combos["nut flush draw"] == 1
    made = sum(h.weight[n] for n, _, kind in MADE_HANDS if kind == 0)
    assert made == pytest.approx(h.total_weight)
    frame = h.to_frame()
    assert list(frame.columns) == ["combos", "weight", "fraction"]
    assert frame.loc[("made hand", "overpair"), "fraction"] == pytest.approx(18 / 23.5)
    assert set(frame.index.get_level_values("group")) == {"made hand", "draw"}
    text = str(h)
    assert "made hands" in text
    assert "draws" in text
    assert "overpair" in text


def test_to_dict_layout() -> None:
    d = hits("AA,KK@50", "Ts9s2h8c", "Ah").to_dict()
    assert list(d)[:5] == ["range", "board", "dead", "combos", "weight"]
    assert d["board"] == "Ts9s2h8c"
    assert d["combos"] == 9
    assert d["weight"] == 6
    assert d["classes"]["overpair"] == {"combos": 9, "weight": 6, "share": 1.0}
    assert "backdoor flush draw" not in d["classes"]  # a turn
    assert json.loads(json.dumps(d)) == d


def test_river_has_no_draws() -> None:
    h = hits("QQ+", "Ts9s2h3c4d")
    assert "flush draw" not in h.names
    assert "set" in h.names


def test_several_boards_average_with_summed_shares() -> None:
    one, two = hits("AK,QQ", "Ks7d2c"), hits("AK,QQ", "AsKd2c")
    both = hits("AK,QQ", ["Ks7d2c", "AsKd2c"])
    assert both.board == ["Ks7d2c", "AsKd2c"]
    assert both.total_combos == (one.total_combos + two.total_combos) / 2
    for name in both.names:
        assert both.combos[name] == (one.combos[name] + two.combos[name]) / 2
        want = (one.weight[name] + two.weight[name]) / (one.total_weight + two.total_weight)
        assert both.share(name) == pytest.approx(want)
    assert len(both.by_board()) == 2


# ---------------------------------------------------------------- every flop


def test_flop_classes() -> None:
    flops, sizes = flop_classes(suit_symmetries(parse_range("QQ+,AKs").dense))
    assert (len(flops), int(sizes.sum())) == (1755, N_FLOPS)
    assert sorted(np.unique(sizes).tolist()) == [4, 12, 24]
    asym = suit_symmetries(parse_range("AhKh,QQ").dense, parse_cards("2c"))
    assert len(asym) == 2  # the identity and clubs <-> diamonds
    flops, sizes = flop_classes(asym, parse_cards("2c"))
    assert int(sizes.sum()) == 20_825  # C(51, 3)


@pytest.mark.parametrize(("text", "dead"), [("AKs,QQ", ""), ("AhKh,QQ@50", "2c")])
def test_all_flops_equal_every_flop_one_by_one(text: str, dead: str) -> None:
    canonical = hits(text, dead=dead, flops="all")
    live = [f for f in itertools.combinations(range(52), 3) if not set(f) & set(parse_cards(dead))]
    brute = hits(text, np.array(live), dead)
    assert canonical.n_flops == brute.n_flops == len(live)
    assert canonical.total_weight == pytest.approx(brute.total_weight)
    for name in brute.names:
        assert canonical.share(name) == pytest.approx(brute.share(name), abs=1e-12), name
        assert canonical.combos[name] == pytest.approx(brute.combos[name], abs=1e-9), name


def test_random_range_compiles_one_signature() -> None:
    """The random range on one flop and on every flop: one compiled kernel each (how fast:
    ``bench/bench_latency.py``)."""
    r = parse_range("random")
    one = hits(r, "Ts9s2h")
    assert one.n_flops == 1
    every = hits(r, flops="all")
    assert every.n_flops == 22_100  # C(52, 3)
    assert one.total_weight == pytest.approx(every.total_weight) == pytest.approx(1176)
    assert len(kernel.classify_batch.signatures) == 1
    assert len(kernel.classify_serial.signatures) == 1


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("AA", "AsKd"), "has 2 cards"),
        (("AA", "AsKdQc2c3c4c"), "has 6 cards"),
        (("AA", ""), "has 0 cards"),
        (("AsAh", "AsKd2c"), "hand AsAh of the range shares a card with board AsKd2c"),
        (("QQ+,AKx", "Ts9s2h"), "term 2 'AKx'"),
        (("AA", "AsAhKd", "AdAc"), "no combo of range 'AA' is left on board AsAhKd with dead"),
        (("AhKh", ["AhKd2c", "Kh7d2c"]), "no combo of range 'AhKh' is left on any board"),
        (("AA", "AsAhKd", "Kd"), "card Kd is both on the board and dead"),
        (("AA", None), "no board given"),
        (("AA", ["Ts9s2h", "AsKs"]), "board AsKs has 2 cards"),
    ],
)
def test_bad_input(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        hits(*args)  # type: ignore[arg-type]


def test_bad_flops() -> None:
    with pytest.raises(ValueError, match="flops must be 'all'"):
        hits("AA", flops="some")
    with pytest.raises(ValueError, match="not both"):
        hits("AA", "Ts9s2h", flops="all")


# ---------------------------------------------------------------- command line


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hits", "QQ+,AKs,JTs", "--board", "Ts9s2h"]) == 0
    out = capsys.readouterr().out
    assert "range QQ+,AKs,JTs on board Ts9s2h: 25 combos" in out
    assert "overpair" in out
    assert "nut flush draw" in out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hits", "QQ+", "--board", "Ts9s2h", "--board", "Kc7d2s", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["board"] == ["Ts9s2h", "Kc7d2s"]
    assert d["n_boards"] == 2
    assert d["classes"]["set"]["combos"] == 1.5


def test_cli_all_flops(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hits", "AA", "--flops", "all", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["board"] == "all flops"
    assert d["n_flops"] == N_FLOPS
    # one of the two aces left and no pair among the other two flop cards, of C(50, 3) flops
    assert d["classes"]["set"]["share"] == pytest.approx((2 * 1128 - 2 * 72) / 19_600)


def test_cli_classes_define_every_class(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hits", "--help"]) == 0
    assert "equity hits --classes" in capsys.readouterr().out  # the definitions are a flag away
    assert main(["hits", "--classes"]) == 0
    out = capsys.readouterr().out
    for phrase in ("overpair: a pocket pair above every board card", "double gutshot:",
                   "backdoor flush draw (flop only)", "two overcards:", "board plays"):  # fmt: skip
        assert phrase in out, phrase


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["hits", "AA", "--board", "AsKd"], "has 2 cards"),
        (["hits", "AA", "--board", "AsKdQc2c3c4c"], "has 6 cards"),
        (["hits", "AA"], "give a board"),
        (["hits", "AA", "--board", "Ts9s2h", "--flops", "all"], "not both"),
        (["hits", "AsAh", "--board", "AsKd2c"], "shares a card"),
        (["hits", "QQ+,AKx", "--board", "Ts9s2h"], "is not a hand range"),
        (["hits", "AA", "--board", "AsAhKd", "--dead", "AdAc"], "no combo of range"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    err = fails(capsys, *argv)
    assert err.startswith("equity hits: error: ")
    assert message in err
