"""What one reader may see of a table: all a presenter draws from, never the game's state.

``Shown`` holds the game's ``view`` for that reader (the channel's when ``viewer`` is None), typed
as the game's view model, plus what the table itself knows in public: whom it waits for, the open
window's deadline, the scores, the latest news in words. A hidden hand is not in the channel's
view, so nothing drawn for the channel can show it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast

from pydantic import BaseModel

from games.core import Action, BaseState, Event, PlayerId
from speech import t, words_of

from ..sessions import Session, legal_actions
from ..store import NEWS_KEPT
from ..store.news import ForcedMove, read_event

log = logging.getLogger(__name__)

V = TypeVar("V", bound=BaseModel)


@dataclass(frozen=True)
class Shown(Generic[V]):
    table: int  # the table's number (its session id)
    names: dict[PlayerId, str]
    viewer: PlayerId | None
    view: V
    players: list[PlayerId]
    turn_no: int
    over: bool
    winners: list[PlayerId]
    scores: dict[PlayerId, int]
    # In a window, everyone who may still act; otherwise whom the table waits for.
    waiting: list[PlayerId]
    deadline: int | None
    # The latest public news, oldest first, in words for this reader.
    news: list[str]
    # The reader's language: the server's for the channel, the reader's own client's for what one
    # player reads alone (docs/I18N.md). Game words stay French in every language.
    lang: str
    # The viewer's own legal actions (none for the channel).
    moves: list[Action] = field(default_factory=list)
    # What the channel sees, beside a player's own view (None in the channel's own).
    public: V | None = None
    # The table's latest public events, oldest first (what ``news`` says in words): a presenter
    # may draw from them what the state no longer holds (Cul de chouette's last complete throw).
    events: list[Event] = field(default_factory=list)

    def name(self, player: PlayerId) -> str:
        return self.names.get(player, player)


@dataclass
class NewsWords:
    """A table's news in words: each kept event described once per language (an event stays among
    the latest for several moves), each list of lines made once per state and language. Valid for
    the names it was made with (a name in the words)."""

    names: dict[PlayerId, str]
    events: list[Event] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    lines: dict[str, list[str]] = field(default_factory=dict)
    # (id of the event, language) → (the event, kept so that its id is not reused; its words)
    words: dict[tuple[int, str], tuple[Event, str]] = field(default_factory=dict)

    def of(self, session: Session, lang: str) -> list[str]:
        rec = session.rec
        # New events come as a new list (``keep_news``), a rollback as a new record.
        if self.events is not rec.events or self.log is not rec.log:
            self.events, self.log, self.lines = rec.events, rec.log, {}
            kept = {id(e) for e in rec.events}
            self.words = {k: v for k, v in self.words.items() if k[0] in kept}
        made = self.lines.get(lang)
        if made is None:
            lines = [*rec.log, *(self.said(session, e, lang) for e in rec.events)]
            made = self.lines[lang] = [line for line in lines if line][-NEWS_KEPT:]
        return made

    def said(self, session: Session, event: Event, lang: str) -> str:
        known = self.words.get((id(event), lang))
        if known is None or known[0] is not event:
            known = self.words[(id(event), lang)] = (event, event_words(session, event, lang))
        return known[1]


def news_of(session: Session, lang: str | None = None) -> list[str]:
    """The table's latest public news in words, oldest first: an older record's lines, then the
    kept events, each described in ``lang`` (the table's language by default)."""
    memo = session.news_memo
    if not isinstance(memo, NewsWords) or memo.names != session.rec.names:
        memo = session.news_memo = NewsWords(dict(session.rec.names))
    return list(memo.of(session, lang or session.lang))


def event_words(session: Session, event: Event, lang: str | None = None) -> str:
    """One event in words, in ``lang`` (the table's by default); the table's own (a move it
    played for someone) included."""
    lang = lang or session.lang
    try:
        if isinstance(event, ForcedMove):
            move = event.move
            what = event_words(session, read_event(session.game.name, move), lang) if move else event.action
            return t(lang, "table.forced", player=session.name(event.player), move=what)
        return words_of(session.game).describe(event, session.rec.names, lang)
    except Exception:  # an engine's wording bug must not hide the table
        log.exception("describe(%s) a échoué", event.kind)
        return event.kind


def view_of(session: Session, viewer: PlayerId | None) -> BaseModel:
    """The game's typed view of the session's state for ``viewer``, made once per state."""
    state = session.state
    assert state is not None
    memo = session.view_memo
    if memo is None or memo[0] is not state or memo[1] != state.version:
        memo = (state, state.version, {})
        session.view_memo = memo
    views = memo[2]
    if viewer not in views:
        legal = legal_actions(session)
        # The lists the bot already has for this state: a view that tells what a player may do
        # (Chèvre's) does not ask the game again.
        views[viewer] = session.game.seen(state, viewer, legal.by_player if legal is not None else None)
    return views[viewer]


def shown(session: Session, viewer: PlayerId | None, news: list[str], lang: str | None = None) -> Shown[BaseModel]:
    """Everything ``viewer`` may see of the session's table (which must have a state), for a reader
    of ``lang`` (the table's language by default)."""
    state = session.state
    assert state is not None
    game = session.game
    legal = legal_actions(session)
    assert legal is not None
    try:
        deadline = game.deadline(state)
        waiting = list(game.to_act(state)) if deadline is not None else list(legal.waiting)
    except Exception:
        log.exception("to_act/deadline a échoué (%s)", game.name)
        deadline, waiting = None, []
    moves: list[Action] = [] if viewer is None or state.over else legal.of_player(viewer)
    return Shown(
        table=session.id,
        names=session.rec.names,
        viewer=viewer,
        view=view_of(session, viewer),
        players=list(state.players),
        turn_no=state.turn_no,
        over=state.over,
        winners=list(state.winners),
        scores=game.scores(state),
        waiting=waiting,
        deadline=deadline,
        news=news,
        lang=lang or session.lang,
        moves=moves,
        public=None if viewer is None else view_of(session, None),
        events=list(session.rec.events),
    )


@dataclass
class ShownMemo:
    """The ``Shown`` of each reader for one state, its news and its names: a click's drawing reads
    it four or five times (the table's words, its buttons, the announcement, each hand). Made again
    when any of them changes (a new state, new events or lines, a name)."""

    state: BaseState
    version: int
    events: list[Event]
    log: list[str]
    names: dict[PlayerId, str]
    made: dict[tuple[object, PlayerId | None, str], Shown[BaseModel]] = field(default_factory=dict)

    def fits(self, session: Session) -> bool:
        state, rec = session.state, session.rec
        return (
            state is self.state
            and state.version == self.version
            and rec.events is self.events
            and rec.log is self.log
            and rec.names == self.names
        )


def remembered(
    session: Session, key: tuple[object, PlayerId | None, str], make: Callable[[], Shown[BaseModel]]
) -> Shown[BaseModel]:
    """``make()`` once per ``key`` (the presenter, the viewer, the language) while the table's state,
    news and names stay the same."""
    state = session.state
    assert state is not None
    memo = session.shown_memo
    if not isinstance(memo, ShownMemo) or not memo.fits(session):
        rec = session.rec
        memo = session.shown_memo = ShownMemo(state, state.version, rec.events, rec.log, dict(rec.names))
    made = memo.made.get(key)
    if made is None:
        made = memo.made[key] = make()
    return made


def typed(shown: Shown[BaseModel], model: type[V]) -> Shown[V]:
    """``shown`` with its views checked to be of the presenter's view model."""
    if not isinstance(shown.view, model) or not (shown.public is None or isinstance(shown.public, model)):
        raise TypeError(f"a view of type {type(shown.view).__name__}, {model.__name__} expected")
    return cast(Shown[V], shown)
