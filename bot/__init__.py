"""Pulka bot: keeps the score (пулька) of Preferans games in Telegram group chats.

The bot only translates between Telegram and :mod:`scoring`; every figure it
shows is computed there.
"""
