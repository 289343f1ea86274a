"""Storage: the SQLite event log and the replayed read model."""
