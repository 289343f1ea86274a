"""Views: every text, keyboard and picture the bot shows."""
