"""rating."""
