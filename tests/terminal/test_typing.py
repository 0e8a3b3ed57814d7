"""What a person types at the terminal table: nothing they type ends the game, every refusal says
why and what is expected, the words players use work, and ``aide`` lists lines that are accepted."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from games.barricade import GAME, numbered_destinations
from games.core import Action
from tests.terminal.console import ROOT
from tests.terminal.newcomer import suggestions

from .scripted import shown, table

CABANE = ["cabane", "--players", "ana,bob", "--seed", "1"]


def test_a_line_with_an_apostrophe_is_refused_with_its_reason_and_the_game_goes_on() -> None:
    text = shown(CABANE, "ana j'arrive\nA j'arrive\nana \"oops\nzz\nana lancer\n")
    assert "Refusé : « j'arrive » : action inconnue ici.\nAttendu : ana lancer" in text
    assert "Refusé : « zz » n'est ni un joueur ni une action ici" in text
    assert "Refusé : « A » n'est pas à la table (joueurs : ana, bob).\nAttendu : ana lancer" in text
    assert "ana lance :" in text


def test_bytes_that_are_not_text_are_refused_and_the_game_goes_on() -> None:
    played = subprocess.run(
        [sys.executable, "-m", "games", "play", "cabane", "--players", "ana,bob", "--seed", "1"],
        input=b"ana \xff\xfe lancer\nana lancer @12x\nana lancer\n",
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    text = played.stdout.decode()
    assert played.returncode == 0 and not played.stderr
    assert "Refusé : ligne illisible (caractères non valides)" in text
    assert "Refusé : « @12x » : après @, un nombre de millisecondes (ex. @1500)." in text
    assert text.count("ana lance :") == 1


def test_a_refusal_names_the_lines_that_would_be_accepted() -> None:
    text = shown(CABANE, "bob lancer\nana\n")
    assert "Refusé : Ce n'est pas ton tour : c'est à ana de lancer.\nAttendu : ana lancer" in text
    assert "Refusé : il manque l'action après « ana ».\nAttendu : ana lancer" in text


def test_common_words_accents_and_capitals_work() -> None:
    ludicitude = ["ludicitude", "--players", "ana,bob", "--seed", "2", "--dice", "1,2,3,3,4,6,6"]
    text = shown(ludicitude, "ana lancer\nAna Écarter 1\nana Arrêter\n")
    assert "ana repart de zéro avec les 7 dés." in text
    assert "ana s'arrête : 1 point (1 × 1). Total : 1." in text
    assert "Refusé" not in text
    # Cabane: « lance » for lancer, and the player's name may be left out when only one may act.
    assert shown(CABANE, "lance\n").count("ana lance :") == 1


def test_aide_lists_who_may_act_and_exact_lines_every_one_of_them_accepted() -> None:
    ludicitude = ["ludicitude", "--players", "ana,bob", "--seed", "2", "--dice", "1,2,3,3,4,6,6"]
    text = shown(ludicitude, "ana tout_relancer\naide\n")
    help_text = text[text.index("Peut jouer maintenant") :]
    assert help_text.startswith("Peut jouer maintenant : ana (la table attend ana).\nana peut taper :")
    assert "  ecarter <lapins> [doubles] [clapier] — Écarter des dés après un lancer (au moins un lapin)." in text
    offered = suggestions(help_text)
    assert "ana ecarter 1 0 2" in offered and all(line.startswith("ana ecarter ") for line in offered)
    for line in offered:
        after = shown(ludicitude, f"ana tout_relancer\n{line}\n")
        assert "Refusé" not in after and "ana écarte " in after, line


def test_aide_during_a_shout_lists_every_player_who_may_shout() -> None:
    dice = "1,2,4,1,4,2,2,4"
    script = "ana lancer\nana lancer\nana garder\nbob lancer\nbob lancer\n?\n"
    text = shown(["culdechouette", "--players", "ana,bob", "--dice", dice], script)
    help_text = text[text.rindex("Peuvent jouer maintenant") :]
    offered = suggestions(help_text)
    assert {"ana pas_mou_le_caillou", "bob pas_mou_le_caillou"} <= set(offered)
    assert "Une fenêtre est ouverte jusqu'à" in help_text


def test_an_unknown_option_key_is_refused_with_the_list_of_keys() -> None:
    code, text = table(["cabane", "--players", "ana,bob", "--option", "vitesse=2"])
    assert code == 2
    assert text == "Impossible d'ouvrir la table : option inconnue : « vitesse ». Options possibles : mode, cible.\n"
    code, text = table(["barricade", "--players", "ana,bob", "--option", "mode=rapide"])
    assert code == 2 and "Options possibles : aucune (ce jeu n'a pas d'options)." in text
    code, text = table(["chevre", "--players", "ana,bob", "--option", "limite=beaucoup"])
    assert code == 2 and text.startswith("Impossible d'ouvrir la table : option invalide — limite")


@pytest.mark.parametrize("auto", [False, True])
def test_the_final_state_is_printed_once(auto: bool) -> None:
    bataille = ["cabane", "--players", "ana,bob", "--seed", "3", "--option", "mode=bataille", "--option", "cible=3"]
    script = "" if auto else "ana lancer\nbob lancer\n" * 40
    text = shown(bataille + (["--auto"] if auto else []), script)
    assert text.count("Partie terminée") == 1
    assert text.rstrip().endswith(text[text.index("Partie terminée") :].rstrip())


def test_barricade_shows_its_board_and_a_destination_is_chosen_by_number() -> None:
    # Order throws: ana 5, bob 2; ana then throws a 3 from her tent.
    argv = ["barricade", "--players", "ana,bob", "--dice", "5,2,3"]
    state, _ = GAME.start(["ana", "bob"], loaded=[5, 2, 3])
    state, _ = GAME.apply(state, "ana", Action(kind="lancer"), 0)
    choices = numbered_destinations(state)
    assert len(choices) >= 2
    labels = [GAME.board.label(d.point) for d in choices]
    text = shown(argv, "ana lancer\nana 9\n2\n")
    thrown = text.index("ana a fait 3")
    board = text[text.rindex("\n or ", 0, thrown) : thrown]
    assert "OR" in board and "Tentes — R = ana" in board
    assert " 1-" in board or " 1 " in board
    assert f"  1. deplacer 1 {labels[0]}\n  2. deplacer 1 {labels[1]}" in text
    assert f"Refusé : pas de destination n° 9 (de 1 à {len(choices)}).\nAttendu : ana 1 · ana 2" in text
    assert f"Mineur 1 de ana sort de sa tente et va sur le point {labels[1]}." in text


def test_a_throw_that_leaves_one_move_is_played_by_the_table_which_says_so() -> None:
    text = shown(["ludicitude", "--players", "ana,bob", "--seed", "2", "--dice", "1,6,6,6,6,6,6"], "ana lancer\n")
    assert "Un seul coup possible : la table joue « ana ecarter 1 0 0 ».\nana écarte 1 lapin." in text


def test_python_m_terminal_is_the_same_command_as_python_m_games() -> None:
    def run(module: str) -> str:
        return subprocess.run(
            [sys.executable, "-m", module, "play", "cabane", "--players", "ana,bob", "--seed", "7"],
            input="ana lancer\n", capture_output=True, text=True, cwd=ROOT, check=True,
        ).stdout

    played = run("terminal")
    assert "ana lance :" in played and played == run("games")


def test_barricade_a_throw_that_leaves_one_move_is_played_for_the_player() -> None:
    from games.barricade.state import TENT
    from terminal.table import Runner
    from tests.games.barricade.positions import position

    # ana at the door of the mine with her last miner, a 1 to throw: into the mine is the only move.
    state = position({"ana": [(11, 10), "mine", "mine", "mine", "mine"], "bob": []}, [], dice=[1])
    out = io.StringIO()
    runner = Runner(GAME, state, out, as_json=False, forced=True)
    runner.line("ana lancer")
    runner.automatic()
    text = out.getvalue()
    assert "ana lance le dé : 1." in text
    assert "Un seul coup possible : la table joue « ana deplacer 1 mine »." in text
    assert runner.state.over and runner.state.winners == ["ana"] and TENT not in runner.state.miners["ana"]
