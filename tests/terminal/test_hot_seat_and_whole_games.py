"""A newcomer finishes a game of each of the five games by typing what ``aide`` suggests, and
Chèvre played hot seat never shows a hand to anyone but its player."""

from __future__ import annotations

import re

import pytest

from games.chevre import deal_dice
from terminal.screen import PAUSE
from tests.games.chevre.test_deal import ANA, BOB, CID, DAN, in_order
from tests.terminal.newcomer import play_by_hand, towards_the_mine

from .scripted import shown


def screens(text: str) -> list[tuple[str | None, str]]:
    """The output cut at each hand-over: (whose screen it is, what it showed)."""
    parts = re.split(r"Au tour de (\S+) — les autres, détournez les yeux\. \S+ : " + re.escape(PAUSE), text)
    out: list[tuple[str | None, str]] = [(None, parts[0])]
    out += [(parts[i], parts[i + 1]) for i in range(1, len(parts) - 1, 2)]
    return out


def test_chevre_hot_seat_shows_only_the_hand_of_the_player_to_act() -> None:
    hands = {"ana": ANA, "bob": BOB, "cid": CID, "dan": DAN}
    dice = ",".join(str(v) for v in deal_dice([ANA, BOB, CID, DAN]))
    text, newcomer = play_by_hand(["play", "chevre", "--players", "ana,bob,cid,dan", "--dice", dice], seed=3)
    assert "Partie terminée" in text and "" in newcomer.typed
    shown_screens = screens(text)
    assert shown_screens[0][0] is None and "Main de" not in shown_screens[0][1]
    for owner, screen in shown_screens[1:]:
        assert set(re.findall(r"Main de (\S+) :", screen)) <= {owner}, owner
        assert set(re.findall(r"\[privé → (\S+)\]", screen)) <= {owner}, owner
        assert set(re.findall(r"^    (\S+) poser", screen, re.M)) <= {owner}, owner
    for player, hand in hands.items():
        first_turn = text.index(f"Au tour de {player} —")
        assert " ".join(in_order(hand)) not in text[:first_turn]
        assert f"Main de {player} : {' '.join(in_order(hand))}" in text[first_turn:]


def test_chevre_with_one_human_needs_no_pause_and_hides_nothing_from_them() -> None:
    script = "ana aide\n"
    dice = ",".join(str(v) for v in deal_dice([ANA, BOB, CID, DAN]))
    pytest.importorskip("games.robots")
    text = shown(["chevre", "--players", "ana,bob,cid,dan", "--dice", dice, "--robot", "bob", "--robot",
                  "cid", "--robot", "dan"], script)
    assert PAUSE not in text
    assert f"[privé → ana] Ta main : {' '.join(in_order(ANA))}." in text
    for other in (BOB, CID, DAN):
        assert " ".join(in_order(other)) not in text


@pytest.mark.parametrize(
    "argv",
    [
        ["cabane", "--players", "ana,bob", "--seed", "3"],
        ["chevre", "--players", "ana,bob,cid", "--seed", "3", "--option", "limite=30"],
        ["barricade", "--players", "ana,bob", "--seed", "2"],
        ["ludicitude", "--players", "ana,bob", "--seed", "2"],
        ["culdechouette", "--players", "ana,bob", "--seed", "2"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_newcomer_finishes_a_game_typing_what_aide_suggests(argv: list[str]) -> None:
    prefer = towards_the_mine if argv[0] == "barricade" else None
    text, newcomer = play_by_hand(["play", *argv], seed=1, prefer=prefer)
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("Partie terminée") and text.count(last) == 1
    typed = [line for line in newcomer.typed if line not in ("aide", "")]
    assert typed and len(typed) < 5000
    assert "Refusé" not in text and "Traceback" not in text
