"""Input: the text grammar, the settings draft."""
