"""The lobby message: who sits at the table, the options, and Rejoindre / Quitter / Commencer."""

from __future__ import annotations

import discord

from ..sessions import Session
from ..tables import mention
from . import ids
from .components import LobbyButton, button, clip


def lobby_embed(session: Session) -> discord.Embed:
    game, rec = session.game, session.rec
    embed = discord.Embed(
        title=clip(f"Table de {game.title}", 256),
        description=(
            f"Hôte : {mention(rec.host_id, rec.names)}\n"
            f"De {game.min_players} à {game.max_players} joueurs. "
            "Rejoignez la table, puis l'hôte lance la partie."
        ),
        colour=discord.Colour(0x8E5B2E),
    )
    seated = "\n".join(f"{i}. {mention(p, rec.names)}" for i, p in enumerate(rec.names, start=1))
    embed.add_field(name=f"Joueurs ({len(rec.names)})", value=clip(seated or "personne", 1024), inline=False)
    if rec.options:
        shown = " ".join(f"`{k}={_word(v)}`" for k, v in rec.options.items())
        embed.add_field(name="Options", value=clip(shown, 1024), inline=False)
    if rec.turn_timeout_ms:
        embed.add_field(name="Délai par tour", value=f"{rec.turn_timeout_ms // 60_000} min", inline=False)
    embed.set_footer(text=f"Table n°{session.id}")
    return embed


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "oui" if value else "non"
    return str(value)


def lobby_view(session: Session) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    ready = len(session.rec.names) >= session.game.min_players
    view.add_item(
        LobbyButton(
            button(
                ids.lobby_id(session.id, "join"), "Rejoindre", emoji="🪑", style=discord.ButtonStyle.success
            )
        )
    )
    view.add_item(
        LobbyButton(button(ids.lobby_id(session.id, "leave"), "Quitter", style=discord.ButtonStyle.secondary))
    )
    view.add_item(
        LobbyButton(
            button(
                ids.lobby_id(session.id, "start"),
                "Commencer",
                emoji="🎲",
                style=discord.ButtonStyle.primary,
                disabled=not ready,
            )
        )
    )
    return view
