"""Numba kernels: pure functions on integer arrays (numpy + numba only).

Nothing in this package imports pandas, matplotlib or any module above it.
Lookup tables are passed in as arguments, never read as globals.
"""
