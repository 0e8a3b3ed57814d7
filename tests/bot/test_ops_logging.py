"""The bot's log: discord.py's setup at the configured level, the token in no line, and one line for
each thing an admin wants to know about the tables (opened, started, won, removed, closed, errors)."""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.logs import MASK, setup_logging
from bot.sessions import JournalListener, SessionManager, wall_ms
from bot.settings import Settings
from bot.store import Store
from games.core import Action

from .conftest import GAMES, Clock, Heard, until

TOKEN = "MTIzNDU2Nzg5.fake.token-that-must-never-be-logged"


@pytest.fixture
def root_logging() -> Iterator[None]:
    """setup_logging changes the root logger: put it back as pytest had it."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_the_token_from_the_settings_is_in_no_log_line(root_logging: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    settings = Settings(discord_token=TOKEN, log_level="debug", _env_file=None)
    out = io.StringIO()
    setup_logging(settings.log_level, settings.discord_token.get_secret_value(), logging.StreamHandler(out))
    log = logging.getLogger("discord.http")
    log.debug("headers %s", {"Authorization": f"Bot {TOKEN}"})
    log.info(f"a careless line with {TOKEN} inside")
    try:
        raise RuntimeError(f"login failed for {TOKEN}")
    except RuntimeError:
        log.exception("an error quoting the token")
    logging.getLogger("bot").debug("settings: %r", settings)
    text = out.getvalue()
    assert TOKEN not in text
    assert text.count(MASK) == 3
    assert "RuntimeError: login failed for [jeton masqué]" in text
    assert "[DEBUG   ] discord.http: headers" in text and "\x1b[" not in text
    assert logging.getLogger().level == logging.DEBUG


def test_the_level_comes_from_the_settings(root_logging: None) -> None:
    out = io.StringIO()
    setup_logging("WARNING", TOKEN, logging.StreamHandler(out))
    logging.getLogger("bot.tables").info("table 1 ouverte")
    logging.getLogger("bot.tables").warning("table 1 : quelque chose cloche")
    assert "ouverte" not in out.getvalue() and "cloche" in out.getvalue()


@pytest.fixture
def clock() -> Clock:
    return Clock(wall_ms())


@pytest.fixture
async def manager(tmp_path: Path, clock: Clock) -> AsyncIterator[SessionManager]:
    store = await Store.open(tmp_path / "taverne.sqlite3")
    manager = SessionManager(
        store, GAMES, turn_timeout_ms=100, idle_timeout_ms=3_600_000, clock=clock, sleep=clock.sleep
    )
    manager.listener = JournalListener(Heard())
    yield manager
    await manager.close()
    await store.close()


def lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bot.tables"]


async def test_a_tables_life_is_logged_one_line_per_event(
    manager: SessionManager, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    session = await manager.open(
        guild_id=5, channel_id=10, game="toy", host_id="1", host_name="Anne", options={"target": 3}, seed=9
    )
    await manager.join(session.id, "2", "Bruno")
    await manager.start(session.id, "1", loaded=[5])
    outcome = await manager.act(session.id, "1", Action(kind="lancer"), wall_ms())
    assert outcome.ended
    assert lines(caplog) == [
        "table 1 ouverte : toy, salon 10, serveur 5, hôte Anne (1), options {'target': 3, 'window_ms': 2000}, graine 9",
        "table 1 : partie de toy commencée avec Anne (1), Bruno (2) (graine 9)",
        "table 1 : partie de toy gagnée par Anne (1) (scores : Anne 5, Bruno 0 ; graine 9)",
    ]


async def test_removals_abandons_and_closed_lobbies_are_logged(
    manager: SessionManager, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    session = await manager.open(guild_id=5, channel_id=10, game="toy", host_id="1", host_name="Anne")
    for player, name in (("2", "Bruno"), ("3", "Chloé")):
        await manager.join(session.id, player, name)
    await manager.start(session.id, "1", seed=4)
    clock.advance(100)  # warned at 100 ms
    await until(lambda: any("prévenu" in line for line in lines(caplog)), "the warning")
    clock.advance(100)  # removed at 200 ms
    await until(lambda: any("retiré" in line for line in lines(caplog)), "the removal")
    lobby = await manager.open(guild_id=5, channel_id=11, game="toy", host_id="7", host_name="Gus")
    await manager.leave_lobby(lobby.id, "7")
    await manager.abandon(10, "9", is_admin=True)
    said = lines(caplog)
    assert "table 1 : Anne (1) prévenu(s) d'un retrait prochain" in said
    assert "table 1 : Anne (1) retiré(s) pour inactivité" in said
    assert "table 2 fermée avant de commencer : plus personne n'y est assis" in said
    assert said[-1] == "table 1 abandonnée par 9 (9) (Gérer le serveur) (graine 4)"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_colour_codes_unless_a_person_reads_a_terminal(
    root_logging: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import discord.utils

    monkeypatch.delenv("NO_COLOR", raising=False)
    # discord.py colours whenever it believes it runs in Docker, terminal or not: not Taverne.
    monkeypatch.setattr(discord.utils, "is_docker", lambda: True)
    piped = io.StringIO()
    setup_logging("INFO", TOKEN, logging.StreamHandler(piped))
    logging.getLogger("bot").warning("une ligne")
    assert "une ligne" in piped.getvalue() and "\x1b[" not in piped.getvalue()
    terminal = Terminal()
    setup_logging("INFO", TOKEN, logging.StreamHandler(terminal))
    logging.getLogger("bot").warning("en couleur")
    assert "\x1b[" in terminal.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    plain = Terminal()
    setup_logging("INFO", TOKEN, logging.StreamHandler(plain))
    logging.getLogger("bot").warning("sans couleur")
    assert "sans couleur" in plain.getvalue() and "\x1b[" not in plain.getvalue()


async def test_the_voice_warnings_are_not_shown(root_logging: None) -> None:
    import discord

    out = io.StringIO()
    setup_logging("INFO", TOKEN, logging.StreamHandler(out))
    client = discord.Client(intents=discord.Intents.none())  # where discord.py warns about voice
    await client.close()
    logging.getLogger("discord.client").warning("autre avertissement")
    assert "voice will NOT be supported" not in out.getvalue()
    assert "autre avertissement" in out.getvalue()
