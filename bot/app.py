"""The bot object: ``create_bot(settings)`` builds it; ``setup_hook`` opens the store (``python -m
bot`` opens it before the login), restores the tables, re-arms their timers, registers the
restart-proof buttons, loads the cogs, syncs commands (when they changed), and starts the
heartbeat. ``close`` shuts down gracefully: the moves in flight are finished and committed, their
answers given a moment to reach Discord, then the database is closed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Self

import discord
from discord.ext import commands

from games.core import Game, registry

from . import commands_sync, guild_config, health, restore
from .cogs import EXTENSIONS
from .i18n import TaverneTranslator
from .leasing import ShardLeases
from .sessions import JournalListener, Session, SessionManager, wall_ms
from .settings import Settings, point_discord_elsewhere
from .startup import START, StartTimes
from .store import Store
from .tables import check_presenters
from .ui.table_ui import TableUI

log = logging.getLogger(__name__)

# At shutdown, how long the answers of moves already committed may take to reach Discord.
ANSWER_GRACE_S = 5.0
# discord.py's names for the tasks that handle an interaction or a message.
_HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-",
    "discord.py: on_interaction",
    "discord.py: on_message",
)


def intents() -> discord.Intents:
    """Only what the games need: guilds and their messages; content for the typed Chante-Sloubi."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.message_content = True
    return wanted


class TaverneBot(commands.AutoShardedBot):
    # Where this process's start spent its time, said once at the first READY (bot/startup.py).
    started: StartTimes = START

    def __init__(
        self,
        settings: Settings,
        games: Mapping[str, Game[Any]] | None = None,
        *,
        clock: Callable[[], int] = wall_ms,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        sync_commands: bool = True,
    ) -> None:
        shards = settings.shards
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            # Unset: every shard here, as many as Discord recommends.
            shard_ids=list(shards.ids) if shards is not None else None,  # type: ignore[arg-type]
            shard_count=shards.count if shards is not None else None,
            # No message cache: nothing here reads it (a click carries its message), and keeping
            # the last 1 000 messages made each of the bot's own edits, echoed by the gateway, a
            # search through them (docs/PERFORMANCE.md, #15).
            max_messages=None,
            guild_ready_timeout=settings.guild_ready_s,
        )
        # Whether discord.py was opened (``async with bot`` or ``login``): its close() needs what
        # opening makes (its loop objects, the shards' event queue). A bot closed before that (a
        # refused start, a test of the setup alone) closes only what is Taverne's.
        self._discord_opened = False
        self.settings = settings
        self.leases = ShardLeases(shards, int(settings.lease_s * 1000))
        self.games: dict[str, Game[Any]] = dict(games) if games is not None else registry.available()
        # A game whose table cannot be drawn stops the bot here, before it seats anyone.
        check_presenters(self.games)
        self.clock = clock
        self.sleep = sleep  # how the tables' timers wait, on ``clock``'s time
        self.sync_commands = sync_commands
        self._store: Store | None = None
        self._manager: SessionManager | None = None
        self._clicks: TableUI | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        self._in_use: int | None = None  # the descriptor holding the database's shared lock
        self._shutdown: asyncio.Future[None] | None = None
        self._lease_lost: asyncio.Future[None] | None = None  # the stop asked by a lost lease

    async def __aenter__(self) -> Self:
        await super().__aenter__()
        self._discord_opened = True
        return self

    async def login(self, token: str) -> None:
        # discord.py opens itself here when not entered with ``async with`` (the tests' ``running``).
        self._discord_opened = True
        await super().login(token)

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
    def clicks(self) -> TableUI:
        if self._clicks is None:
            raise RuntimeError("les tables ne sont pas encore chargées (setup_hook)")
        return self._clicks

    def table_in(self, channel_id: int | None) -> Session | None:
        """The table open in a channel, if the tables are loaded (error reports use it)."""
        if self._manager is None or channel_id is None:
            return None
        return self._manager.in_channel(channel_id)

    async def language(self, guild_id: int | None) -> str:
        """The server's language for the bot's own messages (French when unknown or unreadable)."""
        if self._store is None or self._store.closed:
            return "fr"
        try:
            return (await guild_config.load(self._store, guild_id)).language
        except Exception:
            log.exception("réglages du serveur %s illisibles", guild_id)
            return "fr"

    async def open_store(self) -> Store:
        """Opens the database (once): raises ``StoreUnavailable`` with what to do when it cannot."""
        if self._store is None:
            store = await Store.open(self.settings.database)
            try:
                await self.leases.take(store, health.STARTING, wall_ms())
            except BaseException:
                # Refused: closed without a beat, the running process's heartbeat is left as it is.
                await store.close()
                raise
            self._store = store
            # Tells `python -m bot restore` that this database file is in use, until the process ends
            # (PostgreSQL: the heartbeat says it).
            if isinstance(self.settings.database, Path):
                self._in_use = restore.hold_shared(self.settings.database)
            await self._beat(health.STARTING)
        return self._store

    async def setup_hook(self) -> None:
        self.started.mark("login")
        settings = self.settings
        store = await self.open_store()
        manager = SessionManager(
            store,
            self.games,
            turn_timeout_ms=int(settings.turn_timeout_s * 1000),
            idle_timeout_ms=int(settings.idle_timeout_s * 1000),
            grace_ms=int(settings.window_grace_s * 1000),
            clock=self.clock,
            sleep=self.sleep,
            shards=settings.shards,
            keep_ms=int(settings.keep_in_memory_s * 1000),
        )
        clicks = TableUI(manager)
        clicks.client = self
        manager.listener = JournalListener(clicks.listener)
        self._manager, self._clicks = manager, clicks
        await self.tree.set_translator(TaverneTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        restored = await manager.restore()
        self.started.mark("tables")
        # The others' index is read beside the connection; the manager says how many when it is.
        log.info(
            "%d table(s) restaurée(s) en mémoire (%s), jeux : %s",
            len(restored), self.leases.named, ", ".join(sorted(self.games)),
        )
        self._heartbeat = asyncio.create_task(self._beat_while_connected(), name="taverne-heartbeat")
        if self.sync_commands and (settings.shards is None or settings.shards.syncs_commands):
            await self.sync_tree()
        elif self.sync_commands:
            log.info("commandes : synchronisées par le processus du shard 0, pas par celui-ci (%s)", self.leases.named)
        self.started.mark("commandes")

    async def sync_tree(self) -> None:
        """Sends the slash commands to Discord only when they changed since the last sync (their
        hash is kept in the database; ``python -m bot sync`` forgets it): Discord rate-limits
        syncs. A server copy left by an earlier ``TAVERNE_GUILD_ID`` is cleared."""
        guild_id = self.settings.guild_id
        try:
            await commands_sync.sync(self.tree, self.store, guild_id)
        except discord.HTTPException as error:
            log.error("synchronisation des commandes impossible : %s", error)

    async def on_connect(self) -> None:
        # Dispatched by discord.py at the gateway's READY (clicks are answered from then on; its
        # on_ready waits for every guild's payload first).
        self.started.tell_once()

    async def on_ready(self) -> None:
        if self._shutdown is not None:
            # Closed within the ~2 s discord.py waits for the guilds before on_ready: it still
            # dispatches it then; a closing bot announces nothing.
            return
        log.info("connecté en tant que %s", self.user)
        await self._beat(health.CONNECTED)
        self.clicks.ready()

    # --- heartbeat (python -m bot healthcheck reads it) ---------------------------------------------
    def connected(self) -> bool:
        shards = self.shards.values()
        return not self.is_closed() and self.is_ready() and bool(shards) and not any(s.is_closed() for s in shards)

    async def _beat(self, status: str) -> None:
        if self._store is None or self._store.closed:
            return
        try:
            await self._store.beat(status, wall_ms(), os.getpid())
            if status != health.STOPPED and not await self.leases.renew(self._store, status, wall_ms()):
                # Another process answers these guilds now: this one must not play a move more.
                self._lease_lost = asyncio.ensure_future(self.close())
                return
        except Exception as error:  # a missed beat shows in the healthcheck; it must not stop the games
            # One line every 30 s while the database refuses writes; the traceback at DEBUG.
            log.error("battement « %s » non écrit dans la base (%s) : le healthcheck dira unhealthy", status, error)
            log.debug("détails du battement manqué", exc_info=True)

    async def _beat_while_connected(self) -> None:
        while True:
            await asyncio.sleep(health.BEAT_S)
            if self.connected():
                await self._beat(health.CONNECTED)

    # --- shutdown -----------------------------------------------------------------------------------
    async def close(self) -> None:
        """Graceful and idempotent: a signal, discord.py's own exit and a test may all call it."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._shut_down())
        await asyncio.shield(self._shutdown)

    async def _shut_down(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
        manager = self._manager
        if manager is not None:
            # Every move being applied ends and is committed before the timers stop.
            async with _every_table_held(manager):
                await manager.close()
            await _handlers_done(ANSWER_GRACE_S)
        if self._clicks is not None:
            # What timers said in the last moments is shown before the gateway closes, and what
            # waits for a channel is sent within the grace period (or dropped, said in one line).
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._clicks.settle(), ANSWER_GRACE_S)
            await self._clicks.close(ANSWER_GRACE_S)
        if self._discord_opened:
            await super().close()
        if self._store is not None:
            # Still under the tables' locks: a move that slipped in after the gateway closed is
            # either committed before the database closes or refused by the closed store.
            async with _every_table_held(manager):
                await self._beat(health.STOPPED)
                with contextlib.suppress(Exception):
                    await self.leases.release(self._store, health.STOPPED, wall_ms())
                await self._store.close()
            self._store = None
            if self._in_use is not None:
                os.close(self._in_use)
                self._in_use = None
            log.info("arrêt terminé : base de données fermée")


@contextlib.asynccontextmanager
async def _every_table_held(manager: SessionManager | None) -> AsyncIterator[None]:
    """Waits for each table's move in progress, then holds every table so none starts."""
    async with contextlib.AsyncExitStack() as stack:
        for session in manager.sessions() if manager is not None else []:
            await stack.enter_async_context(session.lock)
        yield


async def _handlers_done(timeout: float) -> None:
    """Gives the interactions being handled (their move committed) time to answer Discord."""
    current = asyncio.current_task()
    running = [
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(_HANDLER_TASKS)
    ]
    if running:
        log.info("arrêt : %d réponse(s) en cours à terminer", len(running))
        await asyncio.wait(running, timeout=timeout)


def create_bot(
    settings: Settings,
    games: Mapping[str, Game[Any]] | None = None,
    *,
    clock: Callable[[], int] = wall_ms,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    sync_commands: bool = True,
) -> TaverneBot:
    """A bot ready to ``start(token)``; points discord.py at ``TAVERNE_API_BASE``/``GATEWAY_URL`` first."""
    point_discord_elsewhere(settings.api_base, settings.gateway_url)
    return TaverneBot(settings, games, clock=clock, sleep=sleep, sync_commands=sync_commands)
