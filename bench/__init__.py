"""Taverne's benchmarks: ``python -m bench`` prints one table of figures (docs/PERFORMANCE.md)."""
