"""Who reads a table in which language, through Discord: on a server set to English (/config
langue:en) the channel reads the table, its news and its pings in English; what one player reads
alone (a refusal, a confirmation, « My hand ») speaks their own client's language, so a French
player on that server still reads his own answers in French."""

from __future__ import annotations

from emulator import Emulator, Message, User
from tests import layout
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern
from tests.french import french_lines
from tests.games.core.toy import GAME as TOY

NO_SIX = 3  # the toy's dice under this seed: 3, 1, 1, 4 (no shout window, nobody reaches 10)


async def seat_and_start_in_english(emu: Emulator, lobby: Message, host: User, guests: list[User]) -> None:
    """The lobby of an English server: « Join », « Start »."""
    for guest in guests:
        assert not (await emu.click(lobby, guest, label="Join")).errors
    started = await emu.click(lobby, host, label="Start")
    assert not started.errors and not started.ephemeral, started.content


def field(message: Message, name: str) -> str:
    fields = layout.fields(message.components)
    assert name in fields, f"no field {name!r} in {list(fields)}"
    return fields[name]


async def test_an_english_server_reads_the_table_in_english_and_each_player_his_own_answers(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval = tavern.arthur, tavern.perceval
    perceval.locale = "en-US"  # Arthur's client speaks French
    async with tavern.bot({"toy": TOY}):
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
        lobby = await open_table(emu, tavern.channel, arthur, "toy", f"graine={NO_SIX}")
        await seat_and_start_in_english(emu, lobby, arthur, [perceval])
        table = table_message(tavern.channel)
        start = len(tavern.channel.public_messages)
        footer = layout.footer(table.components)
        assert footer.startswith("Table #") and " · turn " in footer
        assert "Arthur" in field(table, "To play") or f"<@{arthur.id}>" in field(table, "To play")
        assert "Leave" in table.button_labels

        before_throw = table.snapshot()
        await act(emu, table, arthur, "lancer")
        assert field(table, "Scores").startswith("**Arthur**: 3")
        ping = f"<@{perceval.id}>, your turn!"
        await emu.wait_until(
            lambda: any(ping in m.text() for m in tavern.channel.public_messages[start:]), 5, "the ping"
        )

        # Out of turn, each reads the refusal in his own language.
        french = await act(emu, table, arthur, "lancer")
        assert french.ephemeral and french.content == "Ce n'est pas ton tour."
        quit_asked = await emu.click(table, perceval, label="Leave")
        assert quit_asked.ephemeral and quit_asked.content == "Leave the game for good?"
        stale = await act(emu, before_throw, perceval, "lancer")
        assert stale.ephemeral and stale.content.startswith("This button is from an earlier turn")

        # Nothing the channel read after the lobby is French.
        said = [m.text() for m in tavern.channel.public_messages[start:]] + [table.text()]
        assert not [line for text in said for line in french_lines(text)]
    emu.assert_no_violations()


async def test_a_french_server_still_reads_the_table_in_french_and_an_english_client_his_answers_in_english(
    tavern: Tavern,
) -> None:
    emu = tavern.emu
    arthur, perceval = tavern.arthur, tavern.perceval
    perceval.locale = "en-GB"
    async with tavern.bot({"toy": TOY}):
        lobby = await open_table(emu, tavern.channel, arthur, "toy", f"graine={NO_SIX}")
        await seat_and_start(emu, lobby, arthur, [perceval])
        table = table_message(tavern.channel)
        assert "Quitter" in table.button_labels and field(table, "À jouer")
        refused = await act(emu, table, perceval, "lancer")
        assert refused.ephemeral and refused.content == "It is not your turn."
        await act(emu, table, arthur, "lancer")
        assert field(table, "Scores").startswith("**Arthur** : 3")
        confirm = await emu.click(table, perceval, label="Quitter")
        assert confirm.content == "Leave the game for good?"
        assert confirm.message is not None
        left = await emu.click(confirm.message, perceval, label="Yes, I leave the game")
        assert left.content == "You left the game."
    emu.assert_no_violations()


async def test_a_table_keeps_its_servers_language_after_a_restart_and_follows_config(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot({"toy": TOY}):
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
        lobby = await open_table(emu, tavern.channel, arthur, "toy", f"graine={NO_SIX}")
        await seat_and_start_in_english(emu, lobby, arthur, [perceval])
    async with tavern.bot({"toy": TOY}):
        # Restored at the start: the server's language is known before anything is drawn.
        table = table_message(tavern.channel)
        await act(emu, table, arthur, "lancer")
        assert field(table, "Scores").startswith("**Arthur**: 3")
        # /config langue changes what the tables of that server say from their next drawing on.
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "fr"})
        await act(emu, table, perceval, "lancer")
        assert field(table, "Scores").startswith("**Arthur** : 3") and field(table, "À jouer")
    emu.assert_no_violations()


def test_every_refusal_the_table_raises_has_its_words_in_french_and_english() -> None:
    import re
    from pathlib import Path

    from bot.sessions import TableError
    from bot.words import table_error
    from speech import has

    root = Path(__file__).resolve().parents[2] / "bot"
    codes = {m for p in root.rglob("*.py") for m in re.findall(r'TableError\(\s*"(\w+)"', p.read_text(encoding="utf-8"))}
    assert {"stale", "not_host", "closed"} <= codes
    missing = sorted(f"{lang}: {code}" for code in codes for lang in ("fr", "en") if not has(lang, f"table.error.{code}"))
    assert not missing
    assert table_error("en", TableError("not_host", host="Arthur")) == "Only the table's host (Arthur) can do that."
    assert table_error("fr", TableError("not_host", host="Arthur")) == "Seul·e l'hôte de la table (Arthur) peut faire ça."
    # A parameter the raiser left out does not lose the sentence.
    assert table_error("en", TableError("not_host")) == "Only the table's host (…) can do that."
