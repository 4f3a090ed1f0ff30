"""The range grid widget: the 13x13 hold'em grid, painted with the mouse, synced with range text.

``text`` (PokerStove syntax) and ``range`` (a :class:`~equity.ranges.Range`)
follow each other both ways; ``grid`` (the 169 class weights, grid order),
``combos`` and ``share`` follow them.  The front end paints: a click or a drag
sets the classes it covers to ``paint_weight`` percent (or clears them when
the first cell already had that weight) and sends them as one ``paint``
message; ``top`` messages set the range to the strongest ``p%``; ``suits``
asks for the combos of one class (answered with a ``suits`` message) and
``combo`` toggles one of them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import traitlets

from ..cards import format_cards, parse_cards
from ..ranges import ALL_COMBOS, CLASSES, Range, class_combos, combo_index
from ._base import STATIC, anywidget, esm, with_html

__all__ = ["RangeGrid"]

_CLASS_INDEX = {label: k for k, label in enumerate(CLASSES)}


def _parse(text: str) -> Range:
    """The range of ``text``; an empty grid for blank text (the engine refuses an empty range)."""
    if not text.strip():
        return Range.from_combos(np.empty((0, 2), dtype=np.int64))
    return Range(text)


class RangeGrid(anywidget.AnyWidget):
    """A 13x13 hold'em range grid (see the module doc).

    Examples
    --------
    >>> grid = RangeGrid("QQ+,AKs")
    >>> grid.combos, grid.range.n_combos
    (22, 22)
    >>> grid.paint(["AKo"], 50)
    >>> grid.text
    'QQ+,AKs,AKo@50'
    """

    _esm = esm("rangegrid.js")
    _css = STATIC / "widgets.css"

    text = traitlets.Unicode("").tag(sync=True)
    range = traitlets.Instance(Range)
    grid = traitlets.List(traitlets.Float()).tag(sync=True)
    """The mean combo weight of each of the 169 classes, in :data:`~equity.ranges.CLASSES`
    order."""
    combos = traitlets.Int(0).tag(sync=True)
    share = traitlets.Float(0.0).tag(sync=True)
    """The range's weight over all 1,326 combos."""
    paint_weight = traitlets.Int(100, min=0, max=100).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, range: str | Range = "", **kwargs: Any) -> None:
        self._busy = False
        parsed = range if isinstance(range, Range) else _parse(range)
        super().__init__(range=parsed, text=parsed.text, **kwargs)
        self._show(parsed)
        self.on_msg(self._message)

    def __repr__(self) -> str:
        """``RangeGrid('<text>')``."""
        return f"RangeGrid({self.text!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and the range's static grid where no kernel runs."""
        return with_html(super()._repr_mimebundle_(**kwargs), self.range._repr_html_())

    @traitlets.observe("text")
    def _text_changed(self, change: dict[str, Any]) -> None:
        if self._busy:
            return
        try:
            parsed = _parse(change["new"])
        except ValueError as error:
            self.error = str(error)
            return
        self._busy = True
        try:
            self.error = ""
            self.range = parsed
        finally:
            self._busy = False

    @traitlets.observe("range")
    def _range_changed(self, change: dict[str, Any]) -> None:
        new: Range = change["new"]
        self._show(new)
        if not self._busy:
            self._busy = True
            try:
                self.error = ""
                self.text = new.format()
            finally:
                self._busy = False

    def _show(self, r: Range) -> None:
        with self.hold_sync():
            self.grid = [float(w) for w in r.grid().ravel()]
            self.combos = r.n_combos
            self.share = r.fraction

    def paint(self, classes: list[str], weight: float) -> None:
        """Set every combo of ``classes`` (``"AKs"``, ``"QQ"``) to ``weight`` percent (0 clears)."""
        dense = np.array(self.range.dense)
        for label in classes:
            for a, b in class_combos(label):
                dense[combo_index(int(a), int(b))] = weight / 100
        self._set_dense(dense)

    def toggle_combo(self, combo: str) -> None:
        """Add one combo (``"AsKs"``) at the paint weight, or remove it when present."""
        a, b = parse_cards(combo)
        k = combo_index(a, b)
        dense = np.array(self.range.dense)
        dense[k] = 0.0 if dense[k] > 0 else self.paint_weight / 100
        self._set_dense(dense)

    def suits(self, label: str) -> list[dict[str, Any]]:
        """The combos of one class with their weights in the range (for the suits popup)."""
        dense = self.range.dense
        return [
            {"combo": format_cards([int(a), int(b)]), "weight": float(dense[combo_index(a, b)])}
            for a, b in class_combos(label)
        ]

    def _set_dense(self, dense: np.ndarray) -> None:
        index = np.flatnonzero(dense > 0)
        self.range = Range.from_combos(ALL_COMBOS[index], dense[index])

    def _message(self, _: Any, content: dict[str, Any], buffers: list[Any]) -> None:
        """A message of the front end: paint, top, suits or combo (see the module doc)."""
        kind = content.get("type")
        try:
            if kind == "paint":
                labels = [c for c in content.get("classes", []) if c in _CLASS_INDEX]
                self.paint(labels, float(content.get("weight", self.paint_weight)))
            elif kind == "top":
                self.text = f"{float(content['percent']):g}%"
            elif kind == "suits":
                label = str(content["class"])
                self.send({"type": "suits", "class": label, "combos": self.suits(label)})
            elif kind == "combo":
                self.toggle_combo(str(content["combo"]))
                label = str(content["class"])
                self.send({"type": "suits", "class": label, "combos": self.suits(label)})
        except (ValueError, KeyError) as error:
            self.error = str(error)
