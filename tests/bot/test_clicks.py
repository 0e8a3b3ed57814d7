"""A click from its arrival to its answer, with stand-ins for Discord's interaction objects: the
table is edited through the interaction, refusals are private, the click's time is Discord's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.sessions import Session, SessionManager, wall_ms
from bot.tables import presenter_for
from bot.ui.table_ui import TableUI
from bot.ui.timing import at_ms
from games.core import Action
from tests import layout

from .conftest import Heard, MakeManager, seated_game


def snowflake(ms: int) -> int:
    return (ms - discord.utils.DISCORD_EPOCH) << 22


@dataclass
class Said:
    kind: str
    kwargs: dict[str, Any]


@dataclass
class Response:
    said: list[Said]
    done: bool = False

    def is_done(self) -> bool:
        return self.done

    async def edit_message(self, **kwargs: Any) -> None:
        self.done = True
        self.said.append(Said("edit", kwargs))

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.done = True
        self.said.append(Said("send", {"content": content, **kwargs}))

    async def defer(self, **kwargs: Any) -> None:
        self.done = True
        self.said.append(Said("defer", kwargs))

    async def send_modal(self, modal: discord.ui.Modal) -> None:
        self.done = True
        self.said.append(Said("modal", {"modal": modal}))


@dataclass
class User:
    id: int
    name: str

    @property
    def display_name(self) -> str:
        return self.name


@dataclass
class Button:
    custom_id: str


@dataclass
class Row:
    children: list[Button]


@dataclass
class Flags:
    ephemeral: bool = False
    components_v2: bool = True  # the bot's table messages are layout messages


@dataclass
class Message:
    id: int
    components: list[Row] = field(default_factory=list)
    flags: Flags = field(default_factory=Flags)


class Interaction:
    def __init__(self, user: int, at: int, channel_id: int, message_id: int | None) -> None:
        self.id = snowflake(at)
        self.user = User(user, f"J{user}")
        self.channel_id = channel_id
        self.message = Message(message_id) if message_id is not None else None
        self.said: list[Said] = []
        self.response = Response(self.said)
        self.data: dict[str, Any] = {}
        self.type = discord.InteractionType.component

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.said.append(Said("edit", kwargs))

    @property
    def followup(self) -> Interaction:
        return self

    async def send(self, content: str, **kwargs: Any) -> None:
        self.said.append(Said("send", {"content": content, **kwargs}))


@dataclass
class Channel:
    sent: list[str] = field(default_factory=list)

    async def send(self, content: str | None = None, **kwargs: Any) -> Message:
        self.sent.append(content or "")
        return Message(999)


class Client:
    def __init__(self, channel: Channel) -> None:
        self.channel = channel

    def get_channel(self, channel_id: int) -> Channel:
        return self.channel


async def table(
    manager: SessionManager, players: tuple[str, ...] = ("1", "2", "3"), **kwargs: Any
) -> tuple[Session, TableUI, Channel]:
    session = await seated_game(manager, players, **kwargs)
    await manager.set_message(session, 555)
    clicks = TableUI(manager)
    channel = Channel()
    clicks.client = Client(channel)  # type: ignore[assignment]
    clicks.ready()
    return session, clicks, channel


def button_id(session: Session, label: str) -> str:
    view = presenter_for(session.game).components(session)
    for item in view.children:
        data = item.to_component_dict()
        if data.get("label") == label:
            return str(data["custom_id"])
    raise AssertionError(f"no button {label!r}")


def test_a_click_time_is_read_exactly_from_its_snowflake() -> None:
    interaction = Interaction(1, 1_764_000_000_123, 10, None)
    assert at_ms(interaction) == 1_764_000_000_123  # type: ignore[arg-type]
    assert discord.utils.snowflake_time(interaction.id).timestamp() == 1_764_000_000.123


async def test_a_throw_edits_the_table_and_pings_the_next_player(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session, clicks, channel = await table(manager, loaded=[3])
    click = Interaction(1, 1_764_000_000_000, 10, 555)
    await clicks.route(click, button_id(session, "Lancer"), [])  # type: ignore[arg-type]
    [edit] = click.said
    assert edit.kind == "edit"
    assert layout.fields(edit.kwargs["view"])["À jouer"] == "<@2>"
    assert channel.sent == ["<@2>, à toi !"]


async def test_a_click_out_of_turn_is_explained_privately(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session, clicks, channel = await table(manager)
    custom_id = button_id(session, "Lancer")
    click = Interaction(2, 1_764_000_000_000, 10, 555)
    await clicks.route(click, custom_id, [])  # type: ignore[arg-type]
    assert [(s.kind, s.kwargs["content"], s.kwargs["ephemeral"]) for s in click.said] == [
        ("send", "Ce n'est pas ton tour.", True)
    ]
    assert channel.sent == []


async def test_an_old_button_and_a_forged_one_say_that_nothing_happened(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session, clicks, _ = await table(manager, loaded=[2])
    old = button_id(session, "Lancer")
    await clicks.route(Interaction(1, 1_764_000_000_000, 10, 555), old, [])  # type: ignore[arg-type]
    for custom_id in (old, "tv:%%%:0:lancer"):
        click = Interaction(2, 1_764_000_000_500, 10, 555)
        await clicks.route(click, custom_id, [])  # type: ignore[arg-type]
        [answer] = click.said
        assert answer.kwargs["ephemeral"] and "rien n'a été fait" in answer.kwargs["content"]


async def test_shouts_are_ordered_by_discord_time_not_by_arrival(make_manager: MakeManager) -> None:
    heard = Heard()
    manager = await make_manager(listener=heard)
    session, clicks, _ = await table(manager, loaded=[6], window_ms=60_000)
    start = wall_ms()
    await clicks.route(Interaction(1, start, 10, 555), button_id(session, "Lancer"), [])  # type: ignore[arg-type]
    six = button_id(session, "Six")
    # Bob's click arrives first, but Discord stamped Carol's 50 ms earlier.
    await clicks.route(Interaction(2, start + 900, 10, 555), six, [])  # type: ignore[arg-type]
    await clicks.route(Interaction(3, start + 850, 10, 555), six, [])  # type: ignore[arg-type]
    assert session.state is not None
    assert session.state.shouts == {"2": start + 900, "3": start + 850}  # type: ignore[attr-defined]
    outcome = await manager.act(session.id, "2", Action(kind="lancer"), start + 61_000)
    assert (outcome.events[0].kind, outcome.events[0].data) == ("shout_won", {"player": "3"})


@pytest.mark.bot_errors(r"le présentateur de toy a échoué")
async def test_a_failing_presenter_falls_back_to_the_generic_table(
    make_manager: MakeManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = await make_manager()
    session, clicks, _ = await table(manager, loaded=[3])

    def broken(self: Any, session: Session) -> list[discord.File]:
        raise ValueError("bug in a presenter")

    custom_id = button_id(session, "Lancer")
    monkeypatch.setattr(type(presenter_for(session.game)), "files", broken)
    click = Interaction(1, wall_ms(), 10, 555)
    await clicks.route(click, custom_id, [])  # type: ignore[arg-type]
    [edit] = click.said
    assert edit.kind == "edit" and edit.kwargs["attachments"] == []
    assert layout.fields(edit.kwargs["view"])["À jouer"] == "<@2>"


async def test_a_click_on_a_button_already_gone_from_the_message_is_still_answered(
    make_manager: MakeManager,
) -> None:
    # Every click comes through the one entry (on_interaction → received), the message as Discord
    # sends it with the click or not: one whose button is gone is answered, not left to Discord's
    # « Échec de l'interaction »; one still on the message is played, once.
    manager = await make_manager()
    session, clicks, _ = await table(manager, loaded=[2, 2])
    old = button_id(session, "Lancer")
    await clicks.route(Interaction(1, wall_ms(), 10, 555), old, [])  # type: ignore[arg-type]
    current = Message(555, [Row([Button(button_id(session, "Lancer"))])])

    assert session.state is not None
    turn = session.state.turn_no
    on_message = Interaction(2, wall_ms(), 10, 555)
    on_message.message, on_message.data = current, {"custom_id": button_id(session, "Lancer")}
    await clicks.received(on_message)  # type: ignore[arg-type]
    [played] = on_message.said
    assert played.kind == "edit" and session.state.turn_no > turn

    gone = Interaction(2, wall_ms(), 10, 555)
    gone.message, gone.data = current, {"custom_id": old}
    await clicks.received(gone)  # type: ignore[arg-type]
    [answer] = gone.said
    assert answer.kwargs["ephemeral"] and answer.kwargs["content"].startswith(
        "Ce bouton date d'un tour précédent"
    )


async def test_a_very_long_list_is_chosen_by_group_then_privately(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session, clicks, _ = await table(manager, ("1", "2"), game="wide", squares=130)
    items = [i.to_component_dict() for i in presenter_for(session.game).components(session).children]
    [groups] = [i for i in items if i["type"] == 3]
    assert [o["label"] for o in groups["options"]][-2:] == [
        "Placer 101 → Placer 125",
        "Placer 126 → Placer 130",
    ]

    pick = Interaction(1, wall_ms(), 10, 555)
    await clicks.route(pick, groups["custom_id"], [groups["options"][5]["value"]])  # type: ignore[arg-type]
    [private] = pick.said
    assert private.kwargs["ephemeral"] and private.kwargs["content"] == "Choisis :"
    [select] = [i.to_component_dict() for i in private.kwargs["view"].children]
    assert [o["label"] for o in select["options"]] == [f"Placer {n}" for n in range(126, 131)]

    choose = Interaction(1, wall_ms(), 10, 777)
    choose.message.flags.ephemeral = True  # type: ignore[union-attr]
    choose.message.flags.components_v2 = False  # type: ignore[union-attr]  # the private list: a classic message
    await clicks.route(choose, select["custom_id"], [select["options"][2]["value"]])  # type: ignore[arg-type]
    assert choose.said[0].kwargs == {"content": "✅ C'est joué.", "view": None, "attachments": []}
    assert session.state is not None and session.state.placed == [128]  # type: ignore[attr-defined]
    assert session.rec.message_id == 999  # the table was drawn again in the channel


async def test_a_click_at_a_three_player_table_lists_each_players_actions_once(
    make_manager: MakeManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Decoding the click, the new buttons, whom the table waits for and the ping all read the same
    # lists: each player's legal actions are asked of the game once for the state the click makes.
    manager = await make_manager()
    session, clicks, channel = await table(manager, loaded=[3])
    custom_id = button_id(session, "Lancer")
    game = type(session.game)
    asked: list[str] = []
    listing = game.legal_actions

    def counted(self: Any, state: Any, player: str) -> Any:
        asked.append(player)
        return listing(self, state, player)

    monkeypatch.setattr(game, "legal_actions", counted)
    click = Interaction(1, wall_ms(), 10, 555)
    await clicks.route(click, custom_id, [])  # type: ignore[arg-type]
    assert channel.sent == ["<@2>, à toi !"]
    # The three players once each; not someone not seated: this game lets no outsider act.
    assert sorted(asked) == ["1", "2", "3"]


async def test_the_leave_confirmation_still_works_after_a_restart(make_manager: MakeManager) -> None:
    # « Oui, je quitte la partie » is a Taverne button like the table's: another TableUI (the bot
    # started again) routes it from its custom_id alone.
    manager = await make_manager()
    session, clicks, channel = await table(manager)
    asked = Interaction(2, wall_ms(), 10, 555)
    await clicks.route(asked, button_id(session, "Quitter"), [])  # type: ignore[arg-type]
    [question] = asked.said
    assert question.kwargs["content"] == "Quitter la partie pour de bon ?" and question.kwargs["ephemeral"]
    # The second choice hands the seat to a robot (tests/e2e/test_robots_table.py).
    confirm, robot = [item.to_component_dict() for item in question.kwargs["view"].children]
    assert robot["label"] == "Laisser ma place à un robot"
    again = TableUI(manager)
    again.client = Client(channel)  # type: ignore[assignment]
    again.ready()
    yes = Interaction(2, wall_ms(), 10, 777)
    await again.route(yes, confirm["custom_id"], [])  # type: ignore[arg-type]
    assert yes.said[0].kind == "edit" and yes.said[0].kwargs["content"] == "Tu as quitté la partie."
    assert session.state is not None and "2" not in session.state.players
