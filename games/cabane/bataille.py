"""One throw of the small die at the bataille: the one-die game, and the two-dice game's last phase."""

from __future__ import annotations

from games.core import Event, PlayerId

from .events import Blank, Cabin, CabinCancelled, Facade, PlaysAgain, Thrown, Wasted
from .faces import face_of
from .state import CabaneState
from .turns import give_turn, next_player, score

# Throws of the player who gets the die after a Cabane, and again after a B in those throws.
AFTER_CABANE_THROWS = 2


def throw_bataille(state: CabaneState, player: PlayerId) -> list[Event]:
    face = face_of(state.dice.roll(6))
    state.last_thrower, state.last_faces = player, [face]
    events: list[Event] = [Thrown(player=player, faces=[face], phase=state.phase)]
    if face == "C":
        # Whether it follows a Cabane or not, a C ends the turn and the neighbour plays twice; after
        # a Cabane it is « la cabane annule la cabane »: the two throws he had are lost.
        events.append(CabinCancelled(player=player) if state.after_cabane else Cabin(player=player))
        return events + give_turn(state, next_player(state.players, player), AFTER_CABANE_THROWS, True)
    left = (state.throws_left or 1) - 1
    if face == "T":
        state.facade = False
        events += score(state, player, 1, "toit")
        left += 1
    elif face == "F":
        if state.facade:
            state.facade = False
            events += score(state, player, 1, "facade")
        else:
            state.facade = True
            events.append(Facade(player=player))
        left += 1
    elif face == "B":
        # A B is never a break in a run of Façades: it is a throw « derrière la cabane » that does
        # not count, so a F, B, F still confirms the Façade.
        left = AFTER_CABANE_THROWS if state.after_cabane else left + 1
        events.append(Blank(player=player, throws=left, after_cabane=state.after_cabane))
    else:
        state.facade = False
        events.append(Wasted(player=player, face=face))
    state.throws_left = left
    if state.over:
        return events
    if face == "T" or (face == "F" and not state.facade):
        events.append(PlaysAgain(player=player, throws=left))
    if left == 0:
        events += give_turn(state, next_player(state.players, player), 1, False)
    return events
