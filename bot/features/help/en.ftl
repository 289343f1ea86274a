### The words of help, in English.

private =
    I keep the score of Preferans pulkas in group chats. Add me to the group where you play and start a pulka with /newpulka.
    A paper sheet can be settled here too: /calc (in one message or step by step).
    All commands: /help
lang_usage = Chat language: { $current }. To change it: /lang ru (русский), /lang uk (українська) or /lang en (English).
help_short =
    <b>Preferans</b>: the score kept in the chat. The everyday commands:

    /newpulka: start a game (settings by buttons, or at once: <code>/newpulka sochi 20 0.5</code>)
    /join: take a seat; <code>/join Vasya</code> seats a guest without Telegram
    /deal: write a deal, with "New deal" under the score or <code>/deal Anna 7h 7 Boris whist 2 Vera pass 1</code>
    /undo: undo the last deal; /edit: change an earlier one
    /score: the game's sheet; /settle: settle the game
    /pulkas: the finished games; /debts: who owes whom; /stats: statistics
    /calc: settle a paper sheet (in a private chat too)

    Every command with examples: the button below or <code>/help all</code>.
btn_help_more = 📖 All commands
help_seating =
    <b>Before the first deal</b>: /seats to swap seats and choose who deals first; /leave to leave the table; /cancel to cancel the pulka (whoever started it, or an administrator).
    <b>After /import</b>: <code>/join Anna</code> takes over the guest seat "Anna"; a seated player or an administrator confirms.
