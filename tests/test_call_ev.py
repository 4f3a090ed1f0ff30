"""The EV of calling an all-in: arithmetic, published examples, results, CLI and errors."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import equity
from equity.cli import main
from equity.decisions.call import CallEv, break_even, call_ev


def test_hand_computed_examples() -> None:
    # 60% for 100 into 100: win 0.6 x 200 = 120 back for 100 in, +20
    c = call_ev(0.6, pot=100, call=100)
    assert (c.ev_call, c.ev_fold, c.break_even, c.exact) == (20.0, 0.0, 0.5, True)
    assert (c.stderr, c.ci95, c.profitable) == (None, None, True)
    # 1/3 for 50 into 150 (a pot-sized bet into 75): 1/3 x 200 - 50 = +16 2/3
    c = call_ev(1 / 3, pot=150, call=50)
    assert c.ev_call == pytest.approx(50 / 3, abs=1e-12)
    assert c.break_even == 0.25
    # a free call (call 0) is never worse than folding; a pot of 0 gives the call back at best
    assert call_ev(0.1, pot=40, call=0).ev_call == pytest.approx(4.0)
    assert call_ev(1.0, pot=0, call=10).ev_call == 0.0
    assert call_ev(0.0, pot=30, call=10).ev_call == -10.0
    assert call_ev(np.float32(0.5), pot=10, call=10).ev_call == 0.0  # any real number


@pytest.mark.parametrize(("pot", "call"), [(150, 50), (133, 33), (1, 1), (7.5, 2.5), (0.5, 3)])
def test_break_even_equity_gives_ev_zero(pot: float, call: float) -> None:
    even = break_even(pot, call)
    assert even == pytest.approx(float(Fraction(call) / (Fraction(pot) + Fraction(call))))
    assert call_ev(even, pot, call).ev_call == pytest.approx(0.0, abs=1e-12)
    below, above = call_ev(even * 0.99, pot, call), call_ev(min(1.0, even * 1.01 + 1e-9), pot, call)
    assert below.ev_call < 0 < above.ev_call


def test_published_flush_draw_example() -> None:
    """CardsChat, "Poker Pot Odds" (https://www.cardschat.com/poker-odds-pot-odds-implied-odds.php):
    a flush draw on the turn wins with 9 of 46 unseen cards; paying 10 to win 30,
    EV = (-10 x 37/46) + (30 x 9/46) = -$2.17, and with 50 in the pot +$1.74.
    Their "win 30" is the pot before the call (the bet included): our ``pot``.
    """
    assert round(call_ev(9 / 46, pot=30, call=10).ev_call, 2) == -2.17
    assert round(call_ev(9 / 46, pot=50, call=10).ev_call, 2) == 1.74
    # the same as their form, win x P(win) - call x P(lose), exactly
    assert call_ev(9 / 46, pot=30, call=10).ev_call == pytest.approx(30 * 9 / 46 - 10 * 37 / 46)


@pytest.mark.parametrize(
    ("bet", "published"),
    [(100 / 3, "20.0%"), (50, "25.0%"), (200 / 3, "28.6%"), (75, "30.0%"), (100, "33.3%"),
     (200, "40.0%")],
)  # fmt: skip
def test_published_break_even_table(bet: float, published: str) -> None:
    """Poker Exploit Guide, "Pot Odds & EV"
    (https://porker-exploit-guide.com/en/blog/pot-odds-ev.html): breakeven equity for a bet of
    1/3, 1/2, 2/3, 3/4, 1 and 2 pots into a pot of 100 (call the bet to win ``100 + 2 bet``),
    to one decimal (their table writes the bets rounded: 33, 67)."""
    assert f"{break_even(100 + bet, bet):.1%}" == published


def test_from_an_exact_result() -> None:
    # 9h8h against AcAd on 2h5hKcQs: the 9 hearts of the 44 unseen river cards win, nothing ties
    r = equity.calculate(["9h8h", "AcAd"], board="2h5hKcQs")
    c = equity.call_ev(r, 30, 10)
    assert isinstance(c, equity.CallEv)
    assert c.exact
    assert c.stderr is None
    assert c.player == 0
    assert c.equity == pytest.approx(9 / 44, abs=1e-15)
    assert c.ev_call == pytest.approx(9 / 44 * 40 - 10, abs=1e-12)
    villain = call_ev(r, 30, 10, player=1)
    assert villain.equity == pytest.approx(35 / 44)
    assert villain.player == 1


def test_multiway_pot_is_every_chip_in() -> None:
    # three players all in preflop for 100 each, the hero last to call 100: P = 200, C = 100
    r = equity.calculate(["AsAh", "KsKh", "QsQh"])
    c = call_ev(r, pot=200, call=100)
    assert c.ev_call == pytest.approx(float(r.equity[0]) * 300 - 100, abs=1e-12)
    assert c.break_even == pytest.approx(1 / 3)


def test_monte_carlo_stderr_scales_with_the_final_pot() -> None:
    r = equity.calculate(["AsKs", "random", "random"], trials=20_000, seed=3)
    c = call_ev(r, pot=300, call=100)
    assert not c.exact
    assert r.stderr is not None
    assert c.stderr == pytest.approx(float(r.stderr[0]) * 400)
    assert c.ci95 is not None
    lo, hi = c.ci95
    assert lo < c.ev_call < hi
    assert hi - c.ev_call == pytest.approx(1.959963984540054 * c.stderr)
    assert "Monte-Carlo" in repr(c)
    assert "Monte-Carlo" in c.text()


def test_repr_and_dict() -> None:
    c = call_ev(0.25, 150, 50)
    assert repr(c) == (
        "CallEv(exact: equity 25.0000% x (150 + 50) - 50 = EV(call) 0, break-even 25.0000%)"
    )
    assert c.to_dict() == {
        "player": 0, "pot": 150.0, "call": 50.0, "equity": 0.25, "ev_call": 0.0,
        "ev_fold": 0.0, "break_even": 0.25, "exact": True, "stderr": None, "ci95": None,
    }  # fmt: skip
    with pytest.raises(AttributeError):
        c.ev_call = 1.0  # type: ignore[misc]
    assert CallEv.from_equity(0.5, 10, 10, stderr=0.01).stderr == pytest.approx(0.2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0.5, -1, 10), "the pot -1 is negative: chips in a pot are 0 or more"),
        ((0.5, 10, -2.5), "the call -2.5 is negative: chips in a pot are 0 or more"),
        ((0.5, 0, 0), "the pot and the call are both 0: there is nothing to call for"),
        ((1.5, 10, 10), "the equity 1.5 is not a share of the pot between 0 and 1"),
        ((0.5, "ten", 10), "the pot 'ten' is not a number of chips"),
        ((0.5, float("nan"), 10), "the pot nan is not a finite number of chips"),
        (("AsKs", 10, 10), "'AsKs' is neither an EquityResult nor an equity between 0 and 1"),
    ],
)
def test_errors(args: tuple[object, object, object], message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        call_ev(*args)  # type: ignore[arg-type]


def test_player_out_of_range() -> None:
    r = equity.calculate(["AsKs", "QhQd"])
    with pytest.raises(ValueError, match=r"^player 2 is not one of the 2 players \(0 to 1\)$"):
        call_ev(r, 10, 10, player=2)
    with pytest.raises(ValueError, match="has no player 1"):
        call_ev(0.5, 10, 10, player=1)


# ---------------------------------------------------------------------------
# the command line


def test_cli_query_pot_call_text(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "9h8h", "AcAd", "--board", "2h5hKcQs", "--pot", "30", "--call", "10"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "EV(call) = -1.81818 chips (exact); EV(fold) = 0" in out
    assert "break-even equity 10 / (30 + 10) = 25.0000%, equity 20.4545%: fold" in out
    assert "the bet being called included" in out
    assert "multiway" not in out  # heads-up: only the first clause


def test_cli_query_pot_call_json_multiway(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "AsAh", "KsKh", "QsQh", "--pot", "200", "--call", "100", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    call = data["call"]
    e = data["players"][0]["equity"]
    assert call["equity"] == e
    assert call["exact"] is True
    assert call["stderr"] is None
    assert call["ev_call"] == pytest.approx(e * 300 - 100)
    assert (call["pot"], call["call"], call["ev_fold"], call["break_even"]) == (
        200.0, 100.0, 0.0, pytest.approx(1 / 3),
    )  # fmt: skip


def test_cli_query_multiway_states_the_pot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "AsAh", "KsKh", "QsQh", "--pot", "200", "--call", "100"]) == 0
    assert "multiway, the other players' chips too" in capsys.readouterr().out


def test_cli_query_monte_carlo_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "AsKs", "random", "random", "--trials", "2e4", "--seed", "1", "--quiet"]
    assert main([*argv, "--pot", "300", "--call", "100", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    call, player = data["call"], data["players"][0]
    assert call["exact"] is False
    assert call["stderr"] == pytest.approx(player["stderr"] * 400)
    assert call["ci95"] == pytest.approx(
        [call["ev_call"] - 1.959963984540054 * call["stderr"],
         call["ev_call"] + 1.959963984540054 * call["stderr"]]
    )  # fmt: skip


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--pot", "30"], "--pot needs --call too"),
        (["--call", "30"], "--call needs --pot too"),
        (["--pot", "-5", "--call", "1"], "'-5' is not a number of chips at least 0"),
        (["--pot", "x", "--call", "1"], "'x' is not a number of chips"),
        (["--pot", "0", "--call", "0"], "the pot and the call are both 0"),
    ],
)
def test_cli_query_errors(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(["query", "AsKs", "QhQd", *extra]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err
