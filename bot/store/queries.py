"""The statements both stores run, written once in SQLite's words; ``numbered`` gives PostgreSQL's
(``$1`` placeholders, ``IS NOT DISTINCT FROM`` for a comparison that treats NULL as a value)."""

from __future__ import annotations

import re

from .record import _COLUMNS

SELECT_SESSIONS = (
    "SELECT s.*, (SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a.session_id = s.id) AS seq "
    "FROM sessions s"
)
INSERT_SESSION = f"INSERT INTO sessions ({_COLUMNS}) VALUES ({', '.join('?' * len(_COLUMNS.split(',')))})"
UPDATE_SESSION = "UPDATE sessions SET {} WHERE id = ?".format(
    ", ".join(f"{c.strip()} = ?" for c in _COLUMNS.split(","))
)
INSERT_ACTION = (
    "INSERT INTO actions (session_id, seq, player, action, at_ms, interaction_id) VALUES (?, ?, ?, ?, ?, ?)"
)
INSERT_FINISHED = (
    "INSERT INTO finished_games (session_id, guild_id, channel_id, game, outcome, "
    "started_ms, ended_ms, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_FINISHED_PLAYER = (
    "INSERT INTO finished_players (finished_id, player_id, name, score, won) VALUES (?, ?, ?, ?, ?)"
)
# Finished games per game in a guild (guild_id twice).
STATS = (
    "SELECT game, COUNT(*) AS played, AVG(duration_ms) / 60000.0 AS minutes, "
    "(SELECT COUNT(*) FROM finished_games g2 WHERE g2.game = g.game AND g2.guild_id IS ? AND g2.outcome = 'over'"
    " AND EXISTS (SELECT 1 FROM finished_players p WHERE p.finished_id = g2.id AND p.won = 1))"
    " AS won FROM finished_games g WHERE guild_id IS ? AND outcome = 'over' GROUP BY game ORDER BY game"
)
# The same, only the games one player played (guild_id, player_id).
PLAYER_STATS = (
    "SELECT g.game AS game, COUNT(*) AS played, SUM(p.won) AS won, "
    "AVG(g.duration_ms) / 60000.0 AS minutes FROM finished_games g "
    "JOIN finished_players p ON p.finished_id = g.id "
    "WHERE g.guild_id IS ? AND p.player_id = ? AND g.outcome = 'over' GROUP BY g.game ORDER BY g.game"
)
# (name, played, won) per player (guild_id, game or NULL for every game).
LEADERBOARD = (
    "SELECT p.player_id, MAX(p.name) AS name, COUNT(*) AS played, SUM(p.won) AS won "
    "FROM finished_games g JOIN finished_players p ON p.finished_id = g.id "
    "WHERE g.guild_id IS ? AND g.outcome = 'over' AND g.game = COALESCE(?, g.game) "
    "AND p.player_id NOT LIKE 'robot:%' "
    "GROUP BY p.player_id ORDER BY won DESC, played DESC, name LIMIT 20"
)
# (level, played, won) of the robots (guild_id): their rows are ``robot:<level>:<seat>``. ``find``
# is the function that finds a string in another: ``instr`` (SQLite), ``strpos`` (PostgreSQL).
ROBOT_BOARD = (
    "SELECT substr(p.player_id, 7, {find}(substr(p.player_id, 7), ':') - 1) AS level, "
    "COUNT(*) AS played, SUM(p.won) AS won "
    "FROM finished_games g JOIN finished_players p ON p.finished_id = g.id "
    "WHERE g.guild_id IS ? AND g.outcome = 'over' AND p.player_id LIKE 'robot:%' "
    "GROUP BY level ORDER BY level"
)
UPSERT_SETTINGS = (
    "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
    "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings"
)
UPSERT_BEAT = (
    "INSERT INTO heartbeat (id, status, at_ms, pid) VALUES (1, ?, ?, ?) "
    "ON CONFLICT (id) DO UPDATE SET status = excluded.status, at_ms = excluded.at_ms, pid = excluded.pid"
)
UPSERT_BOT_STATE = (
    "INSERT INTO bot_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)


def numbered(sql: str) -> str:
    """``sql`` with PostgreSQL's placeholders: ``?`` → ``$1``, ``$2``…, ``IS ?`` → ``IS NOT DISTINCT FROM``."""
    sql = sql.replace(" IS ?", " IS NOT DISTINCT FROM ?")
    counter = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)
