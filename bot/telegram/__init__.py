"""Telegram wiring: polling in per-chat lanes, middlewares, delivery."""
