"""Deals as data (equity.deal, equity.Deck, ``equity deal``): the deals calculate scores."""

from __future__ import annotations

import math
import os
import stat
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import fails
from numba.core import types

import equity
from equity.analysis import deals
from equity.analysis.deals import MAX_ROWS, deal, deal_batch_size, deal_chunks
from equity.analysis.deck import Deck
from equity.analysis.textures import COLUMNS as TEXTURE_COLUMNS
from equity.analysis.textures import textures as textures_of
from equity.cli import main
from equity.engine import calculate
from equity.evaluators.odds import category_probabilities
from equity.evaluators.poker import evaluate
from equity.evaluators.shortdeck import ShortDeckRules
from equity.evaluators.zjh import ZJHRules
from equity.kernels import montecarlo as mc
from equity.kernels.deal import shuffle_batch, shuffle_cards
from equity.kernels.rng import batch_seeds

# ---------------------------------------------------------------- the same deals as calculate

CASES = [
    # (game, hands, players, board, dead, options): each kernel path of simulate_batches
    ("holdem", ["AsAd", "KhKc"], None, "", "", {}),  # two known hands (heads-up fast path)
    ("holdem", ["AsKs", "QhQd"], None, "Qs7s2c", "", {}),
    ("holdem", ["AsKs", "random"], None, "", "", {}),  # heads-up random
    (
        "holdem",
        None,
        2,
        "",
        "",
        {},
    ),  # two random hands
    ("holdem", ["AhKd", "QQ+,AKs"], None, "", "", {}),  # hand vs range (fast path)
    ("holdem", ["AhKd", "QQ+,AKs@50,JJ"], None, "Ts9s2h", "", {}),  # weighted range
    ("holdem", ["AhKd", "QhQd", "9c9d"], None, "", "2s", {}),  # three known hands
    ("holdem", ["AsKs", "random", "random"], None, "", "", {}),  # random players
    ("holdem", None, 6, "", "", {}),
    ("holdem", ["AhKd", "QQ+,AKs", "random"], None, "Ts9s2h", "", {}),  # range + random
    ("holdem", ["AhKd", "QQ+,AKs", "22+,ATs+"], None, "Ts9s2h", "", {}),  # two ranges
    ("holdem", ["TT+,AK", "TT+,AK", "random"], None, "", "", {}),  # overlapping ranges
    ("shortdeck", ["AsKs", "random", "QQ+"], None, "Ts9s6h", "", {}),
    ("shortdeck", None, 4, "", "", {"rules": ShortDeckRules(straight_beats_trips=True)}),
    ("five", ["AsAdAhKsKd", "random", "random"], None, "", "", {}),
    ("zjh", ["AsKsQs", "random", "random"], None, "", "", {}),
    ("zjh", None, 5, "", "", {"rules": ZJHRules(special_235=True)}),
    ("zjh", ["2c3d5h", "random"], None, "", "", {"rules": ZJHRules(special_235=True)}),
    ("zjh", ["AsAhAd", "random", "random"], None, "", "", {"independent_decks": True}),
    ("stud", ["AsKs9d", "QhQd2c", "random"], None, "", "7c", {}),
    ("razz", ["A 2 3", "QhQd2c"], None, "", "", {}),  # partly known cards
    ("stud8", ["As2s3d4h", "QhQd2c5s"], None, "", "", {}),
    ("deuce-seven", ["7h5c4d3s", "random"], None, "", "Kc", {}),
    ("five-draw", ["AsAd", "random", "random"], None, "", "", {}),
    ("badugi", None, 4, "", "", {}),
]


@pytest.mark.parametrize(("game", "hands", "players", "board", "dead", "options"), CASES)
def test_the_deals_are_calculates_deals(
    game: str,
    hands: list[str] | None,
    players: int | None,
    board: str,
    dead: str,
    options: dict[str, object],
) -> None:
    """Win shares summed over the deals equal calculate's counts, integer for integer."""
    n = 20_000
    d = deal(game, players, n, 11, hands, board, dead, **options)  # type: ignore[arg-type]
    given = hands if hands is not None else ["random"] * (players or 2)
    r = calculate(given, board, dead, game=game, method="monte-carlo", trials=n, seed=11, **options)  # type: ignore[arg-type]
    assert d.n == n
    assert r.batch_size == d.batch_size == deal_batch_size(n)
    np.testing.assert_array_equal(d.counts(), r.counts)
    np.testing.assert_allclose(d.equity, r.equity, rtol=0, atol=1e-12)
    # every deal is a legal deal: distinct cards, the known ones where they belong
    cards = np.concatenate([d.holes.reshape(n, -1), d.board], axis=1).astype(np.int64)
    if not options.get("independent_decks"):
        assert (np.sort(cards, axis=1)[:, 1:] != np.sort(cards, axis=1)[:, :-1]).all()
    known = equity.parse_cards(board) if board else []
    assert (d.board[:, : len(known)] == known).all()
    assert (d.winners.sum(axis=1) >= 1).all()


def test_the_same_seed_gives_the_same_deals() -> None:
    a = deal(players=3, n=5000, seed=3, hands=["AsKs"])
    b = deal(players=3, n=5000, seed=3, hands=["AsKs"])
    c = deal(players=3, n=5000, seed=4, hands=["AsKs"])
    for name in ("holes", "board", "strength", "category", "winners"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
    assert not np.array_equal(a.board, c.board)
    assert (a.holes[:, 0] == equity.parse_cards("AsKs")).all()
    # the chunks of deal_chunks are the same deals, in order
    chunks = list(deal_chunks(players=3, n=5000, seed=3, hands=["AsKs"], chunk_rows=4000))
    assert len(chunks) > 1
    assert [c.first for c in chunks] == list(np.cumsum([0] + [c.n for c in chunks[:-1]]))
    np.testing.assert_array_equal(np.concatenate([c.holes for c in chunks]), a.holes)
    np.testing.assert_array_equal(np.concatenate([c.board for c in chunks]), a.board)
    np.testing.assert_array_equal(sum(c.counts() for c in chunks), a.counts())
    # the deals are recorded by the Monte-Carlo driver with a sink, compiled once with the
    # general loop (every table game) and once with Zha Jin Hua's
    recording = [sig[4].ndim - 1 for sig in mc.simulate_batches.signatures if sig[11] != types.none]
    assert recording.count(mc.LOOP_GENERAL) == 1
    assert set(recording) <= {mc.LOOP_GENERAL, mc.LOOP_ZJH}
    assert len(recording) == len(set(recording))


def test_large_runs_are_dealt_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """deal() fills its arrays chunk by chunk past 4 * CHUNK_ROWS rows: the same deals."""
    whole = deal(hands=["QQ+,AKs"], players=4, n=20_000, seed=8)
    monkeypatch.setattr(deals, "CHUNK_ROWS", 5_000)
    parts = deal(hands=["QQ+,AKs"], players=4, n=20_000, seed=8)
    for name in ("holes", "board", "strength", "category", "winners"):
        np.testing.assert_array_equal(getattr(parts, name), getattr(whole, name))
    assert parts.first == 0


def test_strengths_and_categories_are_the_evaluators() -> None:
    d = deal(players=4, n=200, seed=5)
    for i in range(0, 200, 17):
        for p in range(4):
            hand = evaluate([*d.holes[i, p].tolist(), *d.board[i].tolist()])
            assert d.strength[i, p] == hand.strength
            assert d.categories[d.category[i, p]] == hand.category
        best = d.strength[i].max()
        assert (d.winners[i] == (d.strength[i] == best)).all()


# ---------------------------------------------------------------- against the exact odds


@pytest.mark.parametrize(("game", "players", "cards"), [("holdem", 2, 7), ("zjh", 4, 3)])
def test_category_frequencies_agree_with_the_exact_odds(
    game: str, players: int, cards: int
) -> None:
    """Each random player's hand is a uniform hand of the game: categories within 5 SE."""
    n = 100_000
    d = deal(game, players, n, 20261201)
    probs = category_probabilities(game, cards=cards)
    for p in range(players):
        counts = np.bincount(d.category[:, p], minlength=len(d.categories))
        for k, name in enumerate(d.categories):
            q = float(probs[name])
            se = math.sqrt(q * (1 - q) / n)
            assert abs(counts[k] / n - q) <= 5 * se + 1e-12, (p, name)
    frame = d.to_frame()
    shares = frame.groupby("category", observed=False)["player"].size() / (n * players)
    assert abs(shares["pair"] - float(probs["pair"])) < 5 * math.sqrt(0.25 / n)


def test_win_rates_agree_with_the_exact_equity() -> None:
    """AA against KK preflop: the deals' equity within 5 SE of the exact figure."""
    n = 100_000
    d = deal(hands=["AsAd", "KhKc"], n=n, seed=9)
    exact = calculate(["AsAd", "KhKc"])
    share = d.share[:, 0]
    se = share.std() / math.sqrt(n)
    assert abs(share.mean() - exact.equity[0]) <= 5 * se


# ---------------------------------------------------------------- the frame


def test_the_frame_is_tidy() -> None:
    d = deal(hands=["AhAd", "random", "QQ+,AKs"], board="Ts9s2h", n=3000, seed=2)
    f = d.to_frame()
    assert len(f) == 3000 * 3
    textures = list(TEXTURE_COLUMNS)  # the board's texture
    expected = ["deal", "player", "hand", "board", *textures]
    expected += ["strength", "category", "win", "share", "class"]
    assert list(f.columns) == expected
    shown = textures_of(f["board"].iloc[:30:3].tolist())
    for column in textures:
        assert f[column].iloc[:30:3].tolist() == shown[column].tolist(), column
    assert f["deal"].iloc[::3].tolist() == list(range(3000))
    assert (f.loc[f["player"] == 0, "hand"] == "AhAd").all()
    assert (f.loc[f["player"] == 0, "class"] == "AA").all()
    assert set(f.loc[f["player"] == 2, "class"]) <= {"AA", "KK", "QQ", "AKs"}
    assert f["board"].str.startswith("Ts9s2h").all()
    np.testing.assert_allclose(f.groupby("deal")["share"].sum(), 1.0)
    np.testing.assert_allclose(f.groupby("player")["share"].mean(), d.equity)
    assert f["category"].cat.categories[0] == "straight flush"
    first = f.iloc[0]
    assert first["strength"] == evaluate(first["hand"] + first["board"]).strength
    assert "Deals(holdem, 3,000 deals" in repr(d)


def test_zjh_and_five_frames_have_no_board() -> None:
    f = deal("zjh", players=3, n=100, seed=1).to_frame()
    assert "board" not in f.columns
    assert "class" not in f.columns
    assert f["hand"].str.len().eq(6).all()
    assert len(deal("five", players=2, n=100, seed=1).to_frame()) == 200


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "omaha", "hands": ["AsAhKsKh", "AsQdJcTc"]}, "used twice"),
        ({"players": 2, "hands": ["AsKs", "QQ", "JJ"]}, "3 hands given for 2 players"),
        ({"players": 30}, "2 to 23 players"),
        ({"n": 0}, "positive whole number"),
        ({"n": MAX_ROWS, "players": 6}, "above the limit"),
        ({"hands": ["AsKs", "AsQd"]}, "used twice"),
        ({"hands": ["AsKs"], "board": "AsQd2c"}, "used twice"),
        ({"hands": "AsKs"}, "list of hands"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_requests_are_one_sentence(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        deal(**kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------- Deck


def test_deck() -> None:
    deck = Deck()
    assert len(deck) == deck.cards_left == 52
    assert deck.cards == tuple(range(52))
    assert deck.deal(2) == "2c2d"
    deck.burn()
    assert deck.burned == [2]
    assert deck.dealt == [0, 1]
    assert len(deck) == 49
    deck.shuffle(seed=7)
    assert sorted(deck.cards) == list(range(3, 52))  # only the cards left are shuffled
    assert deck.seed == 7
    hand = deck.deal(5)
    assert len(equity.parse_cards(hand)) == 5
    again = Deck()
    again.deal(2)
    again.burn()
    assert again.shuffle(seed=7).deal(5) == hand
    with pytest.raises(ValueError, match="only 44 are left"):
        deck.deal(45)
    assert len(list(deck)) == 44
    assert repr(Deck("shortdeck")).startswith("Deck(shortdeck, 36 cards left: 6c6d6h6s")
    assert Deck().shuffle().seed is not None


def test_a_shuffled_deck_is_the_kernels_shuffle() -> None:
    out = np.zeros((1, 52), dtype=np.uint8)
    shuffle_batch(batch_seeds(123, 1), 1, out)
    assert Deck().shuffle(seed=123).cards == tuple(out[0].tolist())
    assert len(shuffle_cards.signatures) == 1


# ---------------------------------------------------------------- the command line


def test_cli_writes_a_readable_parquet_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.parquet"
    argv = ["deal", "AsKs", "QQ+,AKs", "--players", "3", "--n", "2000", "--seed", "4"]
    assert main([*argv, "--out", str(out), "--quiet"]) == 0
    assert "wrote 6,000 rows" in capsys.readouterr().out
    frame = pd.read_parquet(out)
    expected = deal(hands=["AsKs", "QQ+,AKs"], players=3, n=2000, seed=4).to_frame()
    pd.testing.assert_frame_equal(
        frame.astype({c: str for c in ("hand", "board", "category", "class")}),
        expected.astype({c: str for c in ("hand", "board", "category", "class")}),
    )
    assert [p.name for p in tmp_path.iterdir()] == ["deals.parquet"]


@pytest.mark.parametrize("name", ["deals.csv", "deals.parquet"])
def test_cli_output_has_the_mode_of_any_new_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """0644 at umask 022, as every other output: not the 0600 of its scratch file."""
    umask = os.umask(0o022)
    try:
        assert main(["deal", "--n", "500", "--seed", "1", "--out", str(tmp_path / name)]) == 0
        (tmp_path / "other.txt").write_text("x")
    finally:
        os.umask(umask)
    capsys.readouterr()
    assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644
    assert (tmp_path / name).stat().st_mode == (tmp_path / "other.txt").stat().st_mode


def test_cli_write_error_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that goes away after the check: the usual sentence, nothing left behind."""
    import equity.cli._deal as cli_deal

    def gone(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(cli_deal, "_write", gone)
    assert main(["deal", "--n", "500", "--seed", "1", "--out", str(tmp_path / "d.csv")]) == 2
    err = capsys.readouterr().err
    assert (
        err == f"equity deal: error: cannot write {tmp_path / 'd.csv'}: No such file or directory\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_cli_writes_csv_in_chunks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deals.csv"
    assert main(["deal", "--game", "zjh", "--players", "4", "-n", "1e5", "--seed", "1",
                 "--out", str(out), "--quiet"]) == 0  # fmt: skip
    frame = pd.read_csv(out)
    assert len(frame) == 400_000
    assert frame["deal"].max() == 99_999
    r = calculate(["random"] * 4, game="zjh", method="monte-carlo", trials=100_000, seed=1)
    np.testing.assert_allclose(frame.groupby("player")["share"].mean(), r.equity, atol=1e-12)
    assert "zjh: 100,000 deals of 4 players" in capsys.readouterr().out


def test_cli_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "AhAd", "--players", "3", "--n", "1000", "--seed", "7", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1,000 deals of 3 players, seed 7" in out
    assert out.count("AhAd") >= 6  # five deals shown and the player table
    r = calculate(["AhAd", "random", "random"], method="monte-carlo", trials=1000, seed=7)
    assert f"{r.equity[0]:.4%}" in out
    assert "player 0  player 1  player 2" in out


def test_cli_summary_agrees_with_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The summary numbers players as the file does (from 0), its shares in percent."""
    out = tmp_path / "deals.csv"
    hands = ["AhAd", "QQ+", "random"]
    argv = ["deal", *hands[:2], "--players", "3", "--n", "1000", "--seed", "7", "--out", str(out)]
    assert main([*argv, "--quiet"]) == 0
    rows = {}
    for line in capsys.readouterr().out.splitlines():
        cells = line.split()
        if cells and cells[0].isdigit():
            rows[int(cells[0])] = cells[1:]
    frame = pd.read_csv(out)
    equity = frame.groupby("player")["share"].mean()
    alone = (frame["share"] == 1).groupby(frame["player"]).mean()
    assert sorted(rows) == equity.index.tolist() == [0, 1, 2]
    for p in rows:
        assert rows[p] == [hands[p], f"{equity[p]:.4%}", f"{alone[p]:.4%}"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", "{tmp}/deals.txt"], ".parquet or .csv"),
        (["--out", "{tmp}/missing/deals.csv"], "does not exist"),
        (["--game", "omaha", "AsAhKsKh", "AsQdJcTc"], "used twice"),
        (["AsKs", "AsQd"], "used twice"),
        (["--players", "6", "--n", "1e9", "--out", "{tmp}/big.parquet"], "above the limit"),
        (["--independent-decks"], "zjh only"),
        (["AsKs", "--board", "AsQd2c", "--out", "{tmp}/deals.csv"], "used twice"),
    ],
)
def test_cli_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    err = fails(capsys, "deal", "--n", "100", *[a.format(tmp=tmp_path) for a in argv])
    assert message in err
    assert list(tmp_path.iterdir()) == []  # nothing written, no scratch file left


def test_cli_interrupted_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(deals, "_deals", interrupted)
    assert main(["deal", "--n", "1000", "--out", str(tmp_path / "d.parquet"), "--quiet"]) == 130
    assert list(tmp_path.iterdir()) == []


def test_the_package_exports() -> None:
    assert equity.deal is deal
    assert equity.Deck is Deck
    assert "Deals" in equity.__all__
