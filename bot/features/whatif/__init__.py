"""whatif."""
