"""The PPT range syntax, construct by construct, against the meaning of each range.

Every range of :mod:`reference_ppt` is matched on all 270,725 PLO4 hands (and
the PLO5 ones on all 2,598,960, marked slow) and must give exactly the hands
its predicate picks; counts without listing must agree.  Percent ranges use a
stand-in ranking (any fixed order does for the parsing and the set algebra).
"""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from reference_ppt import PLO4, PLO5, all_hands, counts

from equity.cli import main
from equity.ranges import OmahaRange, count_omaha_hands, parse_omaha_range
from equity.ranges.ppt import ppt_count, ppt_keys
from equity.ranges.ppt_grammar import PPT_GRAMMAR, looks_like_ppt


def keys_of(rows: np.ndarray) -> np.ndarray:
    """Sorted card masks of hands ``rows``."""
    return np.sort((np.int64(1) << rows.astype(np.int64)).sum(axis=1))


@pytest.fixture(scope="module")
def plo4() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = all_hands(4)
    return (rows, *counts(rows))


@pytest.mark.parametrize(("text", "meaning", "pick"), PLO4, ids=[c[0] for c in PLO4])
def test_each_construct_picks_the_hands_it_means(plo4, text, meaning, pick) -> None:
    rows, rc, sc = plo4
    expected = keys_of(rows[pick(rc, sc, rows)])
    assert np.array_equal(ppt_keys(text, 4), expected), meaning


@pytest.mark.parametrize("text", ["AA:xxyy, JJ!JJJ, KK", "QQ+:$ss", "[A,2-5][A,2-5]:$ds"])
def test_omaha_ranges_and_counts_read_the_syntax(text: str) -> None:
    """parse_omaha_range and count_omaha_hands (query, calculate) give the same hands."""
    got = parse_omaha_range(text, 4)
    assert np.array_equal(got._keys, ppt_keys(text, 4))
    assert len(got) == count_omaha_hands(text, 4)
    assert got.combos.tolist() == sorted(got.combos.tolist(), reverse=True)


@pytest.fixture(scope="module")
def plo5() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = all_hands(5)
    return (rows, *counts(rows))


@pytest.mark.slow
@pytest.mark.parametrize(("text", "meaning", "pick"), PLO5, ids=[c[0] for c in PLO5])
def test_five_card_ranges_pick_the_hands_they_mean(plo5, text, meaning, pick) -> None:
    rows, rc, sc = plo5
    expected = keys_of(rows[pick(rc, sc, rows)])
    assert np.array_equal(ppt_keys(text, 5), expected), meaning


@pytest.mark.slow
@pytest.mark.parametrize("n", [5, 6])
def test_shapes_agree_with_the_older_patterns_counts(n: int) -> None:
    """The suit-shape macros and the older suffixes count the same hands (PLO5, PLO6)."""
    assert ppt_count("$ds", n) == count_omaha_hands("* ds", n)
    assert ppt_count("AA:$ds", n) == count_omaha_hands("AA ds", n)
    assert ppt_count("KK$ds,QQ", n) == count_omaha_hands("KK ds, QQ", n)


def test_hold_em_hands_read_the_same_syntax() -> None:
    """Two-card hands: suited broadways 40, offsuit aces-kings 12, a pair 78 ways of 13."""
    assert len(ppt_keys("[A-T]x[A-T]x", 2)) == 40
    assert len(ppt_keys("AxKy", 2)) == 12
    assert ppt_count("RR", 2) == 78
    short = sum(1 << c for c in range(16, 52))
    assert ppt_count("RR", 2, deck=short) == 9 * 6


def test_old_patterns_keep_their_meaning() -> None:
    """Text the older patterns read is read as before: 'akss' is AK single-suited."""
    assert not looks_like_ppt("akss")
    assert not looks_like_ppt("AA** ds, KQJT")
    assert looks_like_ppt("AX**")
    assert looks_like_ppt("RROO")
    assert looks_like_ppt("AA:$ds")
    assert parse_omaha_range("akss", 4) == parse_omaha_range("AK:$ss", 4)
    assert parse_omaha_range("AA** ds", 4) == parse_omaha_range("AA:xxyy", 4)
    assert parse_omaha_range("AX**", 4) == parse_omaha_range("A", 4)


def test_too_many_hands_are_counted_not_listed() -> None:
    with pytest.raises(ValueError, match=r"'!AA' matches 2,490,624 5-card hands, more than"):
        OmahaRange("!AA", 5)
    assert count_omaha_hands("!AA", 5) == 2_598_960 - count_omaha_hands("AA", 5)


@pytest.fixture
def ranking(monkeypatch: pytest.MonkeyPatch) -> np.ndarray:
    """A stand-in Omaha ranking: the PLO4 hands in decreasing card order."""
    order = all_hands(4)[::-1]

    def omaha_percent_combos(n_hole: int, low: float, high: float) -> np.ndarray:
        assert n_hole == 4
        return order[round(low / 100 * len(order)) : round(high / 100 * len(order))]

    fake = types.ModuleType("equity.ranges.omaha_ranking")
    fake.omaha_percent_combos = omaha_percent_combos  # type: ignore[attr-defined]
    fake.OMAHA_RANKING_HOLES = (4,)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "equity.ranges.omaha_ranking", fake)
    return order


def test_percent_ranges_take_a_slice_of_the_ranking(ranking: np.ndarray) -> None:
    n = len(ranking)
    top = keys_of(ranking[: round(0.15 * n)])
    assert np.array_equal(parse_omaha_range("15%", 4)._keys, top)
    band = keys_of(ranking[round(0.10 * n) : round(0.20 * n)])
    assert np.array_equal(ppt_keys("10%-20%", 4), band)
    rc, sc = counts(ranking[: round(0.15 * n)])
    ds = ((sc == 2).sum(axis=1) == 2) & (sc.max(axis=1) <= 2)
    assert np.array_equal(ppt_keys("15%:$ds", 4), keys_of(ranking[: round(0.15 * n)][ds]))
    aces = keys_of(ranking[: round(0.15 * n)][rc[:, 12] == 0])
    assert np.array_equal(ppt_keys("15%!A", 4), aces)


def test_percent_ranges_read_the_shipped_ranking() -> None:
    from equity.ranges.omaha_ranking import omaha_percent_combos

    top = omaha_percent_combos(4, 0, 15)
    assert np.array_equal(parse_omaha_range("15%", 4)._keys, keys_of(top))
    _, sc = counts(top)
    ds = ((sc == 2).sum(axis=1) == 2) & (sc.max(axis=1) <= 2)
    assert np.array_equal(ppt_keys("15%:$ds", 4), keys_of(top[ds]))
    band = omaha_percent_combos(4, 10, 20)
    assert np.array_equal(ppt_keys("10%-20%", 4), keys_of(band))
    with pytest.raises(ValueError, match="rankings ship for 4 and 5-card Omaha only"):
        ppt_keys("15%", 6)


ERRORS = [
    ("AA:(KK", "a '(' is not closed"),
    ("AA)", "a ')' closes no '('"),
    ("AA:", "an operand is missing at the end"),
    ("AA,,KK", "is not an Omaha hand pattern (it is empty)"),
    ("[A-T", "a '[' is not closed"),
    ("[A-?]K", "'?' in [A-?] is not a rank, a span, a suit or a card"),
    ("$Q:AA", "'$Q' is not a macro; the macros are $R, $B, $F, $M, $Z, $L, $N, $W, $ds"),
    ("RROON", "'RROON' names 5 cards, but a hand holds 4"),
    ("AA-K", "the two ends of a span differ by one step in every rank written"),
    ("RR+", "a '+' needs a rank written out to raise"),
    ("20%-10%", "'20%-10%' is not a share of hands from 0% to 100%, the lower first"),
    ("AsAs:$ds", "'AsAs:$ds' matches no 4-card hand"),
    ("AA@50", "weighted ranges ('@') are not implemented; every hand has weight 1"),
    ("15%6h", "the six-handed rankings ('6h') are not implemented"),
]


@pytest.mark.parametrize(("text", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_name_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)) as info:
        parse_omaha_range(text, 4)
    assert "\n" not in str(info.value)


def test_equity_range_lists_an_omaha_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["range", "--game", "omaha", "AsAh[K-Q]s[K-Q]h, AsAhRsRh", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["combos"] == len(record["hands"]) == 14
    assert record["of"] == 270_725
    assert record["fraction"] == 14 / 270_725
    assert record["hands"][:3] == ["AsAhKsKh", "AsAhKsQh", "AsAhKhQs"]
    assert main(["range", "--game", "omaha", "AA:xxyy", "--remove", "As"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("AA:xxyy: 432 of 270,725 4-card hands (0.160%), omaha\n")
    assert "... the first 200 of 432; --json lists every one" in out


def test_equity_range_counts_what_it_cannot_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["range", "--game", "omaha5", "!AA", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["combos"] == 2_490_624
    assert record["hands"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["AA:xxyy", "--grid"], "--grid shows a hold'em range's 13x13 grid, not omaha hands"),
        (["AA:(KK"], "'AA:(KK' is not a PPT range (a '(' is not closed)"),
        (["AsAh**", "--remove", "AsKd"], "no hand of 'AsAh**' is left once 'AsKd' is removed"),
    ],
)
def test_equity_range_errors_are_one_sentence(capsys, argv: list[str], message: str) -> None:
    assert main(["range", "--game", "omaha", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_the_rules_and_the_docs_show_the_grammar_implemented(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "omaha6"]) == 0
    page = capsys.readouterr().out
    docs = (Path(__file__).parents[1] / "docs" / "equity-queries-and-ranges.md").read_text()
    for line in PPT_GRAMMAR.splitlines():
        assert "  " + line in page
        assert line in docs
