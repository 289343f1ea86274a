"""help."""
