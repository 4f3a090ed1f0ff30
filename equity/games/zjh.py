"""Zha Jin Hua (炸金花): three cards each, no board, its own categories and house rules."""

from __future__ import annotations

from ._base import KERNEL_ZJH, Game, RuleOption

__all__ = ["SPECIAL_235", "SPECIAL_235_RULE", "ZJH", "ZJH_CATEGORIES"]

ZJH_CATEGORIES = ("bomb", "straight flush", "flush", "straight", "pair", "high card")
"""Category names, strongest first under the default order (a flush above a straight)."""

SPECIAL_235 = "special 2-3-5"
"""Name of the row counting off-suit 2-3-5 hands, a subset of high card."""

SPECIAL_235_RULE = (
    "With the 2-3-5 rule an off-suit 2-3-5 beats every bomb and loses to every other hand. "
    "The pot goes to the hands that no other hand beats; when every hand is beaten by "
    "another (the cycle 2-3-5 > bomb > any other hand > 2-3-5) the rule is set aside and "
    "the ordinary ranking decides, the 2-3-5 being a Five-high high card."
)
"""The 2-3-5 rule, in the words used by the docs, ``--help`` and the README."""

ZJH = Game(
    name="zjh",
    title="Zha Jin Hua (3 cards)",
    summary="Zha Jin Hua, 3 cards",
    hole_cards=3,
    board_sizes=(0,),
    players=(2, 17),
    categories=ZJH_CATEGORIES,
    hand_sizes=(3,),
    exact_counts="equity.zjh_counts:zjh_category_counts_exact",
    kernel=KERNEL_ZJH,
    rules=(
        RuleOption(
            "special_235",
            "--special-235",
            "the 2-3-5 rule: an off-suit 2-3-5 beats every bomb and loses to every other "
            "hand (see below)",
        ),
        RuleOption(
            "suit_tiebreak",
            "--suit-tiebreak",
            "break rank ties by suit, spade > heart > club > diamond",
        ),
        RuleOption(
            "straight_over_flush",
            "--straight-over-flush",
            "rank a straight above a flush (Teen Patti order)",
        ),
    ),
    rules_class="equity.zjh:ZJHRules.from_flags",
    subsets={SPECIAL_235: "high card"},
)
"""Zha Jin Hua: 2 to 17 players."""
