"""``python -m equity.lookup``: rebuild the shipped hold'em tables."""

from . import write_shipped

print("wrote", write_shipped())
