"""The sheet's page (a Telegram Mini App): the live sheet, its deals, in the chat's
language; served by the bot's own aiohttp server (:mod:`bot.features.miniapp.web`)."""
