"""Forms for an action's free numbers or words (``tvq:`` buttons): the form opened, then its
submitted fields turned into the action's arguments and played."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from games.core import Action, ArgSpec, IllegalAction
from games.core.model import ArgValue
from speech import SOURCE, words_of

from ..sessions import Session, TableError
from ..tables import presenter_for
from ..tables.base import FIELD_LABEL_MAX, PLACEHOLDER_MAX, TITLE_MAX
from . import ids
from .click import Click
from .components import clip, fit
from .play import play

if TYPE_CHECKING:
    from .table_ui import TableUI

async def ask(ui: TableUI, click: Click) -> None:
    """Opens the form, when the clicker may take that action now (else says why not)."""
    parsed, session = ui.table_named(click.custom_id, same_turn=True)
    click.session = session
    lang = ui.language_of(click)
    presenter = presenter_for(session.game)
    spec = presenter.specs.get(parsed.tail)
    if spec is None:
        raise TableError("malformed")
    player = click.player
    if not presenter.may_ask(session, player, spec.kind):
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
    for arg in presenter.form_fields(session, kind, lang):
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
    if session is None:
        raise TableError("closed")
    click.session = session
    action = form_action(session, parsed.tail, form_values(data), ui.language_of(click))
    await play(ui, click, session, action, parsed.turn)


def form_action(session: Session, kind: str, fields: dict[str, str], lang: str = SOURCE) -> Action:
    presenter = presenter_for(session.game)
    if kind not in presenter.specs:
        raise TableError("malformed")
    args: dict[str, ArgValue] = {}
    for arg in presenter.form_fields(session, kind, lang):
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
    if arg.type in {"int", "ints"}:
        return _numbers(arg, raw)
    if arg.type == "player":
        wanted = raw.strip("<@!>").lower()
        for player in session.players:
            if wanted in {player.lower(), session.name(player).lower()}:
                return player
        raise IllegalAction("unknown_player", player=raw)
    if arg.type == "choice" and arg.choices:
        # Typed in any language: Chèvre's « gauche » is also “left”.
        choice = words_of(session.game).choice_of(arg, raw)
        if choice is None:
            raise IllegalAction("bad_argument", name=arg.name)
        return choice
    return raw


def _numbers(arg: ArgSpec, raw: str) -> ArgValue:
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
