"""The range-hits widget: Flopzilla's table as bars; a class clicked shows its combos on a grid.

The table is :func:`equity.hits` for the range on one board (3-5 cards): each
class's combos, weighted combos and share of the range.  Selecting a class
(``selected``, set by a click in the front end) fills ``cells``, the weight of
each of the 169 grid classes that falls in it (a combo's range weight when
:func:`~equity.analysis.hits.hand_classes` puts it in the class, over the 4, 6
or 12 combos of its grid class), and ``members``, those combos.  A bad range
or board shows the one-sentence message in ``error``.
"""

from __future__ import annotations

import html
import re
from typing import Any

import numpy as np
import traitlets

from ..analysis.hits import hand_classes, hits
from ..cards import format_cards
from ..ranges import CLASSES, Range, hand_class
from ._base import STATIC, anywidget, esm, with_html
from .rangegrid import RangeGrid

__all__ = ["HitsView", "slug"]

_CLASS_INDEX = {label: k for k, label in enumerate(CLASSES)}
_CLASS_SIZE = {
    label: 6 if len(label) == 2 else 4 if label.endswith("s") else 12 for label in CLASSES
}


def slug(name: str) -> str:
    """The test-id form of a class name.

    Examples
    --------
    >>> slug("top pair (top kicker)")
    'top-pair-top-kicker'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class HitsView(anywidget.AnyWidget):
    """The hits of a hold'em range on a board (see the module doc).

    Examples
    --------
    >>> view = HitsView("QQ+,AKs,JTs", "Ts9s2h")
    >>> [r["name"] for r in view.rows][:3]
    ['straight flush', 'quads', 'full house']
    >>> view.selected = "overpair"
    >>> len(view.members), view.cells[0]  # QQ, KK, AA; all of AA
    (18, 1.0)
    """

    _esm = esm("hitsview.js")
    _css = STATIC / "widgets.css"

    text = traitlets.Unicode("").tag(sync=True)
    """The range (:func:`equity.parse_range` syntax)."""
    board = traitlets.Unicode("").tag(sync=True)
    dead = traitlets.Unicode("").tag(sync=True)
    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    """One dict per class, in table order: ``name``, ``slug``, ``group``, ``sub``,
    ``combos``, ``weight``, ``share``."""
    total_combos = traitlets.Float(0.0).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    cells = traitlets.List(traitlets.Float()).tag(sync=True)
    members = traitlets.List(traitlets.Unicode()).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self, range: str | Range | RangeGrid = "", board: str = "", dead: str = "", **kwargs: Any
    ) -> None:
        if isinstance(range, RangeGrid):
            text = range.text
            range.observe(lambda change: setattr(self, "text", change["new"]), names="text")
        else:
            text = range.format() if isinstance(range, Range) else str(range)
        super().__init__(text=text, board=board, dead=dead, **kwargs)
        self._update()

    def __repr__(self) -> str:
        """``HitsView('<range>', '<board>')``."""
        return f"HitsView({self.text!r}, {self.board!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and a static table of the hits where no kernel runs."""
        return with_html(super()._repr_mimebundle_(**kwargs), self.html())

    def html(self) -> str:
        """The hits as a static HTML table."""
        rows = "".join(
            f"<tr><td>{'&nbsp;&nbsp;' * r['sub']}{html.escape(r['name'])}</td>"
            f"<td>{r['combos']:g}</td><td>{r['share']:.1%}</td></tr>"
            for r in self.rows
            if r["combos"]
        )
        title = html.escape(f"{self.text} on {self.board}")
        return (
            f"<p>{title}: {self.total_combos:g} combos {html.escape(self.error)}</p>"
            f"<table><tr><th>class</th><th>combos</th><th>share</th></tr>{rows}</table>"
        )

    @traitlets.observe("text", "board", "dead")
    def _inputs_changed(self, _: dict[str, Any]) -> None:
        self._update()

    @traitlets.observe("selected")
    def _selected_changed(self, _: dict[str, Any]) -> None:
        self._select()

    def _update(self) -> None:
        try:
            result = hits(self.text, self.board, self.dead)
        except ValueError as error:
            with self.hold_sync():
                self.error = str(error)
                self.rows, self.cells, self.members = [], [0.0] * 169, []
            return
        combos, weight, shares = result.combos, result.weight, result.shares()
        rows = [
            {
                "name": name,
                "slug": slug(name),
                "group": group,
                "sub": sub,
                "combos": float(combos[name]),
                "weight": float(weight[name]),
                "share": float(shares[name]),
            }
            for name, group, sub in zip(result.names, result.groups, result.sub, strict=True)
        ]
        with self.hold_sync():
            self.error = ""
            self.rows = rows
            self.total_combos = result.total_combos
            self._select()

    def _select(self) -> None:
        """Fill ``cells`` and ``members`` for the selected class (empty when none)."""
        cells = np.zeros(169)
        members: list[str] = []
        if self.selected and not self.error:
            r = Range(self.text).remove(self.board + self.dead)
            for (a, b), w in zip(r.combos.tolist(), r.weights.tolist(), strict=True):
                hand = format_cards([a, b])
                if self.selected in hand_classes(hand, self.board):
                    label = hand_class(a, b)
                    cells[_CLASS_INDEX[label]] += w
                    members.append(hand)
        sizes = [_CLASS_SIZE[label] for label in CLASSES]
        with self.hold_sync():
            self.cells = [float(c / n) for c, n in zip(cells, sizes, strict=True)]
            self.members = members
