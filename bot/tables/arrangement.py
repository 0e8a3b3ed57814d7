"""Where a table's buttons go: the offers of the moment as rows (the classic grid, ``components``)
and, in the layout message, the ones the presenter puts beside their words (``beside``: a shout, a
bet) as Sections, then the rest as rows, then the table's menu, then what a finished table offers
(``end_items``). Part of every presenter (``Presenter``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import discord
from discord import ui
from pydantic import BaseModel

from ..sessions import Session
from ..ui import rematch
from .layout import Beside, Buttons, table_layout
from .shown import Shown

if TYPE_CHECKING:
    from .base import Offer

log = logging.getLogger(__name__)

GAME_ROWS = 4  # the fifth row (classic) or the last row (layout) is the table's own menu

V = TypeVar("V", bound=BaseModel)


def grid(buttons: Buttons) -> ui.View:
    """Buttons as a classic message's rows: the game's rows, then the menu on the fifth."""
    view = ui.View(timeout=None)
    for row_no, row in enumerate(buttons.rows[:GAME_ROWS]):
        for item in row:
            item.row = row_no
            view.add_item(item)
    for item in [s.item for s in buttons.sections] + buttons.menu:
        item.row = GAME_ROWS
        view.add_item(item)
    return view


class Arrangement(Generic[V]):
    # Provided by ``Presenter``, the only class this mixin is part of.
    shown: Callable[..., Shown[V]]
    offers: Callable[[Session], list[Offer]]
    action_rows: Callable[[Shown[V], list[Offer]], list[list[ui.Item[Any]]]]
    menu_items: Callable[[Shown[V]], list[ui.Item[Any]]]
    offer_button: Callable[[Shown[V], Offer], ui.Item[Any]]
    embed: Callable[..., discord.Embed]
    action_help: Callable[[str, str], str]

    def components(self, session: Session) -> ui.View:
        """The table's buttons as a classic grid (every offer in rows, then the menu)."""
        return grid(self.buttons(session, sectioned=False))

    def buttons(self, session: Session, *, sectioned: bool = True) -> Buttons:
        """The layout message's buttons: sections beside their words (when ``sectioned``), rows,
        the menu; at the end, what a finished table offers."""
        state = session.state
        if state is None:
            return Buttons()
        if state.over:
            return Buttons(menu=self.end_items(session))
        public = self.shown(session, None)
        offers = self.offers(session)
        words = {id(o): self.beside(public, o) if sectioned else None for o in offers}
        sections = [Beside(w, self.offer_button(public, o)) for o in offers if (w := words[id(o)])]
        rows = self.action_rows(public, [o for o in offers if not words[id(o)]])
        if len(rows) > GAME_ROWS:
            log.warning("%d rangées d'actions, seules %d tiennent", len(rows), GAME_ROWS)
        return Buttons(sections=sections, rows=rows[:GAME_ROWS], menu=self.menu_items(public))

    def beside(self, shown: Shown[V], offer: Offer) -> str | None:
        """Words to show beside this offer's button (a Section), or None for a row. None by default."""
        return None

    def end_items(self, session: Session) -> list[ui.Item[Any]]:
        """Buttons on a finished table (« Revanche »), on its menu row: none by default. The layout
        keeps room for five (``MENU_RESERVE``), the classic grid puts them on its fifth row."""
        return rematch.end_items(session)

    def table_view(
        self,
        session: Session,
        files: list[discord.File],
        lang: str | None = None,
        *,
        clickable: bool = True,
        note: str = "",
    ) -> ui.LayoutView:
        """The table message as one layout message (``lang``, ``note``: the reader's language and
        a line under the header, for /scores, which shows it without buttons)."""
        buttons = self.buttons(session) if clickable else None
        return table_layout(self.embed(session, lang), files, buttons, lang or session.lang, note)
