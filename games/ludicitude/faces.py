"""The seven special dice, read on ordinary dice as the text's convention says."""

from __future__ import annotations

DICE = 7

LAPIN = 1  # single rabbit
DOUBLE = 2  # double rabbit, or clapier pour 2, as the player chooses
CAROTTE = 6
CLAPIERS = (2, 3, 4, 5)
RABBIT_FACES = (LAPIN, DOUBLE)
