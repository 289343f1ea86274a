"""The text grammar: deals, corrections and /newpulka read from words."""
