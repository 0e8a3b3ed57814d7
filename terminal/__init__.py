"""The terminal table: play any game of games/ by typing lines, or run a scenario script.

The rules packages do no I/O; everything that reads a keyboard, prints or looks at a clock for
local play lives here.
"""

from .command import main

__all__ = ["main"]
