"""The two-dice game's first two phases: clearing the ground, then ten coups each."""

from __future__ import annotations

from games.core import Event, PlayerId

from .events import (
    CabaneMortelle,
    CabaneSauvee,
    CabaneSulDos,
    Counted,
    FirstCabin,
    GoesOn,
    NewRound,
    PlaysAgain,
    SeriesOver,
    Thrown,
)
from .faces import face_of
from .state import SERIES_LENGTH, CabaneState
from .turns import give_turn, next_player, next_series_or_bataille, score, seats_from, start_series


def throw_pair(state: CabaneState, player: PlayerId) -> list[Event]:
    """Le Débroussaillage: both dice together, until a C passes the turn or a T raises a cabin."""
    faces = [face_of(state.dice.roll(6)), face_of(state.dice.roll(6))]
    state.last_thrower, state.last_faces = player, faces
    events: list[Event] = [Thrown(player=player, faces=list(faces), phase=state.phase)]
    cabins, roofs = faces.count("C"), faces.count("T")
    neighbour = next_player(state.players, player)
    if cabins == 2:
        events += score(state, player, -1, "double_cabane")
        return events if state.over else events + give_turn(state, neighbour, None, False)
    if cabins == 1 and "B" in faces:
        return [*events, CabaneSauvee(player=player)]
    if cabins == 1 and roofs == 1:
        # Cabane mortelle: the T stays up, the thrower loses his ten coups and his neighbour
        # starts the series; the others follow in seat order, the thrower is left out.
        events.append(CabaneMortelle(player=player))
        queue = [p for p in seats_from(state.players, neighbour) if p != player]
        return events + open_series(state, queue)
    if cabins == 1:
        events.append(CabaneSulDos(player=player))
        return events + give_turn(state, neighbour, None, False)
    if roofs == 2:
        events += score(state, player, 2, "double_toit")
        if not state.over:
            events.append(PlaysAgain(player=player, throws=None))
        return events
    if roofs == 1:
        events.append(FirstCabin(player=player))
        return events + open_series(state, seats_from(state.players, player))
    return [*events, GoesOn(player=player)]


def open_series(state: CabaneState, queue: list[PlayerId]) -> list[Event]:
    """The first cabin stands: each player in ``queue`` in turn gets ten coups to raise the second."""
    state.phase = "dix_coups"
    state.series_queue = queue[1:]
    return start_series(state, queue[0])


def throw_series(state: CabaneState, player: PlayerId) -> list[Event]:
    """10 coups chacun: the second die alone, counted aloud; a T raises the second cabin and scores."""
    face = face_of(state.dice.roll(6))
    state.last_thrower, state.last_faces = player, [face]
    events: list[Event] = [Thrown(player=player, faces=[face], phase=state.phase)]
    if face == "T":
        events += score(state, player, 1, "deuxieme_cabane", throw_number=state.count + 1)
        if not state.over:
            events += new_round(state, player)
        return events
    if face == "B":
        said = f"{state.count} toujours"
    elif face == "C":
        first = state.count + 1
        state.count = min(state.count + 2, SERIES_LENGTH)
        said = f"{first} ; {state.count}" if state.count > first else str(first)
    else:
        state.count += 1
        said = str(state.count)
    state.count_said = said
    state.throws_left = SERIES_LENGTH - state.count
    events.append(Counted(player=player, face=face, count=state.count, said=said))
    if state.count >= SERIES_LENGTH:
        events.append(SeriesOver(player=player))
        events += next_series_or_bataille(state, next_player(state.players, player))
    return events


def new_round(state: CabaneState, scorer: PlayerId) -> list[Event]:
    """Both cabins stand: the dice are picked up and the scorer plays again, clearing the ground."""
    state.phase = "debroussaillage"
    state.round += 1
    state.series_queue = []
    state.count = 0
    state.count_said = ""
    events: list[Event] = [NewRound(number=state.round, player=scorer)]
    return events + give_turn(state, scorer, None, False)
