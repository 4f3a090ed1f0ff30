"""``python -m equity.lookup``: rebuild the shipped hold'em tables."""

from . import _write_shipped

print("wrote", _write_shipped())
