"""A player leaves, is removed, or is put out at −343; and the checks made after every action."""

from __future__ import annotations

from typing import Literal

from games.core import Event, PlayerId

from .events import Cancelled, Eliminated, GameOver, Left, RoundOver
from .flow import start_turn
from .shouts import close_shouts
from .sirop import close_bets
from .state import OUT, WIN, CulState

# Phases of a sequence that cannot go on without its thrower (or, in a challenge, either party).
NEEDS_THROWER = ("cul", "sirop", "paris", "sirop_lancer", "mise", "defi", "relance")


def remove(state: CulState, player: PlayerId, reason: Literal["depart", "elimine"], now_ms: int) -> list[Event]:
    index = state.players.index(player)
    was_current = index == state.current
    state.players.remove(player)
    if reason == "elimine":
        state.eliminated.append(player)
    events: list[Event] = [Eliminated(player=player) if reason == "elimine" else Left(player=player)]
    for holders in (state.grelottines, state.civets, state.claims):
        if player in holders:
            holders.remove(player)
    if state.civet_bet is not None and state.civet_bet.player == player:
        state.civet_bet = None
    if state.song is not None and state.song.player == player:
        state.song = None
    if not state.players:
        state.over = True
        state.deadline_ms = None
        return events
    was_starter = state.round_starter == player
    if was_starter:
        state.round_starter = state.players[index % len(state.players)]
    if index < state.current:
        state.current -= 1
    elif was_current:
        state.current = index % len(state.players)
    if len(state.players) < 2:
        state.over = True
        state.winners = list(state.players)
        state.deadline_ms = None
        return [*events, GameOver(winners=list(state.winners))]

    ch = state.challenge
    in_challenge = ch is not None and player in (ch.grelottin, ch.target)
    challenge_running = state.phase in ("mise", "defi", "relance") or (
        state.during == "defi" and state.phase in NEEDS_THROWER
    )
    if (challenge_running and in_challenge) or (
        state.during == "tour" and state.phase in NEEDS_THROWER and player == state.thrower
    ):
        # the throw cannot be finished: nothing it promised is paid, the table moves on
        if state.civet_bet is not None and state.civet_bet.during == "defi":
            state.civet_bet = None
        state.challenge = None
        events.append(Cancelled())
        if was_current:
            events += round_over(state, was_starter)
        return events + start_turn(state)
    if in_challenge and not challenge_running:
        state.challenge = None
    if state.phase == "appel":
        state.calls.pop(player, None)
        state.calls = {p: c for p, c in state.calls.items() if c[0] != player}
        if not state.calls:
            return events + start_turn(state)
    if was_current and state.during == "tour" and state.phase == "cris":
        # the open window closes into next_turn, which must land on the seat they left
        state.current = (index - 1) % len(state.players)
    if state.phase == "paris" and state.sirop is not None:
        if player in state.sirop.bettors:
            state.sirop.bettors.remove(player)
            state.sirop.bets.pop(player, None)
        if all(p in state.sirop.bets for p in state.sirop.bettors):
            events += close_bets(state)
    if state.phase == "cris" and state.shouts is not None:
        window = state.shouts
        if player in window.among:
            window.among.remove(player)
        window.clicks.pop(player, None)
        if window.among and all(p in window.clicks for p in window.among):
            events += close_shouts(state, now_ms)
    if state.phase == "chouettes" and was_current:
        events += round_over(state, was_starter) + start_turn(state)
    return events


def round_over(state: CulState, leaver_started: bool) -> list[Event]:
    """The turn passed to the next seat because of a leaver: it may close the round."""
    if leaver_started or state.players[state.current] != state.round_starter:
        return []
    state.rounds += 1
    state.sloubi_open = True
    return [RoundOver(rounds=state.rounds)]


def settle(state: CulState, now_ms: int) -> list[Event]:
    """After every action: players at −343 or below are out, and 343 or more wins."""
    events: list[Event] = []
    if state.over:
        return events
    if state.options.negatives:
        for player in [p for p in state.players if state.scores[p] <= OUT]:
            if state.over:
                break
            events += remove(state, player, "elimine", now_ms)
    if state.over:
        return events
    winners = [p for p in state.players if state.scores[p] >= WIN]
    if winners:
        state.over = True
        state.winners = winners
        state.deadline_ms = None
        events.append(GameOver(winners=list(winners)))
    return events
