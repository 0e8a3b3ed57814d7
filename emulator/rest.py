"""The REST side: the routes a bot calls, answered as Discord answers them, refusals included."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from emulator import limits
from emulator.model import (
    ATTACH_FILES,
    EMBED_LINKS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Attachment,
    Channel,
    Message,
)
from emulator.records import (
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    InteractionRecord,
    RestCall,
    Violation,
)

if TYPE_CHECKING:
    from emulator.emulator import Emulator

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly this (no charset).
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json", **(headers or {})}
    )


class ApiError(Exception):
    """A refusal: its HTTP status, Discord's JSON error code and message, and the violation kind it records."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        kind: str,
        errors: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        body: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.kind = kind
        self.errors = errors
        self.headers = headers or {}
        self.body = body

    def response(self) -> web.Response:
        body = self.body or {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return json_response(body, self.status, self.headers)


def invalid_form(problems: list[limits.Problem], kind: str) -> ApiError:
    summary = "; ".join(str(p) for p in problems)
    if any(p.code == "50006" for p in problems):
        return ApiError(400, 50006, "Cannot send an empty message", kind=kind)
    return ApiError(400, 50035, f"Invalid Form Body ({summary})", kind=kind, errors=limits.errors_object(problems))


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}", kind="not_found")


@dataclass
class Upload:
    field: str
    filename: str
    data: bytes
    content_type: str | None


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[str, Upload]]:
    """The JSON payload and the uploaded files, from a JSON or a multipart/form-data body."""
    uploads: dict[str, Upload] = {}
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())
            elif part.filename is not None:
                data = bytes(await part.read(decode=False))
                uploads[name] = Upload(name, part.filename, data, part.headers.get("Content-Type"))
            else:
                payload[name] = await part.text()
        return payload, uploads
    if request.can_read_body:
        body = await request.read()
        if body:
            try:
                decoded = json.loads(body)
            except ValueError as exc:
                raise ApiError(400, 50109, "The request body contains invalid JSON.", kind="bad_request") from exc
            return (decoded if isinstance(decoded, dict) else {"_list": decoded}), uploads
    return {}, uploads


PAYLOAD = web.RequestKey("payload", object)
MENTION = re.compile(r"<@!?(\d+)>")
# What a bot without boosts may upload per file (the `attachment_size_limit` of every interaction).
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class RestApi:
    def __init__(self, emu: Emulator) -> None:
        self.emu = emu

    def routes(self) -> list[tuple[str, str, Handler]]:
        v = "/api/v10"
        cmds = v + "/applications/{app_id}/commands"
        guild_cmds = v + "/applications/{app_id}/guilds/{guild_id}/commands"
        msgs = v + "/channels/{channel_id}/messages"
        hook = v + "/webhooks/{app_id}/{token}"
        return [
            ("GET", v + "/users/@me", self.get_me),
            ("GET", v + "/users/{user_id}", self.get_user),
            ("POST", v + "/users/@me/channels", self.create_dm),
            ("GET", v + "/oauth2/applications/@me", self.get_application),
            ("GET", v + "/applications/@me", self.get_application),
            ("GET", v + "/gateway", self.get_gateway),
            ("GET", v + "/gateway/bot", self.get_gateway),
            ("GET", cmds, self.get_commands),
            ("PUT", cmds, self.put_commands),
            ("POST", cmds, self.post_command),
            ("DELETE", cmds + "/{command_id}", self.delete_command),
            ("GET", guild_cmds, self.get_commands),
            ("PUT", guild_cmds, self.put_commands),
            ("POST", guild_cmds, self.post_command),
            ("DELETE", guild_cmds + "/{command_id}", self.delete_command),
            ("GET", v + "/channels/{channel_id}", self.get_channel),
            ("POST", v + "/channels/{channel_id}/typing", self.typing),
            ("GET", msgs, self.get_messages),
            ("POST", msgs, self.create_message),
            ("GET", msgs + "/{message_id}", self.get_message),
            ("PATCH", msgs + "/{message_id}", self.edit_message),
            ("DELETE", msgs + "/{message_id}", self.delete_message),
            ("GET", v + "/guilds/{guild_id}", self.get_guild),
            ("GET", v + "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", v + "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("POST", v + "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", hook, self.followup),
            ("GET", hook + "/messages/{message_id}", self.get_webhook_message),
            ("PATCH", hook + "/messages/{message_id}", self.edit_webhook_message),
            ("DELETE", hook + "/messages/{message_id}", self.delete_webhook_message),
            ("GET", "/attachments/{channel_id}/{attachment_id}/{filename}", self.get_attachment),
        ]

    # -- plumbing ---------------------------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        route = request.match_info.route.resource.canonical if request.match_info.route.resource else "?"
        payload: Any = None
        try:
            if not self._public(route) and request.headers.get("Authorization") != f"Bot {self.emu.token}":
                raise ApiError(401, 0, "401: Unauthorized", kind="unauthorized")
            held = next((h for h in self.emu.holds if h.catches(request.method, route)), None)
            if held is not None:
                self.emu.holds.remove(held)
                await held.hold()
            response = await handler(request)
        except ApiError as error:
            self.emu.record_violation(
                Violation(error.kind, error.message, request.method, request.path, request.get(PAYLOAD))
            )
            response = error.response()
        payload = request.get(PAYLOAD)
        self.emu.calls.append(RestCall(request.method, request.path, route, response.status, self.emu.clock(), payload))
        self.emu.notify()
        return response

    @staticmethod
    def _public(route: str) -> bool:
        # Interaction callbacks and webhooks are authorised by their token in the path, not the bot token.
        return route == "/ws" or route.startswith(("/api/v10/interactions/", "/api/v10/webhooks/", "/attachments/"))

    async def unknown_route(self, request: web.Request) -> web.Response:
        raise ApiError(404, 0, f"404: Not Found (the emulator has no route {request.method} {request.path})", kind="unknown_route")

    def _channel(self, request: web.Request) -> Channel:
        channel = self.emu.channel_by_id(int(request.match_info["channel_id"]))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _message(self, channel: Channel, message_id: int) -> Message:
        # Ephemeral messages exist only for their user and the interaction's webhook, not in the channel.
        for message in channel.messages:
            if message.id == message_id and not message.deleted and not message.ephemeral:
                return message
        raise unknown("Message", 10008)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], dict[str, Upload]]:
        payload, uploads = await read_body(request)
        request[PAYLOAD] = payload
        for upload in uploads.values():
            if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
                raise ApiError(
                    413,
                    40005,
                    f"Request entity too large ({upload.filename}: {len(upload.data)} bytes)",
                    kind="invalid_message",
                )
        return payload, uploads

    def _rate_limit(self, kind: str, channel: Channel) -> dict[str, str]:
        limiter = self.emu.rate_limits
        bucket = limiter.bucket(kind, channel.id)
        # Real time, not the emulator's clock: discord.py paces itself on its event loop's clock.
        now = time.monotonic()
        if not bucket.hit(now):
            retry = round(bucket.reset_after(now), 3)
            raise ApiError(
                429,
                0,
                f"You are being rate limited ({kind} in #{channel.name}).",
                kind="rate_limited",
                headers=bucket.refusal_headers(now),
                body={"message": "You are being rate limited.", "retry_after": retry, "global": False},
            )
        return bucket.headers(now) if limiter.announce else {}

    def _attachments(
        self, channel: Channel, payload: dict[str, Any], uploads: dict[str, Upload], kept: list[Attachment]
    ) -> list[Attachment]:
        """The message's attachments after this request.

        With an `attachments` list, it is the whole new list: ids of kept attachments, or indexes of the
        uploaded `files[n]`. Without it, the uploads are added to what the message had.
        """
        def upload(key: str, entry: dict[str, Any]) -> Attachment:
            file = uploads[key]
            return self.emu.new_attachment(channel, file.filename, file.data, file.content_type, entry)

        entries = payload.get("attachments")
        if entries is None:
            result = [*kept, *(upload(key, {}) for key in uploads)]
        else:
            by_id = {str(a.id): a for a in kept}
            result = []
            for entry in entries:
                key = f"files[{entry.get('id')}]"
                if key in uploads:
                    result.append(upload(key, entry))
                elif str(entry.get("id")) in by_id:
                    result.append(by_id[str(entry.get("id"))])
                else:
                    raise ApiError(400, 50035, f"Invalid Form Body (unknown attachment {entry})", kind="invalid_message")
        if len(result) > 10:
            raise ApiError(400, 50035, "Invalid Form Body (more than 10 attachments)", kind="invalid_message")
        return result

    def _apply_edit(self, message: Message, payload: dict[str, Any], uploads: dict[str, Upload]) -> None:
        problems = limits.check_message(payload, editing=True, flags_before=message.flags)
        if problems:
            raise invalid_form(problems, "invalid_message")
        attachments = message.attachments
        if "attachments" in payload or uploads:
            attachments = self._attachments(message.channel, payload, uploads, message.attachments)
        content: str = payload.get("content", message.content) or ""
        embeds: list[dict[str, Any]] = (payload["embeds"] if "embeds" in payload else message.embeds) or []
        components: list[dict[str, Any]] = (
            payload["components"] if "components" in payload else message.components
        ) or []
        if not (content or embeds or components or attachments):
            raise ApiError(400, 50006, "Cannot send an empty message", kind="invalid_message")
        if int(payload.get("flags") or 0) & limits.COMPONENTS_V2_FLAG:
            # A classic message turned into a layout one must clear its text and embeds in the edit.
            kept = [name for name, value in (("content", content), ("embeds", embeds)) if value]
            if kept:
                raise invalid_form(
                    [
                        limits.Problem(name, limits.LEGACY_WITH_V2, f"The '{name}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
                        for name in kept
                    ],
                    "invalid_message",
                )
            message.flags |= limits.COMPONENTS_V2_FLAG
        message.content = content
        message.embeds = embeds
        message.components = components
        message.attachments = attachments
        message.mentions = self._mentions(message.content)
        message.loading = False
        message.edits += 1
        message.edited_ms = self.emu.now_ms()
        self._check_pictures(message)

    def _check_pictures(self, message: Message) -> None:
        """An embed or a gallery showing `attachment://name` needs that file among the message's attachments.

        Discord accepts the message anyway and shows the embed without its picture: a player-visible
        failure, recorded without refusing anything.
        """
        names = {a.filename for a in message.attachments}
        for i, embed in enumerate(message.embeds):
            for key in ("image", "thumbnail", "author", "footer"):
                url = (embed.get(key) or {}).get("url" if key in ("image", "thumbnail") else "icon_url") or ""
                if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
                    self.emu.record_violation(
                        Violation(
                            "missing_picture",
                            f"message {message.id}: embeds.{i}.{key} shows {url} but the message has {sorted(names)}",
                        )
                    )
        for item in message.gallery():
            url = (item.get("media") or {}).get("url") or ""
            if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
                self.emu.record_violation(
                    Violation("missing_picture", f"message {message.id}: a gallery shows {url} but the message has {sorted(names)}")
                )

    def _mentions(self, content: str) -> list[Any]:
        found = []
        for match in MENTION.finditer(content or ""):
            user = self.emu.user_by_id(int(match.group(1)))
            if user is not None and user not in found:
                found.append(user)
        return found

    def _new_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        uploads: dict[str, Upload],
        record: InteractionRecord | None = None,
        *,
        loading: bool = False,
    ) -> Message:
        if not loading:
            problems = limits.check_message(payload, attachments=len(uploads))
            if problems:
                raise invalid_form(problems, "invalid_message")
        flags = int(payload.get("flags") or 0)
        ephemeral = bool(flags & limits.EPHEMERAL_FLAG) and record is not None
        message = Message(
            id=self.emu.snowflakes.make(self.emu.now_ms()),
            channel=channel,
            author=self.emu.bot_user,
            content=payload.get("content") or "",
            embeds=payload.get("embeds") or [],
            components=payload.get("components") or [],
            flags=flags if ephemeral else flags & ~limits.EPHEMERAL_FLAG,
            visible_to=record.user if ephemeral and record is not None else None,
            loading=loading,
        )
        message.attachments = self._attachments(channel, payload, uploads, [])
        message.mentions = self._mentions(message.content)
        self._check_pictures(message)
        if record is not None:
            message.interaction_id = record.id
            message.interaction_user = record.user
            message.interaction_type = record.type
            message.webhook_id = self.emu.application_id
        return message

    # -- identity -----------------------------------------------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response({**self.emu.bot_user.to_json(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.emu.user_by_id(int(request.match_info["user_id"]))
        if user is None:
            raise unknown("User", 10013)
        return json_response(user.to_json())

    async def get_application(self, request: web.Request) -> web.Response:
        owner = self.emu.owner
        return json_response(
            {
                "id": str(self.emu.application_id),
                "name": self.emu.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": False,
                "bot_require_code_grant": False,
                "owner": owner.to_json(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "interactions_endpoint_url": None,
                "bot": self.emu.bot_user.to_json(),
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.emu.gateway_url,
                "shards": self.emu.shard_count,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            }
        )

    async def create_dm(self, request: web.Request) -> web.Response:
        payload, _ = await self._body(request)
        user = self.emu.user_by_id(int(payload.get("recipient_id", 0)))
        if user is None:
            raise unknown("User", 10013)
        return json_response(self.emu.dm_channel(user).to_json())

    # -- commands -----------------------------------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.emu.application_id:
            raise unknown("Application", 10002)
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if self.emu.guild_by_id(int(guild_id)) is None:
            raise ApiError(403, 50001, "Missing Access", kind="forbidden")
        return int(guild_id)

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.emu.commands.get(self._scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await self._body(request)
        commands = payload.get("_list", [])
        problems = limits.check_commands(commands)
        if problems:
            raise invalid_form(problems, "invalid_commands")
        return json_response(self.emu.set_commands(scope, commands))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await self._body(request)
        problems = limits.check_commands([payload])
        if problems:
            raise invalid_form(problems, "invalid_commands")
        others = [c for c in self.emu.commands.get(scope, []) if c["name"] != payload.get("name")]
        registered = self.emu.set_commands(scope, [*others, payload])
        return json_response(next(c for c in registered if c["name"] == payload.get("name")), 201)

    async def delete_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        command_id = request.match_info["command_id"]
        current = self.emu.commands.get(scope, [])
        if not any(c["id"] == command_id for c in current):
            raise unknown("application command", 10063)
        self.emu.commands[scope] = [c for c in current if c["id"] != command_id]
        return web.Response(status=204)

    # -- guilds and channels ------------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.emu.guild_by_id(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        data = guild.to_json()
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self.emu.guild_by_id(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        return json_response([c.to_json() for c in guild.channels])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.emu.guild_by_id(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise unknown("Member", 10007)
        return json_response(member.to_json())

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).to_json())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return web.Response(status=204)

    # -- channel messages ---------------------------------------------------------------------------------

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = int(request.query.get("limit", "50"))
        before = int(request.query.get("before", "0") or 0)
        public = [m for m in channel.public_messages if not before or m.id < before]
        return json_response([m.to_json() for m in reversed(public)][:limit])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(channel, int(request.match_info["message_id"]))
        return json_response(message.to_json())

    def _allowed(self, channel: Channel, payload: dict[str, Any], uploads: dict[str, Upload], *, sending: bool) -> None:
        """Discord's refusals for what the bot may not do in this channel: 50001 when it cannot see
        it, 50013 (Missing Permissions) when it may not post there (Send Messages, or Send Messages
        in Threads in a thread) or attach files. Embeds without Embed Links are dropped, as Discord
        shows such a message without them."""
        allowed = self.emu.bot_permissions_in(channel)
        if not allowed & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access", kind="forbidden")
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if sending and not allowed & needed:
            raise ApiError(403, 50013, "Missing Permissions", kind="missing_permissions")
        if uploads and not allowed & ATTACH_FILES:
            raise ApiError(403, 50013, "Missing Permissions", kind="missing_permissions")
        if payload.get("embeds") and not allowed & EMBED_LINKS:
            payload["embeds"] = []

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, uploads = await self._body(request)
        self._allowed(channel, payload, uploads, sending=True)
        headers = self._rate_limit("create_message", channel)
        message = self._new_message(channel, payload, uploads)
        await self.emu.post_message(message)
        return json_response(message.to_json(), headers=headers)

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(channel, int(request.match_info["message_id"]))
        payload, uploads = await self._body(request)
        self._allowed(channel, payload, uploads, sending=False)
        if message.author.id != self.emu.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user", kind="forbidden")
        headers = self._rate_limit("edit_message", channel)
        self._apply_edit(message, payload, uploads)
        await self.emu.message_updated(message)
        return json_response(message.to_json(), headers=headers)

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(channel, int(request.match_info["message_id"]))
        await self.emu.delete_message(message)
        return web.Response(status=204)

    async def get_attachment(self, request: web.Request) -> web.Response:
        attachment = self.emu.attachment_by_id(int(request.match_info["attachment_id"]))
        if attachment is None:
            raise unknown("Attachment", 10008)
        return web.Response(body=attachment.data, content_type=attachment.content_type or "application/octet-stream")

    # -- interactions -------------------------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        payload, uploads = await self._body(request)
        record = self.emu.interaction_by_id(int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction", kind="unknown_interaction")
        now = self.emu.clock()
        if record.acknowledged:
            record.errors.append(40060)
            raise ApiError(400, 40060, "Interaction has already been acknowledged.", kind="already_acknowledged")
        if record.deadline_passed(now):
            record.errors.append(10062)
            record.settled.set()
            raise ApiError(
                404,
                10062,
                f"Unknown interaction (answered {now - record.dispatched_at:.2f} s after it was sent)",
                kind="unknown_interaction",
            )
        kind = int(payload.get("type", 0))
        data = payload.get("data") or {}
        try:
            self._respond(record, kind, data, uploads)
        except ApiError as error:
            record.errors.append(error.code)
            raise
        record.response_type = kind
        record.response_at = now
        record.responded.set()
        record.settled.set()
        if record.message is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            await self.emu.post_message(record.message)
        elif record.message is not None and kind == UPDATE_MESSAGE:
            await self.emu.message_updated(record.message)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(self._callback_answer(record, kind))

    def _respond(self, record: InteractionRecord, kind: int, data: dict[str, Any], uploads: dict[str, Upload]) -> None:
        from_component = record.source_message is not None
        if kind == CHANNEL_MESSAGE:
            record.message = self._new_message(record.channel, data, uploads, record)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            record.message = self._new_message(record.channel, data, {}, record, loading=True)
        elif kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            if record.type not in (MESSAGE_COMPONENT, MODAL_SUBMIT) or record.source_message is None:
                raise ApiError(400, 50035, "Invalid Form Body (this interaction has no message to update)", kind="bad_request")
            record.message = record.source_message
            if kind == UPDATE_MESSAGE:
                self._apply_edit(record.message, data, uploads)
        elif kind == MODAL:
            if record.type == MODAL_SUBMIT:
                raise ApiError(400, 50035, "Invalid Form Body (a modal cannot answer a modal)", kind="bad_request")
            problems = limits.check_modal(data)
            if problems:
                raise invalid_form(problems, "invalid_modal")
            record.modal = data
        elif kind == AUTOCOMPLETE_RESULT:
            if record.type != AUTOCOMPLETE:
                raise ApiError(400, 50035, "Invalid Form Body (not an autocomplete)", kind="bad_request")
            choices = list(data.get("choices") or [])
            problems = limits.check_choices(choices)
            if problems:
                raise invalid_form(problems, "invalid_choices")
            record.choices = choices
        else:
            raise ApiError(400, 50035, f"Invalid Form Body (unknown callback type {kind})", kind="bad_request")
        if from_component and kind == DEFERRED_UPDATE_MESSAGE and record.message is None:
            record.message = record.source_message

    def _callback_answer(self, record: InteractionRecord, kind: int) -> dict[str, Any]:
        interaction: dict[str, Any] = {"id": str(record.id), "type": record.type}
        resource: dict[str, Any] = {"type": kind}
        if record.message is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            interaction["response_message_id"] = str(record.message.id)
            interaction["response_message_loading"] = record.message.loading
            interaction["response_message_ephemeral"] = record.message.ephemeral
            resource["message"] = record.message.to_json()
        elif record.message is not None:
            interaction["response_message_id"] = str(record.message.id)
        return {"interaction": interaction, "resource": resource}

    # -- webhooks (followups, @original) ------------------------------------------------------------------

    def _hook(self, request: web.Request) -> InteractionRecord:
        if int(request.match_info["app_id"]) != self.emu.application_id:
            raise ApiError(404, 10015, "Unknown Webhook", kind="unknown_webhook")
        record = self.emu.interaction_by_token(request.match_info["token"])
        if record is None:
            raise ApiError(404, 10015, "Unknown Webhook", kind="unknown_webhook")
        if record.token_expired(self.emu.clock()):
            record.errors.append(50027)
            raise ApiError(401, 50027, "Invalid Webhook Token", kind="token_expired")
        if not record.acknowledged:
            record.errors.append(10015)
            raise ApiError(404, 10015, "Unknown Webhook (the interaction was not answered yet)", kind="unknown_webhook")
        return record

    def _hook_message(self, record: InteractionRecord, message_id: str) -> Message:
        if message_id == "@original":
            if record.message is None or record.message.deleted:
                raise unknown("Message", 10008)
            return record.message
        for message in [record.message, *record.followups]:
            if message is not None and str(message.id) == message_id and not message.deleted:
                return message
        raise unknown("Message", 10008)

    async def followup(self, request: web.Request) -> web.Response:
        record = self._hook(request)
        payload, uploads = await self._body(request)
        original = record.message
        if original is not None and original.loading and record.response_type == DEFERRED_CHANNEL_MESSAGE:
            # After "thinking", Discord turns the first followup into the deferred answer itself.
            keep_flags = original.flags
            self._apply_edit(original, payload, uploads)
            original.flags = keep_flags
            await self.emu.message_updated(original)
            message = original
        else:
            message = self._new_message(record.channel, payload, uploads, record)
            record.followups.append(message)
            await self.emu.post_message(message)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.to_json())
        return web.Response(status=204)

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        record = self._hook(request)
        return json_response(self._hook_message(record, request.match_info["message_id"]).to_json())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        record = self._hook(request)
        message = self._hook_message(record, request.match_info["message_id"])
        payload, uploads = await self._body(request)
        self._apply_edit(message, payload, uploads)
        await self.emu.message_updated(message)
        return json_response(message.to_json())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        record = self._hook(request)
        message = self._hook_message(record, request.match_info["message_id"])
        await self.emu.delete_message(message)
        return web.Response(status=204)
