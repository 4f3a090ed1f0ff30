"""The package version (a module of its own: nothing else need import the package root)."""

__version__ = "0.1.0"
