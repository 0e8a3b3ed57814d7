"""Cul de chouette at the table: its words on the buttons, the dice as faces, the Chante-Sloubi
typed in the channel, and every state of random games drawn within Discord's limits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.sessions import Session
from bot.store import SessionRecord
from bot.tables import presenter_for
from bot.ui import ids
from games.core import Action, BaseState, registry
from games.core.autoplay import choose
from tests.french import french_lines
from tests.games.randomplay import RANDOM_GAMES

from .test_presenter import check_discord_limits, flat

GAME = registry.get("culdechouette")
PRESENTER = presenter_for(GAME)
NAMES = {"1": "Anne", "2": "Bruno", "3": "Chloé"}


def session_of(state: BaseState) -> Session:
    rec = SessionRecord(channel_id=10, game=GAME.name, host_id="1", names=dict(NAMES), status="playing", id=7)
    return Session(rec=rec, game=GAME, state=state)


def labels(session: Session) -> list[str]:
    out = []
    for item in flat(PRESENTER.components(session)):
        out += [item["label"]] if "label" in item else [o["label"] for o in item["options"]]
    return out


def test_the_game_has_its_own_presenter() -> None:
    assert type(PRESENTER).__name__ == "CulDeChouettePresenter"


def test_a_chouette_velute_calls_for_the_shouts_in_the_players_words() -> None:
    state, _ = GAME.start(["1", "2", "3"], loaded=[1, 2, 3, 2, 2, 4])
    session = session_of(state)
    assert labels(session)[0] == "Lancer les chouettes"
    state, _ = GAME.apply(state, "1", Action(kind="lancer"), 0)
    session = session_of(state)
    assert labels(session)[0] == "Lancer le cul"
    assert "# ⚁ ⚁" in (PRESENTER.embed(session).description or "")
    state, _ = GAME.apply(state, "1", Action(kind="lancer"), 10)
    session = session_of(state)
    assert labels(session)[:3] == ["Pas mou le caillou !", "Grelotte ça picote !", "Je sirote !"]
    embed = PRESENTER.embed(session)
    assert (embed.description or "").startswith("# ⚁ ⚁ ⚃\nAux annonces !")
    waiting = {f.name: f.value for f in embed.fields}["À jouer"]
    assert waiting.startswith("<@1>, <@2>, <@3>\n⏳ Fin <t:")


def test_the_song_is_typed_in_the_channel() -> None:
    state: Any
    state, _ = GAME.start(["1", "2", "3"], loaded=[1, 2, 3])
    assert GAME.read_message(state, "1", "Sloubi 1") is None  # no song: chat stays chat
    state.song = type(state).model_fields["song"].annotation.__args__[0](player="3", target=4, start=4)
    session = session_of(state)  # a table's state is replaced at each change, never edited in place
    # Read by the rules, not by the table's presenter (tests/games/culdechouette/test_sloubi.py).
    assert GAME.read_message(state, "3", "  SLOUBI 1 ! ") == Action(kind="sloubi", args={"n": 1})
    assert GAME.read_message(state, "3", "Sloubî 12") == Action(kind="sloubi", args={"n": 12})
    assert GAME.read_message(state, "1", "Sloubi 2") == Action(kind="message")
    assert GAME.read_message(state, "2", "allez Chloé") == Action(kind="message")
    assert "tape « Sloubi 1 » dans le salon" in (PRESENTER.embed(session).description or "")
    assert not any(label.startswith("Sloubi") for label in labels(session))


@pytest.mark.parametrize("seed", range(max(3, RANDOM_GAMES // 100)))
def test_every_state_of_a_random_game_fits_discord_and_its_buttons_mean_what_they_say(seed: int) -> None:
    rng = random.Random(seed)
    state, _ = GAME.start(["1", "2", "3"], seed=seed)
    now = 0
    for _ in range(400):
        if state.over:
            break
        session = session_of(state)
        view = PRESENTER.components(session)
        check_discord_limits(view)
        assert len(PRESENTER.embed(session)) <= 6000
        offered = [o.action for o in PRESENTER.offers(session) if not o.ask]
        vocabulary = GAME.full_vocabulary()
        shown = [o["value"] for i in flat(view) for o in i.get("options", [])]
        shown += [
            ids.parse_table_id(i["custom_id"]).tail for i in flat(view) if i["custom_id"].startswith("tv:")
        ]
        assert sorted(shown) == sorted(o.code for o in PRESENTER.offers(session) if not o.ask)  # none dropped
        for item in flat(view):
            codes = [o["value"] for o in item.get("options", [])]
            if item["custom_id"].startswith("tv:"):
                codes.append(ids.parse_table_id(item["custom_id"]).tail)
            for code in codes:
                assert ids.decode_action(code, vocabulary, offered) in offered
        move = choose(GAME, state, rng, now)
        if move is None:
            break
        player, action, now = move
        state, _ = GAME.apply(state, player, action, now)


def english(state: BaseState) -> Session:
    session = session_of(state)
    session.lang = "en"  # an English server (/config langue:en)
    return session


def test_on_an_english_server_the_table_speaks_english_and_keeps_the_game_words() -> None:
    state, _ = GAME.start(["1", "2", "3"], loaded=[1, 2, 3, 2, 2, 4])
    assert labels(english(state))[0] == "Throw the chouettes"
    state, _ = GAME.apply(state, "1", Action(kind="lancer"), 0)
    assert labels(english(state))[0] == "Throw the cul"
    state, events = GAME.apply(state, "1", Action(kind="lancer"), 10)
    session = english(state)
    session.rec.keep_news(events)
    assert labels(session)[:3] == ["Pas mou le caillou!", "Grelotte ça picote!", "Je sirote!"]
    embed = PRESENTER.embed(session)
    description = embed.description or ""
    assert description.startswith("# ⚁ ⚁ ⚃\nShout now!")
    assert "Anne throws the cul: 4 → 2-2-4: Chouette-Velute of 4!" in description
    assert french_lines(description) == []


def test_the_sirop_bets_and_a_song_read_in_english() -> None:
    state: Any
    state, _ = GAME.start(["1", "2", "3"], loaded=[1, 2, 3, 4, 4, 1])
    for at, kind in ((0, "lancer"), (10, "lancer"), (20, "siroter")):
        state, _ = GAME.apply(state, "1", Action(kind=kind), at)
    state, _ = GAME.apply(state, "2", Action(kind="beau_sirop"), 30)
    session = english(state)
    assert labels(session)[:3] == ["Beau-Sirop! (4)", "Couche-Sirop!", "File-Sirop!"]  # Chloé still may
    embed = PRESENTER.embed(session)
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Sirop bets"] == "<@2>: Beau-Sirop: 5 points on the 4\n<@3>: not announced yet"
    assert "Fauvette! (3)" in labels(session)
    state.song = type(state).model_fields["song"].annotation.__args__[0](player="3", target=4, start=4)
    assert "type “Sloubi 1” in the channel" in (PRESENTER.embed(english(state)).description or "")
