"""Every game's events are typed: one pydantic model per kind, gathered in the game's union
discriminated by ``kind`` (``Game.event_model``), their keys in English, read back unchanged from the
JSON the bot stores and the terminal's ``--json`` prints."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.core import Event, Game, registry
from games.core.autoplay import random_steps

GAMES = registry.names()
# Keys the events had in French before they were typed (docs/rules/<game>.md lists the renames).
# Game words (clapier, bazar, chouette…) are names in every language and may stay.
FRENCH_KEYS = {
    "joueur", "joueurs", "valeur", "valeurs", "lancers", "mineur", "nombre", "ordre", "par", "de",
    "vers", "rebond", "couleurs", "coup", "raison", "cible", "compte", "dit", "numero", "apres_cabane",
    "tuile", "tuiles", "main", "mains", "manche", "marque", "memoire", "ouverts", "ouverture",
    "ouvreur", "cote", "fin", "gagnants", "libre", "limite", "bouts", "chemin", "des", "des_a_lancer",
    "des_restants", "objectif", "multiplicateur", "memorise", "reprise_possible", "valeur_laissee",
    "lapins", "carottes", "gagnant", "perdant", "forfait",
}  # fmt: skip


def keys(value: Any) -> set[str]:
    """Every key of a dumped event, nested ones included (a player's id is no key name)."""
    if isinstance(value, dict):
        found = {k for k in value if not k.isdigit()}
        for item in value.values():
            found |= keys(item)
        return found
    if isinstance(value, list):
        return set().union(*(keys(item) for item in value)) if value else set()
    return set()


def events_of(game: Game[Any], games: int = 12) -> list[Event]:
    rng = random.Random(game.name)
    seen: list[Event] = []
    for index in range(games):
        seats = [f"p{n}" for n in range(2 + index % (min(game.max_players, 5) - 1))]
        state, events = game.start(seats, seed=rng.randrange(1 << 30))
        seen += events
        for step in random_steps(game, state, rng):
            seen += step.events
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_every_event_is_a_typed_model_read_back_unchanged(name: str) -> None:
    game = registry.get(name)
    events = events_of(game)
    assert events
    for event in events:
        assert type(event) is not Event, f"{name}: « {event.kind} » is an untyped Event"
        assert event.model_config.get("extra") == "forbid", f"{name}: {type(event).__name__} takes any field"
        stored = json.loads(json.dumps(event.model_dump(mode="json")))
        assert game.read_event(stored) == event
    french = set().union(*(keys(event.model_dump(mode="json")) for event in events)) & FRENCH_KEYS
    assert not french, f"{name}: French keys {sorted(french)}"


@pytest.mark.parametrize("name", GAMES)
def test_a_kind_the_game_does_not_know_is_refused(name: str) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        registry.get(name).read_event({"kind": "pas_un_evenement", "to": None})
