"""Pure rules of Taverne's five games. No Discord, no event loop, no I/O, no clock, no global random."""

from .core.registry import available, get, names

__all__ = ["available", "get", "names"]
