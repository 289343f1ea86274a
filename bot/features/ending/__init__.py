"""ending."""
