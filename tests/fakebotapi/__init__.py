"""A local fake Telegram Bot API server for end-to-end tests.

The fake speaks the HTTP protocol of the real Bot API (``/bot{token}/{method}`` and
``/file/bot{token}/{file_path}``) on ``127.0.0.1`` with an ephemeral port, so the real
aiogram ``Bot``/``Dispatcher`` can run against it unchanged::

    tg = FakeTelegram()
    await tg.start()
    bot = tg.make_bot()
    async with tg.run_polling(dp, bot):
        alice = tg.create_user("Alice")
        chat = tg.private_chat(alice)
        tg.send_message(chat, alice, "/start")
        msg = await tg.wait_for_message(chat)
    await close_session(bot)  # bot.session.close() waits 250 ms for SSL
    await tg.stop()

It keeps a small model of the Telegram world (users, chats, messages, files, admins),
injects updates the way Telegram would deliver them (real long polling), records every
call the bot makes and reproduces the error texts of the real server for the cases the
bot has to handle (``message is not modified``, flood waits, chat migration, a removed
or blocked bot, HTML parse errors...).

It answers only the methods the bot and these tests call (see :data:`.server.METHODS`);
any other answers 404.  Known simplifications: only HTML texts are parsed into
entities; message ids are counted per chat; inline mode, payments, media groups,
privacy mode and webhook delivery are not implemented (``setWebhook`` is remembered;
a test posts the updates it takes from the queue).

Modules, in the order a request meets them:

- :mod:`.server`: HTTP routes, request parsing, dispatch, the :class:`~.server.Call` log;
- :mod:`.faults`: injected 429s and 500s;
- :mod:`.polling`: the update queue and getUpdates;
- :mod:`.messages`, :mod:`.files`, :mod:`.chats`: the Bot API methods;
- :mod:`.params`, :mod:`.formatting`, :mod:`.errors`: what the methods share;
- :mod:`.state`: the world model; :mod:`.fake`: :class:`FakeTelegram`, what tests drive.
"""

from .errors import MESSAGE_NOT_MODIFIED
from .fake import FakeTelegram, close_session

__all__ = ["MESSAGE_NOT_MODIFIED", "FakeTelegram", "close_session"]
