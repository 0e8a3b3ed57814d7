"""What « Mon jeu » shows a player alone: their view in words, their moves as buttons, their hand
as a picture. Part of every presenter (``Presenter``); a game's presenter draws them from the
player's own ``Shown``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Generic, TypeVar

import discord
from discord import ui
from pydantic import BaseModel

from games.core import PlayerId

from ..sessions import Session
from ..ui.components import clip
from .shown import Shown

V = TypeVar("V", bound=BaseModel)


class PrivateHand(Generic[V]):
    # Provided by ``Presenter``, the only class this mixin is part of.
    shown: Callable[[Session, PlayerId | None, str | None], Shown[V]]

    # ``lang``: the player's own language (their client's, else the server's: the table's, when None).
    def private(self, session: Session, player: PlayerId, lang: str | None = None) -> str | None:
        """What only ``player`` may see, in words."""
        return None if session.state is None else self.draw_private(self.shown(session, player, lang))

    def draw_private(self, shown: Shown[V]) -> str | None:
        """By default what the player's view adds to the channel's."""
        public = shown.public.model_dump(mode="json") if shown.public is not None else {}
        lines = [
            f"**{key}** : {json.dumps(value, ensure_ascii=False)}"
            for key, value in shown.view.model_dump(mode="json").items()
            if public.get(key) != value
        ]
        text = "\n".join(lines)
        for seated, name in shown.names.items():  # ids mean nothing to players: show names
            text = text.replace(f'"{seated}"', f'"{name}"')
        return clip(text, 1900) if lines else None

    def private_view(self, session: Session, player: PlayerId, lang: str | None = None) -> ui.View | None:
        """Components for ``player`` alone, sent with « Mon jeu » / « Ma main » (their moves as
        buttons, say). A click on one plays, then that private message is drawn again with this
        view as it is after the move."""
        return None if session.state is None else self.draw_private_view(self.shown(session, player, lang))

    def draw_private_view(self, shown: Shown[V]) -> ui.View | None:
        """None by default."""
        return None

    def private_files(self, session: Session, player: PlayerId, lang: str | None = None) -> list[discord.File]:
        """Pictures for ``player`` alone (their hand), sent with « Mon jeu »."""
        return [] if session.state is None else self.draw_private_files(self.shown(session, player, lang))

    def draw_private_files(self, shown: Shown[V]) -> list[discord.File]:
        """None by default."""
        return []

    def has_private_answer(self) -> bool:
        """Whether « Mon jeu » carries components or pictures (the presenter draws them): a
        click from that private message then redraws it with the player's hand after the move."""
        cls = type(self)
        return (
            cls.draw_private_view is not PrivateHand.draw_private_view
            or cls.draw_private_files is not PrivateHand.draw_private_files
        )

