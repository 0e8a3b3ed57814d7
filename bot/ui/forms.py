"""Forms for an action's free numbers or words (``tvq:`` buttons): the form opened, then its
submitted fields turned into the action's arguments and played.

What a form asks and how it is read are the rules': the fields are the arguments of the action's
spec in the game's vocabulary, each value read by the one reader of typed values
(``games.core.values``, the terminal table's too), a choice in any language through the game's
words. The presenter gives only the form's words (its title, labels, hints: ``tables.forms``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from games.core import Action, ActionSpec, ArgSpec, Game, IllegalAction, PlayerId
from games.core.model import ArgValue
from games.core.values import read_value
from speech import SOURCE, words_of

from ..sessions import Session, TableError, legal_actions
from ..tables import presenter_for
from ..tables.base import FIELD_LABEL_MAX, PLACEHOLDER_MAX, TITLE_MAX
from . import ids
from .click import Click
from .components import clip, fit
from .play import play

if TYPE_CHECKING:
    from .table_ui import TableUI

# A modal holds five fields at most.
FIELDS_MAX = 5


def spec_of(game: Game[Any], kind: str) -> ActionSpec | None:
    """The action ``kind`` in the game's vocabulary (None: no such action)."""
    return next((spec for spec in game.full_vocabulary() if spec.kind == kind), None)


def form_fields(game: Game[Any], kind: str) -> list[ArgSpec]:
    """The arguments a form asks for ``kind``: its spec's, at most five (none: no such action)."""
    spec = spec_of(game, kind)
    return list(spec.args[:FIELDS_MAX]) if spec is not None else []


def may_ask(session: Session, player: PlayerId, kind: str) -> bool:
    """Whether ``player`` may fill the form for ``kind`` now: one of their legal actions is of that
    kind. Otherwise the form does not open, and they are told why."""
    legal = legal_actions(session)
    return legal is not None and any(a.kind == kind for a in legal.of_player(player))


async def ask(ui: TableUI, click: Click) -> None:
    """Opens the form, when the clicker may take that action now (else says why not)."""
    parsed, session = ui.table_named(click.custom_id, same_turn=True)
    click.session = session
    lang = ui.language_of(click)
    spec = spec_of(session.game, parsed.tail)
    if spec is None or not spec.args:
        raise TableError("malformed")  # no form asks for an action the game lacks, or one without words
    player = click.player
    if not may_ask(session, player, spec.kind):
        # Said before the form opens: filling it in only to be refused would waste the effort.
        if player in session.players:
            await ui.sender.private(click.interaction, words_of(session.game).explain(IllegalAction("not_your_turn"), lang))
            return
        raise TableError("not_seated")
    await click.interaction.response.send_modal(form(session, spec.kind, click.custom_id, lang))


def form(session: Session, kind: str, custom_id: str, lang: str = SOURCE) -> discord.ui.Modal:
    """The form for ``kind``'s free numbers or words, in the words of its reader's ``lang``."""
    presenter = presenter_for(session.game)
    modal = discord.ui.Modal(
        title=fit(presenter.form_title(session, kind, lang), TITLE_MAX), custom_id=custom_id, timeout=None
    )
    for arg in form_fields(session.game, kind):
        hint = clip(presenter.field_hint(session, kind, arg, lang), PLACEHOLDER_MAX)
        modal.add_item(
            discord.ui.TextInput(
                label=fit(presenter.field_label(session, kind, arg, lang), FIELD_LABEL_MAX),
                custom_id=arg.name,
                placeholder=hint or None,
                required=not arg.optional,
                max_length=200,
            )
        )
    return modal


async def submitted(ui: TableUI, click: Click) -> None:
    """A submitted form (modal): its fields become the action's arguments, and it is played."""
    data: dict[str, Any] = dict(click.interaction.data or {})
    parsed = ids.parse_table_id(click.custom_id)
    session = ui.manager.by_id(parsed.session)
    channel = click.interaction.channel_id
    if session is None or (channel is not None and session.rec.channel_id != channel):
        raise TableError("closed")  # as a button's click: a form names a table of its own channel
    click.session = session
    try:
        action = form_action(session, parsed.tail, form_values(data))
    except IllegalAction:
        if session.state is not None and parsed.turn != session.state.turn_no:
            raise TableError("stale") from None  # what it asked is no longer the question
        raise
    await play(ui, click, session, action, parsed.turn)


def form_action(session: Session, kind: str, fields: dict[str, str]) -> Action:
    """The action a submitted form stands for, read against the game's vocabulary (``kind``'s spec),
    or why not: TableError("malformed") for an action the game does not have, IllegalAction for a
    value missing or unreadable (its words are the game's, in the clicker's language)."""
    spec = spec_of(session.game, kind)
    if spec is None or not spec.args:
        raise TableError("malformed")
    args: dict[str, ArgValue] = {}
    for arg in spec.args[:FIELDS_MAX]:
        raw = fields.get(arg.name, "").strip()
        if not raw:
            if not arg.optional:
                raise IllegalAction("missing_argument", name=arg.name)
            continue
        args[arg.name] = parse_field(session, arg, raw)
    return Action(kind=kind, args=args)


def form_values(data: dict[str, Any]) -> dict[str, str]:
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


def parse_field(session: Session, arg: ArgSpec, raw: str) -> ArgValue:
    """One field's value: a player by name or mention among the table's, numbers within their
    bounds, a choice typed in any language (Chèvre's « gauche » is also “left”), a word as typed."""
    players = {player: session.name(player) for player in session.players}
    return read_value(arg, raw, players, choice_words=words_of(session.game).choice_of)
