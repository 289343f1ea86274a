"""deals."""
