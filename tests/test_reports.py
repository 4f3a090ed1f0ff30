"""Tests of the frequency tables behind the reports and of equity.reports."""

from __future__ import annotations

import itertools
import math
import re
import zlib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import reference_equity as refeq

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from equity import reports  # noqa: E402
from equity.analysis.frequencies import SPECIAL_235, category_frequencies  # noqa: E402
from equity.engine import calculate  # noqa: E402
from equity.evaluators.odds import category_counts  # noqa: E402
from equity.evaluators.zjh import ZJHRules, zjh_heads_up_counts  # noqa: E402
from equity.games import GAMES as GAME_REGISTRY  # noqa: E402
from equity.reports import frequencies as frequencies_page  # noqa: E402
from equity.reports import page, studies_holdem, studies_zjh  # noqa: E402

GAMES = ("five", "holdem", "zjh")


# ---------------------------------------------------------------------------
# frequency tables


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("trials", [1, 777, 70_001])
def test_frequency_table_adds_up_to_the_trials(game, trials):
    table = category_frequencies(game, trials=trials, seed=5, batch_size=4096)
    disjoint = {c: n for c, n in table.counts.items() if c != SPECIAL_235}
    assert sum(disjoint.values()) == table.hands == trials
    frame = table.to_frame()
    assert frame.loc[list(disjoint), "count"].sum() == trials
    assert math.isclose(frame.loc[list(disjoint), "frequency"].sum(), 1.0)
    assert math.isclose(frame.loc[list(disjoint), "exact_probability"].sum(), 1.0)
    if game == "zjh":
        assert table.counts[SPECIAL_235] <= table.counts["high card"]


@pytest.mark.parametrize("game", ["five", "zjh", pytest.param("holdem", marks=pytest.mark.slow)])
def test_exact_frequencies_equal_the_closed_form(game):
    table = category_frequencies(game, method="exact")
    assert table.method == "exact"
    assert table.counts == category_counts(game)
    frame = table.to_frame()
    assert (frame["abs_error"].abs() < 1e-15).all()
    assert (frame["z"] == 0).all()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2026, 987_654_321])
def test_goodness_of_fit_is_not_rejected(game, seed):
    table = category_frequencies(game, trials=400_000, seed=seed)
    stat, p_value = table.chi_square()
    assert p_value > 0.001, (stat, p_value)
    assert table.to_frame()["z"].abs().max() < 5


def test_frequencies_are_reproducible_from_the_seed():
    a = category_frequencies("holdem", trials=50_000, seed=11, batch_size=8192)
    b = category_frequencies("holdem", trials=50_000, seed=11, batch_size=8192)
    assert a.counts == b.counts


# ---------------------------------------------------------------------------
# helpers


def test_ladder():
    assert page.trial_ladder(500) == [500]
    assert page.trial_ladder(1_000) == [1_000]
    assert page.trial_ladder(10_000) == [1_000, 3_162, 10_000]
    assert page.trial_ladder(20_000) == [1_000, 3_162, 10_000, 20_000]


def _seed_sequence_u64(entropy: int, spawn_key: tuple[int, ...]) -> int:
    """``SeedSequence(entropy, spawn_key=spawn_key).generate_state(1, uint64)[0]``, written
    out from the algorithm NumPy documents and keeps stable across releases (O'Neill's
    seed_seq hash: a pool of four 32-bit words, mixed, then hashed out), in plain Python."""
    m32 = 0xFFFFFFFF

    def words(n: int) -> list[int]:  # an integer as 32-bit words, least significant first
        return [n & m32] + (words(n >> 32) if n >> 32 else [])

    run, spawn = words(entropy), [w for k in spawn_key for w in words(k)]
    data = run + [0] * (4 - len(run)) * bool(spawn) + spawn  # a spawn key pads the pool
    const = 0x43B0D7E5

    def hashmix(v: int) -> int:
        nonlocal const
        v ^= const
        const = const * 0x931E8875 & m32
        v = v * const & m32
        return v ^ v >> 16

    def mix(x: int, y: int) -> int:
        r = (0xCA01F9DD * x - 0x4973F715 * y) & m32
        return r ^ r >> 16

    pool = [hashmix(data[i] if i < len(data) else 0) for i in range(4)]
    for src, dst in itertools.product(range(4), range(4)):
        if src != dst:
            pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for word in data[4:]:
        for dst in range(4):
            pool[dst] = mix(pool[dst], hashmix(word))
    const, out = 0x8B51F9DD, []
    for word in pool[:2]:  # two 32-bit words, little end first, make one uint64
        v = word ^ const
        const = const * 0x58F38DED & m32
        v = v * const & m32
        out.append(v ^ v >> 16)
    return out[0] | out[1] << 32


def test_subseed_is_pinned_and_distinct():
    """A report's sub-run seeds are a fixed function of the seed and the labels, the same in
    every process and NumPy release: SeedSequence(seed, spawn_key=CRC-32 of each label's
    text), its first 64-bit word less the top bit.  CRC-32 of "a" and "1" are the standard
    check values 0xE8B7BE43 and 0x83DCEFB7; the SeedSequence hash is written out above."""
    key = (0xE8B7BE43, 0x83DCEFB7)
    expected = _seed_sequence_u64(2026, key) & (2**63 - 1)
    assert expected == 6_168_524_811_527_802_931
    assert page.subseed(2026, "a", 1) == expected
    assert page.subseed(2026, "a", "1") == expected  # a label is read as its text
    for seed, labels in [(1, ("b",)), (2**40 + 3, ("convergence", "AhKd", "QQ", 1000))]:
        crcs = tuple(zlib.crc32(str(k).encode()) for k in labels)
        assert page.subseed(seed, *labels) == _seed_sequence_u64(seed, crcs) & (2**63 - 1)
    seeds = {page.subseed(s, k) for s in (1, 2) for k in ("a", "b")}
    assert len(seeds) == 4
    assert all(0 <= s < 2**63 for s in seeds)


def test_markdown_table_formats():
    frame = pd.DataFrame({"name": ["x"], "n": [1234], "p": [0.123456789], "ok": [False]})
    text = page.md_table(frame, {"p": ".3f"})
    assert text.splitlines() == [
        "| name | n | p | ok |",
        "| :--- | ---: | ---: | :--- |",
        "| x | 1,234 | 0.123 | **no** |",
    ]


def test_markdown_prints_shares_in_percent():
    """A page prints a share (a fraction in its CSV) in percent, never as a bare fraction."""
    frame = pd.DataFrame({"p": [0.571654], "q": [0.0000153908], "se": [math.nan]})
    text = page.md_table(frame, {"p": ".3%", "q": ".3g%", "se": ".3g%"})
    assert text.splitlines()[2] == "| 57.165% | 0.00154% |  |"
    assert page.pct(0.5) == "50.00%"


def test_classic_matchups_against_exact():
    frame = reports.classic_matchups(trials=20_000, seed=3, matchups=reports.CLASSIC_MATCHUPS[:3])
    assert list(frame["hand"]) == ["QhQd", "AhKd", "KsKh"]
    assert frame["exact_equity"].round(6).tolist()[0] == 0.571648
    assert (frame["z"].abs() < 5).all()
    assert (frame["trials"] == 20_000).all()


def test_preflop_vs_random_exact_and_monte_carlo():
    from equity.ranges import CLASSES

    exact = reports.preflop_vs_random(trials=None)
    assert list(exact["hand"]) == list(CLASSES)
    assert exact["combos"].sum() == 1326
    # every combo weighted equally, the average equity against a random hand is one half
    weighted = (exact["combos"] * (2 * exact["win"] + exact["tie"])).sum()
    assert Fraction(int(weighted), 2 * 1326 * int(exact["total"].iloc[0])) == Fraction(1, 2)
    mc = reports.preflop_vs_random(trials=1_000, seed=4)
    assert mc["z"].abs().max() < 5
    assert np.isfinite(mc["exact_stderr"]).all()


def test_sample_matchups():
    sample = studies_holdem._sample_matchups(50, 9)
    assert len(sample) == len(set(sample)) == 50
    assert sample == studies_holdem._sample_matchups(50, 9)
    assert len(studies_holdem._sample_matchups(10**6, 9)) == 14_365


@pytest.fixture(scope="module")
def reference():
    """The report's exact table: the package's own, shipped with it."""
    return reports.load_preflop_reference()


def test_reference_table(reference):
    assert len(reference) == 169 * 169
    assert reference.index.is_unique
    assert (reference["win"] + reference["lose"] + reference["tie"] == reference["total"]).all()
    aa_kk = reference.loc[("AA", "KK")]
    kk_aa = reference.loc[("KK", "AA")]
    assert math.isclose(aa_kk["equity"] + kk_aa["equity"], 1.0)


def test_reference_matches_exact_enumeration(reference):
    """The table's definition (suit assignments equally likely) is calculate's."""
    result = calculate(["AKs", "QQ"], method="exact")
    assert result.equity[0] == pytest.approx(reference.loc[("AKs", "QQ"), "equity"], abs=1e-12)


def test_preflop_matrix_against_reference(reference):
    frame = reports.preflop_matrix(6, trials=5_000, seed=8)
    cmp = reports.compare_with_reference(frame, reference)
    assert len(cmp) == 6
    assert (cmp["z"].abs() < 5).all()
    arr = studies_holdem.matrix_array(cmp)
    assert np.isfinite(arr).sum() in range(6, 13)


def test_reference_is_irving_deon(reference):
    """Both orientations of every matchup equal the published table as exact rationals."""
    published = refeq.read_irving_deon()
    for (hand, opponent), win, lose, tie, total in zip(
        reference.index, reference["win"], reference["lose"], reference["tie"],
        reference["total"], strict=True,
    ):  # fmt: skip
        ours = (Fraction(int(win), int(total)), Fraction(int(lose), int(total)),
                Fraction(int(tie), int(total)))  # fmt: skip
        assert ours == refeq.matchup_probabilities(published, hand, opponent), (hand, opponent)
    assert reference.loc[("AA", "KK"), "equity"] == (50_371_344 + 285_228 / 2) / 61_642_944


# ---------------------------------------------------------------------------
# Zha Jin Hua


def test_heads_up_counts_against_brute_force():
    hands, masks, strength, _ = studies_zjh._zjh_hands()
    win, tie = zjh_heads_up_counts(hands, strength.astype(np.int64))
    rng = np.random.default_rng(0)
    idx = rng.choice(len(hands), 200, replace=False)
    free = (masks[idx, None] & masks[None, :]) == 0
    s = strength.astype(np.int64)
    assert (win[idx] == (free & (s[idx, None] > s[None, :])).sum(axis=1)).all()
    assert (tie[idx] == (free & (s[idx, None] == s[None, :])).sum(axis=1)).all()


@pytest.mark.parametrize(
    "rules", [ZJHRules(), ZJHRules(special_235=True, suit_tiebreak=True)], ids=["std", "235+suit"]
)
def test_zjh_heads_up_exact(rules):
    frame = reports.zjh_heads_up_exact(rules)
    six = frame.drop(index=SPECIAL_235)
    assert six["hands"].sum() == 22_100
    # zero-sum: averaged over every hand, the equity against a random hand is one half
    total = sum(Fraction(f) * n for f, n in zip(six["equity_fraction"], six["hands"], strict=True))
    assert total / 22_100 == Fraction(1, 2)
    # the 52 bombs and 60 off-suit 2-3-5 hands, each enumerated by the engine
    hands, _, _, names = studies_zjh._zjh_hands()
    from equity.cards import format_cards
    from equity.evaluators.zjh import special_235_batch

    for row, members in (
        ("bomb", np.flatnonzero(names == "bomb")),
        (SPECIAL_235, np.flatnonzero(special_235_batch(hands))),
    ):
        eq = [
            calculate([format_cards(h), "random"], game="zjh", rules=rules, method="exact")
            for h in hands[members].tolist()
        ]
        mean = float(np.mean([r.equity[0] for r in eq]))
        assert mean == pytest.approx(frame.loc[row, "equity"], abs=1e-12)


def test_zjh_category_winrates_census_matches_exact():
    rules = ZJHRules(special_235=True)
    exact = reports.zjh_heads_up_exact(rules)
    mc = reports.zjh_category_winrates(rules, [1], heroes=60, trials=1_000, seed=6)
    assert list(mc["category"]) == [*exact.index]
    assert (mc["heroes"] <= 60).all()
    assert mc.set_index("category").loc["bomb", "heroes"] == 52  # census
    z = (mc["equity"].to_numpy() - exact["equity"].to_numpy()) / mc["stderr"].to_numpy()
    assert np.all(np.abs(z[np.isfinite(z)]) < 5), z


def test_stratified_heroes():
    members = np.arange(100, 200)
    strength = np.arange(300)[::-1].copy()
    chosen, weights, groups = studies_zjh._stratified_heroes(
        members, strength, 9, np.random.default_rng(1)
    )
    assert len(chosen) == 8
    assert len(groups) == 4
    assert math.isclose(weights.sum(), 1.0)
    census, w, g = studies_zjh._stratified_heroes(
        members[:5], strength, 9, np.random.default_rng(1)
    )
    assert sorted(census) == list(members[:5])
    assert not g
    se = studies_zjh._stratified_stderr(np.ones(5), w, g, np.full(5, 0.1))
    assert math.isclose(se, 0.1 / math.sqrt(5))


# ---------------------------------------------------------------------------
# run_report


def _links(markdown: str) -> list[str]:
    return re.findall(r"\]\(([^)]+)\)", markdown)


@pytest.fixture(scope="module")
def small_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports")
    calls: list[tuple[int, int]] = []
    paths = reports.run_report(
        "all",
        out,
        size="small",
        trials=500,
        seed=7,
        progress=lambda done, total: calls.append((done, total)),
    )
    return out, paths, calls


def test_run_report_writes_every_file(small_report):
    out, paths, _ = small_report
    assert paths[0] == out / "README.md"
    assert all(p.is_file() and p.stat().st_size > 0 for p in paths)
    on_disk = {p for p in out.rglob("*") if p.is_file()}
    assert on_disk == set(paths)
    for kind in reports.KINDS:
        page = out / f"{kind}.md"
        assert page in paths
        text = page.read_text()
        assert "seed **7**" in text
        assert f"equity report {kind} --out {out} --seed 7 --trials 500 --size small" in text
        links = _links(text)
        assert any(link.endswith(".png") for link in links)
        assert any(link.endswith(".csv") for link in links)
        for link in links:
            assert (out / link).is_file(), link
        # every file of the kind is linked from its page
        assert {p.name for p in (out / kind).iterdir()} == {Path(x).name for x in links}
    index = (out / "README.md").read_text()
    assert all(f"({k}.md)" in index for k in reports.KINDS)


def test_run_report_contents(small_report):
    out, _, _ = small_report
    five = pd.read_csv(out / "frequencies" / "five.csv")
    assert five["count"].sum() == 500
    matchups = pd.read_csv(out / "matchups" / "matchups.csv")
    assert len(matchups) == len(reports.CLASSIC_MATCHUPS)
    matrix = pd.read_csv(out / "preflop" / "matrix.csv")
    assert len(matrix) == reports.SIZES["small"].matrix_matchups
    winrates = pd.read_csv(out / "zjh" / "winrates.csv")
    assert len(winrates) == len(reports.ZJH_VARIANTS) * 7 * 5
    assert set(winrates["opponents"]) == {1, 2, 3, 4, 5}
    assert winrates["equity"].between(0, 1).all()
    exact = pd.read_csv(out / "zjh" / "heads_up_exact.csv")
    assert len(exact) == len(reports.ZJH_VARIANTS) * 7


def test_pages_print_the_csv_shares_in_percent(small_report):
    """The data files keep fractions (0-1); the pages print the same figures in percent."""
    out, _, _ = small_report
    matchups = pd.read_csv(out / "matchups" / "matchups.csv")
    text = (out / "matchups.md").read_text()
    assert matchups["exact_equity"].between(0, 1).all()
    for share in matchups["exact_equity"]:
        assert f"| {share:.3%} |" in text
    exact = pd.read_csv(out / "zjh" / "heads_up_exact.csv")
    text = (out / "zjh.md").read_text()
    for share in exact["equity"]:
        assert f" {share:.4%} |" in text


def test_preflop_page_compares_with_the_shipped_table(small_report):
    out, _, _ = small_report
    assert "`equity/data/preflop_169x169.npz`" in (out / "preflop.md").read_text()
    matrix = pd.read_csv(out / "preflop" / "matrix.csv")
    reference = reports.load_preflop_reference()
    exact = reference.loc[list(zip(matrix["hand"], matrix["opponent"], strict=True)), "equity"]
    np.testing.assert_allclose(matrix["exact_equity"], exact.to_numpy(), rtol=1e-9)
    assert np.isfinite(matrix["z"]).all()


def test_run_report_progress(small_report):
    _, _, calls = small_report
    done = [d for d, _ in calls]
    total = calls[0][1]
    assert done == sorted(done)
    assert done[-1] == total
    assert all(t == total for _, t in calls)
    assert done == list(range(1, total + 1))  # one call per unit of work


def test_run_report_is_reproducible(tmp_path):
    a = reports.run_report("matchups", tmp_path / "a", trials=2_000, seed=3, command="x")
    b = reports.run_report("matchups", tmp_path / "b", trials=2_000, seed=3, command="x")
    assert [p.name for p in a] == [p.name for p in b]
    for pa, pb in zip(a, b, strict=True):
        if pa.suffix == ".csv":
            assert pa.read_bytes() == pb.read_bytes()
        elif pa.suffix == ".md":
            assert pa.read_text().replace(str(tmp_path / "a"), "") == pb.read_text().replace(
                str(tmp_path / "b"), ""
            )
    c = reports.run_report("matchups", tmp_path / "c", trials=2_000, seed=4, command="x")
    assert (tmp_path / "c" / "matchups" / "matchups.csv").read_bytes() != a[1].read_bytes()
    assert c[0].name == "matchups.md"


def test_run_report_exact_frequencies(tmp_path, monkeypatch):
    # only five-card poker and Zha Jin Hua: hold'em enumeration is the slow test above
    games = {name: GAME_REGISTRY[name] for name in ("five", "zjh")}
    monkeypatch.setattr(frequencies_page, "GAMES", games)
    paths = reports.run_report("frequencies", tmp_path, trials=1_000, method="exact", size="small")
    names = {p.name for p in paths}
    assert {"five_exhaustive.csv", "zjh_exhaustive.csv"} <= names
    check = pd.read_csv(tmp_path / "frequencies" / "five_exhaustive.csv")
    assert check["equal"].all()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"kind": "nope"}, "unknown report"),
        ({"size": "huge"}, "unknown size"),
        ({"trials": 0}, "trials"),
        ({"matchups": 0}, "matchups"),
        ({"seed": -1}, "seed"),
        ({"method": "monte-carlo"}, "unknown method 'monte-carlo'"),
    ],
)
def test_run_report_rejects_bad_arguments(tmp_path, kwargs, match):
    args = {"kind": "matchups", "out_dir": tmp_path} | kwargs
    with pytest.raises(ValueError, match=match):
        reports.run_report(**args)


def test_category_frequencies_method() -> None:
    """``method="auto"`` enumerates small games with exact odds unless told to deal."""
    assert category_frequencies("zjh").method == "exact"
    assert category_frequencies("five", method="auto").method == "exact"
    assert category_frequencies("zjh", trials=1_000, seed=1).method == "monte-carlo"
    assert category_frequencies("zjh", method="monte-carlo", trials=1_000).method == "monte-carlo"
    with pytest.raises(ValueError, match="unknown method 'fast'"):
        category_frequencies("zjh", method="fast")
    with pytest.raises(ValueError, match="takes no trials"):
        category_frequencies("zjh", method="exact", trials=10)
    with pytest.raises(ValueError, match="no exact count of omaha hands"):
        category_frequencies("omaha", method="exact")


def test_cli_report_kinds_are_the_reports():
    from equity.cli._freq import REPORT_KINDS

    assert REPORT_KINDS == reports.KINDS


def test_run_report_omaha_page(small_report):
    out, _, _ = small_report
    high = pd.read_csv(out / "omaha" / "matchups_high.csv")
    hilo = pd.read_csv(out / "omaha" / "matchups_hilo.csv")
    assert len(high) + len(hilo) == len(reports.OMAHA_MATCHUPS)
    first = high.iloc[0]
    r = calculate([first["hand"], first["opponent"]], game=first["game"], method="exact")
    assert first["boards"] == r.samples == 1_086_008
    assert first["equity"] == pytest.approx(float(r.equity[0]), abs=1e-9)
    assert (hilo["scoop"] <= hilo["equity"]).all()
    counts = pd.read_csv(out / "omaha" / "shortdeck_categories.csv")
    totals = counts.groupby("deck")["count"].sum()
    assert totals["hold'em"] == 133_784_560
    assert sorted(totals.drop("hold'em")) == [8_347_680, 8_347_680]
    # rank 1 is the strongest under each order
    top = counts[counts["rank"] == 1]["category"]
    assert set(top) == {"straight flush"}
    spread = pd.read_csv(out / "omaha" / "spread.csv")
    assert (spread["favourite_equity"] >= 0.5).all()
    assert set(spread["game"]) == {"holdem", "omaha", "omaha5", "omaha6"}


def test_run_report_ranges_page(small_report):
    import equity

    out, _, _ = small_report
    folder = out / "ranges"
    textures = pd.read_csv(folder / "texture_hits.csv")
    made = textures[textures["partition"]]
    sums = made.groupby(["range", "board"])["share"].sum()
    assert len(sums) == len(reports.STANDARD_RANGES) * len(reports.TEXTURED_FLOPS)
    np.testing.assert_allclose(sums.to_numpy(), 1.0, atol=1e-9)
    aces = textures[(textures["range"] == "10%") & (textures["board"] == "Kc7d2h")]
    expected = equity.hits("10%", "Kc7d2h").shares()
    np.testing.assert_allclose(aces["share"], [expected[c] for c in aces["class"]], atol=1e-9)
    # the top-20% table over every flop is the analysis's own
    flops = pd.read_csv(folder / "all_flops.csv").set_index("class")
    assert flops.loc["set", "share"] == pytest.approx(
        equity.hits("20%", flops="all").share("set"), abs=1e-9
    )
    assert flops.loc[flops["partition"], "share"].sum() == pytest.approx(1.0, abs=1e-9)
    by_flop = pd.read_csv(folder / "all_flops_by_flop.csv")
    assert by_flop["multiplicity"].sum() == 22_100
    # each curve's weighted mean is the range's equity from calculate
    curves = pd.read_csv(folder / "curves.csv", dtype={"seed": "Int64"})
    for (spot, player), part in curves.groupby(["spot", "player"], sort=False):
        assert part["weight"].sum() == pytest.approx(1.0, abs=1e-9)
        assert part["equity"].is_monotonic_decreasing
        first = curves[curves["spot"] == spot]
        hands = list(dict.fromkeys(first["hand"]))
        board = part["board"].iloc[0] if isinstance(part["board"].iloc[0], str) else ""
        method = part["method"].iloc[0]
        kwargs = {}
        if method == "monte-carlo":
            kwargs = {"trials": int(part["trials"].iloc[0]), "seed": int(part["seed"].iloc[0])}
            assert np.isfinite(part["stderr"]).all()
        r = calculate(hands, board, method=method, **kwargs)
        mean = float((part["weight"] * part["equity"]).sum())
        assert mean == pytest.approx(float(r.equity[player]), abs=1e-9)
    assert set(curves["method"]) == {"exact", "monte-carlo"}
    # street by street: the mean over the next cards is the current street's equity
    cards = pd.read_csv(folder / "street_cards.csv")
    for _, part in cards.groupby(["street", "hand"]):
        assert part["equity"].mean() == pytest.approx(part["current_equity"].iloc[0], abs=1e-9)
    assert set(cards["street"]) == {"flop", "turn"}
    assert "Monte-Carlo" in (out / "ranges.md").read_text()


def test_frequencies_page_sets_stud_and_razz_beside_holdem(small_report):
    """Stud shares hold'em's exact odds; razz's lows add up; stud hi-lo's low is razz's 8-low."""
    out, _, _ = small_report
    wide = pd.read_csv(out / "frequencies" / "beside_holdem.csv")
    exact = category_counts("holdem")
    total = sum(exact.values())
    np.testing.assert_allclose(
        wide["exact_probability"], [exact[c] / total for c in wide["category"]], rtol=1e-9
    )
    assert {"holdem_frequency", "stud_frequency", "stud8_frequency"} <= set(wide.columns)
    lows = pd.read_csv(out / "frequencies" / "lows.csv").set_index(["game", "low"])
    razz = category_counts("razz")
    eight = sum(razz[c] for c in ("5-low", "6-low", "7-low", "8-low"))
    assert lows.loc[("razz", "8-low or better"), "exact_probability"] == pytest.approx(
        eight / math.comb(52, 7), rel=1e-9
    )
    assert lows.loc[("stud8", "qualifying 8-or-better low"), "exact_probability"] == pytest.approx(
        eight / math.comb(52, 7), rel=1e-9
    )
    razz_rows = lows.loc["razz"]
    assert razz_rows["exact_probability"].is_monotonic_increasing
    assert (razz_rows["count"] <= 500).all()  # cumulative counts of the small run's 500 hands
    text = (out / "frequencies.md").read_text()
    # seven cards never make a razz low of trips or quads: out of the table and the test's df
    assert "three of a kind, four of a kind." in text
    fit = pd.read_csv(out / "frequencies" / "chi_square.csv").set_index("game")
    assert fit.loc["razz", "df"] == 11
