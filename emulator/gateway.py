"""The gateway side: one websocket per bot connection, speaking Discord's opcodes (JSON, zlib-stream)."""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from emulator.emulator import Emulator

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, RESUME = 0, 1, 2, 3, 6
RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
INTENT_GUILD_PRESENCES = 1 << 8
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

AUTHENTICATION_FAILED = 4004
INVALID_SHARD = 4010
DISALLOWED_INTENTS = 4014
NOT_AUTHENTICATED = 4003
DECODE_ERROR = 4002


class GatewaySession:
    """One connected bot. Events are only sent once it has identified (READY) or resumed."""

    def __init__(self, emu: Emulator, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.emu = emu
        self.ws = ws
        self.session_id = secrets.token_hex(16)
        self.sequence = 0
        self.intents = 0
        self.identified = False
        self.ready = asyncio.Event()
        self.heartbeats = 0
        self.presence: dict[str, Any] | None = None
        self.resumed = False
        # A forgotten session cannot be resumed (Discord invalidated it).
        self.forgotten = False
        # (shard id, shard count) from IDENTIFY: this session gets that shard's guilds only.
        self.shard = (0, 1)
        self._compressor = zlib.compressobj() if compress else None
        self._send_lock = asyncio.Lock()

    @property
    def compressed(self) -> bool:
        return self._compressor is not None

    @property
    def alive(self) -> bool:
        return self.identified and not self.ws.closed

    def wants(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def serves(self, guild_id: int | None) -> bool:
        """Whether Discord sends this guild's events to this session: its shard is
        ``(guild_id >> 22) % shard_count``; direct messages go to shard 0."""
        shard_id, count = self.shard
        return ((guild_id or 0) >> 22) % count == shard_id

    async def send(self, op: int, data: Any, event: str | None = None) -> None:
        async with self._send_lock:
            if self.ws.closed:
                return
            payload: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
            if op == DISPATCH:
                self.sequence += 1
                payload["s"] = self.sequence
            text = json.dumps(payload)
            try:
                if self._compressor is not None:
                    raw = self._compressor.compress(text.encode()) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(raw)
                else:
                    await self.ws.send_str(text)
            except ConnectionError:
                return

    async def dispatch(self, event: str, data: Any) -> None:
        await self.send(DISPATCH, data, event)

    async def run(self) -> None:
        await self.send(HELLO, {"heartbeat_interval": self.emu.heartbeat_interval_ms})
        async for msg in self.ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.BINARY:
                    await self.ws.close(code=DECODE_ERROR, message=b"Decode error")
                break
            try:
                frame = json.loads(msg.data)
            except ValueError:
                await self.ws.close(code=DECODE_ERROR, message=b"Decode error")
                break
            await self._handle(frame.get("op"), frame.get("d"))

    async def _handle(self, op: int | None, data: Any) -> None:
        if op == HEARTBEAT:
            self.heartbeats += 1
            await self.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(data)
        elif op == RESUME:
            await self._resume(data)
        elif not self.identified:
            await self.ws.close(code=NOT_AUTHENTICATED, message=b"Not authenticated.")
        elif op == REQUEST_GUILD_MEMBERS:
            await self._members_chunk(data)
        elif op == PRESENCE_UPDATE:
            self.presence = data

    async def _identify(self, data: dict[str, Any]) -> None:
        if data.get("token") != self.emu.token:
            await self.ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return
        self.intents = int(data.get("intents") or 0)
        shard = data.get("shard") or [0, 1]
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or not all(isinstance(x, int) for x in shard)
            or not 0 <= shard[0] < shard[1]
        ):
            await self.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return
        self.shard = (shard[0], shard[1])
        if self.intents & PRIVILEGED_INTENTS & ~self.emu.privileged_intents:
            # A privileged intent not enabled in the developer portal for this application.
            await self.ws.close(code=DISALLOWED_INTENTS, message=b"Disallowed intent(s).")
            return
        self.identified = True
        self.emu.gateway_connected(self)
        bot = self.emu.bot_user
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**bot.to_json(), "verified": True, "mfa_enabled": False, "flags": 0},
                "session_id": self.session_id,
                "session_type": "normal",
                "resume_gateway_url": self.emu.gateway_url,
                "guilds": [{"id": str(g.id), "unavailable": True} for g in self.emu.guilds if self.serves(g.id)],
                "shard": list(self.shard),
                "application": {"id": str(self.emu.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
            },
        )
        for guild in self.emu.guilds:
            if self.serves(guild.id):
                await self.dispatch("GUILD_CREATE", guild.to_json())
        self.ready.set()
        self.emu.notify()

    async def _resume(self, data: dict[str, Any]) -> None:
        previous = self.emu.session_by_id(str(data.get("session_id")))
        if data.get("token") != self.emu.token or previous is None:
            await self.send(INVALID_SESSION, False)
            return
        self.session_id = previous.session_id
        self.intents = previous.intents
        self.shard = previous.shard
        self.resumed = True
        self.sequence = int(data.get("seq") or 0)
        self.identified = True
        self.emu.gateway_connected(self)
        await self.dispatch("RESUMED", {})
        self.ready.set()
        self.emu.notify()

    async def _members_chunk(self, data: dict[str, Any]) -> None:
        guild_ids = data.get("guild_id")
        for guild_id in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = self.emu.guild_by_id(int(guild_id or 0))
            if guild is None:
                continue
            wanted = {int(u) for u in data.get("user_ids") or []}
            query = (data.get("query") or "").lower()
            members = [
                m.to_json()
                for m in guild.members.values()
                if (not wanted or m.user.id in wanted) and m.user.name.lower().startswith(query)
            ]
            limit = int(data.get("limit") or 0)
            if limit:
                members = members[:limit]
            chunk: dict[str, Any] = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1}
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def reconnect(self) -> None:
        """Ask the bot to reconnect (op 7), as Discord does when it moves a session."""
        await self.send(RECONNECT, None)
