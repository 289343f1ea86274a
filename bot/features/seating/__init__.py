"""seating."""
