"""equity: fast, exact-where-possible poker equity and hand frequencies."""

__version__ = "0.1.0"
