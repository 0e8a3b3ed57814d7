"""/config through the Discord emulator: only Manage Server may see or change it; the channels it
allows, the default options it sets and the language it chooses are what /jouer then does."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cogs.config import ConfigError, parse_channels
from tests.e2e.tavern import Tavern

MANAGE_GUILD = 1 << 5



async def test_config_is_refused_privately_without_manage_server(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot():
        for options in ({}, {"langue": "en"}, {"salons": "partout"}):
            refused = await emu.slash(tavern.channel, tavern.arthur, "config", options)
            assert refused.ephemeral
            assert refused.content == (
                "Seul·e un·e membre avec la permission *Gérer le serveur* peut voir et changer les réglages de Taverne."
            )
        # Nothing was changed by the refused attempt: the table still speaks French.
        shown = await emu.slash(tavern.channel, emu.owner, "config", {})
        assert shown.ephemeral and "français" in shown.message.text()  # type: ignore[union-attr]
    emu.assert_no_violations()


async def test_a_member_with_manage_server_restricts_the_game_channels(tavern: Tavern) -> None:
    emu = tavern.emu
    admin = emu.add_user("Léodagan-admin")
    tavern.guild.add_member(admin, permissions=MANAGE_GUILD)
    games = tavern.guild.add_channel("jeux")
    async with tavern.bot():
        saved = await emu.slash(tavern.channel, admin, "config", {"salons": f"<#{games.id}> #taverne"})
        assert saved.ephemeral and saved.message.content == "✅ Réglages enregistrés."  # type: ignore[union-attr]
        assert f"<#{games.id}> <#{tavern.channel.id}>" in saved.message.text()  # type: ignore[union-attr]

        saved = await emu.slash(tavern.channel, admin, "config", {"salons": f"<#{games.id}>"})
        refused = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane"})
        assert refused.ephemeral
        assert refused.content == f"Pas de partie dans ce salon : sur ce serveur, on joue dans <#{games.id}>."
        opened = await emu.slash(games, tavern.arthur, "jouer", {"jeu": "cabane"})
        assert not opened.ephemeral and "Table de La Cabane" in opened.message.text()  # type: ignore[union-attr]

        bad = await emu.slash(tavern.channel, admin, "config", {"salons": "#cave"})
        assert bad.content == "Salon introuvable : « #cave ». Donne des salons (#jeux) séparés d'espaces, ou « partout »."
        await emu.slash(tavern.channel, admin, "config", {"salons": "partout"})
        anywhere = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane"})
        assert not anywhere.ephemeral
    emu.assert_no_violations()


async def test_default_options_apply_to_jouer_and_typed_options_win(tavern: Tavern) -> None:
    emu = tavern.emu
    second = tavern.guild.add_channel("cave")
    async with tavern.bot():
        saved = await emu.slash(
            tavern.channel, emu.owner, "config", {"jeu": "cabane", "options": "mode=bataille cible=3"}
        )
        assert "`cabane` : `mode=bataille` `cible=3`" in saved.message.text()  # type: ignore[union-attr]
        lobby = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane"})
        assert "`mode=bataille` `cible=3`" in lobby.message.text()  # type: ignore[union-attr]
        typed = await emu.slash(second, tavern.arthur, "jouer", {"jeu": "cabane", "options": "cible=7"})
        assert "`mode=bataille` `cible=7`" in typed.message.text()  # type: ignore[union-attr]

        refused = await emu.slash(tavern.channel, emu.owner, "config", {"jeu": "cabane", "options": "cible=9"})
        assert refused.content == "Options invalides pour La Cabane sul' Dos : cible : « 9 » : de 3 à 7"
        seed = await emu.slash(tavern.channel, emu.owner, "config", {"jeu": "cabane", "options": "graine=4"})
        assert seed.content == "La graine ne peut pas être une option par défaut : elle se choisit à chaque /jouer."
        cleared = await emu.slash(tavern.channel, emu.owner, "config", {"jeu": "cabane", "options": "aucune"})
        assert "`cabane` :" not in cleared.message.text()  # type: ignore[union-attr]
        assert "Options par défaut de /jouer\naucune" in cleared.message.text()  # type: ignore[union-attr]
    emu.assert_no_violations()


async def test_the_language_switches_the_bots_own_messages(tavern: Tavern) -> None:
    """The server's language is what a reader gets when Taverne has no catalogue for their client's
    (here German clients): they follow /config langue."""
    emu = tavern.emu
    emu.owner.locale = tavern.arthur.locale = "de"
    async with tavern.bot():
        saved = await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
        assert saved.message.content == "✅ Settings saved." and "English" in saved.message.text()  # type: ignore[union-attr]
        bad = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane", "options": "mode=vite"})
        assert bad.content == "Invalid options for La Cabane sul' Dos: mode: “vite” is not possible; values: bataille, deux_des"
        refused = await emu.slash(tavern.channel, tavern.arthur, "config", {})
        assert refused.content == "Only a member with the *Manage Server* permission can see and change Taverne's settings."
        none = await emu.slash(tavern.channel, tavern.arthur, "scores", {})
        assert none.content == "No table is open in this channel. Open one with /play."
        helped = await emu.slash(tavern.channel, tavern.arthur, "aide", {})
        assert helped.message is not None and "**Open a table**" in helped.message.text()
    async with tavern.bot():
        # Kept in the database: still English after a restart, and French again on request.
        stats = await emu.slash(tavern.channel, tavern.arthur, "stats", {})
        assert "No finished game yet." in stats.message.text()  # type: ignore[union-attr]
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "fr"})
        none = await emu.slash(tavern.channel, tavern.arthur, "scores", {})
        assert none.content == "Aucune table n'est ouverte dans ce salon. Ouvre-en une avec /jouer."
    emu.assert_no_violations()


def test_channels_are_read_from_mentions_names_and_ids() -> None:
    channels = {11: "jeux", 12: "Taverne", 13: "cave"}
    assert parse_channels("<#11> #taverne, 13", channels) == [11, 12, 13]
    assert parse_channels("jeux jeux", channels) == [11]
    assert parse_channels("partout", channels) == []
    with pytest.raises(ConfigError) as unknown:
        parse_channels("<#99>", channels)
    assert unknown.value.params == {"word": "<#99>"}


async def test_config_has_english_names_and_is_hidden_from_members_by_default(tmp_path: Path) -> None:
    from bot.app import create_bot
    from bot.settings import Settings

    settings = Settings(discord_token="x", database=tmp_path / "t.sqlite3", _env_file=None)
    bot = create_bot(settings, sync_commands=False)
    try:
        await bot.setup_hook()
        command = bot.tree.get_command("config")
        assert command is not None and bot.tree.translator is not None
        payload = await command.get_translated_payload(bot.tree, bot.tree.translator)
        assert payload["name_localizations"]["en-US"] == "config"
        assert int(payload["default_member_permissions"]) == MANAGE_GUILD
        assert {o["name"]: o["name_localizations"].get("en-US") for o in payload["options"]} == {
            "salons": "channels",
            "jeu": "game",
            "options": "options",
            "langue": "language",
        }
        assert all(o["description_localizations"].get("en-GB") for o in payload["options"])
    finally:
        await bot.close()


async def test_config_suggests_the_same_games_and_options_as_jouer_but_no_seed(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot():
        for command in ("jouer", "config"):
            games = await emu.autocomplete(tavern.channel, emu.owner, command, {"jeu": "cab"}, focused="jeu")
            assert [c["value"] for c in games] == ["cabane"] and games[0]["name"].startswith("La Cabane")
        typed = {"jeu": "culdechouette", "options": ""}
        offered = {
            command: [c["value"] for c in await emu.autocomplete(tavern.channel, emu.owner, command, typed, "options")]
            for command in ("jouer", "config")
        }
        assert "graine=1234" in offered["jouer"] and not any(v.startswith("graine=") for v in offered["config"])
        assert {"negatives=oui", "strict=non"} <= set(offered["config"])
        assert offered["config"] == [v for v in offered["jouer"] if not v.startswith("graine=")]
    emu.assert_no_violations()
