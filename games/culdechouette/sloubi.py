"""The Chante-Sloubi: joining at the end of a round, and the song « Sloubi 1, sloubi 2… »."""

from __future__ import annotations

import re
import unicodedata

from games.core import Action, Event, IllegalAction, PlayerId

from .events import SloubiDone, SloubiEntry, SloubiInterrupted, SloubiMissed, SloubiRefused, SloubiSung
from .scoring import bevue, change, score_event
from .state import SLOUBI_LIMIT, CulState, Song

# « Sloubi 3 » as a message in the table's chat, once folded (``plain``).
SUNG = re.compile(r"sloubi\s*(\d{1,4})")


def plain(text: str) -> str:
    """Lower case without accents or surrounding punctuation: how « Sloubi 3 ! » is compared."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip(" \t\n!.?,;:…")


def read_message(state: CulState, player: PlayerId, text: str) -> Action | None:
    """A line of chat during a song: the singer's « Sloubi N » is the next couplet; anything else
    said by anyone interrupts the song (``interrupt`` decides what that costs). No song: chat."""
    if state.song is None:
        return None
    found = SUNG.fullmatch(plain(text))
    if found and player == state.song.player:
        return Action(kind="sloubi", args={"n": int(found.group(1))})
    return Action(kind="message")


def value(state: CulState) -> int:
    """(highest − second highest) × rounds played // 10."""
    top = sorted((state.scores[p] for p in state.players), reverse=True)
    return (top[0] - top[1]) * state.rounds // 10


def join(state: CulState, player: PlayerId) -> list[Event]:
    if player in state.players:
        raise IllegalAction("already_playing")
    if player in state.eliminated:
        raise IllegalAction("sloubi_eliminated")
    if not state.sloubi_open or state.phase != "chouettes" or state.song is not None:
        raise IllegalAction("sloubi_not_now")
    start = value(state)
    if start > SLOUBI_LIMIT:
        raise IllegalAction("sloubi_too_high", value=start, limit=SLOUBI_LIMIT)
    state.players.append(player)
    # someone who left earlier starts again from the song's value: the event carries the difference
    previous = state.scores.get(player, 0)
    state.scores[player] = start
    events: list[Event] = [SloubiEntry(player=player, value=start, rounds=state.rounds)]
    if start != previous:
        events.append(score_event(state, player, start - previous, "chante_sloubi", ""))
    if start > 0:
        state.song = Song(player=player, target=start, start=start)
    return events


def sing(state: CulState, player: PlayerId, number: int) -> list[Event]:
    song = state.song
    if song is None or song.player != player:
        raise IllegalAction("no_song")
    if number != song.next:
        state.song = None
        return [
            SloubiMissed(player=player, said=number, expected=song.next),
            *bevue(state, player, "mauvais_sloubi"),
        ]
    song.next += 1
    events: list[Event] = [SloubiSung(player=player, n=number)]
    if number == song.target:
        state.song = None
        bonus = song.start * 3 // 2 - song.start
        events.append(SloubiDone(player=player, score=song.start * 3 // 2))
        events += change(state, player, bonus, "sloubi_reussi")
    return events


def refuse(state: CulState, player: PlayerId) -> list[Event]:
    song = state.song
    if song is None or song.player != player:
        raise IllegalAction("no_song")
    state.song = None
    return [SloubiRefused(player=player)]


def interrupt(state: CulState, player: PlayerId) -> list[Event]:
    """Any action by someone else while a song is pending ends it without the bonus."""
    song = state.song
    if song is None or song.player == player:
        return []
    state.song = None
    return [SloubiInterrupted(player=song.player, by=player)]
