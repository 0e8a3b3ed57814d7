"""The emulator: a Discord of one application, on 127.0.0.1, and the API tests drive it with."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from types import TracebackType
from typing import Any

from aiohttp import web

from emulator import user_input
from emulator.errors import EmulatorError
from emulator.gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    PRIVILEGED_INTENTS,
    GatewaySession,
)
from emulator.holds import Hold
from emulator.limits import BUTTON, EPHEMERAL_FLAG
from emulator.model import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    MEMBER_PERMISSIONS,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)
from emulator.ratelimit import RateLimits
from emulator.records import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    INITIAL_RESPONSE_DEADLINE_S,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    RestCall,
    Violation,
)
from emulator.rest import ATTACHMENT_SIZE_LIMIT, RestApi
from emulator.snowflake import DISCORD_EPOCH_MS, SnowflakeFactory, wall_clock_ms

# How long, in real time, an interaction waits for its answer while the emulator's clock is frozen.
FROZEN_PATIENCE_S = 30.0


class Emulator:
    """`async with Emulator() as emu:` serves REST on `emu.api_base` and the gateway on `emu.gateway_url`."""

    def __init__(
        self,
        *,
        bot_name: str = "Taverne",
        rate_limit: tuple[int, float] = (5, 5.0),
        announce_rate_limits: bool = True,
        heartbeat_interval_ms: int = 41_250,
    ) -> None:
        self.snowflakes = SnowflakeFactory()
        self.token = "emulated." + secrets.token_urlsafe(24)
        self.bot_user = User(self.snowflakes.make(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = User(self.snowflakes.make(), "Propriétaire")
        self.heartbeat_interval_ms = heartbeat_interval_ms
        # What the invite link gave the bot on every server, and the privileged intents enabled
        # for the application in the developer portal (an IDENTIFY asking for others gets 4014).
        self.bot_permissions = ALL_PERMISSIONS & ~ADMINISTRATOR
        self.privileged_intents = PRIVILEGED_INTENTS
        self.rate_limits = RateLimits(*rate_limit, announce=announce_rate_limits)
        self.users: dict[int, User] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: list[Guild] = []
        self.dm_channels: dict[int, Channel] = {}
        self._guild_index: dict[int, Guild] = {}
        self._channel_index: dict[int, Channel] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self._attachments: dict[int, Attachment] = {}
        self.violations: list[Violation] = []
        self.calls: list[RestCall] = []
        self.holds: list[Hold] = []
        self.sessions: list[GatewaySession] = []
        # What GET /gateway/bot recommends; each session serves the shard it IDENTIFYed with.
        self.shard_count = 1
        self._offset = 0.0
        # (monotonic s, wall ms) when the clock was frozen; None while it runs.
        self._frozen: tuple[float, int] | None = None
        self._advanced: asyncio.Event | None = None
        self._changed: asyncio.Event | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self._unanswered_reported: set[int] = set()
        self.port = 0

    # -- lifecycle ----------------------------------------------------------------------------------------

    async def __aenter__(self) -> Emulator:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def start(self) -> None:
        self._changed = asyncio.Event()
        rest = RestApi(self)
        app = web.Application(middlewares=[rest.middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/ws", self._gateway)
        for method, path, handler in rest.routes():
            app.router.add_route(method, path, handler)
        app.router.add_route("*", "/{tail:.*}", rest.unknown_route)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1]

    async def close(self) -> None:
        for session in self.sessions:
            if not session.ws.closed:
                await session.ws.close(code=1001, message=b"Emulator closing")
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What `discord.http.Route.BASE` (TAVERNE_API_BASE) must be set to."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What `DiscordWebSocket.DEFAULT_GATEWAY` (TAVERNE_GATEWAY_URL) must be set to."""
        return f"ws://127.0.0.1:{self.port}/ws"

    # -- time ---------------------------------------------------------------------------------------------

    def clock(self) -> float:
        """Seconds on the emulator's clock: the interaction deadlines are measured on it."""
        return (time.monotonic() if self._frozen is None else self._frozen[0]) + self._offset

    def advance(self, seconds: float) -> None:
        """Move the emulator's clock forward (a bot's 3 s or 15 min deadline passes without waiting).

        Rate-limit windows stay on real time: discord.py's limiter waits on its event loop's clock.
        """
        self._offset += seconds
        if self._advanced is not None:
            self._advanced.set()
            self._advanced = None

    def freeze_clock(self) -> None:
        """Stop the emulator's clock: from now on only `advance` moves it. A bot whose clock is
        ``emu.now_ms`` and whose timers sleep with ``emu.sleep`` (``Tavern.bot`` does both) then
        closes a timed window only when the test moves time past it: a timer test waits for no real
        time, and a loaded machine cannot close a window before a player's click reaches the bot.
        Clicks are stamped on this clock too, so no answer is late unless the test says so."""
        if self._frozen is None:
            self._frozen = (time.monotonic(), wall_clock_ms())

    @property
    def clock_frozen(self) -> bool:
        return self._frozen is not None

    async def sleep(self, seconds: float) -> None:
        """``asyncio.sleep`` on the emulator's clock: real time while it runs, and while it is
        frozen, until `advance` has moved it ``seconds`` on."""
        if self._frozen is None:
            await asyncio.sleep(seconds)
            return
        # A microsecond's tolerance: a bot sleeping until a deadline it read in milliseconds wakes
        # when the test advances the clock to exactly that deadline, float rounding notwithstanding.
        until = self.clock() + seconds - 1e-6
        while self.clock() < until:
            if self._advanced is None:
                self._advanced = asyncio.Event()
            await self._advanced.wait()

    def set_rate_limit(self, limit: int, per: float, *, announce: bool = True) -> None:
        """Change the per-channel message limit (default 5 per 5 s) from now on."""
        self.rate_limits = RateLimits(limit, per, announce=announce)

    def now_ms(self) -> int:
        return (wall_clock_ms() if self._frozen is None else self._frozen[1]) + round(self._offset * 1000)

    # -- change notification and waiting ------------------------------------------------------------------

    def hold(self, method: str, route: str) -> Hold:
        """The bot's next ``method`` request to ``route`` is held until the hold is released."""
        held = Hold(method, route)
        self.holds.append(held)
        return held

    def notify(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float = 3.0, what: str = "") -> Any:
        """Wait until `predicate()` is truthy (re-checked at each request or event); returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._changed is None:
                raise EmulatorError(f"timed out after {timeout} s waiting for {what or predicate}")
            try:
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.1))
            except TimeoutError:
                pass

    async def wait_ready(self, timeout: float = 5.0) -> GatewaySession:
        """Wait until a bot has identified and received READY and every GUILD_CREATE."""
        session: GatewaySession = await self.wait_until(self._live_session, timeout, "a bot to identify")
        return session

    async def wait_for_command(self, name: str, guild: Guild | None = None, timeout: float = 5.0) -> dict[str, Any]:
        command: dict[str, Any] = await self.wait_until(
            lambda: self._find_command(guild, name), timeout, f"command /{name} to be registered"
        )
        return command

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] = lambda m: True,
        *,
        after: int = 0,
        timeout: float = 3.0,
    ) -> Message:
        """The first message in `channel` with an id above `after` (default: any) that satisfies `predicate`."""
        def found() -> Message | None:
            return next((m for m in channel.live_messages() if m.id > after and predicate(m)), None)

        message: Message = await self.wait_until(found, timeout, f"a message in #{channel.name}")
        return message

    def _track(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the world ----------------------------------------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False, locale: str = "fr") -> User:
        user = User(self.snowflakes.make(), name, bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str = "La Taverne", *, owner: User | None = None, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A server; ``shard`` (id, count): one whose id Discord sends to that shard."""
        at_ms = None
        if shard is not None:
            at_ms = wall_clock_ms()
            at_ms += (shard[0] - (at_ms - DISCORD_EPOCH_MS)) % shard[1]
        guild_id = self.snowflakes.make(at_ms)
        everyone = Role(guild_id, "@everyone", MEMBER_PERMISSIONS)
        guild = Guild(guild_id, name, (owner or self.owner).id, everyone, world=self)
        self.guilds.append(guild)
        self._guild_index[guild.id] = guild
        guild.members[self.bot_user.id] = Member(self.bot_user, guild)
        if owner is None:
            guild.members[self.owner.id] = Member(self.owner, guild)
        self._broadcast(INTENT_GUILDS, "GUILD_CREATE", guild.to_json, only_after_ready=True, guild=guild.id)
        return guild

    def create_channel(self, guild: Guild, name: str, *, parent: Channel | None = None) -> Channel:
        channel = Channel(
            self.snowflakes.make(), name, guild, position=len(guild.channels),
            type=PUBLIC_THREAD if parent is not None else 0, parent=parent,
        )
        guild.channels.append(channel)
        self._channel_index[channel.id] = channel
        self._broadcast(INTENT_GUILDS, "CHANNEL_CREATE", channel.to_json, only_after_ready=True, guild=guild.id)
        return channel

    def bot_permissions_in(self, channel: Channel) -> int:
        """The bot's permissions in a channel, as Discord computes them for the bot's member: its
        server permissions less the channel's overwrite (a thread's are its parent's)."""
        if channel.guild is None:
            return ALL_PERMISSIONS
        if self.bot_permissions & ADMINISTRATOR:
            return ALL_PERMISSIONS
        where = channel.parent if channel.parent is not None else channel
        return self.bot_permissions & ~where.bot_denied

    def create_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(self.snowflakes.make(), name, permissions, position=len(guild.roles) + 1)
        guild.roles.append(role)
        self._broadcast(
            INTENT_GUILDS,
            "GUILD_ROLE_CREATE",
            lambda: {"guild_id": str(guild.id), "role": role.to_json()},
            only_after_ready=True,
            guild=guild.id,
        )
        return role

    def create_member(
        self, guild: Guild, user: User, *, permissions: int | None, roles: Iterable[Role], nick: str | None
    ) -> Member:
        member = Member(user, guild, list(roles), permissions, nick)
        guild.members[user.id] = member
        self.users.setdefault(user.id, user)
        self._broadcast(
            INTENT_GUILD_MEMBERS,
            "GUILD_MEMBER_ADD",
            lambda: {**member.to_json(), "guild_id": str(guild.id)},
            only_after_ready=True,
            guild=guild.id,
        )
        return member

    def dm_channel(self, user: User) -> Channel:
        if user.id not in self.dm_channels:
            channel = Channel(self.snowflakes.make(), f"dm-{user.name}", None, type=1, recipient=user)
            self.dm_channels[user.id] = channel
            self._channel_index[channel.id] = channel
        return self.dm_channels[user.id]

    def new_attachment(
        self, channel: Channel, filename: str, data: bytes, content_type: str | None, entry: Mapping[str, Any]
    ) -> Attachment:
        attachment_id = self.snowflakes.make()
        url = f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{filename}"
        attachment = Attachment(attachment_id, filename, data, content_type, url, entry.get("description"))
        self._attachments[attachment_id] = attachment
        return attachment

    # -- look-ups -----------------------------------------------------------------------------------------

    def guild_by_id(self, guild_id: int) -> Guild | None:
        return self._guild_index.get(guild_id)

    def channel_by_id(self, channel_id: int) -> Channel | None:
        # Indexed: a benchmark's world may hold thousands of channels, and every REST call looks one up.
        return self._channel_index.get(channel_id)

    def user_by_id(self, user_id: int) -> User | None:
        return self.users.get(user_id)

    def attachment_by_id(self, attachment_id: int) -> Attachment | None:
        return self._attachments.get(attachment_id)

    def interaction_by_id(self, interaction_id: int) -> InteractionRecord | None:
        return self.interactions.get(interaction_id)

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        return self._by_token.get(token)

    def session_by_id(self, session_id: str) -> GatewaySession | None:
        return next((s for s in self.sessions if s.session_id == session_id and not s.forgotten), None)

    def _live_session(self) -> GatewaySession | None:
        live = [s for s in self.sessions if s.alive and s.ready.is_set()]
        return live[-1] if live else None

    @property
    def connected(self) -> bool:
        return self._live_session() is not None

    # -- commands -----------------------------------------------------------------------------------------

    def set_commands(self, scope: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A bulk overwrite: commands keep their id when their name stays."""
        previous = {(c.get("type", 1), c["name"]): c for c in self.commands.get(scope, [])}
        registered = []
        for command in commands:
            old = previous.get((command.get("type", 1), command["name"]))
            entry = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                "contexts": None,
                "integration_types": [0],
                **command,
                "id": old["id"] if old else str(self.snowflakes.make()),
                "application_id": str(self.application_id),
                "version": str(self.snowflakes.make()),
            }
            if scope is not None:
                entry["guild_id"] = str(scope)
            registered.append(entry)
        self.commands[scope] = registered
        self.notify()
        return registered

    def _find_command(self, guild: Guild | None, name: str) -> dict[str, Any] | None:
        scopes: list[int | None] = [guild.id] if guild is not None else []
        for scope in [*scopes, None]:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        return None

    def command_names(self, guild: Guild | None = None) -> list[str]:
        names = [c["name"] for c in self.commands.get(None, [])]
        if guild is not None:
            names += [c["name"] for c in self.commands.get(guild.id, [])]
        return sorted(names)

    # -- violations ---------------------------------------------------------------------------------------

    def record_violation(self, violation: Violation) -> None:
        self.violations.append(violation)

    def _sweep_unanswered(self) -> None:
        now = self.clock()
        for record in self.interactions.values():
            if record.id in self._unanswered_reported:
                continue
            if record.response_type is None and record.deadline_passed(now):
                self._unanswered_reported.add(record.id)
                self.record_violation(
                    Violation("no_response", f"{record!r} got no answer within 3 s: « Échec de l'interaction »")
                )
            elif record.message is not None and record.message.loading and not self.connected:
                # The bot is gone and its "is thinking…" answer was never completed: the player waits
                # until Discord gives up on it.
                self._unanswered_reported.add(record.id)
                self.record_violation(
                    Violation("never_completed", f"{record!r} deferred (« réfléchit… ») and never followed up")
                )

    def take_violations(self, kind: str | None = None) -> list[Violation]:
        """Remove and return the violations of this kind (all when None), for tests that expect them."""
        self._sweep_unanswered()
        taken = [v for v in self.violations if kind is None or v.kind == kind]
        self.violations = [v for v in self.violations if v not in taken]
        return taken

    def assert_no_violations(self) -> None:
        self._sweep_unanswered()
        if self.violations:
            lines = "\n".join(f"  - {v}" for v in self.violations)
            raise EmulatorError(f"the bot broke {len(self.violations)} Discord rule(s):\n{lines}")

    # -- gateway ------------------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        if request.query.get("v") != "10" or request.query.get("encoding", "json") != "json":
            await ws.close(code=4012, message=b"Invalid API version")
            return ws
        session = GatewaySession(self, ws, compress=request.query.get("compress") == "zlib-stream")
        self.sessions.append(session)
        try:
            await session.run()
        finally:
            self.notify()
        return ws

    def gateway_connected(self, session: GatewaySession) -> None:
        self.notify()

    def _broadcast(
        self,
        intent: int,
        event: str,
        data: Callable[[], Any],
        *,
        only_after_ready: bool = False,
        guild: int | None = None,
    ) -> None:
        for session in self.sessions:
            if (
                session.alive
                and (not only_after_ready or session.ready.is_set())
                and session.wants(intent)
                and session.serves(guild)
            ):
                self._track(session.dispatch(event, data()))

    def _message_event(self, message: Message, for_session: GatewaySession) -> dict[str, Any]:
        data = message.to_json()
        guild = message.channel.guild
        if guild is not None:
            data["guild_id"] = str(guild.id)
            member = guild.members.get(message.author.id)
            if member is not None:
                data["member"] = {k: v for k, v in member.to_json().items() if k != "user"}
        mentioned = any(u.id == self.bot_user.id for u in message.mentions)
        if (
            message.author.id != self.bot_user.id
            and guild is not None
            and not for_session.wants(INTENT_MESSAGE_CONTENT)
            and not mentioned
        ):
            # Without the privileged Message Content intent, Discord blanks what users wrote.
            data.update(content="", embeds=[], attachments=[], components=[])
        return data

    async def _dispatch_message_event(self, event: str, message: Message) -> None:
        intent = INTENT_GUILD_MESSAGES if message.channel.guild is not None else INTENT_DIRECT_MESSAGES
        guild_id = message.channel.guild.id if message.channel.guild is not None else None
        for session in self.sessions:
            if session.alive and session.wants(intent) and session.serves(guild_id):
                if event == "MESSAGE_DELETE":
                    data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
                    if message.channel.guild is not None:
                        data["guild_id"] = str(message.channel.guild.id)
                else:
                    data = self._message_event(message, session)
                await session.dispatch(event, data)

    async def post_message(self, message: Message) -> None:
        message.channel.messages.append(message)
        self.notify()
        if not message.ephemeral:
            await self._dispatch_message_event("MESSAGE_CREATE", message)

    async def message_updated(self, message: Message) -> None:
        self.notify()
        if not message.ephemeral:
            await self._dispatch_message_event("MESSAGE_UPDATE", message)

    async def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.notify()
        if not message.ephemeral:
            await self._dispatch_message_event("MESSAGE_DELETE", message)

    async def disconnect_bot(self, code: int = 4000, *, resumable: bool = True) -> None:
        """Drop the bot's websocket, as Discord does now and then; discord.py reconnects and RESUMEs.

        With `resumable=False` the session is forgotten: the RESUME gets op 9 and the bot IDENTIFYs
        again (a new READY and GUILD_CREATEs).
        """
        session = self._live_session()
        if session is not None:
            if not resumable:
                session.forgotten = True
            await session.ws.close(code=code, message=b"Emulated disconnect")

    async def reconnect_bot(self) -> None:
        """Send op 7 RECONNECT, as Discord does when it moves a session: discord.py resumes elsewhere."""
        session = self._live_session()
        if session is not None:
            await session.reconnect()

    # -- what users do ------------------------------------------------------------------------------------

    async def send_message(
        self, channel: Channel, user: User, content: str, *, at_ms: int | None = None
    ) -> Message:
        """`user` writes `content` in `channel` (MESSAGE_CREATE to the bot)."""
        self._check_member(channel, user)
        message = Message(self.snowflakes.make(self.now_ms() if at_ms is None else at_ms), channel, user, content)
        message.mentions = [u for u in self.users.values() if f"<@{u.id}>" in content or f"<@!{u.id}>" in content]
        await self.post_message(message)
        return message

    def _check_member(self, channel: Channel, user: User) -> Member | None:
        if channel.guild is None:
            if channel.recipient is None or channel.recipient.id != user.id:
                raise EmulatorError(f"{user.name} cannot write in {channel.name}")
            return None
        member = channel.guild.members.get(user.id)
        if member is None:
            raise EmulatorError(f"{user.name} is not a member of {channel.guild.name}")
        return member

    def _base_payload(self, kind: int, channel: Channel, user: User, at_ms: int | None) -> dict[str, Any]:
        member = self._check_member(channel, user)
        interaction_id = self.snowflakes.make(self.now_ms() if at_ms is None else at_ms)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48),
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel.to_json(),
            "app_permissions": str(self.bot_permissions_in(channel)),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if member is not None and channel.guild is not None:
            payload.update(
                guild_id=str(channel.guild.id),
                guild={"id": str(channel.guild.id), "locale": "fr", "features": []},
                guild_locale="fr",
                member=member.to_json(with_permissions=True),
                authorizing_integration_owners={"0": str(channel.guild.id)},
                context=0,
            )
        else:
            payload.update(user=user.to_json(), authorizing_integration_owners={"1": str(user.id)}, context=1)
        return payload

    async def _interact(
        self,
        payload: dict[str, Any],
        user: User,
        channel: Channel,
        source: Message | None,
        *,
        wait: bool,
        timeout: float,
    ) -> InteractionRecord:
        guild_id = channel.guild.id if channel.guild is not None else None
        # Like Discord, to the shard of the channel's guild (direct messages: shard 0).
        sessions = [s for s in self.sessions if s.alive and s.ready.is_set() and s.serves(guild_id)]
        if not sessions:
            raise EmulatorError("no bot is connected to the gateway for this guild's shard")
        record = InteractionRecord(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            user=user,
            channel=channel,
            payload=payload,
            dispatched_at=self.clock(),
            source_message=source,
        )
        self.interactions[record.id] = record
        self._by_token[record.token] = record
        # Like Discord, every connected session gets the event: two running copies of a bot both answer.
        for session in sessions:
            await session.dispatch("INTERACTION_CREATE", payload)
        self.notify()
        # On a frozen clock the 3 s rule is judged on that clock: a loaded machine's slowness is not
        # the bot's lateness, so the wait in real time is only a guard against a hang.
        patience = timeout if self._frozen is None else max(timeout, FROZEN_PATIENCE_S)
        if wait and not await record.wait_response(patience):
            self._sweep_unanswered()
        return record

    def _command(
        self, channel: Channel, command: str
    ) -> tuple[str, dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """The registered command a user types, with the options and subcommand path its words lead to."""
        name, *subcommands = command.split()
        definition = self._find_command(channel.guild, name)
        if definition is None:
            raise EmulatorError(f"/{name} is not registered (registered: {self.command_names(channel.guild)})")
        definitions, path = user_input.subcommand_path(definition, subcommands)
        return name, definition, definitions, path

    async def slash(
        self,
        channel: Channel,
        user: User,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        at_ms: int | None = None,
        wait: bool = True,
        timeout: float = INITIAL_RESPONSE_DEADLINE_S,
    ) -> InteractionRecord:
        """`user` runs `/command` (words after the first name a subcommand group and subcommand)."""
        name, definition, definitions, path = self._command(channel, command)
        payload = self._base_payload(APPLICATION_COMMAND, channel, user, at_ms)
        resolved: dict[str, dict[str, Any]] = {}
        leaf = user_input.command_options(definitions, dict(options or {}), resolved, channel)
        data: dict[str, Any] = {"id": definition["id"], "name": name, "type": 1, "options": user_input.nest(leaf, path)}
        if "guild_id" in definition:
            data["guild_id"] = definition["guild_id"]
        if resolved:
            data["resolved"] = resolved
        payload["data"] = data
        return await self._interact(payload, user, channel, None, wait=wait, timeout=timeout)

    async def autocomplete(
        self,
        channel: Channel,
        user: User,
        command: str,
        typed: Mapping[str, str],
        focused: str,
        *,
        at_ms: int | None = None,
        timeout: float = INITIAL_RESPONSE_DEADLINE_S,
    ) -> list[dict[str, Any]]:
        """`user` is typing `/command`; `typed` is what the options hold so far (as text). The bot's choices."""
        name, definition, definitions, path = self._command(channel, command)
        leaf = user_input.autocomplete_options(definitions, typed, focused, command)
        payload = self._base_payload(AUTOCOMPLETE, channel, user, at_ms)
        payload["data"] = {"id": definition["id"], "name": name, "type": 1, "options": user_input.nest(leaf, path)}
        if "guild_id" in definition:
            payload["data"]["guild_id"] = definition["guild_id"]
        record = await self._interact(payload, user, channel, None, wait=True, timeout=timeout)
        return record.choices or []

    def _check_visible(self, message: Message, user: User) -> None:
        if message.deleted:
            raise EmulatorError(f"message {message.id} was deleted: nobody can click on it")
        if message.visible_to is not None and message.visible_to.id != user.id:
            raise EmulatorError(f"{user.name} cannot see the ephemeral message {message.id}")

    async def click(
        self,
        message: Message,
        user: User,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        at_ms: int | None = None,
        wait: bool = True,
        timeout: float = INITIAL_RESPONSE_DEADLINE_S,
    ) -> InteractionRecord:
        """`user` clicks a button of `message`, named by its custom_id or its label.

        `message` may be a `snapshot()`: the button is looked for in what the player saw, while Discord
        sends the bot the message as it is now (a click on a stale button).
        """
        live = message.live or message
        self._check_visible(live, user)
        if label is not None:
            button = message.button(label)
        else:
            matches = [b for b in message.buttons if b.custom_id == custom_id]
            if not matches:
                raise EmulatorError(f"no button {custom_id!r} in message {message.id}: {message.button_labels}")
            button = matches[0]
        if button.disabled:
            raise EmulatorError(f"the button {button.label!r} is disabled")
        if button.custom_id is None:
            raise EmulatorError(f"the button {button.label!r} is a link, not an interaction")
        payload = self._base_payload(MESSAGE_COMPONENT, live.channel, user, at_ms)
        payload["message"] = live.to_json()
        payload["data"] = {"custom_id": button.custom_id, "component_type": BUTTON}
        return await self._interact(payload, user, live.channel, live, wait=wait, timeout=timeout)

    async def click_label(
        self, channel: Channel, user: User, label: str, *, at_ms: int | None = None, wait: bool = True
    ) -> InteractionRecord:
        """Click the button with this label on the newest message `user` can see that has one."""
        for message in reversed(channel.visible_to(user)):
            if any(b.label == label for b in message.buttons):
                return await self.click(message, user, label=label, at_ms=at_ms, wait=wait)
        seen = [m.button_labels for m in channel.visible_to(user) if m.buttons]
        raise EmulatorError(f"no button {label!r} visible to {user.name} in #{channel.name}; buttons: {seen}")

    async def select(
        self,
        message: Message,
        user: User,
        values: list[str],
        custom_id: str | None = None,
        *,
        at_ms: int | None = None,
        wait: bool = True,
        timeout: float = INITIAL_RESPONSE_DEADLINE_S,
    ) -> InteractionRecord:
        """`user` picks `values` in a select of `message` (the only one, or the one with `custom_id`)."""
        live = message.live or message
        self._check_visible(live, user)
        selects = [s for s in message.selects if custom_id is None or s.custom_id == custom_id]
        if len(selects) != 1:
            raise EmulatorError(f"{len(selects)} selects match {custom_id!r} in message {message.id}")
        menu = selects[0]
        if menu.disabled:
            raise EmulatorError("the select is disabled")
        low, high = menu.raw.get("min_values", 1), menu.raw.get("max_values", 1)
        if not low <= len(values) <= high:
            raise EmulatorError(f"the select takes {low} to {high} values, not {len(values)}")
        if menu.type == 3:
            allowed = [o["value"] for o in menu.options]
            if any(v not in allowed for v in values):
                raise EmulatorError(f"{values} are not all among the options {allowed}")
        payload = self._base_payload(MESSAGE_COMPONENT, live.channel, user, at_ms)
        payload["message"] = live.to_json()
        payload["data"] = {"custom_id": menu.custom_id, "component_type": menu.type, "values": list(values)}
        return await self._interact(payload, user, live.channel, live, wait=wait, timeout=timeout)

    async def submit_modal(
        self,
        opened_by: InteractionRecord,
        values: Mapping[str, str | list[str]],
        *,
        at_ms: int | None = None,
        wait: bool = True,
        timeout: float = INITIAL_RESPONSE_DEADLINE_S,
    ) -> InteractionRecord:
        """The user who got the modal fills it (`values` by custom_id) and presses « Envoyer »."""
        modal = opened_by.modal
        if modal is None:
            raise EmulatorError(f"{opened_by!r} was not answered with a modal")
        rows = user_input.modal_answers(modal, values)
        opened_by.modal = None
        channel, user = opened_by.channel, opened_by.user
        payload = self._base_payload(MODAL_SUBMIT, channel, user, at_ms)
        source = opened_by.source_message
        if source is not None:
            payload["message"] = source.to_json()
        payload["data"] = {"custom_id": modal["custom_id"], "components": rows}
        return await self._interact(payload, user, channel, source, wait=wait, timeout=timeout)

    # -- reading what the bot left ------------------------------------------------------------------------

    def responses(self, channel: Channel | None = None) -> list[InteractionRecord]:
        return [r for r in self.interactions.values() if channel is None or r.channel.id == channel.id]

    def bot_messages(self, channel: Channel) -> list[Message]:
        return [m for m in channel.live_messages() if m.author.id == self.bot_user.id]

    def ephemeral_for(self, channel: Channel, user: User) -> list[Message]:
        return [m for m in channel.live_messages() if m.flags & EPHEMERAL_FLAG and m.visible_to == user]
