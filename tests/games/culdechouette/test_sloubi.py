"""The Chante-Sloubi: joining at the end of a round, the song, its failures and limits."""

from __future__ import annotations

from games.core import Action
from games.culdechouette import GAME
from games.culdechouette.state import CulState

from .helpers import BOTH, act, begin, bevues, deltas, kinds, refused, rig, said, turn


def after_one_round(negatives: bool = True) -> CulState:
    """ana makes a Cul de Chouette of 6, bob a Néant: round 1 is over, ana 100, bob 0."""
    state = begin(6, 6, 6, 1, 2, 6, negatives=negatives, players=["ana", "bob"])
    state, _ = turn(state, "ana")
    state, events = turn(state, "bob")
    assert "Fin de la manche 1 (Chante-Sloubi possible)." in said(events)
    return state


@BOTH
def test_a_newcomer_sings_up_to_the_sloubi_and_gets_half_as_much_again(negatives: bool) -> None:
    state = after_one_round(negatives)
    assert [str(a) for a in GAME.legal_actions(state, "zoe")] == ["chante_sloubi"]
    state, events = act(state, "zoe", "chante_sloubi")
    assert state.players == ["ana", "bob", "zoe"] and state.scores["zoe"] == 10
    assert "zoe : « Chante-Sloubi ! » Le Sloubi vaut 10 (1 manches jouées)." in said(events)
    for n in range(1, 10):
        state, events = act(state, "zoe", "sloubi", n=n)
        assert deltas(events) == {}
    state, events = act(state, "zoe", "sloubi", n=10)
    assert deltas(events) == {"zoe": 5} and state.scores["zoe"] == 15
    assert "zoe réussit son Sloubi : son score passe à 15." in said(events)
    assert state.players[state.current] == "ana" and state.song is None


def test_the_sloubi_is_highest_minus_second_times_rounds_over_ten() -> None:
    state = rig(after_one_round(), scores={"ana": 137, "bob": 52}, rounds=3)
    state, _ = act(state, "zoe", "chante_sloubi")
    assert state.scores["zoe"] == (137 - 52) * 3 // 10 == 25


@BOTH
def test_a_wrong_number_fails_the_song_and_is_a_bevue(negatives: bool) -> None:
    state, _ = act(after_one_round(negatives), "zoe", "chante_sloubi")
    state, _ = act(state, "zoe", "sloubi", n=1)
    state, events = act(state, "zoe", "sloubi", n=3)
    assert bevues(events) == [("zoe", "mauvais_sloubi")]
    assert state.scores["zoe"] == 0 and state.song is None


def test_an_action_by_someone_else_interrupts_the_song() -> None:
    state, _ = act(after_one_round(), "zoe", "chante_sloubi")
    state, _ = act(state, "zoe", "sloubi", n=1)
    state, events = act(state, "ana", "message")
    assert kinds(events) == ["sloubi_interrompu"] and state.song is None
    assert "ana interrompt le Sloubi de zoe : pas de bonus." in said(events)
    refused(state, "zoe", "sloubi", "no_song", n=2)


def test_a_throw_by_the_next_player_interrupts_the_song_and_still_happens() -> None:
    state, _ = act(after_one_round(), "zoe", "chante_sloubi")
    state, events = act(state, "ana", "lancer")
    assert kinds(events)[:2] == ["sloubi_interrompu", "chouettes"]
    assert state.scores["zoe"] == 10


def test_refusing_to_sing_keeps_the_starting_score() -> None:
    state, _ = act(after_one_round(), "zoe", "chante_sloubi")
    state, events = act(state, "zoe", "refuser_sloubi")
    assert state.scores["zoe"] == 10 and state.song is None and deltas(events) == {}


def test_the_chante_sloubi_is_only_at_the_end_of_a_round() -> None:
    state = begin(1, 2, players=["ana", "bob"])
    refused(state, "zoe", "chante_sloubi", "sloubi_not_now")
    state = after_one_round()
    state, _ = act(state, "ana", "lancer")
    refused(state, "zoe", "chante_sloubi", "sloubi_not_now")
    refused(state, "ana", "chante_sloubi", "already_playing")


def test_above_228_nobody_may_sing() -> None:
    state = rig(after_one_round(), scores={"ana": 300, "bob": 0}, rounds=8)
    assert GAME.legal_actions(state, "zoe") == []
    refused(state, "zoe", "chante_sloubi", "sloubi_too_high")


def test_a_player_put_out_at_minus_343_may_not_come_back() -> None:
    state = rig(after_one_round(), players=["ana", "bob", "cid"], scores={"ana": 100, "bob": 0, "cid": -340})
    state, _ = act(state, "cid", "pas_mou_le_caillou")
    assert state.eliminated == ["cid"]
    refused(state, "cid", "chante_sloubi", "sloubi_eliminated")


def test_the_song_is_read_from_the_chat_by_the_rules() -> None:
    """A line typed in the table's chat: the singer's « Sloubi N » (any case, accents, spaces and
    marks) is the next couplet; anything else said by anyone is a message; without a song, chat."""
    state = after_one_round()
    assert GAME.read_message(state, "zoe", "Sloubi 1") is None
    state, _ = act(state, "zoe", "chante_sloubi")
    for typed, number in [("Sloubi 1", 1), ("  SLOUBI 2 ! ", 2), ("Sloubî 3.", 3), ("sloubi12", 12)]:
        assert GAME.read_message(state, "zoe", typed) == Action(kind="sloubi", args={"n": number})
    for player, typed in [("ana", "Sloubi 1"), ("zoe", "Sloubi un"), ("zoe", "sloubi 1 2"), ("bob", "allez")]:
        assert GAME.read_message(state, player, typed) == Action(kind="message"), (player, typed)


def test_a_song_typed_in_the_chat_is_sung_and_interrupted_by_the_others_words() -> None:
    state, _ = act(after_one_round(), "zoe", "chante_sloubi")
    for n in (1, 2):
        sung = GAME.read_message(state, "zoe", f"Sloubi {n} !")
        assert sung is not None
        state, events = GAME.apply(state, "zoe", sung, 0)
        assert kinds(events) == ["sloubi"]
    chat = GAME.read_message(state, "ana", "bravo")
    assert chat is not None
    state, events = GAME.apply(state, "ana", chat, 0)
    assert kinds(events) == ["sloubi_interrompu"] and state.song is None
    assert GAME.read_message(state, "zoe", "Sloubi 3") is None  # the song is over: chat again
