"""The bot object: ``create_bot(settings)`` builds it; ``setup_hook`` opens the store, restores the
tables, re-arms their timers, registers the restart-proof buttons, loads the cogs, syncs commands."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord.ext import commands

from games.core import Game, registry

from .cogs import EXTENSIONS
from .i18n import TaverneTranslator
from .sessions import SessionManager, wall_ms
from .settings import Settings, point_discord_elsewhere
from .store import Store
from .tables import presenter_for
from .ui.clicks import ClickHandler
from .ui.components import DYNAMIC_ITEMS

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """Only what the games need: guilds and their messages; content for the typed Chante-Sloubi."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.message_content = True
    return wanted


class TaverneBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        games: Mapping[str, Game[Any]] | None = None,
        *,
        clock: Callable[[], int] = wall_ms,
        sync_commands: bool = True,
    ) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None)
        self.settings = settings
        self.games: dict[str, Game[Any]] = dict(games) if games is not None else registry.available()
        self.clock = clock
        self.sync_commands = sync_commands
        self._store: Store | None = None
        self._manager: SessionManager | None = None
        self._clicks: ClickHandler | None = None

    # Set in setup_hook; reading them before is a programming error, said plainly.
    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("le stockage n'est pas encore ouvert (setup_hook)")
        return self._store

    @property
    def manager(self) -> SessionManager:
        if self._manager is None:
            raise RuntimeError("les tables ne sont pas encore chargées (setup_hook)")
        return self._manager

    @property
    def clicks(self) -> ClickHandler:
        if self._clicks is None:
            raise RuntimeError("les tables ne sont pas encore chargées (setup_hook)")
        return self._clicks

    async def setup_hook(self) -> None:
        settings = self.settings
        self._store = await Store.open(settings.database)
        manager = SessionManager(
            self._store,
            self.games,
            turn_timeout_ms=int(settings.turn_timeout_s * 1000),
            idle_timeout_ms=int(settings.idle_timeout_s * 1000),
            grace_ms=int(settings.window_grace_s * 1000),
            clock=self.clock,
        )
        clicks = ClickHandler(manager)
        clicks.client = self
        manager.listener = clicks
        self._manager, self._clicks = manager, clicks
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for game in self.games.values():
            extra = presenter_for(game).dynamic_items()
            if extra:
                self.add_dynamic_items(*extra)
        await self.tree.set_translator(TaverneTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        restored = await manager.restore()
        log.info("%d table(s) restaurée(s), jeux : %s", len(restored), ", ".join(sorted(self.games)))
        if self.sync_commands:
            await self.sync_tree()

    async def sync_tree(self) -> None:
        guild_id = self.settings.guild_id
        try:
            if guild_id is not None:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
            else:
                synced = await self.tree.sync()
        except discord.HTTPException as error:
            log.error("synchronisation des commandes impossible : %s", error)
            return
        log.info(
            "%d commande(s) synchronisée(s)%s", len(synced), f" sur le serveur {guild_id}" if guild_id else ""
        )

    async def on_ready(self) -> None:
        log.info("connecté en tant que %s", self.user)
        self.clicks.ready()

    async def close(self) -> None:
        # Closed within the ~2 s discord.py waits before on_ready: its pending task would otherwise
        # try to dispatch on a closed client and log an error.
        ready_task = getattr(self._connection, "_ready_task", None)
        if ready_task is not None:
            ready_task.cancel()
        if self._manager is not None:
            await self._manager.close()
        await super().close()
        if self._store is not None:
            await self._store.close()
            self._store = None


def create_bot(
    settings: Settings,
    games: Mapping[str, Game[Any]] | None = None,
    *,
    clock: Callable[[], int] = wall_ms,
    sync_commands: bool = True,
) -> TaverneBot:
    """A bot ready to ``start(token)``; points discord.py at ``TAVERNE_API_BASE``/``GATEWAY_URL`` first."""
    point_discord_elsewhere(settings.api_base, settings.gateway_url)
    return TaverneBot(settings, games, clock=clock, sync_commands=sync_commands)
