"""At a real terminal the table keeps time itself: the first to type a shout is first, and a shout
window closes when its time is up without anyone typing « attendre »."""

from __future__ import annotations

import pytest

from .console import Console

# ana throws a Chouette of 1 then keeps it; bob's throws make a Chouette-Velute of 4.
DICE = "1,2,4,1,4,2,2,4"
OPENING = ["ana lancer", "ana lancer", "ana garder", "bob lancer"]


def open_velute(console: Console) -> None:
    for line in OPENING:
        console.type(line)
    console.expect(r"bob lance les chouettes : 2 et 2\.")
    console.type("bob lancer")
    console.expect(r"Chouette-Velute ! Le premier à crier")


def test_a_shout_window_closes_by_itself_when_its_time_is_up() -> None:
    args = ["play", "culdechouette", "--players", "ana,bob", "--dice", DICE, "--option", "shout_window_ms=300"]
    with Console(*args) as console:
        open_velute(console)
        # Nobody types anything: the window closes, the round ends, the next throw is announced.
        closing = console.expect(r"À ana de lancer les chouettes\.")
        assert "Fin de la manche 1" in closing
        console.type("ana lancer")
        console.expect(r"ana lance les chouettes")


def test_the_first_to_type_a_shout_is_first_and_script_timestamps_are_refused() -> None:
    args = ["play", "culdechouette", "--players", "ana,bob", "--dice", DICE,
            "--option", "shout_window_ms=120000", "--option", "tie_tolerance_ms=0"]
    with Console(*args) as console:
        open_velute(console)
        console.type("ana pas mou le caillou @1")
        console.expect(r"Refusé : à la console, l'horloge date chaque ligne")
        # bob types first; ana types only once the table has printed bob's shout.
        console.type("bob Pas mou le caillou !")
        console.expect(r"bob : « Pas mou le caillou ! »")
        console.type("ana pas_mou_le_caillou")
        console.expect(r"ana : « Pas mou le caillou ! »")
        console.type("attendre")
        won = console.expect(r"gagne la Chouette-Velute")
        assert "bob a crié « Pas mou le caillou ! » le premier." in won


def test_chevre_hot_seat_at_a_terminal_clears_the_screen_and_waits_for_enter() -> None:
    with Console("play", "chevre", "--players", "ana,bob", "--seed", "5") as console:
        before = console.expect(r"Au tour de (ana|bob) — les autres, détournez les yeux\. \S+ : Appuyez sur Entrée…")
        assert "Main de" not in before and "\033[2J" in before
        player = "ana" if "Au tour de ana" in before else "bob"
        console.type("")
        console.expect(rf"Main de {player} : ")
        console.type("aide")
        offered = console.expect(r"Toujours : ")
        other = "bob" if player == "ana" else "ana"
        assert f"{player} peut taper" in offered and f"{other} poser" not in offered


def test_a_robot_shouts_by_itself_when_its_reaction_time_has_passed() -> None:
    pytest.importorskip("games.robots")
    # A 500 ms window rather than 5 s: the robot's reaction time shrinks with it (a tenth), and the
    # window's end, which says who won, comes in half a second of real time.
    args = ["play", "culdechouette", "--players", "ana,bob", "--robot", "bob", "--dice", DICE,
            "--option", "shout_window_ms=500"]
    with Console(*args) as console:
        for line in OPENING[:3]:
            console.type(line)
        # bob, a robot, throws a Chouette-Velute, then shouts within the window; ana types nothing.
        console.expect(r"Chouette-Velute ! Le premier à crier")
        console.expect(r"bob : « Pas mou le caillou ! »")
        console.expect(r"bob gagne la Chouette-Velute")
