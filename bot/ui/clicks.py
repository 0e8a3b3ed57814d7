"""What a click, a form or a typed message does: the session manager applies it, then the table
message is edited through the interaction, and pings or private answers go out as needed.

Also the manager's ``Listener``: what happens without a click (a window closing, a warning, a
removal, a restart) edits the table message through the channel and says so in the channel —
held a moment, so that several such things close together make one edit and one message.

At most one new channel message per action: the notable lines, the end or the ping go together.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar, cast

import discord

from games.core import LEAVE, Action, ArgSpec, Event, IllegalAction, PlayerId
from games.core.messages import COMMON
from games.core.model import ArgValue

from .. import rules_book
from ..sessions import Notice, Outcome, Session, SessionManager, TableError, stored
from ..store import ABANDONED, LOBBY, SessionRecord
from ..tables import Presenter, mention, presenter_for, timestamp
from ..tables.base import FIELD_LABEL_MAX, GROUP, PLACEHOLDER_MAX, TITLE_MAX
from . import ids
from .batch import DELAY_S, TimerNews
from .components import clip, fit
from .lobby import lobby_embed, lobby_view
from .pictures import Pictures
from .pings import Pings
from .private import answer_privately
from .refusals import explain
from .translate import translate_click

log = logging.getLogger(__name__)

T = TypeVar("T")

# Past this, the click is deferred so Discord's 3 s limit is never missed while the table is busy.
# Counted from Discord's own time of the click: in a burst a click may wait its turn on the event
# loop before the bot even reads it, and that wait counts towards the 3 s too.
ANSWER_WITHIN_S = 2.0
# A click this old when its table is about to be drawn and sent is deferred first (the drawing and
# the upload may take the rest of the 3 s on a loaded bot).
DEFER_WHEN_LATE_S = 1.5
# Older than this (or from the future), the click's time says the clocks disagree, not its age.
AGE_TRUSTED_S = 15.0
PLAYED = "✅ C'est joué."
NOTHING_HIDDEN = "Tu n'as rien de caché à cette table."
NOT_YOUR_TURN = COMMON["not_your_turn"]

# Tables redrawn and told after a restart: at most 10 a second (each is an edit and a message).
RESTART_PACE_S = 0.1
# A table whose last move is this much older than the last move the bot stored before it stopped
# was shown as it is long before the bot stopped: its message is right, nothing to redraw.
SHOWN_BEFORE_STOP_MS = 60_000

Hand = tuple[str | None, discord.ui.View | None, list[discord.File]]


def at_ms(interaction_or_message: discord.Interaction[Any] | discord.Message) -> int:
    """Discord's own time of the click or message (``created_at``, read exactly from the snowflake
    rather than through a float), to the millisecond."""
    return (interaction_or_message.id >> 22) + discord.utils.DISCORD_EPOCH


def age_s(interaction: discord.Interaction[Any], now_ms: int) -> float:
    """How long ago Discord sent the click, by its snowflake; 0 when the clocks plainly disagree.
    ``now_ms`` is the bot's clock (the tables' clock), the wall clock but in tests."""
    age = (now_ms - at_ms(interaction)) / 1000
    return age if 0 <= age <= AGE_TRUSTED_S else 0.0


def display_name(user: discord.abc.User) -> str:
    return clip(getattr(user, "display_name", None) or user.name, 64)


class ClickHandler:
    def __init__(self, manager: SessionManager, *, timer_delay_s: float = DELAY_S) -> None:
        self.manager = manager
        self.client: discord.Client | None = None
        self.pings = Pings()
        self.pictures = Pictures()
        self.news = TimerNews(self._show_news, timer_delay_s)
        # Notices from before the gateway is ready (tables restored in setup_hook) wait for it.
        self._is_ready = False
        self._queued: list[tuple[Session, list[Event], Notice]] = []
        self._queued_broken: list[SessionRecord] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def ready(self) -> None:
        """The channels are known now: say what happened while the bot was away, paced (see
        ``_after_restart``) so that players' clicks are never queued behind it."""
        self._is_ready = True
        queued, self._queued = self._queued, []
        broken, self._queued_broken = self._queued_broken, []
        if queued or broken:
            # A lobby whose message was lost first: until it is shown again nobody can sit down.
            told = sorted(worth_telling(queued), key=lambda q: q[2].kind != "lobby_lost")
            self._in_background(self._after_restart(broken, told))

    async def _after_restart(
        self, broken: list[SessionRecord], queued: list[tuple[Session, list[Event], Notice]]
    ) -> None:
        """One table at a time, ``RESTART_PACE_S`` apart: with thousands of tables, telling them
        all at once kept the bot from answering anyone for minutes (docs/PERFORMANCE.md, section 2),
        and Discord allows about 50 requests a second for the whole bot."""
        for rec in broken:
            await self._tell_broken(rec)
            await asyncio.sleep(RESTART_PACE_S)
        for session, events, notice in queued:
            await self._tell(session, events, notice)
            await asyncio.sleep(RESTART_PACE_S)

    def _in_background(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell(self, session: Session, events: list[Event], notice: Notice) -> None:
        try:
            await self.table_changed(session, events, notice)
        except Exception:
            log.exception("table %s : annonce « %s » impossible", session.id, notice.kind)

    async def _tell_broken(self, rec: SessionRecord) -> None:
        try:
            await self.table_broken(rec)
        except Exception:
            log.exception("table %s : annonce de la mise de côté impossible", rec.id)

    async def settle(self) -> None:
        """Waits until what timers said has been shown (tests; before closing)."""
        await self.news.settle()

    def close(self) -> None:
        """Drops what timers said and was not shown yet (the bot is closing)."""
        self.news.close()

    # --- answering ---------------------------------------------------------------------------------
    async def private(
        self,
        interaction: discord.Interaction[Any],
        text: str,
        *,
        view: discord.ui.View | None = None,
        files: list[discord.File] | None = None,
    ) -> None:
        extra: dict[str, Any] = {}
        if view is not None:
            extra["view"] = view
        if files:
            extra["files"] = files
        await answer_privately(interaction, text, **extra)

    async def refuse(
        self, interaction: discord.Interaction[Any], session: Session | None, player: PlayerId, text: str
    ) -> None:
        """A refusal, privately. Clicked in a private hand, that message is drawn again as it is
        now with the reason on top, so that its old buttons do not linger."""
        message = interaction.message
        if (
            session is not None
            and session.state is not None
            and message is not None
            and message.flags.ephemeral
            and message.id != session.rec.message_id
            and player in session.players
            and presenter_for(session.game).has_private_answer()
        ):
            await self.show_private(interaction, session, player, f"⚠️ {text}")
            return
        await self.private(interaction, text)

    async def in_time(self, interaction: discord.Interaction[Any], work: Awaitable[T]) -> T:
        """Runs ``work``; if it is not done soon enough, defers the click first (so it never fails)."""
        task = asyncio.ensure_future(stored(work))
        left = ANSWER_WITHIN_S - age_s(interaction, self.manager.clock())
        done, _ = await asyncio.wait({task}, timeout=max(0.0, left))
        if not done and not interaction.response.is_done():
            await interaction.response.defer()
        return await task

    async def defer_if_late(self, interaction: discord.Interaction[Any]) -> None:
        late = age_s(interaction, self.manager.clock()) >= DEFER_WHEN_LATE_S
        if not interaction.response.is_done() and late:
            await interaction.response.defer()

    async def show_table(self, interaction: discord.Interaction[Any], session: Session) -> None:
        """Edits the message the click came from into the table as it is now (its pictures are
        uploaded again only when their bytes changed)."""
        await self.defer_if_late(interaction)
        embed, view, files = await render(session)
        await self._edit_clicked(interaction, {"embed": embed, "view": view}, files)

    async def _edit_clicked(
        self, interaction: discord.Interaction[Any], changes: dict[str, Any], files: list[discord.File]
    ) -> None:
        """Edits the clicked message, through the answer or after it, re-uploading only changed pictures."""
        message_id = interaction.message.id if interaction.message is not None else None
        key, attachments = self.pictures.to_send(message_id, files)
        if attachments is not None:
            changes["attachments"] = attachments
        if interaction.response.is_done():
            await interaction.edit_original_response(**changes)
        else:
            await interaction.response.edit_message(**changes)
        self.pictures.shown(message_id, key)

    async def hand(self, session: Session, player: PlayerId) -> Hand:
        """What ``player`` alone may see: words, their own components, pictures (each may be none)."""
        if session.state is None or player not in session.players:
            return None, None, []
        presenter = presenter_for(session.game)
        try:
            text = presenter.private(session, player)
        except Exception:
            log.exception("le jeu privé de %s a échoué (table %s)", session.game.name, session.id)
            text = None
        try:
            view = presenter.private_view(session, player)
            files = await asyncio.to_thread(presenter.private_files, copy.copy(session), player)
            return text, view, files
        except Exception:
            log.exception("la main de %s a échoué (table %s)", session.game.name, session.id)
            return text, None, []

    async def show_private(
        self, interaction: discord.Interaction[Any], session: Session, player: PlayerId, head: str
    ) -> None:
        """Edits the private message the click came from: ``head``, then the player's hand as it is
        now (words, buttons, pictures) when the presenter draws one; else ``head`` alone."""
        await self.defer_if_late(interaction)
        text: str = head
        view: discord.ui.View | None = None
        files: list[discord.File] = []
        if presenter_for(session.game).has_private_answer():
            words, view, files = await self.hand(session, player)
            if words:
                text = f"{head}\n\n{words}"
        await self._edit_clicked(interaction, {"content": clip(text, 2000), "view": view}, files)

    async def unrouted(self, interaction: discord.Interaction[Any]) -> None:
        """A click discord.py drops: its button is no longer on the message as Discord sends it now
        (another player's click changed the table first). It still deserves an answer: routed here
        by custom_id, it is applied if still legal, or told why not."""
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("tv"):
            # Not one of the table's ids: a view of this bot (« Oui, je quitte ») answers its own;
            # anything else (another bot version, a modified client) is told nothing happened.
            if not self.routed_by_view(interaction, custom_id, data):
                await self.private(interaction, TableError("malformed").text)
            return
        if has_component(interaction.message, custom_id):
            return
        prefix = custom_id.split(":", 1)[0]
        if prefix in {"tv", "tvs"}:
            await self.action(interaction, custom_id, [str(v) for v in data.get("values", [])])
        elif prefix == "tvq":
            await self.ask(interaction, custom_id)
        elif prefix == "tvm":
            await self.menu(interaction, custom_id)
        elif prefix == "tvl":
            await self.lobby(interaction, custom_id)
        elif prefix == "tvr":
            await self.rules(interaction, custom_id)
        else:
            # A game presenter's own component (``tvb:`` …) that is no longer on the table.
            await self.private(interaction, TableError("gone").text)

    def routed_by_view(self, interaction: discord.Interaction[Any], custom_id: str, data: dict[str, Any]) -> bool:
        """Whether discord.py hands this click to a view it keeps (as its ``dispatch_view`` looks
        it up); when that cannot be told, it is left to discord.py."""
        connection = getattr(self.client, "_connection", None)
        views = getattr(getattr(connection, "_view_store", None), "_views", None)
        if not isinstance(views, dict):
            return True
        key = (int(data.get("component_type", 0) or 0), custom_id)
        message_id = interaction.message.id if interaction.message is not None else None
        return key in views.get(message_id, {}) or key in views.get(None, {})

    # --- game actions ------------------------------------------------------------------------------
    async def action(self, interaction: discord.Interaction[Any], custom_id: str, values: list[str]) -> None:
        if custom_id.startswith("tvs:") and custom_id.split(":", 3)[-1].startswith(GROUP):
            await self.group(interaction, custom_id, values)
            return
        player = str(interaction.user.id)
        try:
            session, turn, action = translate_click(
                self.manager, interaction.channel_id, custom_id, values, player=player
            )
        except TableError as error:
            await self.refuse(interaction, self.session_of(interaction, custom_id), player, error.text)
            return
        await self.play(interaction, session, action, turn)

    def session_of(self, interaction: discord.Interaction[Any], custom_id: str) -> Session | None:
        """The table a table component belongs to, when it is open in this channel."""
        try:
            session = self.manager.by_id(ids.parse_table_id(custom_id).session)
        except ids.BadId:
            return None
        if session is None or session.rec.channel_id != interaction.channel_id:
            return None
        return session

    def table_named(self, custom_id: str, *, same_turn: bool) -> tuple[ids.TableId, Session]:
        """The game a custom_id names, or the TableError saying why not (malformed, closed, stale)."""
        try:
            parsed = ids.parse_table_id(custom_id)
        except ids.BadId:
            raise TableError("malformed") from None
        session = self.manager.by_id(parsed.session)
        if session is None or session.state is None:
            raise TableError("closed")
        if same_turn and parsed.turn != session.state.turn_no:
            raise TableError("stale")
        return parsed, session

    async def group(self, interaction: discord.Interaction[Any], custom_id: str, values: list[str]) -> None:
        """A group of a very long list was picked: its actions, privately, to choose from."""
        try:
            parsed, session = self.table_named(custom_id, same_turn=True)
            index = ids.from36(values[0]) if len(values) == 1 else -1
        except ids.BadId:
            await self.private(interaction, TableError("malformed").text)
            return
        except TableError as error:
            await self.private(interaction, error.text)
            return
        view = presenter_for(session.game).group_view(session, parsed.tail[len(GROUP) :], index)
        if view is None:
            await self.private(interaction, TableError("gone").text)
            return
        await interaction.response.send_message("Choisis :", view=view, ephemeral=True)

    async def play(
        self, interaction: discord.Interaction[Any], session: Session, action: Action, turn: int | None
    ) -> None:
        player = str(interaction.user.id)
        try:
            outcome = await self.in_time(
                interaction,
                self.manager.act(
                    session.id,
                    player,
                    action,
                    at_ms(interaction),
                    turn=turn,
                    interaction_id=interaction.id,
                    name=display_name(interaction.user),
                ),
            )
        except TableError as error:
            await self.refuse(interaction, session, player, error.text)
            return
        if outcome.error is not None:
            await self.refuse(interaction, session, player, explain(session, outcome.error))
            return
        message = interaction.message
        if message is not None and message.id == session.rec.message_id:
            await self.show_table(interaction, session)
        else:
            # A private message (a hand, a group's list): it is drawn again as it is after the
            # move — or closed —, and the table is edited through the channel.
            if message is not None and message.flags.ephemeral:
                await self.show_private(interaction, session, player, PLAYED)
            elif not interaction.response.is_done():
                await interaction.response.defer()
            await self.refresh(session)
        await self.after(session, outcome.events, player=player, interaction=interaction)

    async def after(
        self,
        session: Session,
        events: list[Event],
        *,
        player: PlayerId | None = None,
        interaction: discord.Interaction[Any] | None = None,
    ) -> None:
        """Private lines for the clicker; then one channel message: what timers said just before
        (held, not shown yet), the notable lines, and the end or the ping."""
        mine = [self.manager.describe(session, e) for e in events if e.to is not None and player in e.to]
        if interaction is not None and mine:
            await self.private(interaction, "\n".join(mine))
        lines = self.news.take(session.id) + self.announcements(session, events)
        await self.say_with_news(session, lines, player)

    def announcements(self, session: Session, events: list[Event]) -> list[str]:
        presenter = presenter_for(session.game)
        lines = []
        for event in events:
            if event.to is not None:
                continue
            try:
                line = presenter.announcement(session, event)
            except Exception:
                log.exception("annonce de %s impossible (%s)", event.kind, session.game.name)
                continue
            if line:
                lines.append(line)
        return lines

    async def say_with_news(self, session: Session, lines: list[str], player: PlayerId | None) -> None:
        """``lines``, then the end of the game or the ping, as one message (if there is anything)."""
        state = session.state
        if state is not None and state.over:
            self.pings.forget(session.id)
            winners = ", ".join(mention(p, session.rec.names) for p in state.winners) or "personne"
            lines = [*lines, f"🏆 Partie de {session.game.title} terminée ! Victoire : {winners}."]
            await self.say(session, "\n".join(lines))
            try:
                await self.manager.mark_end_shown(session)
            except Exception:  # told twice after a restart at worst
                log.exception("table %s : fin annoncée non notée", session.id)
            return
        if state is not None:
            ping = self.ping_text(session, player)
            if ping:
                lines = [*lines, ping]
        if lines:
            await self.say(session, "\n".join(lines))

    def ping_text(self, session: Session, clicker: PlayerId | None = None) -> str | None:
        """``<@id>, à toi !`` for the players the table newly waits for, not the one who just
        played (edits notify nobody; a ping on every throw of the same player would be noise)."""
        state = session.state
        if state is None or state.over or session.game.deadline(state) is not None:
            return None
        waiting = self.manager.waiting(session)
        return self.pings.text(session.id, waiting, lambda p: mention(p, session.rec.names), clicker)

    # --- forms (free numbers, words) -----------------------------------------------------------
    async def ask(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        try:
            parsed, session = self.table_named(custom_id, same_turn=True)
        except TableError as error:
            await self.private(interaction, error.text)
            return
        presenter = presenter_for(session.game)
        spec = presenter.specs.get(parsed.tail)
        if spec is None:
            await self.private(interaction, TableError("malformed").text)
            return
        player = str(interaction.user.id)
        if not presenter.may_ask(session, player, spec.kind):
            # Said before the form opens: filling it in only to be refused would waste the effort.
            seated = player in session.players
            await self.private(interaction, NOT_YOUR_TURN if seated else TableError("not_seated").text)
            return
        modal = discord.ui.Modal(
            title=fit(presenter.form_title(session, spec.kind), TITLE_MAX), custom_id=custom_id, timeout=None
        )
        for arg in presenter.form_fields(session, spec.kind):
            hint = clip(presenter.field_hint(session, spec.kind, arg), PLACEHOLDER_MAX)
            modal.add_item(
                discord.ui.TextInput(
                    label=fit(presenter.field_label(session, spec.kind, arg), FIELD_LABEL_MAX),
                    custom_id=arg.name,
                    placeholder=hint or None,
                    required=not arg.optional,
                    max_length=200,
                )
            )
        await interaction.response.send_modal(modal)

    async def form(self, interaction: discord.Interaction[Any]) -> None:
        """A submitted form (modal): its fields become the action's arguments."""
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        try:
            parsed = ids.parse_table_id(custom_id)
        except ids.BadId:
            await self.private(interaction, TableError("malformed").text)
            return
        session = self.manager.by_id(parsed.session)
        if session is None:
            await self.private(interaction, TableError("closed").text)
            return
        try:
            action = self.form_action(session, parsed.tail, _form_values(data))
        except TableError as error:
            await self.private(interaction, error.text)
            return
        except IllegalAction as error:
            await self.private(interaction, explain(session, error))
            return
        await self.play(interaction, session, action, parsed.turn)

    def form_action(self, session: Session, kind: str, fields: dict[str, str]) -> Action:
        presenter = presenter_for(session.game)
        if kind not in presenter.specs:
            raise TableError("malformed")
        args: dict[str, ArgValue] = {}
        for arg in presenter.form_fields(session, kind):
            raw = fields.get(arg.name, "").strip()
            if not raw:
                if not arg.optional:
                    raise IllegalAction("missing_argument", name=arg.name)
                continue
            args[arg.name] = _parse_field(session, arg, raw)
        return Action(kind=kind, args=args)

    # --- the table's menu -----------------------------------------------------------------------------
    async def menu(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        try:
            parsed, session = self.table_named(custom_id, same_turn=False)
        except TableError as error:
            await self.private(interaction, error.text)
            return
        player = str(interaction.user.id)
        if parsed.tail == "me":
            text, view, files = await self.hand(session, player)
            if text is None and view is None and not files:
                await self.private(interaction, NOTHING_HIDDEN)
            else:
                await self.private(interaction, text or "Ton jeu :", view=view, files=files)
        elif parsed.tail == "quit":
            if player not in session.players:
                await self.private(interaction, TableError("not_seated").text)
                return
            await interaction.response.send_message(
                "Quitter la partie pour de bon ?", view=LeaveConfirm(self, session.id), ephemeral=True
            )
        else:
            await self.private(interaction, TableError("malformed").text)

    async def leave(self, interaction: discord.Interaction[Any], session_id: int) -> None:
        session = self.manager.by_id(session_id)
        if session is None:
            await self.private(interaction, TableError("closed").text)
            return
        player = str(interaction.user.id)
        try:
            outcome = await self.in_time(
                interaction,
                self.manager.act(
                    session_id, player, Action(kind=LEAVE), at_ms(interaction), interaction_id=interaction.id
                ),
            )
        except TableError as error:
            await self.private(interaction, error.text)
            return
        if outcome.error is not None:
            await self.private(interaction, explain(session, outcome.error))
            return
        if not interaction.response.is_done():
            await interaction.response.edit_message(content="Tu as quitté la partie.", view=None)
        await self.refresh(session)
        await self.after(session, outcome.events, player=player)

    # --- lobby -----------------------------------------------------------------------------------------
    async def lobby(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        try:
            session_id, what = ids.parse_lobby_id(custom_id)
        except ids.BadId:
            await self.private(interaction, TableError("malformed").text)
            return
        player, name = str(interaction.user.id), display_name(interaction.user)
        try:
            if what == "join":
                session = await stored(self.manager.join(session_id, player, name))
            elif what == "leave":
                session = await stored(self.manager.leave_lobby(session_id, player))
            else:
                outcome = await self.in_time(interaction, self.manager.start(session_id, player))
                await self.started(interaction, outcome)
                return
        except TableError as error:
            await self.private(interaction, error.text)
            return
        if self.manager.by_id(session.id) is None:
            await interaction.response.edit_message(
                content="Table fermée : plus personne n'y est assis.", embed=None, view=None
            )
            return
        await interaction.response.edit_message(embed=lobby_embed(session), view=lobby_view(session))

    async def started(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        session = outcome.session
        if outcome.error is not None:
            await self.private(interaction, explain(session, outcome.error))
            return
        if interaction.message is not None and interaction.message.id != session.rec.message_id:
            await self.manager.set_message(session, interaction.message.id)
        await self.show_table(interaction, session)
        await self.after(session, outcome.events, player=str(interaction.user.id))

    # --- rules -----------------------------------------------------------------------------------------
    async def rules(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        try:
            game, page = ids.parse_rules_id(custom_id)
            if game not in rules_book.FILES:
                raise ids.BadId(game)
        except ids.BadId:
            await self.private(interaction, TableError("malformed").text)
            return
        embed, view = rules_book.rules_page(game, page)
        await interaction.response.edit_message(embed=embed, view=view)

    # --- typed messages --------------------------------------------------------------------------------
    async def message(self, message: discord.Message) -> None:
        session = self.manager.in_channel(message.channel.id)
        if session is None or session.state is None or message.author.bot:
            return
        player = str(message.author.id)
        action = presenter_for(session.game).parse_message(session, player, message.content)
        if action is None:
            return
        try:
            outcome = await stored(
                self.manager.act(session.id, player, action, at_ms(message), name=display_name(message.author))
            )
        except TableError as error:
            await message.reply(error.text, delete_after=15, mention_author=False)
            return
        if outcome.error is not None:
            await message.reply(explain(session, outcome.error), delete_after=15, mention_author=False)
            return
        await self.refresh(session)
        await self.after(session, outcome.events, player=player)

    # --- outside clicks: the manager's listener -------------------------------------------------------
    def channel(self, session: Session) -> discord.abc.Messageable | None:
        return self.channel_by_id(session.rec.channel_id)

    def channel_by_id(self, channel_id: int) -> discord.abc.Messageable | None:
        if self.client is None:
            return None
        channel = self.client.get_channel(channel_id)
        # Text channels, threads, voice-channel chats: anything that can take a message.
        return cast("discord.abc.Messageable", channel) if hasattr(channel, "send") else None

    async def say(self, session: Session, text: str) -> None:
        channel = self.channel(session)
        if channel is not None:
            await channel.send(clip(text, 2000), allowed_mentions=discord.AllowedMentions(users=True))

    async def refresh(self, session: Session) -> None:
        """Edits the table message through the channel (no interaction at hand); re-posts it if gone."""
        channel = self.channel(session)
        if channel is None or session.state is None:
            return
        embed, view, files = await render(session)
        message_id = session.rec.message_id
        partial = getattr(channel, "get_partial_message", None)
        if message_id is not None and partial is not None:
            key, attachments = self.pictures.to_send(message_id, files)
            changes: dict[str, Any] = {"embed": embed, "view": view}
            if attachments is not None:
                changes["attachments"] = attachments
            try:
                await partial(message_id).edit(**changes)
                self.pictures.shown(message_id, key)
                return
            except discord.NotFound:
                self.pictures.forget(message_id)
            embed, view, files = await render(session)  # an upload tried closes its files: draw again
        key, _ = self.pictures.to_send(None, files)
        sent = await channel.send(embed=embed, view=view, files=files)
        self.pictures.shown(sent.id, key)
        if self.manager.by_id(session.id) is session:
            await self.manager.set_message(session, sent.id)

    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None:
        """What happened without a click: held a moment (``TimerNews``), then one table edit and one
        message for everything that happened to the table meanwhile."""
        if not self._is_ready:
            self._queued.append((session, events, notice))
            return
        names = session.rec.names
        who = ", ".join(mention(p, names) for p in notice.players)
        if notice.kind == "idle_closed":
            self.news.take(session.id)
            await self.say(
                session, f"🕯️ Table de {session.game.title} fermée : personne n'y a joué depuis longtemps."
            )
            await self.clear_buttons(session)
            return
        if notice.kind == "lobby_lost":
            await self.show_lobby_again(session)
            return
        if notice.kind == "lobby_restored":
            await self.redraw_lobby(session)
            return
        lines = []
        if notice.kind == "resumed":
            lines.append(f"🔁 Le bot a redémarré : la partie de {session.game.title} continue !")
        elif notice.kind == "ended":
            # The 🏆 line follows (the state is over), with the table drawn as it ended.
            lines.append("🔁 Le bot a redémarré.")
        # closed_late: no line of its own; the 🏆 line follows, as after any win.
        elif notice.kind == "warned" and notice.deadline_ms is not None:
            lines.append(
                f"⏰ {who}, à toi ! Sans action, tu seras retiré·e de la partie {timestamp(notice.deadline_ms)}."
            )
        elif notice.kind == "removed":
            lines.append(f"🚪 {who} retiré·e de la partie : trop longtemps sans jouer.")
        self.news.add(session, lines + self.announcements(session, events))

    async def table_broken(self, rec: SessionRecord) -> None:
        """A table whose stored state no longer loads was set aside at the restart: its channel is
        told, and its message loses its buttons (they could only answer « fermée »)."""
        if not self._is_ready:
            self._queued_broken.append(rec)
            return
        channel = self.channel_by_id(rec.channel_id)
        if channel is None:
            return
        game = self.manager.games.get(rec.game)
        title = game.title if game is not None else rec.game
        await self._strip_buttons(channel, rec.message_id, rec.id)
        await channel.send(
            clip(
                f"⚠️ La table de {title} de ce salon est fermée : son état enregistré est illisible. "
                "Ouvrez-en une nouvelle avec /jouer.",
                2000,
            )
        )

    async def show_lobby_again(self, session: Session) -> None:
        """A lobby stored just before the bot died, before its message went out: posted now, so
        that players can sit down (and /jouer is not left saying the channel is taken)."""
        channel = self.channel(session)
        if channel is None or self.manager.by_id(session.id) is not session:
            return
        sent = await channel.send(
            "🔁 Le bot a redémarré : voici la table ouverte dans ce salon.",
            embed=lobby_embed(session),
            view=lobby_view(session),
        )
        if self.manager.by_id(session.id) is session:
            await self.manager.set_message(session, sent.id)

    async def redraw_lobby(self, session: Session) -> None:
        """A lobby found at the restart: its message drawn again from the database, which a click
        stored by a bot that died before answering it may have left ahead (a seat taken, « Commencer »
        still grey). Posted again when the message is gone."""
        channel = self.channel(session)
        partial = getattr(channel, "get_partial_message", None)
        if partial is None or session.rec.message_id is None or not self._still_a_lobby(session):
            return
        try:
            await partial(session.rec.message_id).edit(embed=lobby_embed(session), view=lobby_view(session))
        except discord.NotFound:
            await self.show_lobby_again(session)
            return
        if self.manager.by_id(session.id) is session and session.rec.status != LOBBY:
            # The game started while this edit was on its way: the table, not the lobby, stays shown.
            await self.refresh(session)

    def _still_a_lobby(self, session: Session) -> bool:
        # Told a moment after the restart: its players may have started the game meanwhile.
        return self.manager.by_id(session.id) is session and session.rec.status == LOBBY

    async def _show_news(self, session: Session, lines: list[str]) -> None:
        """What timers said about a table, shown at last: one edit, one message."""
        if session.rec.status == ABANDONED or (self.client is not None and self.client.is_closed()):
            return
        if session.state is not None:
            await self.refresh(session)
        await self.say_with_news(session, lines, None)

    async def clear_buttons(self, session: Session) -> None:
        self.news.take(session.id)
        channel = self.channel(session)
        if channel is not None:
            await self._strip_buttons(channel, session.rec.message_id, session.id)

    async def _strip_buttons(self, channel: discord.abc.Messageable, message_id: int | None, table: int) -> None:
        partial = getattr(channel, "get_partial_message", None)
        if partial is None or message_id is None:
            return
        try:
            await partial(message_id).edit(view=None)
        except discord.HTTPException:
            log.info("table %s : message introuvable", table)


def worth_telling(
    queued: list[tuple[Session, list[Event], Notice]],
) -> list[tuple[Session, list[Event], Notice]]:
    """The restart's notices that change what a channel shows. A « resumed » table with no event
    (or a lobby) is redrawn only when its last move came within ``SHOWN_BEFORE_STOP_MS`` of the last move the
    bot stored before it stopped: a move committed just before a crash may not be on its message
    yet; an older table's message already shows it as it is, buttons included (they carry the
    table and the turn, and survive restarts)."""
    if not queued:
        return queued
    since = max(s.rec.active_ms for s, _, _ in queued) - SHOWN_BEFORE_STOP_MS
    return [
        (s, events, n)
        for s, events, n in queued
        if n.kind not in ("resumed", "lobby_restored") or events or s.rec.active_ms >= since
    ]


def has_component(message: discord.Message | None, custom_id: str) -> bool:
    """Whether ``message`` (as Discord sent it with the click) still carries this custom_id."""
    if message is None:
        return False
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id:
            return True
        stack.extend(getattr(component, "children", []) or [])
    return False


async def render(session: Session) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """The table message. A game's presenter that fails is logged and the generic one draws the
    table instead: the move is already stored, the players must still see it and go on.

    Pictures are drawn in a worker thread, from a snapshot of the session: a Barricade board costs
    about 10 ms, which on the event loop would delay every other table's answer (Pillow releases
    the GIL while encoding). Views are built here on the loop: discord.py's need it."""
    presenter = presenter_for(session.game)
    try:
        embed, view = presenter.embed(session), presenter.components(session)
        files = await asyncio.to_thread(presenter.files, copy.copy(session))
        return embed, view, files
    except Exception:
        log.exception("le présentateur de %s a échoué (table %s)", session.game.name, session.id)
        generic = Presenter(session.game)
        return generic.embed(session), generic.components(session), []


class LeaveConfirm(discord.ui.View):
    """A private « are you sure? » before leaving: a misclick must not cost a game."""

    def __init__(self, clicks: ClickHandler, session_id: int) -> None:
        super().__init__(timeout=60)
        self.clicks = clicks
        self.session_id = session_id

    @discord.ui.button(label="Oui, je quitte la partie", style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction[Any], _: discord.ui.Button[Any]) -> None:
        await self.clicks.leave(interaction, self.session_id)


def _form_values(data: dict[str, Any]) -> dict[str, str]:
    """custom_id → value of every text field of a submitted modal (rows or labelled components)."""
    out: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "custom_id" in node and "value" in node:
                out[str(node["custom_id"])] = str(node["value"])
            for key in ("components", "component"):
                if key in node:
                    walk(node[key])
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(data.get("components", []))
    return out


def _parse_field(session: Session, arg: ArgSpec, raw: str) -> ArgValue:
    if arg.type in {"int", "ints"}:
        try:
            numbers = [int(x) for x in raw.replace(" ", ",").split(",") if x]
        except ValueError:
            raise IllegalAction("bad_argument", name=arg.name) from None
        if (
            not numbers
            or (arg.type == "int" and len(numbers) != 1)
            or any(
                (arg.minimum is not None and n < arg.minimum) or (arg.maximum is not None and n > arg.maximum)
                for n in numbers
            )
        ):
            raise IllegalAction("bad_argument", name=arg.name)
        return numbers[0] if arg.type == "int" else numbers
    if arg.type == "player":
        wanted = raw.strip("<@!>").lower()
        for player in session.players:
            if wanted in {player.lower(), session.name(player).lower()}:
                return player
        raise IllegalAction("unknown_player", player=raw)
    if arg.type == "choice" and arg.choices:
        for choice in arg.choices:
            if raw.lower() == choice.lower():
                return choice
        raise IllegalAction("bad_argument", name=arg.name)
    return raw
