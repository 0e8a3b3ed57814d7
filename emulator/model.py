"""The emulated world: users, guilds, roles, channels, messages, and their JSON as Discord sends it."""

from __future__ import annotations

import copy
import datetime
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from emulator.limits import BUTTON, EPHEMERAL_FLAG, MEDIA_GALLERY, SELECT_TYPES, TEXT_DISPLAY
from emulator.snowflake import snowflake_ms

if TYPE_CHECKING:
    from emulator.emulator import Emulator

MENTION = re.compile(r"<@!?(\d+)>")
ALL_PERMISSIONS = (1 << 51) - 1
# View channel, send messages, embed links, attach files, read history, use application commands.
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
ADMINISTRATOR = 1 << 3
VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES = 1 << 10, 1 << 11, 1 << 14, 1 << 15
SEND_MESSAGES_IN_THREADS = 1 << 38
PUBLIC_THREAD = 11


def iso(ms: int) -> str:
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC).isoformat()


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    # The Discord client's language, sent with each interaction as ``locale`` (Discord's codes: fr, en-US…).
    locale: str = "fr"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }


@dataclass
class Member:
    user: User
    guild: Guild
    roles: list[Role] = field(default_factory=list)
    permissions: int | None = None
    nick: str | None = None

    @property
    def effective_permissions(self) -> int:
        """What Discord puts in `member.permissions` of an interaction: @everyone, the roles, and any extra bits."""
        bits = self.guild.everyone.permissions
        for role in self.roles:
            bits |= role.permissions
        if self.permissions is not None:
            bits |= self.permissions
        if self.user.id == self.guild.owner_id or bits & (1 << 3):
            return ALL_PERMISSIONS
        return bits

    def to_json(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.to_json(),
            "nick": self.nick,
            "roles": [str(r.id) for r in self.roles],
            "joined_at": iso(snowflake_ms(self.guild.id)),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.effective_permissions)
        return data


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    url: str
    description: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "description": self.description,
        }


@dataclass
class Component:
    """A button or a select as the player sees it in a message."""

    type: int
    custom_id: str | None
    label: str | None
    disabled: bool
    raw: dict[str, Any]

    @property
    def options(self) -> list[dict[str, Any]]:
        return list(self.raw.get("options") or [])

    @property
    def option_labels(self) -> list[str]:
        return [o.get("label", "") for o in self.options]


@dataclass
class Message:
    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    # Ephemeral messages exist for one user only; `visible_to` is that user.
    visible_to: User | None = None
    interaction_id: int | None = None
    interaction_user: User | None = None
    interaction_type: int | None = None
    webhook_id: int | None = None
    edited_ms: int | None = None
    deleted: bool = False
    loading: bool = False
    edits: int = 0
    mentions: list[User] = field(default_factory=list)
    # Set on a snapshot: the message as it is now in the channel.
    live: Message | None = field(default=None, repr=False, compare=False)

    def snapshot(self) -> Message:
        """The message as a player's screen shows it now; clicking it later is a click on a stale button."""
        frozen = copy.copy(self)
        frozen.embeds = copy.deepcopy(self.embeds)
        frozen.components = copy.deepcopy(self.components)
        frozen.attachments = list(self.attachments)
        frozen.live = self.live or self
        return frozen

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL_FLAG)

    @property
    def created_ms(self) -> int:
        return snowflake_ms(self.id)

    def iter_components(self) -> list[Component]:
        found: list[Component] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                if item.get("type") == BUTTON or item.get("type") in SELECT_TYPES:
                    found.append(
                        Component(
                            type=item["type"],
                            custom_id=item.get("custom_id"),
                            label=item.get("label"),
                            disabled=bool(item.get("disabled")),
                            raw=item,
                        )
                    )
                walk(item.get("components") or [])
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

        walk(self.components)
        return found

    @property
    def buttons(self) -> list[Component]:
        return [c for c in self.iter_components() if c.type == BUTTON]

    @property
    def button_labels(self) -> list[str]:
        return [b.label or "" for b in self.buttons]

    @property
    def selects(self) -> list[Component]:
        return [c for c in self.iter_components() if c.type in SELECT_TYPES]

    def button(self, label: str) -> Component:
        """The button with this label (exact, else the only one containing it)."""
        exact = [b for b in self.buttons if b.label == label]
        matches = exact or [b for b in self.buttons if label.lower() in (b.label or "").lower()]
        if len(matches) != 1:
            raise LookupError(f"{len(matches)} buttons match {label!r} in message {self.id}: {self.button_labels}")
        return matches[0]

    def text_displays(self) -> list[str]:
        """The words of a layout message's TextDisplays, in the order a reader sees them (the tree
        walked: containers, sections)."""
        found: list[str] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                if item.get("type") == TEXT_DISPLAY and isinstance(item.get("content"), str):
                    found.append(item["content"])
                walk(item.get("components") or [])

        walk(self.components)
        return found

    def gallery(self) -> list[dict[str, Any]]:
        """A layout message's media gallery items (``media.url``, ``description``), in order."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                if item.get("type") == MEDIA_GALLERY:
                    found.extend(item.get("items") or [])
                walk(item.get("components") or [])

        walk(self.components)
        return found

    def text(self) -> str:
        """Everything a reader sees as words: content, embed titles, descriptions, fields, footers,
        and a layout message's text displays."""
        parts = [self.content, *self.text_displays()]
        for embed in self.embeds:
            parts.append((embed.get("author") or {}).get("name") or "")
            parts.append(embed.get("title") or "")
            parts.append(embed.get("description") or "")
            for f in embed.get("fields") or []:
                parts.append(f"{f.get('name', '')}\n{f.get('value', '')}")
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    def shown(self) -> str:
        """`text()` as a Discord client renders it: mentions of members become « @Name »."""
        guild = self.channel.guild
        names = {m.user.id: m.nick or m.user.name for m in guild.members.values()} if guild else {}

        def name(match: re.Match[str]) -> str:
            user_id = int(match.group(1))
            return f"@{names[user_id]}" if user_id in names else match.group(0)

        return MENTION.sub(name, self.text())

    def attachment(self, filename: str) -> Attachment:
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        raise LookupError(f"no attachment {filename!r} in message {self.id}: {[a.filename for a in self.attachments]}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": iso(self.created_ms),
            "edited_timestamp": iso(self.edited_ms) if self.edited_ms is not None else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.to_json() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0 if self.interaction_type in (None, 3, 5) else 20,
            "flags": self.flags | (1 << 7 if self.loading else 0),
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "user": self.interaction_user.to_json(),
                "authorizing_integration_owners": {"0": str(self.channel.guild.id)} if self.channel.guild else {},
            }
        return data


@dataclass
class Channel:
    id: int
    name: str
    guild: Guild | None
    position: int = 0
    type: int = 0
    recipient: User | None = None
    messages: list[Message] = field(default_factory=list)
    # A thread's channel (type 11); its permissions are the parent's.
    parent: Channel | None = None
    # The permission overwrite for the bot's member: bits taken away from its server permissions
    # here (and in the threads of this channel).
    bot_denied: int = 0

    def to_json(self) -> dict[str, Any]:
        if self.guild is None:
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.recipient.to_json()] if self.recipient else [],
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": self._overwrites(),
            "parent_id": str(self.parent.id) if self.parent is not None else None,
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            **(self._thread_fields() if self.is_thread else {}),
        }

    def _thread_fields(self) -> dict[str, Any]:
        return {
            "owner_id": str(self.guild._world().owner.id) if self.guild is not None else None,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso(0),
                "locked": False,
            },
        }

    def _overwrites(self) -> list[dict[str, Any]]:
        if not self.bot_denied or self.guild is None:
            return []
        bot_id = self.guild._world().bot_user.id
        return [{"id": str(bot_id), "type": 1, "allow": "0", "deny": str(self.bot_denied)}]

    @property
    def is_thread(self) -> bool:
        return self.parent is not None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def live_messages(self) -> list[Message]:
        return [m for m in self.messages if not m.deleted]

    def visible_to(self, user: User) -> list[Message]:
        """What this user sees in the channel: public messages and the ephemeral ones meant for them."""
        return [m for m in self.live_messages() if m.visible_to is None or m.visible_to.id == user.id]

    @property
    def public_messages(self) -> list[Message]:
        return [m for m in self.live_messages() if m.visible_to is None]

    @property
    def last_message(self) -> Message:
        public = self.public_messages
        if not public:
            raise LookupError(f"no message in #{self.name}")
        return public[-1]

    def transcript(self, last: int = 10) -> str:
        """The channel's last messages as a reader sees them, buttons included: for failing tests' output."""
        lines = []
        for message in self.live_messages()[-last:]:
            who = message.author.name + (f" (seulement pour {message.visible_to.name})" if message.visible_to else "")
            lines.append(f"— {who} :\n{message.shown()}")
            if message.buttons or message.selects:
                shown = [f"[{b.label}]" + (" (grisé)" if b.disabled else "") for b in message.buttons]
                shown += [f"<{s.raw.get('placeholder') or 'choix'}: {', '.join(s.option_labels)}>" for s in message.selects]
                lines.append("   " + " ".join(shown))
        return "\n".join(lines)

    def messages_with_button(self, label: str) -> list[Message]:
        return [m for m in self.live_messages() if any(label == b.label for b in m.buttons)]


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    everyone: Role
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    world: Emulator | None = field(default=None, repr=False, compare=False)

    def _world(self) -> Emulator:
        if self.world is None:
            raise RuntimeError("this guild does not belong to an emulator")
        return self.world

    def add_channel(self, name: str) -> Channel:
        return self._world().create_channel(self, name)

    def add_thread(self, parent: Channel, name: str) -> Channel:
        """A public thread (type 11) of ``parent``: the bot's permissions there are the parent's."""
        return self._world().create_channel(self, name, parent=parent)

    def add_role(self, name: str, permissions: int = 0) -> Role:
        return self._world().create_role(self, name, permissions)

    def add_member(
        self, user: User, *, permissions: int | None = None, roles: tuple[Role, ...] = (), nick: str | None = None
    ) -> Member:
        """Make `user` a member; `permissions` are bits added to those of @everyone and the roles."""
        return self._world().create_member(self, user, permissions=permissions, roles=roles, nick=nick)

    def channel(self, name: str) -> Channel:
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise LookupError(f"no channel #{name} in {self.name}")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in [self.everyone, *self.roles]],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "fr",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(snowflake_ms(self.id)),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.to_json() for m in self.members.values()],
            "channels": [c.to_json() for c in self.channels if not c.is_thread],
            "threads": [c.to_json() for c in self.channels if c.is_thread],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
