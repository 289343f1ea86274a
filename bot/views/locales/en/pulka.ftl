### Pulka: the bot's texts in English.
###
### Placeholders are { $name }; the bot passes every parameter as a ready string
### (numbers formatted, player names HTML-escaped).  Plural forms select on
### $n.  Messages are HTML unless their key says otherwise (button labels,
### note_* answers to button presses and the menu are plain text).
### Domain words: pulka (the game and its sheet), pool, mountain, whists; whist, pass,
### half-whist; misère, all-pass (raspasy); deal, dealer, declarer, whister, trick.
###
### The one rule for пуля: "pool" is the score column (a player's pool, the pool
### target, "to the pool"), "pulka" is the whole game and its sheet ("a new pulka",
### "the pulka is settled").  A message that speaks of the pool says "game" for
### the whole, so no message holds both words (tests/test_words.py checks it).
### Players are "they" ("their own game"), and a name is never made possessive.

## General

private =
    I keep the score of Preferans pulkas in group chats. Add me to the group where you play and start a pulka with /newpulka.
    A paper sheet can be settled here too: /calc (in one message or step by step).
    All commands: /help
error_generic = Sorry, something went wrong and the command was not carried out. Please try again; the deals already written are safe.
not_allowed = Only the pulka's players and the chat's administrators may do this.
no_pulka = No pulka is running here. Start one: /newpulka
busy = A pulka is already running; a new one can start once it is settled (/settle). Current score: /score
stale = This button is out of date: the pulka has changed since. Nothing was done.
done = Done
lang_set = Chat language: English.
lang_usage = Chat language: { $current }. To change it: /lang ru (русский), /lang uk (українська) or /lang en (English).
lang_name_ru = русский
lang_name_uk = українська
lang_name_en = English

## Pulka and seating

variant_sochi = Sochi
variant_leningrad = Leningrad
variant_rostov = Rostov
started = <b>New pulka</b>: { $variant }, to { $target }, { $stake } { $currency } a whist.
started_join = Take your seats: /join (a guest without Telegram: /join Name). 3 or 4 players; the first seated deals first.
joined = { $name } takes seat { $seat }.
join_ready = Ready to play: write the first deal with /deal. { $dealer } deals.
already_seated = You are already at the table.
seating_closed = Seating is closed: deals are being written.
table_full = Every seat at the table is taken.
name_taken = The name { $name } is taken; pick another: /join Name
bad_name = A name is one word of up to 24 characters, not a number or a command word (pass, whist, misere...). For example: /join Vasya
players_title = <b>Seating</b> (clockwise):
player_line = { $seat }. { $name }{ $extra }
player_guest = {" "}(guest)
players_none = Nobody is seated yet. Sit down: /join
players_open = Seating is open: /join. 3 or 4 players are needed.
players_fourth = A fourth player may join before the first deal: /join
players_fixed = Seating is fixed. { $dealer } deals next.
need_players = A deal needs 3 or 4 players; { $count } seated. Sit down: /join

## Deals

deal_empty = Write the deal after /deal.
deal_short = The deal is incomplete.
unknown_player = I don't know the player "{ $token }". Players: { $players } (by name, @username or seat number).
bad_contract = I can't read the contract "{ $token }": a level 6-10 and a suit, like 7h, 8s, 6nt.
missing_tricks = Tricks missing: how many did { $name } take?
bad_tricks = { $name }: "{ $token }" is not a number of tricks; a whole number 0 to 10.
defenders_form = After the contract and the declarer's tricks give both defenders: name, whist or pass, tricks.
bad_choice = { $name }: "{ $token }" should be whist, pass or half.
player_twice = { $name } is named twice.
declarer_defends = { $name } is the declarer and cannot whist on their own game.
tricks_sum = The tricks add up to { $total }; a deal has 10.
table_count = All-pass needs the tricks of all three players; { $count } named.
table_count4 = With four, name the three at the table (the dealer sits out); { $count } named.
raspasy_form = After "raspasy" come pairs: a player and their tricks.
misere_extra = A misère needs only the declarer's tricks.
deal_rejected = The deal was not written: { $reason }
form_all =
    Forms:
    <code>/deal { $a } 7h 7 { $b } whist 2 { $c } pass 1</code>: a game
    <code>/deal { $b } misere 0</code>: a misère
    <code>/deal raspasy { $a } 3 { $b } 2 { $c } 5</code>: all-pass
form_game =
    Form: /deal Declarer Contract Tricks Defender whist|pass Tricks Defender whist|pass Tricks
    For example: <code>/deal { $a } 7h 7 { $b } whist 2 { $c } pass 1</code> or <code>/deal { $a } 7h exactly { $b } whist</code>
form_misere =
    Form: /deal Player misere Tricks
    For example: <code>/deal { $b } misere 0</code>
form_raspasy =
    Form: /deal raspasy Player Tricks Player Tricks Player Tricks
    For example: <code>/deal raspasy { $a } 3 { $b } 2 { $c } 5</code> or in seat order: <code>/deal raspasy 3 2 5</code>
nothing_recorded = Nothing was written.
correction_empty = Write the correction after /correct.
correction_bad_word = I don't understand "{ $token }": expected pool, mountain or whists.
correction_bad_amount = "{ $token }" is not a number: like 2, -2 or 2.5.
correction_missing_amount = A number is missing after "{ $token }".
correction_twice = "{ $token }" is given twice.
correction_no_amount = A correction needs at least one non-zero number: pool, mountain or whists.
form_correction =
    Form: /correct Player [pool N] [mountain N] [whists Player N …] [— note]
    For example: <code>/correct { $a } mountain -2 whists { $b } 10 — miscounted</code>
deal_written = <b>Deal { $number }</b>: { $notation }
deal_repeat = This deal is already written, as deal { $number }.
writes_title = Written:
writes_title_preview = Will be written:
write_pulka = { $name }: pool { $amount }
write_mountain = { $name }: mountain { $amount }
write_whists = { $name } → { $on }: whists { $amount }
write_help = { $name } helps { $on }: { $amount } to the pool
write_nothing = nothing (the sheet is unchanged)
cost_title = The deal's cost in whists:
cost_line = { $name } { $amount }
next_dealer = { $dealer } deals next.
finished = <b>The pulka is closed!</b> Settle it: /settle

## Protocol notation

nt = NT
exactly = made
over = +{ $n }
down = down { $n }
not_whisted = not whisted
half_whisted = half-whist
misere = misère
misere_clean = clean
misere_tricks = { $n } { $n ->
        [one] trick
       *[other] tricks
    }
raspasy = all-pass
correction = correction
whist = whist
pass = pass
half = half
defender = { $name } { $choice } { $tricks }

## Undo

undo_nothing = Nothing to undo: no deals yet.
undo_confirm = Undo the last deal, deal { $number }: { $notation }?
undo_yes = Yes, undo
undo_no = No
undo_done = Deal { $number } undone ({ $notation }). Undone by { $who }.
undo_kept = No undo; deal { $number } stays.

## History, score, rules

history_title = <b>The pulka's deals</b>
history_empty = No deals yet.
history_cut = Too many deals for the chat: the first { $hidden } are not shown, the last { $shown } are below. /export has the whole pulka.
history_line = { $number }. { $declarer }{ $notation }{ $details } · { $author }
score_title = <b>Pulka</b> (to { $target })
score_line = { $name }: pool { $pulka }, mountain { $mountain }, whists: { $whists }
score_whist = on { $on } { $amount }
standings_title = If we stopped now (in whists):
standing_line = { $name } { $amount }
rules_title = <b>This pulka's conventions</b>
rules_body =
    Variant: { $variant }; pool to { $target }; a whist is { $stake } { $currency }.
    Whist split: { $whist }; whister's liability: { $liability }.
    Tricks owed on 6/7/8/9/10: { $quota }; two whisters short on 6-7: { $whist_shortfall }; liable for a shortfall on 8-10: { $quota_liable }. Half-whist: { $half_whist }.
    Consolation: { $consolation }; on misère: { $misere_consolation }.
    All-pass: multipliers { $raspasy }; exit at { $raspasy_exit } or higher; strict exit: { $raspasy_strict_exit }; written: { $raspasy_scoring } (whists per trick: { $raspasy_whists }); pool points for no tricks: { $raspasy_zero } (growing with the multiplier: { $raspasy_zero_progressive }); amnesty: { $raspasy_amnesty }.
    Whist factor: { $whist_factor }; each point a pool lacks of the target puts { $pulka_ratio } on the mountain; help by the closed player: { $help }; a game clears the mountain: { $game_clears_mountain }.
    End: { $end }; mountain division: { $division }.
yes = yes
no = no
rules_whist_gentleman = gentleman's
rules_whist_greedy = greedy
rules_liability_full = full
rules_liability_half = half
rules_consolation_all = everyone, the dealer too
rules_consolation_defenders = both defenders
rules_consolation_whisters = whisters only
rules_raspasy_scoring_mountain = on the mountain
rules_raspasy_scoring_whists = in whists
rules_end_closed = when everyone closed the pool
rules_end_total = when all the players' pools together reach the target times the number of players
rules_division_exact = exact
rules_division_truncate = truncated
rules_division_adjust = adjusted to divide evenly
rules_whist_shortfall_joint = joint: written by whoever lacks their half
rules_whist_shortfall_each_half = each for their own half
rules_raspasy_cycle = {" "}in a cycle

## Settlement

settle_final = <b>The pulka is settled</b> ({ $stake } { $currency } a whist)
settle_now = <b>If we stopped now</b> ({ $stake } { $currency } a whist; what a pool lacks of the target goes onto the mountain)
settle_line = { $name }: { $result } whists = { $money } { $currency }
payments_title = Who pays whom:
payment_line = { $payer } → { $payee }: { $amount } { $currency }
payments_none = Nobody pays anybody.
notice-adjust_inapplicable = The mountain cannot be divided “adjusted” here: no move of one mountain by half a point, a point or a point and a half makes it divide, so it is divided exactly.
settle_archived = The pulka is closed and archived. A new one: /newpulka
settle_agree = End by agreement
settle_agreed = The pulka was ended by agreement ({ $who }) and archived.

## Export / import

export_caption = The pulka's record (format pulka/1)
import_usage = Reply with /import to a message carrying a record file (.json), or paste the JSON after the command.
import_bad_json = The record could not be read: { $reason }
import_format = A game record in the pulka/1 format is needed.
import_name = The name "{ $name }" does not suit the bot: one word, not a number.
import_invalid = The record was not accepted: { $reason }
import_too_big = The file is too big.
import_too_many = The record holds { $count } deals; a pulka in a chat takes at most { $limit }.
imported = <b>Pulka loaded</b>: { $count } { $count ->
        [one] deal
       *[other] deals
    }.

## Newpulka arguments

bad_variant = Unknown variant "{ $token }": sochi, leningrad or rostov.
bad_target = "{ $token }" is not a target: a whole number, like 20.
bad_stake = "{ $token }" is not a stake: a number, like 0.5.
bad_currency = "{ $token }" is not a currency: like RUB or EUR.
newpulka_extra = Unexpected word "{ $token }".
bad_rules = These conventions are impossible: { $reason }
form_newpulka =
    Form: /newpulka [variant] [target] [stake] [currency] [two|three|four|five]
    For example: <code>/newpulka sochi 20 0.5</code>, <code>/newpulka leningrad 50 1 EUR</code> or <code>/newpulka hussar to 10</code>

## Help

help =
    <b>Preferans</b>: the score kept in the chat.

    /newpulka: start a game; on its own it opens the settings with buttons, or give them at once: <code>/newpulka sochi 20 0.5</code>, <code>/newpulka leningrad to 50 at 1 EUR</code> (sochi, leningrad, rostov); two (hussar) or five: <code>/newpulka five</code>
    /join: take a seat; <code>/join Vasya</code> seats a guest without Telegram
    /players: the seating
    /deal: write a deal by buttons ("New deal" under the score) or by text:
    {"  "}<code>/deal Anna 7h 7 Boris whist 2 Vera pass 1</code>: a game
    {"  "}<code>/deal Anna 6nt 6 Boris pass 2 Vera half 2</code>: a half-whist
    {"  "}<code>/deal Anna 7h exactly Boris whist</code>, <code>/deal Anna 7 hearts +1 Boris whists Vera passes</code>, <code>/deal Anna 8s down 1 Boris whist</code>: no defenders' tricks, the whister takes the rest (if both whist, write the tricks)
    {"  "}<code>/deal Anna 10nt Boris pass Vera pass</code>: both pass
    {"  "}<code>/deal Boris misere 0</code>, <code>/deal misere Boris 0</code>, <code>/deal Boris misere clean</code>: a misère
    {"  "}<code>/deal all-pass Anna 3 Boris 2 Vera 5</code>, <code>/deal raspasy 1 3 2 2 3 5</code> or <code>/deal all-pass 3 2 5</code> (tricks in seat order of those at the table): all-pass
    {"  "}A player by name, @username or seat number. Suits: ♠♣♦♥, s c d h or words (spades, clubs, diamonds, hearts, notrump); no-trumps: nt. A defender: whist (whists), pass (passes) or half. With four, the dealer is the one not named; with five, the two not named: the dealer and a neighbour.
    {"  "}Hussar (two players and a dummy): the defender may go unnamed: <code>/deal Anna 7h whist 7</code> (the declarer's tricks), <code>/deal Anna 6s pass</code>, <code>/deal all-pass 3 5</code> (the dummy has the rest)
    /correct (or /fix): write numbers straight onto a player's pool, mountain and whists, with a note; also once the game is over:
    {"  "}<code>/correct Anna mountain -2 pool 1 whists Boris 10 — miscounted</code>
    {"  "}after settling: as a reply to the bot's message about the settled game (the settlement, the scoreboard, /pulka N); the archive shows it next to the settlement
    /undo: undo the last deal
    /edit, /delete: change or delete any earlier deal, as a reply to the bot's message about it, with its ✏️ button, or by number (<code>/edit 3</code>)
    /history: the deals
    /score: the game's sheet as a picture; <code>/score text</code>: the score as text
    /rules: this game's conventions
    /settle: settle the game (“End by agreement” once most of the table agree; /undo right after puts it back in play)
    /pulkas: the finished games of this chat; /pulka N: one of them again (sheet, settlement, record)
    /export: the game's record file; /import: start from a record
    /rating: the chat's player rating (Elo, after each settled game); <code>/rating Anna</code>: one player's history; /rating on|off: show the changes after each game
    /debts: who owes whom over the settled games, netted; “Paid” and “Received” are buttons under a settlement
    /stats: statistics over all the chat's settled games; <code>/stats Anna</code> or /stats @username: one player; /stats chart: the money chart; /export csv stats: a CSV table
    /cost: what a deal is worth to each: <code>/cost 6♠ down 1 whist whist 2 3</code>, <code>/cost 7h exactly whist 3p</code>; /whatif: a finished game under another rule: /whatif greedy, /whatif 2 leningrad (changes nothing); /export csv: the game's deals as a CSV table (/export csv N: game N of /pulkas)
    /calc: settle a paper sheet (in a group or a private chat): <code>/calc sochi 3 at 1</code>, then a line per player with the points and the whists: <code>Anna 20 13 whists Boris 70 Vera 100</code> (or <code>Boris 20 7.5 114 96</code>, in that order); /calc alone: step by step, by buttons and replies
    /lang ru|uk|en: the chat's language

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

## Commands menu

cmd_newpulka = new pulka
cmd_join = take a seat
cmd_players = seating
cmd_deal = write a deal
cmd_correct = correct the record
cmd_undo = undo the last deal
cmd_history = the deals
cmd_score = score
cmd_rules = conventions
cmd_settle = settle the pulka
cmd_export = export the record
cmd_import = import a record
cmd_lang = language
cmd_help = help

## Inline keyboards: buttons

btn_new_deal = ➕ New deal
btn_undo = ↩️ Undo
btn_sit = 🪑 Sit down
btn_misere = Misère
btn_raspasy = All-pass
btn_back = « Back
btn_cancel = ✖ Cancel
btn_write = ✅ Write it
btn_start = ▶️ Start the pulka
btn_done = « Done
btn_sheet = 📷 Sheet
set_lang = 🌐 Language: { $value }

## Scoreboard

headline = { $variant }, to { $target }, { $stake } { $currency } a whist
lobby_ready = Ready to play: "New deal" or /deal. { $dealer } deals first.
board_title = 📋 <b>Pulka</b>: { $headline }
board_last = The last deal, { $number }: { $notation }
board_archived = The pulka is settled and archived.

## The sheet (a picture: only the title is words)

sheet_title = Pulka: { $variant }, to { $target }
sheet_title_now = If we stopped now: { $variant }, to { $target }
sheet_title_final = Pulka settled: { $variant }, to { $target }
sheet_failed = The sheet could not be drawn; here is the score as text.
sheet_not_sent = The sheet was drawn, but Telegram did not take it; here is the score as text.
sheet_recent = The sheet was sent a moment ago; it is just above.

## Deal wizard

wiz_title = <b>Deal { $number }</b> · { $dealer } deals
wiz_run = All-pass run ({ $run } in a row): games from { $exit } up.
wiz_ask_kind = Who declares? Or a misère, or all-pass.
wiz_ask_contract = { $declarer } declares. Which contract?
wiz_ask_defence = Whist or pass?
wiz_ask_tricks = How many tricks did { $name } take?
wiz_ask_split = { $declarer } took { $tricks }, the defence { $rest }. How many of them did { $name } take? { $other } has the rest.
wiz_ask_misere = Misère: who declares?
wiz_ask_misere_tricks = Misère by { $name }. How many tricks taken?
wiz_raspasy = All-pass.
wiz_ask_raspasy = How many tricks did { $name } take? ({ $last } has the rest)
wiz_preview = <b>Check</b>: { $notation }
wiz_closes = This deal closes the pulka.
wiz_cancelled = Deal entry cancelled ({ $who }).
wiz_entered = Entered by { $who }.
def_first = { $a } whist · { $b } pass
def_second = { $a } pass · { $b } whist
def_both = Both whist
def_none = Both pass
def_half = { $a } pass · { $b } half

## Answers to button presses (plain text, short)

note_written = Written: deal { $number }
note_saved = Written. The answer did not get through; it is repeated in the chat.
note_finished = The pulka is closed. Settle it: /settle
note_seated = You are seated: { $name }, seat { $seat }.
note_hint = An exact value can be set by command, e.g. /newpulka sochi 25 0.5 EUR
setup_limit = That is the end of the range.
setup_too_many = { $count } have sat down already: the table cannot be smaller.
setup_not_allowed = The settings are changed by whoever opened them, those seated and the chat's admins.

## Settings message

setup_title = <b>New pulka</b>: settings
setup_summary = Variant: { $variant }; players: { $seats }; pool to { $target }; { $stake } { $currency } a whist.
setup_seated = Seated ({ $count } of { $seats }): { $names }
setup_nobody = Nobody is seated yet: press "Sit down".
setup_help = The buttons change the settings; "Game and whists" and "All-pass and end" hold every convention. Once everyone is seated, press "Start the pulka".
setup_page_game = <b>Conventions: game and whists</b>
setup_page_raspasy = <b>Conventions: all-pass and the end</b>
setup_tap = Tap a convention to change its value.
setup_cancelled = The new pulka's settings were cancelled.
set_variant = Variant: { $value }
set_seats = Players: { $value }
set_target = Pool to { $value }
set_stake = Whist: { $value }
set_currency = Currency: { $value }
set_page_game = ⚙️ Game and whists
set_page_raspasy = ⚙️ All-pass and end
set_whist = Whist split: { $value }
set_liability = Whister's liability: { $value }
set_quota = Tricks owed: { $value }
set_whist_shortfall = Two whisters short on 6-7: { $value }
set_quota_liable = Liable on 8-10: { $value }
set_half_whist = Half-whist: { $value }
set_consolation = Consolation: { $value }
set_misere_consolation = Consolation on misère: { $value }
set_whist_factor = Whist factor: { $value }
set_game_clears_mountain = A game clears the mountain: { $value }
set_raspasy = All-pass: { $value }
set_raspasy_exit = All-pass exit: from { $value }
set_raspasy_strict_exit = Strict exit: { $value }
set_raspasy_zero = Pool points for 0 all-pass tricks: { $value }
set_raspasy_zero_progressive = Points for 0 tricks grow with the multiplier: { $value }
set_raspasy_scoring = All-pass written: { $value }
set_raspasy_whists = Whists per all-pass trick: { $value }
set_raspasy_amnesty = All-pass amnesty: { $value }
set_pulka_ratio = Pool short of target: ×{ $value } on the mountain
set_help = Help by the closed player: { $value }
set_end = End: { $value }
set_division = Mountain division: { $value }
rules_quota_liable_second = the second whister
rules_quota_liable_both = both whisters

## Scoring errors: one per code of scoring.errors.MESSAGES (after "The deal was not written: " or a record's path)

err-players_count = a pulka has 2 to 5 players, not { $count }
err-player_name_empty = player names must be non-empty
err-player_names_distinct = player names must be distinct
err-unknown_player = unknown player "{ $name }"; the players are { $players }
err-pulka_over = the pulka is already over; settle it (/settle) or write a correction (/correct)
err-named_twice = { $name } is named twice
err-tricks_range = { $name }: tricks must be a whole number 0 to 10, not "{ $count }"
err-tricks_three = give the tricks of all three players ({ $players })
err-tricks_four = with four players give the tricks of the three at the table; the one not named is the dealer, who sits out
err-dealer_at_table = the dealer { $dealer } sits out and cannot be at the table
err-tricks_sum = tricks add up to { $total }, a deal has 10
err-declarer_tricks = the declarer { $declarer } must be among the tricks
err-declarer_whists = the declarer { $declarer } cannot whist or pass on their own game
err-not_defender = { $name } sits this deal out and does not defend
err-whist_missing = whist or pass is not said for { $names }
err-raspasy_exit = after all-pass the lowest game is { $exit }, not { $level }
err-unwhisted_short = nobody whisted, so the game is not played out: { $declarer } is written { $contract } made and must have at least { $level } tricks
err-half_off = half-whist is not played under these rules
err-half_level = half-whist is possible only on 6 and 7, not on { $level }
err-half_order = only the second defender ({ $second }) may say half-whist, and only after the first passed
err-half_tricks = on half-whist the game is not played: { $declarer } is written { $level } tricks and { $second } { $half }
err-half_quota = half-whist on { $level } is impossible: the quota does not halve into whole tricks
err-misere_tricks = misère tricks must be a whole number 0 to 10, not "{ $count }"
err-misere_dealer = { $declarer } deals this time and sits out: the misère is played by one at the table (their names are under “➕ New deal”)
err-misere_declarer_tricks = give the declarer's tricks, like {"{"}"{ $declarer }": 0{"}"}
err-misere_only_declarer = a misère needs only the declarer's tricks
err-self_whists = { $player } cannot write whists on themselves
err-contract_text = cannot read contract "{ $text }"; expected a level 6-10 and a suit S, C, D, H or NT, like 7H or 10NT
err-contract_level = contract level must be 6 to 10, not { $level }
err-choice = { $name }: expected whist, pass or half, not "{ $choice }"
err-unknown_deal = unknown deal: { $deal }
err-document_object = the document must be a JSON object
err-unknown_format = unknown format "{ $format }"; expected "pulka/1" or "pulka-sheet/1"
err-field = { $detail }
err-rules_variant = unknown variant «{ $variant }»; expected sochi, leningrad or rostov
err-rules_unknown = unknown convention
err-rules_choice = unknown value «{ $value }»; expected { $choices }
err-rules_stake_number = the stake must be a decimal string like "0.5"
err-rules_target = the pool target must be a whole number of points from 1 to 10000
err-rules_stake = the stake must be from 0 to { $high }
err-rules_stake_decimals = the stake may have at most { $places } decimals
err-rules_currency = the currency must be a label of 1 to { $length } characters, like RUB
err-rules_quota = the quota must list the tricks owed on 6, 7, 8, 9 and 10, each 0 to 4
err-rules_raspasy = the all-pass multipliers must be 1 to 20 whole numbers, each from 1 to 100
err-rules_raspasy_exit = the exit from all-pass must be a game of 6 to 10
err-rules_0_100 = { $name } must be a whole number from 0 to 100
err-rules_1_4 = { $name } must be 1, 2, 3 or 4
err-rules_range = { $name } must be a whole number from { $low } to { $high }
err-rules_bool = { $name } must be true or false

## The record's text, its numbers and its names (scoring.jsonread, scoring.record)
err-json_syntax = invalid JSON at line { $line } column { $column }: { $reason }
err-json_encoding = the file is not UTF-8 text
err-json_depth = invalid JSON: nested more than { $limit } levels deep
err-json_number_long = a number of { $length } characters is too long (at most { $limit })
err-json_number_range = the number { $number } is out of range
err-json_constant = { $value } is not a number: JSON numbers are finite
err-json_duplicate = "{ $key }" is given twice
err-json_surrogate = the text holds { $char }, half of a UTF-16 pair, which is not a character
err-name_character = a name cannot contain the control character { $char }
err-amount_number = pool, mountain and whists are written as JSON numbers, like 7 or 7.5 (not strings)
err-amount_range = a number in the pool, mountain or whists must be from -{ $limit } to { $limit }
err-amount_decimals = the pool, mountain and whists have at most { $decimals } decimals
