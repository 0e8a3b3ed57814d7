"""The database schema, one numbered step at a time, written once for both dialects: ``{big}`` is
an integer that may hold a Discord id (SQLite's INTEGER, PostgreSQL's BIGINT), ``{identity}`` a
numbered primary key (AUTOINCREMENT, an identity column); a plain INTEGER stays small in both.
Never edit a step once shipped: add one (tests/bot/test_store_dialects.py compares the two schemas
column by column)."""

from __future__ import annotations

STEPS: list[str] = [
    # 1: tables, actions, finished games, guild settings.
    """
    CREATE TABLE sessions (
        id {identity},
        guild_id {big},
        channel_id {big} NOT NULL,
        game TEXT NOT NULL,
        host_id TEXT NOT NULL,
        names TEXT NOT NULL DEFAULT '{}',
        options TEXT NOT NULL DEFAULT '{}',
        state TEXT,
        status TEXT NOT NULL,
        message_id {big},
        log TEXT NOT NULL DEFAULT '[]',
        created_ms {big} NOT NULL,
        started_ms {big},
        active_ms {big} NOT NULL,
        waiting_key TEXT NOT NULL DEFAULT '',
        waiting_since_ms {big} NOT NULL DEFAULT 0,
        warned INTEGER NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX one_open_table_per_channel
        ON sessions (channel_id) WHERE status IN ('lobby', 'playing');
    CREATE TABLE actions (
        session_id {big} NOT NULL REFERENCES sessions (id),
        seq {big} NOT NULL,
        player TEXT NOT NULL,
        action TEXT NOT NULL,
        at_ms {big} NOT NULL,
        interaction_id {big},
        PRIMARY KEY (session_id, seq)
    );
    CREATE UNIQUE INDEX actions_once_per_interaction
        ON actions (interaction_id) WHERE interaction_id IS NOT NULL;
    CREATE TABLE finished_games (
        id {identity},
        session_id {big} NOT NULL UNIQUE REFERENCES sessions (id),
        guild_id {big},
        channel_id {big} NOT NULL,
        game TEXT NOT NULL,
        outcome TEXT NOT NULL,
        started_ms {big} NOT NULL,
        ended_ms {big} NOT NULL,
        duration_ms {big} NOT NULL
    );
    CREATE TABLE finished_players (
        finished_id {big} NOT NULL REFERENCES finished_games (id),
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        score {big},
        won INTEGER NOT NULL,
        PRIMARY KEY (finished_id, player_id)
    );
    CREATE INDEX finished_by_guild ON finished_games (guild_id, game);
    CREATE TABLE guild_settings (
        guild_id {big} PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    """,
    # 2: a turn timer chosen per table at /jouer (NULL: the bot's setting).
    """
    ALTER TABLE sessions ADD COLUMN turn_timeout_ms {big};
    """,
    # 3: the dice seed a table was opened with (/jouer graine=…), and the bot's heartbeat, which the
    # Docker HEALTHCHECK (python -m bot healthcheck) reads: one row, rewritten while connected.
    """
    ALTER TABLE sessions ADD COLUMN seed {big};
    CREATE TABLE heartbeat (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        status TEXT NOT NULL,
        at_ms {big} NOT NULL,
        pid INTEGER NOT NULL
    );
    """,
    # 4: whether a finished game's end (the 🏆 message) was told in its channel; 0 from the finish
    # until the message went out, so a restart in between tells it. Older rows: told.
    """
    ALTER TABLE sessions ADD COLUMN end_shown INTEGER NOT NULL DEFAULT 1;
    """,
    # 5: what the bot keeps about itself between starts (the hash of the slash commands last synced,
    # so that they are synced again only when they changed).
    """
    CREATE TABLE bot_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 6: the store keeps the game, not its words: a table's latest public events (JSON, words made
    # when its message is drawn). Older tables keep their lines in words (``log``) as they are,
    # shown before the new events until these make room: an upgrade ends no game.
    """
    ALTER TABLE sessions ADD COLUMN events TEXT NOT NULL DEFAULT '[]';
    """,
    # 7: computer players seated at a table (player id -> level, « debutant » or « fort »): robots
    # added in the lobby, and seats a host handed to a robot when their player left.
    """
    ALTER TABLE sessions ADD COLUMN robots TEXT NOT NULL DEFAULT '{}';
    """,
    # 8: beyond one process (issue 20). ``due_ms``: when the table next does something by itself
    # (the timers' ``next_due``), indexed so that the timers of the tables not in memory are found
    # without loading them (NULL: not computed yet, a table from before this step: loaded at the
    # start); the index holds what the start reads of every open table (channel, shard, last move),
    # so that it never reads their states. ``ends_to_tell``: the games whose end is still to tell.
    # ``shard_leases``: one row per shard a process runs ('all' for a process running every shard,
    # else '<shard_count>:<shard_id>'), renewed with the heartbeat; a live lease refuses a second
    # process for the same shard, and it is the per-process heartbeat of the healthcheck.
    """
    ALTER TABLE sessions ADD COLUMN due_ms {big};
    CREATE INDEX open_tables_by_due ON sessions (status, due_ms, active_ms, guild_id, channel_id)
        WHERE status IN ('lobby', 'playing');
    CREATE INDEX ends_to_tell ON sessions (active_ms) WHERE end_shown = 0;
    CREATE TABLE shard_leases (
        shard TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        status TEXT NOT NULL,
        renewed_ms {big} NOT NULL,
        expires_ms {big} NOT NULL
    );
    """,
    # 9: a rematch's lobby (« Revanche », bot/sessions/rematch.py): the finished table it comes
    # from, the seats waiting for their player's click and when they are freed (JSON, '{}' for any
    # other table).
    """
    ALTER TABLE sessions ADD COLUMN rematch TEXT NOT NULL DEFAULT '{}';
    """,
    # 10: the votes to remove a player during a game (bot/sessions/removals.py): JSON, each seated
    # player voted against -> the players who voted, in the order they voted ('{}': no vote).
    """
    ALTER TABLE sessions ADD COLUMN votes TEXT NOT NULL DEFAULT '{}';
    """,
]


SQLITE = {"big": "INTEGER", "identity": "INTEGER PRIMARY KEY AUTOINCREMENT"}
POSTGRES = {"big": "BIGINT", "identity": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"}



def in_dialect(types: dict[str, str]) -> list[str]:
    steps = STEPS
    for name, sql_type in types.items():
        steps = [step.replace("{" + name + "}", sql_type) for step in steps]
    return steps


MIGRATIONS: list[str] = in_dialect(SQLITE)
MIGRATIONS_PG: list[str] = in_dialect(POSTGRES)
