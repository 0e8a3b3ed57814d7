"""Computer players at the terminal table: ``--robot B[:niveau]``, alone or with ``--auto``."""

from __future__ import annotations

import json

import pytest

from tests.terminal.newcomer import play_by_hand

from .scripted import table

pytest.importorskip("games.robots")

GAMES = ["cabane", "chevre", "barricade", "ludicitude", "culdechouette"]


@pytest.mark.parametrize("game", GAMES)
def test_robots_and_random_play_finish_a_game_and_the_final_json_names_the_winner(game: str) -> None:
    argv = [game, "--players", "A,B,C", "--robot", "B", "--robot", "C:debutant", "--auto", "--seed", "4", "--json"]
    code, text = table(argv)
    assert code == 0
    final = json.loads(text.splitlines()[-1])
    assert final["final"] and final["over"] and final["winners"]
    assert set(final["winners"]) <= {"A", "B", "C"}


def test_one_human_plays_a_whole_game_against_robots() -> None:
    text, newcomer = play_by_hand(["play", "ludicitude", "--players", "ana,bob", "--robot", "bob", "--seed", "5"])
    assert text.rstrip().splitlines()[-1].startswith("Partie terminée")
    assert "Robots : bob (fort) ; leurs coups s'affichent précédés de « > »." in text
    assert "> bob " in text and all(not line.startswith("bob") for line in newcomer.typed)


def test_an_unknown_robot_seat_or_level_is_refused() -> None:
    code, text = table(["cabane", "--players", "A,B", "--robot", "Z"])
    assert code == 2 and "robot « Z » : ce n'est pas un joueur de la table (A, B)." in text
    code, text = table(["cabane", "--players", "A,B", "--robot", "B:expert"])
    assert code == 2 and "niveau de robot inconnu : « expert » (niveaux : débutant, fort)." in text


def test_the_setup_refusals_and_the_levels_read_in_english() -> None:
    code, text = table(["cabane", "--players", "A,B", "--robot", "Z", "--lang", "en"])
    assert code == 2 and "robot “Z”: not a player at this table (A, B)." in text
    code, text = table(["cabane", "--players", "A,B", "--robot", "B:expert", "--lang", "en"])
    assert code == 2 and "unknown robot level: “expert” (levels: beginner, strong)." in text
    code, text = table(["cabane", "--players", "A,B", "--option", "vitesse=2", "--lang", "en"])
    assert code == 2 and "unknown option: “vitesse”. Possible options:" in text
    # The English names of the levels are taken too.
    code, text = table(["cabane", "--players", "A,B", "--robot", "B:strong", "--lang", "en", "--seed", "3"])
    assert code == 0, text
