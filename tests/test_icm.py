"""The Independent Chip Model (``equity.icm``, ``equity icm``) against independent answers.

* a plain-Python recursion in exact fractions (``reference_icm``), on every
  field of up to 7 players and random ones;
* pokerkit's ``calculate_icm`` (a sum over the finishing orders) on random cases;
* published examples: the Wikipedia article "Independent Chip Model" (stacks
  50/30/20%, payouts 70/30: EVs about 45, 32, 22; pokerkit's doctests give
  45.17, 32.25, 22.57), Collin Moshman's *Sit 'n Go Strategy* (three players
  with 50/30/20% of the chips, payouts 50/30/20%: the finishing orders 30%,
  20%, 21.43%, 8.57%, 12.5%, 7.5%, and player A's equity 38.39% of the pool),
  and pailiku.com's ICM calculator example (stacks 5000/3000/1500/500, payouts
  500/300/200: 377.78, 312.89, 225.60, 83.73);
* the properties: equal stacks share equally, one payout goes by chip share,
  each paid place is taken by exactly one player, the EVs add up to the pool;
* the quadrature against the exact sums (its stated error) and Monte-Carlo
  within 5 standard errors;
* the command: its table, ``--json``, ``--chop``, and bad input as one sentence
  with exit code 2.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from conftest import fails, run_json
from reference_icm import reference_ev, reference_places

import equity
from equity.cli import main
from equity.decisions import harville
from equity.decisions.icm import QUADRATURE_ERROR, chip_chop, icm

pokerkit = pytest.importorskip("pokerkit")


def _random_field(rng: np.random.Generator, n: int, kind: int) -> np.ndarray:
    """Stacks of three kinds: uniform, spread over orders of magnitude, one giant."""
    if kind == 0:
        return rng.integers(1, 10_000, n).astype(float)
    if kind == 1:
        return np.round(np.exp(rng.normal(8, 2, n))) + 1
    stacks = rng.integers(1, 100, n).astype(float)
    stacks[rng.integers(n)] = 100_000
    return stacks


# ---------------------------------------------------------------------------
# the plain-Python recursion, exact fractions


@pytest.mark.parametrize("n", range(1, 8))
def test_exact_equals_the_recursion_on_every_paid_count(n: int) -> None:
    stacks = [7 * i * i + 3 * i + 1 for i in range(n)]
    for paid in range(1, n + 1):
        ref = np.array(reference_places(stacks, paid), dtype=float)
        assert np.abs(harville.exact_places(np.array(stacks, float), paid) - ref).max() < 1e-15


def test_exact_equals_the_recursion_on_random_fields(rng: np.random.Generator) -> None:
    for trial in range(30):
        n = int(rng.integers(2, 8))
        stacks = _random_field(rng, n, trial % 3)
        payouts = sorted(
            (int(x) for x in rng.integers(0, 1000, int(rng.integers(1, n + 1)))), reverse=True
        )
        payouts[0] += 1
        ref = np.array([float(x) for x in reference_ev(stacks.tolist(), payouts)])
        r = icm(stacks, payouts)
        assert r.method == "exact"
        assert np.abs(r.ev - ref).max() <= 1e-12 * sum(payouts)


# ---------------------------------------------------------------------------
# pokerkit


def test_pokerkit_calculate_icm_on_random_cases(rng: np.random.Generator) -> None:
    for trial in range(40):
        n = int(rng.integers(2, 9))
        stacks = _random_field(rng, n, trial % 3)
        paid = int(rng.integers(1, min(n, 5) + 1))
        payouts = sorted(rng.uniform(0, 100, paid), reverse=True)
        theirs = np.array(pokerkit.calculate_icm(payouts, stacks.tolist()))
        ours = icm(stacks, payouts)
        assert np.abs(ours.ev - theirs).max() <= 1e-10 * sum(payouts), (stacks, payouts)


def test_pokerkit_doctests() -> None:
    """The four cases of pokerkit's own ``calculate_icm`` docstring."""
    assert icm([50, 30, 20], [70, 30]).ev.tolist() == pytest.approx([45.17857, 32.25, 22.57143])
    assert icm([25, 87, 88], [50, 30, 20]).ev[0] == pytest.approx(25.69, abs=0.01)
    assert icm([21, 89, 90], [50, 30, 20]).ev[2] == pytest.approx(37.63, abs=0.01)
    assert icm([198, 1, 1], [50, 30, 20]).ev[1] == pytest.approx(25.10, abs=0.01)


# ---------------------------------------------------------------------------
# published examples


def test_the_wikipedia_example() -> None:
    """en.wikipedia.org/wiki/Independent_Chip_Model: A, B, C hold 50%, 30%, 20% of the chips,
    1st pays 70 and 2nd 30; ICM(A) ~ 45, ICM(B) ~ 32, ICM(C) ~ 22."""
    r = icm([50, 30, 20], [70, 30])
    assert [round(x) for x in r.ev] == [45, 32, 23]  # 22.57: the article truncates
    assert r.ev[0] == pytest.approx(70 * 0.5 + 30 * (0.3 * 0.5 / 0.7 + 0.2 * 0.5 / 0.8))


def test_the_sit_n_go_strategy_example() -> None:
    """Collin Moshman, *Sit 'n Go Strategy* (2007), the ICM chapter: stacks 50%, 30%, 20%,
    payouts 50/30/20% of the pool: the orders ABC 30%, ACB 20%, BAC 21.43%, BCA 8.57%,
    CAB 12.5%, CBA 7.5%, and Equity(A) = 38.39% of the pool."""
    r = icm([10_000, 6_000, 4_000], [50, 30, 20])
    assert r.ev_share[0] == pytest.approx(0.3839, abs=5e-5)
    orders = {"ABC": 0.3, "ACB": 0.2, "BAC": 0.2143, "BCA": 0.0857, "CAB": 0.125, "CBA": 0.075}
    # P(A 2nd) = P(BAC) + P(CAB)
    assert r.places[0, 1] == pytest.approx(orders["BAC"] + orders["CAB"], abs=1e-4)
    assert r.places[2, 2] == pytest.approx(orders["ABC"] + orders["BAC"], abs=1e-4)


def test_the_pailiku_calculator_example() -> None:
    """pailiku.com/tools/icm-calculator/result: stacks 5000/3000/1500/500, payouts
    500/300/200 -> 377.78, 312.89, 225.60, 83.73."""
    r = icm([5000, 3000, 1500, 500], [500, 300, 200])
    assert r.ev.round(2).tolist() == [377.78, 312.89, 225.60, 83.73]


def test_the_chip_chop_example() -> None:
    """parksweb.us/poker-chop.htm: each player first gets the last prize still to be won, the
    rest goes by chips (stacks 30,000/20,000/10,000, prizes 500/300/200)."""
    chops = chip_chop([30_000, 20_000, 10_000], [500, 300, 200])
    assert chops.tolist() == pytest.approx([200 + 400 * 0.5, 200 + 400 / 3, 200 + 400 / 6])


# ---------------------------------------------------------------------------
# properties


@pytest.mark.parametrize("method", ["exact", "quadrature"])
def test_properties(method: str, rng: np.random.Generator) -> None:
    for n in (2, 5, 9, 14):
        equal = icm([1000] * n, list(range(n, 0, -1)), method=method)
        assert np.allclose(equal.places, 1 / n, atol=1e-12)
        assert np.allclose(equal.ev, (n + 1) / 2, atol=1e-10)
        stacks = _random_field(rng, n, n % 3)
        one = icm(stacks, [100], method=method)
        assert np.allclose(one.ev, 100 * stacks / stacks.sum(), atol=1e-10)
        payouts = sorted(rng.uniform(1, 100, n), reverse=True)
        r = icm(stacks, payouts, method=method)
        assert np.allclose(r.places.sum(axis=0), 1, atol=1e-12)  # a place has one player
        assert np.allclose(r.places.sum(axis=1), 1, atol=1e-12)  # every place paid
        assert r.ev.sum() == pytest.approx(sum(payouts), rel=1e-12)
        assert np.allclose(r.places[:, 0], stacks / stacks.sum(), atol=1e-13)
        order = np.argsort(stacks, kind="stable")
        assert np.all(np.diff(r.ev[order]) >= -1e-9)  # more chips, more money


def test_one_player_takes_the_first_prize() -> None:
    assert icm([123], [10]).ev.tolist() == [10.0]


def test_only_the_paid_places_are_computed() -> None:
    """1,000 players, 2 paid: a million terms, exact."""
    stacks = np.arange(1, 1001, dtype=float)
    r = icm(stacks, [70, 30])
    assert r.method == "exact"
    assert r.places.shape == (1000, 2)
    s = stacks / stacks.sum()
    second = s * ((s / (1 - s)).sum() - s / (1 - s))  # sum over the winner j != i
    assert np.allclose(r.places[:, 1], second, atol=1e-15)
    assert r.ev.sum() == pytest.approx(100)


# ---------------------------------------------------------------------------
# quadrature and Monte-Carlo


def test_quadrature_error_against_exact(rng: np.random.Generator) -> None:
    """The stated bound holds on every field drawn, up to 20 players (uniform stacks, stacks
    spread over orders of magnitude, one stack up to 100,000 times the others); the largest
    error measured is about 1e-13."""
    worst = 0.0
    for trial in range(24):
        n = int(rng.integers(2, 21)) if trial < 21 else 20
        paid = int(rng.integers(1, n + 1)) if trial % 2 else n
        stacks = _random_field(rng, n, trial % 3)
        if n > 16 and paid > 10:
            paid = 10  # keeps the exact side quick
        quadrature = harville.quadrature_places(stacks, paid)
        assert np.isfinite(quadrature).all()
        worst = max(worst, float(np.abs(quadrature - harville.exact_places(stacks, paid)).max()))
    assert worst < QUADRATURE_ERROR
    assert worst < 1e-12  # the measured figure the docs quote, with room


def test_auto_chooses_quadrature_for_large_fields() -> None:
    stacks = np.linspace(1000, 30000, 300)
    payouts = np.linspace(100, 10, 40)
    r = icm(stacks, payouts)
    assert r.method == "quadrature"
    assert r.error == QUADRATURE_ERROR
    assert np.allclose(r.places.sum(axis=0), 1, atol=1e-11)
    assert (r.places.sum(axis=1) <= 1 + 1e-11).all()
    assert r.ev.sum() == pytest.approx(payouts.sum(), rel=1e-11)
    mc = icm(stacks, payouts, method="monte-carlo", trials=20_000, seed=5)
    assert mc.ev_stderr is not None
    assert (np.abs(mc.ev - r.ev) <= 5 * mc.ev_stderr + 1e-12).all()


def test_monte_carlo_within_five_standard_errors(rng: np.random.Generator) -> None:
    stacks = [5000, 3000, 2000, 1200, 800]
    exact = icm(stacks, [50, 30, 20])
    mc = icm(stacks, [50, 30, 20], method="monte-carlo", trials=200_000, seed=11)
    assert mc.method == "monte-carlo"
    assert mc.error is None
    assert mc.trials == 200_000
    assert mc.places_stderr is not None
    assert mc.ev_stderr is not None
    assert (np.abs(mc.places - exact.places) <= 5 * mc.places_stderr + 1e-12).all()
    assert (np.abs(mc.ev - exact.ev) <= 5 * mc.ev_stderr).all()
    again = icm(stacks, [50, 30, 20], method="monte-carlo", trials=200_000, seed=11)
    assert np.array_equal(again.places, mc.places)


def test_exact_refuses_what_would_take_too_long() -> None:
    with pytest.raises(ValueError, match="use method='quadrature'"):
        icm([1] * 30, [1] * 30, method="exact")


# ---------------------------------------------------------------------------
# the result


def test_the_result() -> None:
    r = equity.icm([5000, 3000, 2000], [50, 30, 20])
    assert isinstance(r, equity.IcmResult)
    assert r.pool == 100
    assert r.paid == 3
    assert r.n_players == 3
    assert r.error == 0.0
    frame = r.to_frame()
    assert list(frame.columns) == ["chips", "chip_share", "ev", "ev_share", "chip_chop"]
    assert r.places_frame.shape == (3, 3)
    assert list(r.places_frame.columns) == [1, 2, 3]
    assert r.chop()["icm_chop"].sum() == pytest.approx(100)
    with pytest.raises(ValueError, match="read-only"):
        r.ev[0] = 1.0
    html = r._repr_html_()
    assert "38.39" in html
    assert "%" in html
    assert "exact" in html
    text = str(r)
    assert "50.00%" in text
    assert "38.39" in text
    assert "exact" in text
    data = r.to_dict()
    assert data["method"] == "exact"
    assert data["players"][0]["places"][0] == 0.5
    many = icm(np.arange(1, 31), np.arange(15, 0, -1), method="quadrature")
    assert "places 10-15" in str(many)
    assert "more" in repr(many)


@pytest.mark.parametrize(
    ("stacks", "payouts", "needle"),
    [
        ([5000, 0, 2000], [50, 30], "player 1 has 0 chips"),
        ([5000, -1], [50], "player 1 has -1 chips"),
        ([5000, 3000], [50, 30, 20], "3 payouts for 2 players"),
        ([5000, 3000], [50, -30], "payouts cannot be negative"),
        ([5000, 3000], [0, 0], "add up to nothing"),
        ([], [1], "non-empty"),
        ([1, float("nan")], [1], "finite"),
        (["a"], [1], "must be numbers"),
    ],
)
def test_bad_input_is_one_sentence(stacks: list, payouts: list, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        icm(stacks, payouts)


# ---------------------------------------------------------------------------
# the command


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--chop"]) == 0
    out = capsys.readouterr().out
    assert "exact" in out
    assert "38.39" in out
    assert "chip chop" in out
    assert "-1.61" in out
    data = run_json(capsys, "icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--chop")
    assert data["method"] == "exact"
    assert [p["ev"] for p in data["players"]] == pytest.approx([38.392857, 32.75, 28.857143])
    assert [c["chip_chop"] for c in data["chop"]] == pytest.approx([40, 32, 28])
    pct = run_json(
        capsys, "icm", "5000", "3000", "1500", "500", "--payouts", "50%,30%,20%", "--pool", "1000"
    )
    assert [round(p["ev"], 2) for p in pct["players"]] == [377.78, 312.89, 225.6, 83.73]
    mc = run_json(
        capsys,
        "icm",
        "5",
        "3",
        "2",
        "--payouts",
        "7,3",
        "--method",
        "monte-carlo",
        "--trials",
        "1e4",
        "--seed",
        "1",
    )
    assert mc["method"] == "monte-carlo"
    assert mc["seed"] == 1
    assert mc["trials"] == 10_000
    quad = run_json(capsys, "icm", "5", "3", "2", "--payouts", "7,3", "--method", "quadrature")
    assert quad["players"][0]["ev"] == pytest.approx(
        7 * 0.5 + 3 * (0.3 * 0.5 / 0.7 + 0.2 * 0.5 / 0.8)
    )


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["5000", "0", "2000", "--payouts", "50,30"], "player 1 has 0 chips"),
        (["5000", "-5", "--payouts", "50"], "player 1 has -5 chips"),
        (["5000", "3000", "--payouts", "50,30,20"], "3 payouts for 2 players"),
        (["5000", "abc", "--payouts", "50"], "'abc' is not a number"),
        (["5000", "3000", "--payouts", "50%,30"], "mixes amounts and percentages"),
        (["5000", "3000", "--payouts", "60%,50%"], "adds up to 110%"),
        (["5000", "3000", "--payouts", "x"], "'x' is not a number"),
        (["5000", "3000", "--payouts", "50,30", "--pool", "10"], "--pool is for payouts"),
        (["5000", "3000", "--payouts", "50", "--seed", "1"], "--method monte-carlo"),
        (["5000", "3000"], "the following arguments are required: --payouts"),
        (["5000", "3000", "--payouts", "1", "--method", "fast"], "invalid choice: 'fast'"),
    ],
)
def test_the_command_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    assert needle in fails(capsys, "icm", *argv)


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "--help"]) == 0
    out = capsys.readouterr().out
    assert "equity icm 5000 3000 2000 --payouts 50,30,20 --chop" in out


def test_the_readme_example(capsys: pytest.CaptureFixture[str]) -> None:
    """The docs' command prints the docs' table."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "docs" / "decisions.md").read_text("utf-8")
    section = readme.split("## Tournaments: ICM\n", 1)[1].split("\n## ", 1)[0]
    command = "equity icm 5000 3000 2000 --payouts 50,30,20 --chop"
    assert command in section
    assert main(command.split()[1:]) == 0
    out = capsys.readouterr().out
    table = [line for line in out.splitlines() if not line.startswith("(")]
    for line in table:
        assert line in section, line


def test_every_ordering_sums_to_one() -> None:
    """The recursion itself: its finishing orders are a distribution (a check of the check)."""
    stacks = [3, 5, 7, 11]
    places = reference_places(stacks, 4)
    assert all(sum(row) == 1 for row in places)
    assert all(sum(places[i][k] for i in range(4)) == 1 for k in range(4))
    total = Fraction(0)
    for order in itertools.permutations(range(4)):
        p, left = Fraction(1), Fraction(sum(stacks))
        for i in order:
            p *= Fraction(stacks[i]) / left
            left -= stacks[i]
        total += p
    assert total == 1
