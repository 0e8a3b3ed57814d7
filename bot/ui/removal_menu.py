"""The « Exclure… » button on a table's menu row (``tvm:<table>:<turn>:kick``) and the ``tvm:`` tails
of the removal flow that follows it (``removal.py``), apart so that the presenters, which draw the
menu row, need nothing of the click path."""

from __future__ import annotations

from typing import Any

import discord

from speech import t

from . import ids
from .components import MenuButton, button

OPEN, HOST_PICK, VOTE_PICK = "kick", "kickpick", "votepick"
HOST_YES, VOTE, UNVOTE = "kickyes", "vote", "unvote"
TAILS = (OPEN, HOST_PICK, VOTE_PICK, HOST_YES, VOTE, UNVOTE)


def removal_button(table: int, turn: int, lang: str) -> discord.ui.Item[Any]:
    """« Exclure… »: for the host, whom to remove; for the other players, whom to vote out."""
    return MenuButton(button(ids.table_id("tvm", table, turn, OPEN), t(lang, "removal.button"), emoji="🚫"))


def is_removal(tail: str) -> bool:
    return tail.split(ids.SEP, 1)[0] in TAILS
