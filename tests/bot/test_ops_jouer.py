"""/jouer's options as players meet them through the Discord emulator: the autocomplete offers each
option's values, a bad value is explained in French, ``graine=<n>`` replays the same dice, and
/scores shows the seed and the table's pictures."""

from __future__ import annotations

import re

import pytest

from bot.app import TaverneBot
from bot.options import option_choices
from emulator import Channel, Emulator, Message, User
from games.core import registry
from tests.e2e.table import act, seat_and_start, table_message
from tests.e2e.tavern import Tavern

SEED_LINE = re.compile(r"Graine des dés : (\d+) — `/jouer jeu:(\w+) options:graine=(\d+)`")


@pytest.fixture(autouse=True)
def channel_limit(emu: Emulator) -> None:
    """Messages sent faster than Discord's 5 per 5 s (the test plays at machine speed)."""
    emu.set_rate_limit(50, 1.0)


async def test_the_autocomplete_lists_each_options_possible_values(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot():
        choices = await emu.autocomplete(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane", "options": "mode="}, focused="options"
        )
        assert [c["value"] for c in choices] == ["mode=bataille", "mode=deux_des"]
        assert "(défaut)" in choices[1]["name"] and "(défaut)" not in choices[0]["name"]
        choices = await emu.autocomplete(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane", "options": "mode=bataille c"}, focused="options"
        )
        assert [c["value"] for c in choices] == [f"mode=bataille cible={n}" for n in range(3, 8)]
        everything = await emu.autocomplete(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette", "options": ""}, focused="options"
        )
        values = [c["value"] for c in everything]
        assert {"negatives=oui", "negatives=non", "strict=oui", "strict=non"} <= set(values)
        assert "shout_window_ms=5000" in values and "graine=1234" in values
        shout = next(c["name"] for c in everything if c["value"] == "shout_window_ms=5000")
        assert "100 … 120000" in shout
    emu.assert_no_violations()


def test_every_games_choices_fit_discord_and_are_accepted_by_the_game() -> None:
    for game in registry.available().values():
        for label, value in option_choices(game, ""):
            assert 1 <= len(label) <= 100 and 1 <= len(value) <= 100
            key, _, word = value.partition("=")
            if key != "graine":
                raw = {key: {"oui": "true", "non": "false"}.get(word, word)}
                assert getattr(game.options(raw), key) is not None


async def test_a_bad_option_value_is_explained_in_french(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot():
        said = {}
        for options in ("mode=vite", "cible=12", "cible=beaucoup", "graine=-3", "vitesse=2"):
            reply = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane", "options": options})
            assert reply.ephemeral
            said[options] = reply.content
        strict = await emu.slash(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette", "options": "strict=peut-etre"}
        )
    prefix = "Options invalides pour La Cabane sul' Dos : "
    assert said == {
        "mode=vite": prefix + "mode : « vite » n'est pas possible ; valeurs : bataille, deux_des",
        "cible=12": prefix + "cible : « 12 » : de 3 à 7",
        "cible=beaucoup": prefix + "cible : « beaucoup » : un nombre est attendu (3 … 7)",
        "graine=-3": prefix + "« graine=-3 » : la graine est un nombre entier positif, ex. graine=1234",
        "vitesse=2": prefix + "option inconnue « vitesse » (options : mode, cible)",
    }
    assert strict.content == "Options invalides pour Cul de chouette : strict : « peut-etre » : oui ou non"
    assert "Input should" not in " ".join(said.values())
    emu.assert_no_violations()


async def first_throw(
    emu: Emulator, bot: TaverneBot, channel: Channel, players: list[User], options: str | None
) -> tuple[str, Message]:
    """Opens a Cabane table, seats everyone, throws once; the table's words then, and the table."""
    chosen = {"jeu": "cabane"} | ({"options": options} if options else {})
    reply = await emu.slash(channel, players[0], "jouer", chosen)
    assert reply.message is not None and not reply.ephemeral, reply.content
    await seat_and_start(emu, reply.message, players[0], players[1:])
    session = bot.manager.in_channel(channel.id)
    assert session is not None
    thrower = next(u for u in players if str(u.id) in bot.manager.waiting(session))
    table = table_message(channel)
    thrown = await act(emu, table, thrower, "lancer")
    assert not thrown.errors and not thrown.ephemeral
    return table.text().split("Table n°")[0], table


async def test_graine_replays_the_same_dice_and_scores_show_the_seed(tavern: Tavern) -> None:
    emu = tavern.emu
    rooms = [tavern.channel, *(tavern.guild.add_channel(f"salle-{n}") for n in range(3))]
    async with tavern.bot() as bot:
        random_words, _ = await first_throw(emu, bot, rooms[0], tavern.players, None)
        scores = await emu.slash(rooms[0], tavern.karadoc, "scores", {})
        assert scores.ephemeral and scores.message is not None
        found = SEED_LINE.search(scores.message.text())
        assert found is not None and found.group(2) == "cabane" and found.group(1) == found.group(3)
        seed = found.group(1)

        replayed, _ = await first_throw(emu, bot, rooms[1], tavern.players, f"graine={seed}")
        assert replayed == random_words

        chosen, _ = await first_throw(emu, bot, rooms[2], tavern.players, "graine=77 mode=deux_des")
        again, _ = await first_throw(emu, bot, rooms[3], tavern.players, "mode=deux_des graine=77")
        assert chosen == again
        lobby_scores = await emu.slash(rooms[2], tavern.arthur, "scores", {})
        assert "Graine des dés : 77" in lobby_scores.message.text()  # type: ignore[union-attr]
    emu.assert_no_violations()


async def test_scores_attach_the_tables_picture(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot():
        reply = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "barricade", "options": "graine=5"})
        assert reply.message is not None
        await seat_and_start(emu, reply.message, tavern.arthur, [tavern.perceval])
        table = table_message(tavern.channel)
        scores = await emu.slash(tavern.channel, tavern.perceval, "scores", {})
        assert scores.ephemeral and scores.message is not None
        assert [a.filename for a in scores.message.attachments] == ["plateau.png"]
        assert scores.message.attachment("plateau.png").data == table.attachment("plateau.png").data
        assert scores.message.attachment("plateau.png").data.startswith(b"\x89PNG")
        assert "Graine des dés : 5" in scores.message.text()
    emu.assert_no_violations()
