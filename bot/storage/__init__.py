"""Storage: the SQLite event log and the rows beside it (see :mod:`bot.storage.db`)."""
