"""Tests of equity.ranges: range syntax, sizes, formatting, top percent, grid."""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import equity.ranges
from equity.cards import parse_cards
from equity.ranges import (
    ALL_COMBOS,
    CLASSES,
    N_COMBOS,
    Range,
    class_combos,
    combo_index,
    hand_class,
    parse_range,
    preflop_equity_vs_random,
    preflop_ranking,
)


def class_size(label: str) -> int:
    return 6 if len(label) == 2 else 4 if label.endswith("s") else 12


# --------------------------------------------------------------------------------------
# Classes and combos


def test_all_combos_and_index() -> None:
    assert ALL_COMBOS.shape == (N_COMBOS, 2)
    assert np.all(ALL_COMBOS[:, 0] > ALL_COMBOS[:, 1])
    pairs = {tuple(row) for row in ALL_COMBOS.tolist()}
    assert pairs == {(b, a) for a, b in itertools.combinations(range(52), 2)}
    for i, (hi, lo) in enumerate(ALL_COMBOS.tolist()):
        assert combo_index(hi, lo) == combo_index(lo, hi) == i
    with pytest.raises(ValueError, match="distinct"):
        combo_index(3, 3)


def test_classes_grid_order() -> None:
    assert len(CLASSES) == len(set(CLASSES)) == 169
    assert CLASSES[:3] == ("AA", "AKs", "AQs")
    assert CLASSES[13] == "AKo"
    assert CLASSES[14] == "KK"
    assert CLASSES[-1] == "22"
    grid = np.array(CLASSES).reshape(13, 13)
    for i, j in itertools.product(range(13), repeat=2):
        label = grid[i, j]
        assert len(label) == (2 if i == j else 3)
        if i < j:
            assert label.endswith("s")
        elif i > j:
            assert label.endswith("o")
    assert sum(class_size(c) for c in CLASSES) == N_COMBOS


@pytest.mark.parametrize("label", CLASSES)
def test_class_combos(label: str) -> None:
    combos = class_combos(label)
    assert combos.dtype == np.uint8
    assert len(combos) == class_size(label)
    assert np.all(combos[:, 0] > combos[:, 1])
    assert {hand_class(int(a), int(b)) for a, b in combos} == {label}


def test_hand_class() -> None:
    assert hand_class("As", "Ks") == "AKs"
    assert hand_class("Ks", "Ad") == "AKo"
    assert hand_class("2c", "7h") == "72o"
    assert hand_class("Qh", "Qs") == "QQ"
    assert class_combos("kqS").tolist() == class_combos("KQs").tolist()
    with pytest.raises(ValueError, match="'AK'"):
        class_combos("AK")
    with pytest.raises(ValueError, match="'QQs'"):
        class_combos("QQs")


# --------------------------------------------------------------------------------------
# Parsing: sizes and weights


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("QQ", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("random", 1326), ("*", 1326),
        ("22+", 78), ("A2s+", 48), ("KTo+", 36), ("T9s-65s", 20), ("AJs-A8s", 16),
        ("QQ+", 18), ("22-66", 30), ("66-22", 30), ("AhKh", 1), ("K9+", 64),
        ("t9S-65s", 20), ("ajs - a8s", 16), ("  QQ+ ,  AKs ", 22), ("QQ+,KK,AA", 18),
        ("AKs-JTs", 16), ("T9-65", 80), ("AA+", 6), ("AKs+", 4), ("KA", 16),
        ("Ah Kh", 1), ("15%,72o", None),
    ],
)  # fmt: skip
def test_sizes(text: str, n: int | None) -> None:
    r = parse_range(text)
    if n is None:
        n = len(parse_range("15%")) + 12
    assert len(r) == r.n_combos == r.size == n
    assert r.weight == n
    assert r.fraction == n / 1326
    assert r.text == text
    assert r.combos.shape == (n, 2)
    assert r.weights.shape == (n,)
    assert np.all(r.combos[:, 0] > r.combos[:, 1])
    assert len({tuple(c) for c in r.combos.tolist()}) == n


def test_combos_sorted_descending() -> None:
    r = parse_range("random")
    keys = r.combos[:, 0].astype(int) * 64 + r.combos[:, 1]
    assert np.all(np.diff(keys) < 0)
    assert r.combos[0].tolist() == parse_cards("As Ah")


def test_weights() -> None:
    assert parse_range("AA@50").weight == 3
    assert parse_range("0.5:KK").weight == 3
    assert parse_range("AA @ 50%").weight == 3
    r = parse_range("QQ+@25, KK")
    assert r.classes() == {"AA": 0.25, "KK": 1.0, "QQ": 0.25}
    assert r.weight == 6 + 0.25 * 12
    assert set(r.weights.tolist()) == {0.25, 1.0}


def test_duplicates_last_term_wins() -> None:
    assert parse_range("QQ+,AA@50").classes() == {"AA": 0.5, "KK": 1.0, "QQ": 1.0}
    assert parse_range("AA@50,QQ+").classes() == {"AA": 1.0, "KK": 1.0, "QQ": 1.0}
    assert parse_range("AK,AKs,AKs") == parse_range("AK")
    assert parse_range("AhKh,AKs@20").classes() == {"AKs": 0.2}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QQ+,AKx", r"^term 2 'AKx' of 'QQ\+,AKx' is not a hand range \('x' after 'AK' is not s"),
        ("AA-KQ", "term 1 'AA-KQ' .*pair and a non-pair"),
        ("KK+s", r"term 1 'KK\+s'"),
        ("A2s-K3s", "term 1 'A2s-K3s' .*neither the top card nor the gap"),
        ("AKs-AQo", "suitedness"),
        ("AA@150", r"150% is not in \(0, 100\]"),
        ("AA@0", "term 1 'AA@0'"),
        ("AA@-5", "term 1 'AA@-5'"),
        ("1.5:AA", r"weight 1.5 is not in \(0, 1\]"),
        ("0:AA", "term 1 '0:AA'"),
        ("0.5:AA@50", "two weights"),
        ("QQs", "neither suited nor offsuit"),
        ("AsAs", "repeats a card"),
        ("AA,,KK", "term 2 '' of 'AA,,KK' .*empty"),
        ("AA, KK, 101%", r"term 3 '101%'"),
        ("0%", "term 1 '0%'"),
        ("AK-", "term 1 'AK-'"),
        ("AXs", "term 1 'AXs'"),
        ("AKo+s", r"term 1 'AKo\+s'"),
        ("22-33-44", "term 1 '22-33-44'"),
        ("", "empty"),
        ("  ", "empty"),
    ],
)  # fmt: skip
def test_malformed(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_range(text)


def test_not_a_string() -> None:
    with pytest.raises(TypeError):
        parse_range(["AA"])  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# Formatting


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AA,KK,QQ", "QQ+"), ("22,33,44,55,66", "66-22"), ("AKs,AKo", "AK"),
        ("A2s+", "A2s+"), ("KTo,KJo,KQo", "KTo+"), ("T9s,98s,87s,76s,65s", "T9s-65s"),
        ("AJs-A8s", "AJs-A8s"), ("AhKh", "AhKh"), ("*", "random"), ("random@50", "random@50"),
        ("0.5:KK", "KK@50"), ("A2s+,A5o+", "A2s+,A5o+"), ("A2+,K2s+", "A2+,K2s+"),
        ("QQ+,AA@50", "KK-QQ,AA@50"), ("AKs,KQs,QJs", "AKs-QJs"),
        ("22+,AKs@75,AKo@25", "22+,AKs@75,AKo@25"),
        ("0.3333333333333333:AA", "0.3333333333333333:AA"), ("AA@12.5", "AA@12.5"),
        ("AhKh,AsKs,AdKd", "AsKs,AhKh,AdKd"),
    ],
)  # fmt: skip
def test_format(text: str, canonical: str) -> None:
    r = parse_range(text)
    assert r.format() == canonical
    assert str(r) == canonical
    assert parse_range(canonical) == r


def test_format_after_card_removal() -> None:
    r = parse_range("QQ+").remove("As")
    assert r.format() == "KK-QQ,AhAd,AhAc,AdAc"
    assert parse_range(r.format()) == r
    assert r.text == r.format()


weights_st = st.sampled_from([1.0, 1.0, 0.5, 0.25, 0.75, 0.1, 0.125])


@st.composite
def ranges_st(draw: st.DrawFn) -> Range:
    """Random ranges: whole classes plus a few loose combos, with weights from a small set."""
    dense = np.zeros(N_COMBOS)
    labels = draw(st.lists(st.sampled_from(CLASSES), max_size=60, unique=True))
    for label in labels:
        w = draw(weights_st)
        for a, b in class_combos(label):
            dense[combo_index(a, b)] = w
    loose = draw(st.lists(st.integers(0, N_COMBOS - 1), max_size=8, unique=True))
    for i in loose:
        dense[i] = draw(weights_st)
    if not dense.any():
        dense[draw(st.integers(0, N_COMBOS - 1))] = 1.0
    idx = np.flatnonzero(dense)
    return Range.from_combos(ALL_COMBOS[idx], dense[idx])


@given(ranges_st())
def test_format_parse_round_trip(r: Range) -> None:
    text = r.format()
    back = parse_range(text)
    assert back == r
    np.testing.assert_array_equal(back.combos, r.combos)
    np.testing.assert_array_equal(back.weights, r.weights)
    assert back.format() == text


@given(st.lists(st.sampled_from(CLASSES), min_size=1, max_size=40, unique=True))
def test_format_is_no_longer_than_listing(labels: list[str]) -> None:
    r = parse_range(",".join(labels))
    assert len(r.format()) <= len(",".join(sorted(labels)))
    assert len(r.format().split(",")) <= len(labels)


# --------------------------------------------------------------------------------------
# Top percent


def test_top_percent_nested_and_growing() -> None:
    sizes = []
    previous = None
    for pct in (1, 5, 10, 15, 20, 35, 50, 75, 99, 100):
        r = parse_range(f"{pct}%")
        # Whole classes, taken until the count reaches round(pct * 1326 / 100).
        target = int(pct * 1326 / 100 + 0.5)
        assert r.n_combos >= target
        assert all(w == 1.0 for w in r.classes().values())
        if previous is not None:
            assert np.all(r.dense >= previous.dense)
        sizes.append(r.n_combos)
        previous = r
    assert sizes == sorted(sizes)
    assert len(set(sizes)) == len(sizes)
    assert parse_range("100%") == parse_range("random")


def test_top_percent_takes_classes_in_rank_order() -> None:
    ranking = preflop_ranking()
    assert sorted(ranking) == sorted(CLASSES)
    assert ranking[:3] == ("AA", "KK", "QQ")
    counts = preflop_equity_vs_random()
    score = [2 * counts[c][0] + counts[c][1] for c in ranking]
    assert score == sorted(score, reverse=True)
    for pct in ("0.1", "2", "12.5", "33.3"):
        r = parse_range(f"{pct}%")
        k = len(r.classes())
        assert set(r.classes()) == set(ranking[:k])
        # The last class is the one that reaches the target; one class fewer falls short.
        target = max(1, int(float(pct) * 1326 / 100 + 0.5))
        below = sum(class_size(c) for c in ranking[: k - 1])
        assert below < target <= r.n_combos
    assert parse_range("0.01%") == parse_range("AA")
    assert parse_range("15%@50").weight == parse_range("15%").weight / 2


# --------------------------------------------------------------------------------------
# Card removal, membership, equality


def test_remove() -> None:
    qq = parse_range("QQ+")
    assert qq.remove("As").n_combos == 3 + 6 + 6
    assert qq.remove("As Ks").n_combos == 3 + 3 + 6
    assert qq.remove(["As", "Ah"]).n_combos == 1 + 6 + 6
    assert qq.remove([51]).n_combos == 15
    assert qq.remove(1 << 51).n_combos == 15  # an int is a card mask
    assert qq.remove(np.uint64(1 << 51)).n_combos == 15
    assert qq.remove("2c") == qq
    assert parse_range("random").remove("AsKd").n_combos == 1225
    assert parse_range("random").remove("AsKdQh").n_combos == 1176
    weighted = parse_range("AK@40").remove("As")
    assert weighted.n_combos == 12
    assert set(weighted.weights.tolist()) == {0.4}
    assert qq.remove("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc").n_combos == 0
    assert qq.remove("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc").format() == ""
    with pytest.raises(ValueError, match="'Ax' is not a card"):
        qq.remove("Ax")
    with pytest.raises(ValueError, match="mask"):
        qq.remove(1 << 52)


def test_contains() -> None:
    r = parse_range("QQ+,AhKh")
    assert "AhKh" in r
    assert "KhAh" in r
    assert "ah kh" in r
    assert (50, 46) in r
    assert "AsKs" not in r
    assert "AKs" in r
    assert "AK" in r
    assert "AKo" not in r
    assert "qq" in r
    assert "JJ" not in r
    assert "nonsense" not in r
    assert 5 not in r


def test_equality_hash_immutability() -> None:
    a, b = parse_range("QQ+"), parse_range("AA,KK,QQ")
    assert a == b
    assert hash(a) == hash(b)
    assert a.text != b.text
    assert a != parse_range("QQ+@50")
    assert a != "QQ+"
    assert {a, b} == {a}
    with pytest.raises(AttributeError):
        a.text = "x"  # type: ignore[misc]
    with pytest.raises(ValueError, match="read-only"):
        a.combos[0, 0] = 0
    with pytest.raises(ValueError, match="read-only"):
        a.weights[0] = 0.5
    c = pickle.loads(pickle.dumps(a))
    assert c == a
    assert c.text == a.text
    assert repr(a) == "Range('QQ+')"
    assert eval(repr(b)) == b


def test_pickle_by_public_name() -> None:
    # Pickles written when Range lived in the module equity.ranges name it there.
    r = parse_range("QQ+,AKs@50")
    new = pickle.dumps(r, protocol=0)
    assert b"cequity.ranges.range\nRange\n" in new
    old = new.replace(b"cequity.ranges.range\nRange\n", b"cequity.ranges\nRange\n")
    assert old != new
    restored = pickle.loads(old)
    assert restored == r
    assert restored.text == r.text
    assert Range is equity.ranges.range.Range


def test_from_combos() -> None:
    r = Range.from_combos(class_combos("AKs"), [0.5] * 4)
    assert r == parse_range("AKs@50")
    assert Range.from_combos([(46, 50), (50, 46)]).n_combos == 1
    with pytest.raises(ValueError, match=r"\(0, 1\]"):
        Range.from_combos([(51, 50)], [1.5])
    with pytest.raises(ValueError, match="distinct"):
        Range.from_combos([(51, 51)])
    with pytest.raises(ValueError, match="weights of shape"):
        Range.from_combos([(51, 50)], [0.5, 0.5])


# --------------------------------------------------------------------------------------
# Grid, frame, plot


def test_grid() -> None:
    r = parse_range("QQ+,AKs,AKo@50,72o,AhQh")
    g = r.grid()
    assert g.shape == (13, 13)
    assert g[0, 0] == g[1, 1] == g[2, 2] == 1.0
    assert g[0, 1] == 1.0
    assert g[1, 0] == 0.5
    assert g[0, 2] == 0.25  # AQs: one of four combos
    assert g[12, 7] == 1.0  # 72o, below the diagonal: row of the 2, column of the 7
    sizes = np.array([class_size(c) for c in CLASSES]).reshape(13, 13)
    assert (g * sizes).sum() == pytest.approx(r.weight)
    assert parse_range("random").grid().sum() == 169
    full = parse_range("random")
    assert (full.grid() * sizes).sum() == 1326
    text = r.grid_text().splitlines()
    assert len(text) == 13
    assert text[0].split()[:3] == ["AA", "AKs", "25%"]
    assert text[1].split()[:2] == ["50%", "KK"]


def test_classes() -> None:
    r = parse_range("AKs,AhKd@50,22")
    assert r.classes() == {"AKs": 1.0, "AKo": 0.5 / 12, "22": 1.0}
    assert list(r.classes()) == ["AKs", "AKo", "22"]  # grid order


def test_to_frame() -> None:
    df = parse_range("AKs,QQ@50").to_frame()
    assert list(df.columns) == ["combo", "class", "weight"]
    assert len(df) == 10
    assert set(df["class"]) == {"AKs", "QQ"}
    assert df.loc[df["class"] == "QQ", "weight"].eq(0.5).all()
    assert df["combo"].iloc[0] == "AsKs"


def test_cli_show(capsys: pytest.CaptureFixture[str]) -> None:
    # `equity range` shows a range (python -m equity.ranges no longer does).
    from equity.cli import main

    assert not hasattr(equity.ranges, "main")
    assert main(["range", "QQ+,AKs", "--grid"]) == 0
    out = capsys.readouterr().out
    assert "AA" in out
    assert "22 combos" in out
