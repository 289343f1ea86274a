### The words of help, in English.

private =
    I keep the score of Preferans pulkas in group chats. Add me to the group where you play and start a pulka with /newpulka.
    A paper sheet can be settled here too: /calc (in one message or step by step).
    All commands: /help
lang_usage = Chat language: { $current }. To change it: /lang ru (русский), /lang uk (українська) or /lang en (English).
help_short =
    <b>Preferans</b>: the score kept in the chat. The everyday commands:

    /newpulka: start a pulka (settings by buttons, or at once: <code>/newpulka sochi 20 0.5</code>)
    /join: take a seat; <code>/join Vasya</code> seats a guest without Telegram
    /deal: write a deal, with “New deal” under the score or <code>/deal Anna 7h 7 Boris whist 2 Vera pass 1</code>
    /undo: undo the last deal; /edit: change an earlier one
    /score: the pulka's sheet; /settle: settle the pulka
    /pulkas: the finished pulkas; /debts: who owes whom; /stats: statistics
    /calc: settle a paper sheet (in a private chat too)

    Every command with examples, by topic: the buttons below or <code>/help all</code>.
help_seating =
    <b>Before the first deal</b>: /seats to swap seats and choose who deals first; /leave to leave the table; /cancel to cancel the pulka (whoever started it, or an administrator).
    <b>After /import</b>: <code>/join Anna</code> takes over the guest seat “Anna”; a seated player or an administrator confirms.
# /help by topic: a page each, with buttons between them (bot/features/help/view.py).
help_title = <b>Help · { $topic }</b> ({ $page } of { $pages })
help_page_start = Starting
help_page_deals = Deals
help_page_fixing = Fixing
help_page_ending = Ending
help_page_money = Money and archive
help_page_calc = Calculator
btn_help_start = 🪑 Starting
btn_help_deals = 🃏 Deals
btn_help_fixing = ✏️ Fixing
btn_help_ending = 🏁 Ending
btn_help_money = 💰 Money and archive
btn_help_calc = 🔢 Calculator
help_start =
    /newpulka: start a pulka; on its own it opens the settings with buttons, or give them at once: <code>/newpulka sochi 20 0.5</code>, <code>/newpulka leningrad to 50 at 1 EUR</code> (sochi, leningrad, rostov); two (hussar) or five: <code>/newpulka five</code>
    /join: take a seat; <code>/join Vasya</code> seats a guest without Telegram
    /players: the seating
    /lang ru|uk|en: the chat's language
help_deals =
    /deal: write a deal by buttons (“New deal” under the score) or by text:
    {"  "}<code>/deal Anna 7h 7 Boris whist 2 Vera pass 1</code>: a game
    {"  "}<code>/deal Anna 6nt 6 Boris pass 2 Vera half 2</code>: a half-whist
    {"  "}<code>/deal Anna 7h exactly Boris whist</code>, <code>/deal Anna 7 hearts +1 Boris whists Vera passes</code>, <code>/deal Anna 8s down 1 Boris whist</code>: no defenders' tricks, the whister takes the rest (if both whist, write the tricks)
    {"  "}<code>/deal Anna 10nt Boris pass Vera pass</code> or <code>/deal Anna 10nt pass pass</code>: both pass
    {"  "}<code>/deal Boris misere 0</code>, <code>/deal misere Boris 0</code>, <code>/deal Boris misere clean</code>: a misère
    {"  "}<code>/deal all-pass Anna 3 Boris 2 Vera 5</code>, <code>/deal raspasy 1 3 2 2 3 5</code> or <code>/deal all-pass 3 2 5</code> (tricks in seat order of those at the table): all-pass
    {"  "}A player by name or its start, nickname (/nick), @username or seat number. Suits: ♠♣♦♥, s c d h or words (spades, clubs, diamonds, hearts, notrump); no-trumps: nt. A defender: whist (whists), pass (passes) or half. With four, the dealer is the one not named; with five, the two not named: the dealer and a neighbour.
    {"  "}Hussar (two players and a dummy): the defender may go unnamed: <code>/deal Anna 7h whist 7</code> (the declarer's tricks), <code>/deal Anna 6s pass</code>, <code>/deal all-pass 3 5</code> (the dummy has the rest)
help_fixing =
    /undo: undo the last deal
    /edit, /delete: change or delete any earlier deal, as a reply to the bot's message about it, with its ✏️ button, or by number (<code>/edit 3</code>)
    /history: the deals
    /correct (or /fix): write numbers straight onto a player's pool, mountain and whists, with a note; also once the pulka is over:
    {"  "}<code>/correct Anna mountain -2 pool 1 whists Boris 10 — miscounted</code>
    {"  "}after settling: as a reply to the bot's message about the settled pulka (the settlement, the scoreboard, /pulka N); the archive shows it next to the settlement
help_ending =
    /score: the pulka's sheet as a picture; <code>/score text</code>: the score as text
    /rules: this pulka's conventions
    /settle: settle the pulka (“End by agreement” once most of the table agree; /undo right after puts it back in play)
    /export: the pulka's record file; /import: start from a record
help_money =
    /pulkas: the finished pulkas of this chat; /pulka N: one of them again (sheet, settlement, record)
    /debts: who owes whom over the settled pulkas, netted; “Paid” and “Received” are buttons under a settlement
    /rating: the chat's player rating (Elo, after each settled pulka); <code>/rating Anna</code>: one player's history; /rating on|off: show the changes after each pulka
    /stats: statistics over all the chat's settled pulkas; <code>/stats Anna</code> or /stats @username: one player; /stats chart: the money chart; /export csv stats: a CSV table
    /export csv: the pulka's deals as a CSV table (/export csv N: pulka N of /pulkas)
help_calc =
    /calc: settle a paper sheet (in a group or a private chat): <code>/calc sochi 3 at 1</code>, then a line per player with the points and the whists: <code>Anna 20 13 whists Boris 70 Vera 100</code> (or <code>Boris 20 7.5 114 96</code>, in that order); /calc alone: step by step, by buttons and replies
    /cost: what a deal is worth to each: <code>/cost 6♠ down 1 whist whist 2 3</code>, <code>/cost 7h exactly whist 3p</code>
    /whatif: a finished pulka under another rule: /whatif greedy, /whatif 2 leningrad (changes nothing)
# A group's command the bot has not (bot/features/help/guess.py says which was meant).
unknown_command = There is no command /{ $command }. All commands: /help
unknown_command_meant = There is no command /{ $command }. Did you mean /{ $meant } ({ $does })? All commands: /help
