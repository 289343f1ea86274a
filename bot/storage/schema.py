"""The database schema: its migrations, in order, and the check that a file is ours.

A migration is never edited once released: a database of any earlier schema is
brought up to date by running the later ones in order (:meth:`bot.storage.db.Storage.open`).
"""

from __future__ import annotations

import re
import sqlite3

SCHEMA_VERSION = 8

MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE chats (
        chat_id     INTEGER PRIMARY KEY,
        lang        TEXT NOT NULL DEFAULT 'ru',
        updated_at  TEXT NOT NULL
    );
    CREATE TABLE pulkas (
        id                INTEGER PRIMARY KEY,
        chat_id           INTEGER NOT NULL,
        thread_id         INTEGER NOT NULL DEFAULT 0,
        rules             TEXT NOT NULL,
        status            TEXT NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'archived')),
        created_by        INTEGER,
        created_by_name   TEXT,
        source_chat_id    INTEGER,
        source_message_id INTEGER,
        created_at        TEXT NOT NULL,
        archived_at       TEXT,
        UNIQUE (source_chat_id, source_message_id)
    );
    CREATE UNIQUE INDEX pulkas_one_active ON pulkas (chat_id, thread_id)
        WHERE status = 'active';
    CREATE TABLE players (
        pulka_id  INTEGER NOT NULL REFERENCES pulkas (id),
        seat      INTEGER NOT NULL,
        name      TEXT NOT NULL,
        user_id   INTEGER,
        username  TEXT,
        PRIMARY KEY (pulka_id, seat)
    );
    CREATE TABLE events (
        id                INTEGER PRIMARY KEY,
        pulka_id          INTEGER NOT NULL REFERENCES pulkas (id),
        seq               INTEGER NOT NULL,
        kind              TEXT NOT NULL,
        payload           TEXT NOT NULL,
        author_id         INTEGER,
        author_name       TEXT,
        source_chat_id    INTEGER,
        source_message_id INTEGER,
        created_at        TEXT NOT NULL,
        UNIQUE (pulka_id, seq),
        UNIQUE (source_chat_id, source_message_id)
    );
    """,
    # 2: inline keyboards.  ``seats`` is the table size chosen in the settings
    # message (NULL: 3 or 4); ``drafts`` keeps a settings message's choices
    # until "Start"; ``boards`` is each pulka's live scoreboard message.
    2: """
    ALTER TABLE pulkas ADD COLUMN seats INTEGER CHECK (seats IS NULL OR seats IN (3, 4));
    CREATE TABLE drafts (
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        thread_id   INTEGER NOT NULL DEFAULT 0,
        data        TEXT NOT NULL,
        created_by  INTEGER,
        pulka_id    INTEGER REFERENCES pulkas (id),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (chat_id, message_id)
    );
    CREATE TABLE boards (
        pulka_id    INTEGER PRIMARY KEY REFERENCES pulkas (id),
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        shown       TEXT NOT NULL DEFAULT '',
        updated_at  TEXT NOT NULL
    );
    """,
    # 3: languages.  A chat without a language now speaks its pulka creator's;
    # chats that already play keep Russian, what they had until now.
    3: """
    INSERT OR IGNORE INTO chats (chat_id, lang, updated_at)
        SELECT DISTINCT chat_id, 'ru', strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')
        FROM (SELECT chat_id FROM pulkas UNION SELECT chat_id FROM drafts);
    """,
    # 4: the inbox.  Every received update is kept here before it is confirmed to
    # Telegram; handled ones are remembered for a day, so one delivered twice is
    # handled once (``bot.telegram.lanes``).
    4: """
    CREATE TABLE inbox (
        update_id    INTEGER PRIMARY KEY,
        lane         INTEGER NOT NULL,
        body         TEXT NOT NULL,
        received_at  TEXT NOT NULL,
        handled      INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 5: the rating.  Whether the settlement and the archive show each
    # player's rating change (``/rating on|off``); off until a chat asks.  The rating
    # itself is never stored: it is the replay of the chat's nights (bot.model.rating).
    5: """
    ALTER TABLE chats ADD COLUMN rating INTEGER NOT NULL DEFAULT 0 CHECK (rating IN (0, 1));
    """,
    # 6: two and five players.  ``seats`` may be 2 (hussar) to 5; NULL still
    # means 3 or 4.  SQLite cannot change a column's CHECK, so the table is rebuilt as its
    # documentation says (https://sqlite.org/lang_altertable.html#otheralter): a new
    # table with every column of schema 5 in the same order, the rows copied with their
    # ids, the old one dropped, the new one renamed (which keeps the children's
    # ``REFERENCES pulkas``), its index made again.  ``Storage.open`` runs it with foreign
    # keys off and checks them before the commit.  ``pulkas`` has no trigger.
    6: """
    CREATE TABLE pulkas_6 (
        id                INTEGER PRIMARY KEY,
        chat_id           INTEGER NOT NULL,
        thread_id         INTEGER NOT NULL DEFAULT 0,
        rules             TEXT NOT NULL,
        status            TEXT NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'archived')),
        created_by        INTEGER,
        created_by_name   TEXT,
        source_chat_id    INTEGER,
        source_message_id INTEGER,
        created_at        TEXT NOT NULL,
        archived_at       TEXT,
        seats             INTEGER CHECK (seats IS NULL OR seats BETWEEN 2 AND 5),
        UNIQUE (source_chat_id, source_message_id)
    );
    INSERT INTO pulkas_6 (id, chat_id, thread_id, rules, status, created_by, created_by_name,
                          source_chat_id, source_message_id, created_at, archived_at, seats)
        SELECT id, chat_id, thread_id, rules, status, created_by, created_by_name,
               source_chat_id, source_message_id, created_at, archived_at, seats
        FROM pulkas;
    DROP TABLE pulkas;
    ALTER TABLE pulkas_6 RENAME TO pulkas;
    CREATE UNIQUE INDEX pulkas_one_active ON pulkas (chat_id, thread_id)
        WHERE status = 'active';
    """,
    # 7: the nights' summaries.  What each pulka that is over contributes to the
    # chat's statistics, rating and debts (``bot.model.nights.NightSheet`` as JSON),
    # made from its log at the first read and kept with the id of the log's last event
    # it was made from: any later event (a correction, an amendment, a payment
    # confirmed) makes it again (``bot.actions.nights``).  A chat of hundreds of nights
    # is read, not replayed.  ``summary`` NULL: over but not a night (cancelled).
    7: """
    CREATE TABLE nights (
        pulka_id       INTEGER PRIMARY KEY REFERENCES pulkas (id),
        last_event_id  INTEGER NOT NULL,
        summary        TEXT
    );
    """,
    # 8: a chat's pulkas, the seats of a Telegram user, and the events that name
    # people (a guest seat claimed, a nickname), found by indexes: the chat's
    # statistics, archive and seating and the sheet's page ask for them, and without
    # these they read every pulka, every seat, or every event of the chat's pulkas.
    # The events' index is partial, so a deal, the common write, adds nothing to it.
    8: """
    CREATE INDEX pulkas_of_chat ON pulkas (chat_id, thread_id);
    CREATE INDEX players_of_user ON players (user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX events_naming ON events (pulka_id) WHERE kind IN ('claim', 'nick');
    """,
}


def schema_tables(version: int) -> set[str]:
    """The tables a database of schema ``version`` has (read off the migrations: each
    ``CREATE TABLE``, ``DROP TABLE`` and ``ALTER TABLE ... RENAME TO`` in order).

    >>> sorted(schema_tables(2))
    ['boards', 'chats', 'drafts', 'events', 'players', 'pulkas']
    >>> schema_tables(SCHEMA_VERSION) >= {'pulkas', 'inbox'}, 'pulkas_6' in schema_tables(6)
    (True, False)
    """
    tables: set[str] = set()
    statement = re.compile(r"CREATE TABLE (\w+)|DROP TABLE (\w+)|ALTER TABLE (\w+) RENAME TO (\w+)")
    for v in range(1, version + 1):
        for made, dropped, old, new in statement.findall(MIGRATIONS[v]):
            if made:
                tables.add(made)
            elif dropped:
                tables.discard(dropped)
            else:
                tables.discard(old)
                tables.add(new)
    return tables


def refusal(version: int, tables: set[str]) -> str | None:
    """Why a database of schema ``version`` with these tables is not one of this bot's
    (None: it is, or it is empty and the bot will create it).  The check, the backup
    and the bot at start refuse the same files for the same reason."""
    if version == 0:
        if tables:
            return (
                "not a pulka database (it has other tables: " + ", ".join(sorted(tables)[:5]) + ")"
            )
        return None
    if version > SCHEMA_VERSION:
        return f"its schema {version} is newer than this bot's ({SCHEMA_VERSION})"
    missing = schema_tables(version) - tables
    if missing:
        return "not a pulka database (no table " + ", ".join(sorted(missing)) + ")"
    return None


#: The tables of a database, as :func:`refusal` reads them.
TABLES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table'"


def check_schema(conn: sqlite3.Connection) -> int:
    """The schema version of the database on ``conn`` (0: empty, the bot will create
    it); ``ValueError`` saying why it is not a database of this bot.

    Used by ``python -m bot check`` and ``backup`` on their own connection, so it
    only reads.  ``sqlite3.DatabaseError`` if the file is not SQLite at all.
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = {str(name) for (name,) in conn.execute(TABLES_SQL)}
    reason = refusal(version, tables)
    if reason is not None:
        raise ValueError(reason)
    return version
