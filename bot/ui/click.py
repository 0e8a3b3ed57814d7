"""One click on its way through the router: the interaction, its custom_id and values, and the
table once a handler knows it (so that a refusal is said in that table's words)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from games.core import PlayerId

from ..sessions import Session

if TYPE_CHECKING:
    from .table_ui import TableUI


@dataclass
class Click:
    interaction: discord.Interaction[Any]
    custom_id: str
    values: list[str] = field(default_factory=list)
    # The table the click is for, once known: a game's refusal is explained in its words.
    session: Session | None = None
    # Whether a refusal clicked in a private hand redraws that hand (the table's actions do).
    redraws_hand: bool = False

    @property
    def player(self) -> PlayerId:
        return str(self.interaction.user.id)


Handler = Callable[["TableUI", Click], Awaitable[None]]
