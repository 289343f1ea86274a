### The words many features share, in English.
###
### Placeholders are { $name }; names and figures come as text the bot wrote
### (HTML-escaped), whole numbers as numbers (plural variants select on them).
### Messages are HTML unless their key says otherwise (button labels, note_*
### answers to presses and the menu are plain text).

# A past deal changed or deleted (/edit, /delete, "✏️" under a deal and under /history).
btn_edit = ✏️ Edit
amend_done = ✏️ <b>Deal { $number } changed</b>
    was: { $old }
    now: { $new }
    Changed by { $who }.
amend_deleted = 🗑 <b>Deal { $number } deleted</b>: { $old }
    Deleted by { $who }.
amend_done_correction = ✏️ <b>Entry { $number } changed</b>
    was: { $old }
    now: { $new }
    Changed by { $who }.
amend_deleted_correction = 🗑 <b>Entry { $number } deleted</b>: { $old }
amend_standings_title = If we stopped now (in whists), before → after:
amend_standing_line = { $name }: { $before } → { $after }
amend_ended = This pulka has ended: its deals can no longer be changed.
amend_gone = That deal is no longer on the sheet: it was undone or deleted.
amend_same = Deal { $number } is like that already: nothing changed.
amend_same_correction = Entry { $number } is like that already: nothing changed.
amend_breaks = Nothing changed: deal { $number } ({ $notation }) would become impossible: { $reason }
undo_after_amend = The last change was an edit of an earlier deal, and /undo only takes back the last deal written. To put it back, edit that deal again (/edit).
debts_not_payer = “Paid” is for the one who pays: { $payer } (the one paid — { $payee } — presses “Received”).
debts_not_payee = “Received” is for the one who is paid: { $payee } (the one who pays — { $payer } — presses “Paid”).
debts_guest_paid = { $payer } has no Telegram: “Paid” for this player is pressed by { $payee } (if also without Telegram, by any player of the pulka) or by an admin of the chat.
debts_guest_received = { $payee } has no Telegram: “Received” for this player is pressed by { $payer } (if also without Telegram, by any player of the pulka) or by an admin of the chat.
agree_voided = The agreement to end is void: the score changed after it. To end by agreement, /settle again or “🏁 End” on the score.
agree_ended_elsewhere = The vote is closed: the pulka has ended by agreement on another such offer. The results are on the scoreboard.
board_agreed = Ended by agreement, not settled yet: “Settle” or /settle; /undo puts it back in play.
board_ended_alone = Ended by an administrator, not settled yet: “Settle” or /settle; /undo puts it back in play.
reopen_settled = The pulka is settled and locked: its end cannot be undone. Settled pulkas: /pulkas.
reopen_busy = That pulka’s end cannot be undone any more: a new pulka has been started here. One started by mistake can be cancelled (/cancel) before its first deal.
btn_settle = 🧮 Settle
btn_again = 🔁 Same table again
btn_export = 📄 Export
btn_end = 🏁 End
archive_date = { $year }-{ $month }-{ $day }
archive_result_money = { $name } { $result } ({ $money } { $currency })
archive_result = { $name } { $result }
archive_no_results = not enough players
archive_missing = There is no pulka #{ $number } in the archive. The list: /pulkas
after_settle_title = Corrections after settling:
after_settle_line = { $date } { $time } · { $who } — { $what }
after_settle_results = With the corrections (the settlement agreed on stays as it was):
after_settle_written = Correction after settling written.
after_settle_written_number = Correction to the settled pulka #{ $number } written.
archive_line_amended = { $count ->
        [one] { $count } correction after settling
       *[other] { $count } corrections after settling
    }, with them: { $results }
rating_change = { $name } { $change }
rating_item = { $name } { $rating } ({ $change })
rating_note = Rating: { $changes }
debts_btn_paid = 💸 { $payer } → { $payee } { $amount }: paid
debts_btn_pending = ☑️ { $payer } → { $payee } { $amount }: paid, waiting
debts_btn_received = 📥 { $payee } ← { $payer }: received
debts_btn_closed = ✅ { $payer } → { $payee } { $amount }
name_both = Name both defenders and what each said: whist or pass.
passes_unnamed = Only “pass pass” (both pass) may go without names. Otherwise write the defender’s name before each answer.
both_whist_named = “{ $token }”: each whister has his own tricks, so name each: the name, whist, the tricks. Only “both pass” may go without names.
sits_out = { $name } sits this deal out ({ $dealer } deals). If someone else dealt, name both defenders.
dealer_sits_out = { $name } deals this one and sits it out. If someone else dealt, name both defenders.
whisters_counts = Both whist: write two of the three counts (the declarer's and a whister's, or both whisters'); the third is the rest.
missing_result = Tricks — { $name }? After the contract write a number, “exactly”, “+1” or “down 1”.
tricks_over = That makes { $total } tricks; a deal has 10.
tricks_two_sum = On all-pass in hussar the players take at most 10 tricks together (the dummy takes the rest), not { $total }.
raspasy_counts = All-pass needs the tricks of the players at the table: { $players }.
err-whisters_counts = both whist: two of the three counts are needed (the declarer's and a whister's, or both whisters'); the third is the rest
err-missing_result = { $name } was whisted: his tricks are needed (“exactly”, “+1”, “down 1”) or the whister's
err-name_both = name both defenders and what each said: whist or pass
err-sits_out = { $name } sits this deal out ({ $dealer } deals); if someone else dealt, name both defenders
err-dealer_sits_out = { $name } deals this one and sits it out; if someone else dealt, name both defenders
err-hussar_form = in hussar the defender's answer is needed: whist or pass
err-tricks_over = the tricks given add up to { $total }, more than the 10 of a deal
err-raspasy_counts = on all-pass the tricks of { $players } are needed; one may be left out, who took the rest (in hussar none: the dummy takes the rest)
wiz_sitting_out = Sitting out: { $first } and { $second }.
wiz_ask_kind_no_misere = Who declares? Or all-pass (no misère in hussar by these rules).
wiz_ask_tricks_hussar = How many tricks did { $name } take? The defence ({ $other } with the dummy) has the rest.
wiz_ask_raspasy_dummy = How many tricks did { $name } take? (the dummy has the rest)
hussar_whist = { $a } whist
hussar_pass = { $a } pass
hussar_pass_dummy = { $a } pass (the dummy whists: played out)
table_count2 = In hussar, name both players' tricks (the dummy has the rest); { $count } named.
table_count5 = With five, name the three at the table (the dealer and a neighbour sit out); { $count } named.
hussar_form = In hussar the contract is followed by the defender's answer (whist or pass) and, on a whist, the declarer's tricks: for example “7h whist 7” or “6s pass”.
form_all_hussar =
    Forms in hussar:
    <code>/deal { $a } 7h whist 7</code>: a game (the declarer's tricks)
    <code>/deal { $b } misere 0</code>: a misère
    <code>/deal raspasy { $a } 3 { $b } 5</code>: all-pass (the dummy has the rest)
form_game_hussar =
    Form in hussar: /deal Declarer Contract [Defender] whist|pass Declarer's tricks
    For example: <code>/deal { $a } 7h whist 7</code>, <code>/deal { $a } 7h exactly { $b } whist</code> or <code>/deal { $a } 6s pass</code>
form_raspasy_hussar =
    Form in hussar: /deal raspasy Player Tricks Player Tricks (the dummy has the rest)
    For example: <code>/deal raspasy { $a } 3 { $b } 5</code> or in seat order: <code>/deal raspasy 3 5</code>
rules_hussar_whist = one defender (hussar)
rules_hussar_shortfall = —
rules_hussar_liable = the whister
rules_hussar_consolation = the whister (hussar)
sheet_dummy = Dummy
error_generic = Sorry, something went wrong and the command was not carried out. Please try again; the deals already written are safe.
not_allowed = Only the pulka's players and the chat's administrators may do this.
no_pulka = No pulka is running here. Start one: /newpulka
busy = A pulka is already running; a new one can start once it is settled (/settle). Current score: /score
busy_no_deals = A pulka is already running, with no deals yet. Started the wrong one? /cancel cancels it (whoever started it, or an administrator), then /newpulka. Seating: /players
settle_no_deals = Nothing to settle: no deals yet. The first deal: /deal or “➕ New deal”; a pulka started by mistake: /cancel.
open_unsettled = Settle pulka #{ $number } first: it was ended by agreement and is not settled yet — “Settle” on the score or /settle (/undo puts it back in play). Then a new one: /newpulka
ended_unsettled = Pulka #{ $number } was ended by agreement and is not settled yet. To settle it: “Settle” on the score or /settle. To fix something or play on: /undo puts it back in play.
stale = This button is out of date: the pulka has changed since. Nothing was done.
done = Done
lang_set = Chat language: English.
lang_name_ru = русский
lang_name_uk = українська
lang_name_en = English
variant_sochi = Sochi
variant_leningrad = Leningrad
variant_rostov = Rostov
started = <b>New pulka</b>: { $variant }, to { $target }, { $stake } { $currency } a whist.
started_join = Take your seats: /join (a guest without Telegram: /join Name). 3 or 4 players; the first seated deals first.
joined = { $name } takes seat { $seat }.
already_seated = You are already at the table.
seating_closed = Seating is closed: deals are being written.
table_full = Every seat at the table is taken.
name_taken = The name { $name } is taken; pick another: /join Name
name_sounds_like = The name { $name } sounds like { $seated }, who is already at the table: on the sheet the two could not be told apart. Choose another name: /join Name (for example, /join { $name }2).
players_title = <b>Seating</b> (clockwise):
player_line = { $seat }. { $name }{ $extra }
player_guest = {" "}(guest)
player_nick = “{ $nick }”
players_none = Nobody is seated yet. Sit down: /join
players_open = Seating is open: /join. 3 or 4 players are needed.
players_fourth = A fourth player may join before the first deal: /join
players_fixed = Seating is fixed. { $dealer } deals next.
need_players = A deal needs 3 or 4 players; { $count } seated. Sit down: /join
deal_empty = Write the deal after /deal.
deal_short = The deal is incomplete.
unknown_player = I don't know the player “{ $token }”. Players: { $players } (by name or its start, nickname, @username or seat number).
ambiguous_player = “{ $token }”: { $names } or { $last }? Write more of the name.
ambiguous_sound = “{ $token }”: { $names } or { $last }? Write the seat number instead of the name: { $seats }.
bad_contract = I can't read the contract “{ $token }”: a level 6-10 and a suit, like 7h, 8s, 6nt.
bad_suit = “{ $level } { $token }”: I can’t read the suit. Suits: ♠ s spades, ♣ c clubs, ♦ d diamonds, ♥ h hearts, nt no trumps.
bad_suit_guess = “{ $level } { $token }”: I can’t read the suit. Did you mean { $guess }?
missing_tricks = Tricks missing: how many did { $name } take?
bad_tricks = { $name }: “{ $token }” is not a number of tricks; a whole number 0 to 10.
defenders_form = After the contract and the declarer's tricks give both defenders: name, whist or pass, tricks.
deal_extra = “{ $token }” is one word too many: nothing follows the defenders' answers and their tricks.
bad_choice = { $name }: “{ $token }” should be whist, pass or half.
player_twice = { $name } is named twice.
declarer_defends = { $name } is the declarer and cannot whist on their own game.
tricks_sum = The tricks add up to { $total }; a deal has 10.
table_count = All-pass needs the tricks of all three players; { $count } named.
table_count4 = With four, name the three at the table (the dealer sits out); { $count } named.
raspasy_form = After “raspasy” come pairs: a player and their tricks.
misere_extra = A misère needs only the declarer's tricks.
deal_rejected = The deal was not written: { $reason }.
amend_rejected = Deal { $number } was not changed: { $reason }.
amend_rejected_correction = Entry { $number } was not changed: { $reason }.
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
correction_bad_word = I don't understand “{ $token }”: expected pool, mountain or whists.
correction_bad_amount = “{ $token }” is not a correction's number: from -999999 to 999999 with at most 4 decimals, like 2, -2 or 2.5.
correction_missing_amount = A number is missing after “{ $token }”.
correction_twice = “{ $token }” is given twice.
correction_no_amount = A correction needs at least one non-zero number: pool, mountain or whists.
form_correction =
    Form: /correct Player [pool N] [mountain N] [whists Player N …] [— note]
    For example: <code>/correct { $a } mountain -2 whists { $b } 10 — miscounted</code>
deal_written = <b>Deal { $number }</b>: { $notation }
correction_written = <b>Entry { $number }</b>: { $notation }
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
deal_wrote = Written — { $writes }
deal_cost = The deal's cost in whists: { $costs }
correction_cost = The correction's cost in whists: { $costs }
next_dealer = { $dealer } deals next.
next_playing = Playing: { $players }.
next_sitting_out = Sitting out: { $name }.
finished = <b>The pulka is closed!</b> Settle it: /settle
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
undo_yes = Yes, undo
undo_no = No
undo_done = Deal { $number } undone ({ $notation }). Undone by { $who }.
undo_done_correction = Entry { $number } undone ({ $notation }). Undone by { $who }.
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
settle_ended = <b>The pulka has ended, not settled yet</b> ({ $stake } { $currency } a whist)
settle_final = <b>The pulka is settled</b> ({ $stake } { $currency } a whist)
settle_now = <b>If we stopped now</b> ({ $stake } { $currency } a whist; what a pool lacks of the target goes onto the mountain)
settle_line = { $name }: { $result } { $unit ->
    [one] whist
   *[other] whists
} = { $money } { $currency }
payments_title = Who pays whom:
payment_line = { $payer } → { $payee }: { $amount } { $currency }
payments_none = Nobody pays anybody.
settle_rounding = Rounding: { $moves }, so that the payments add up to zero.
settle_rounding_move = { $name } { $money } instead of { $share } { $currency }
settle_centred = With the fractions cut off the results add up to { $off }, not 0, so the money is centred on zero: { $moves }.
notice-adjust_inapplicable = The mountain cannot be divided “adjusted” here: no move of one mountain by half a point, a point or a point and a half makes it divide, so it is divided exactly.
settle_archived = The pulka is closed and archived. A new one: /newpulka
settle_agree = End by agreement
import_format = A pulka record in the pulka/1 format is needed.
import_name = The name “{ $name }” does not suit the bot: a name is one word of up to 24 characters, not a number or a word of the deal grammar (pass, whist, misere, w...). Rename this player in the record (players and every mention) and send the file again.
import_too_many = The record holds { $count } deals; a pulka in a chat takes at most { $limit }.
bad_variant = Unknown variant “{ $token }”: sochi, leningrad or rostov.
bad_target = “{ $token }” is not a target: a whole number from 1 to 10000, like 20.
bad_stake = “{ $token }” is not a stake: a number from 0 to 1000000 with at most 4 decimals, like 0.5.
bad_currency = “{ $token }” is not a currency: a code of three Latin letters (RUB, EUR, USD) or a word or sign (euro, €, $).
newpulka_extra = Unexpected word “{ $token }”.
form_newpulka =
    Form: /newpulka [variant] [target] [stake] [currency] [two|three|four|five]
    For example: <code>/newpulka sochi 20 0.5</code>, <code>/newpulka leningrad 50 1 EUR</code> or <code>/newpulka hussar to 10</code>
btn_new_deal = ➕ New deal
btn_undo = ↩️ Undo
btn_undo_correction = ↩️ Undo
btn_sit = 🪑 Sit down
btn_misere = Misère
btn_raspasy = All-pass
btn_back = « Back
btn_cancel = ✖ Cancel
btn_write = ✅ Write it
btn_sheet = 📷 Sheet
headline = { $variant }, to { $target }, { $stake } { $currency } a whist
lobby_ready = Ready to play: “New deal” or /deal. { $dealer } deals first.
board_title = 📋 <b>Pulka</b>: { $headline }
board_last = Last deal #{ $number }: { $notation }
board_last_correction = Last entry #{ $number }: { $notation }
board_archived = The pulka is settled and archived.
sheet_title = Pulka: { $variant }, to { $target }
sheet_title_now = If we stopped now: { $variant }, to { $target }
sheet_title_ended = Pulka ended: { $variant }, to { $target }
sheet_title_final = Pulka settled: { $variant }, to { $target }
sheet_failed = The sheet could not be drawn; here is the score as text.
sheet_not_sent = The sheet was drawn, but Telegram did not take it; here is the score as text.
wiz_title = <b>Deal { $number }</b> · { $dealer } deals
wiz_run = All-pass run ({ $run } in a row): games from { $exit } up.
wiz_ask_kind = Who declares (a game or a misère)? Or all-pass.
wiz_ask_contract = { $declarer } declares. Which contract?
wiz_ask_contract_or_misere = { $declarer } declares. Which contract, or a misère?
wiz_ask_defence = Whist or pass?
wiz_outdated = This deal entry is out of date: the pulka changed while it was being filled in. Nothing was written; start a new deal.
wiz_ask_tricks = How many tricks did { $name } take?
wiz_ask_split = { $declarer } took { $tricks }, the defence { $rest }. How many of them did { $name } take? { $other } has the rest.
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
note_written = Written: deal { $number }
note_written_correction = Entry { $number } written
note_saved = Written. The answer did not get through; it is repeated in the chat.
setup_page_game = <b>Conventions: game and whists</b>
setup_page_raspasy = <b>Conventions: all-pass and the end</b>
set_variant = Variant: { $value }
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
err-players_count = a pulka has 2 to 5 players, not { $count }
err-player_name_empty = player names must be non-empty
err-player_names_distinct = player names must be distinct
err-unknown_player = unknown player “{ $name }”; the players are { $players }
err-pulka_over = the pulka is already over; settle it (/settle) or write a correction (/correct)
err-named_twice = { $name } is named twice
err-tricks_range = { $name }: tricks must be a whole number 0 to 10, not “{ $count }”
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
err-misere_tricks = misère tricks must be a whole number 0 to 10, not “{ $count }”
err-misere_dealer = { $declarer } deals this time and sits out: the misère is played by one of those at the table: { $playing }
err-misere_declarer_tricks = give the declarer's tricks, like {"{"}"{ $declarer }": 0{"}"}
err-misere_only_declarer = a misère needs only the declarer's tricks
err-self_whists = { $player } cannot write whists on themselves
err-contract_text = cannot read contract “{ $text }”; expected a level 6-10 and a suit S, C, D, H or NT, like 7H or 10NT
err-contract_level = contract level must be 6 to 10, not { $level }
err-choice = { $name }: expected whist, pass or half, not “{ $choice }”
err-unknown_deal = unknown deal: { $deal }
err-document_object = the document must be a JSON object
err-unknown_format = unknown format “{ $format }”; expected “pulka/1” or “pulka-sheet/1”
err-field = { $detail }
err-rules_variant = unknown variant “{ $variant }”; expected sochi, leningrad or rostov
err-rules_unknown = unknown convention
err-rules_choice = unknown value “{ $value }”; expected { $choices }
err-rules_stake_number = the stake must be a decimal string like “0.5”
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
err-rules_hussar_only = { $name } is a hussar convention (two players), and the record has { $count } players
err-rules_five_only = { $name } is a five-player convention, and the record has { $count } players
err-rules_size_only = { $name } is a convention of another table size, and the record has { $count } players
err-json_syntax = invalid JSON at line { $line } column { $column }: { $reason }
err-json_encoding = the file is not UTF-8 text
err-json_depth = invalid JSON: nested more than { $limit } levels deep
err-json_number_long = a number of { $length } characters is too long (at most { $limit })
err-json_number_range = the number { $number } is out of range
err-json_constant = { $value } is not a number: JSON numbers are finite
err-json_duplicate = “{ $key }” is given twice
err-json_surrogate = the text holds { $char }, half of a UTF-16 pair, which is not a character
err-name_character = a name cannot contain the control character { $char }
err-null_value = null is not a value: give one, or leave the key out for the default
err-object_type = must be a JSON object
err-contract_character = a contract is written without spaces or control characters, like 7H or 10NT, and this one holds { $char }
err-note_character = a note cannot contain the control character { $char }
err-amount_number = pool, mountain and whists are written as JSON numbers, like 7 or 7.5 (not strings)
err-amount_range = a number in the pool, mountain or whists must be from -{ $limit } to { $limit }
err-amount_decimals = the pool, mountain and whists have at most { $decimals } decimals
pin_failed = I could not pin the pulka's scoreboard: I may not pin messages here. Make me an administrator, or just find the scoreboard above.
cancel_after_deal = The pulka can no longer be cancelled: deals are written. It can be ended with /settle.
leave_not_seated = You are not seated at this pulka's table.
leave_after_deal = It is too late to leave: deals are written ({ $name } plays to the end of the pulka).
seats_first = First deal: { $name } deals.
seats_after_deal = The seating can no longer change: deals are written.
# The table size in words.  $seats: 2 to 5, anything else: not chosen (three or four);
# $side: who sits out with the dealer at five (five_sitting_out: right, left).
table_size = { $seats ->
    [2] two, hussar (the third hand is a dummy)
    [3] three
    [4] four (the dealer sits out)
    [5] { $side ->
        [left] five (the dealer and his left-hand neighbour sit out)
       *[right] five (the dealer and his right-hand neighbour sit out)
    }
   *[other] three or four
}
table_line = Table: { $size }.
started_join_chosen = Take your seats: /join (a guest without Telegram: /join Name); the first seated deals first.
players_open_chosen = Seating is open: /join. { $seats } { $seats ->
    [one] player is
   *[other] players are
} needed.
need_players_chosen = A deal needs { $seats } { $seats ->
    [one] player
   *[other] players
}; { $count } seated. Sit down: /join
rules_hussar = Hussar: the mountain { $hussar_mountain }; whist for the dummy (the dummy whists when the opponent passes): { $dummy_whist }; misère: { $hussar_misere }; the dummy's tricks on all-pass: { $hussar_raspasy }.
rules_five = With five, the dealer sits out with his { $five_sitting_out }; of the two sitting out, consolation is written by: { $five_consolation }.
set_hussar_mountain = Mountain: { $value }
set_dummy_whist = Whist for the dummy: { $value }
set_hussar_misere = Misère in hussar: { $value }
set_hussar_raspasy = Dummy's tricks on all-pass: { $value }
set_five_sitting_out = Sits out with the dealer: { $value }
set_five_consolation = Consolation of those sitting out: { $value }
rules_hussar_mountain_divisible = divisible (a point is 5 whists)
rules_hussar_mountain_indivisible = indivisible (a point is 10 whists)
rules_hussar_raspasy_ignored = not written
rules_hussar_raspasy_shared = half to each player
rules_five_sitting_out_right = right-hand neighbour
rules_five_sitting_out_left = left-hand neighbour
rules_five_consolation_both = both
rules_five_consolation_dealer = the dealer only
# Errors of a two-player (hussar) and a five-player table, by scoring's error code.
err-tricks_five = with five players give the tricks of the three at the table; the two not named are the dealer and his neighbour, who sit out
err-sitting_out_pair = { $names } cannot sit out together: with five players the dealer and his neighbour sit out ({ $expected } by the seating)
err-tricks_two = in hussar give the tricks of both players ({ $players }), or of the declarer alone in a game; the whister's count includes the dummy's tricks
err-tricks_two_sum = the players took { $total } { $total ->
    [one] trick
   *[other] tricks
} together, but on raspasy in hussar it is at most 10 (the dummy takes the rest)
err-half_hussar = there is no half-whist in hussar: the one defender whists or passes
err-misere_out = { $declarer } sits this deal out (the dealer is { $dealer }): the misère is played by one of those at the table: { $playing }
err-misere_hussar_off = misère is not played in hussar under these rules
# A defender of a game nobody played out (written as made): his choice, no tricks.
defender_unplayed = { $name } { $choice }
lang_unknown = The bot has no language “{ $choice }”. There are: { $langs }. The chat's language now: { $current }.
json_reason_value = a value was expected here: a number, a string in quotes, an object or a list
json_reason_key = a field name in double quotes was expected here (a stray comma before a closing bracket?)
json_reason_colon = a colon is missing after a field name
json_reason_comma = a comma is missing between values
json_reason_string = a string is not closed with a quote
json_reason_control = a control character (a line break or a tab) inside a string
json_reason_unicode = a bad character code \uXXXX
json_reason_escape = a bad backslash in a string
json_reason_extra = there is more text after the record
json_reason_other = the text breaks off or has a stray character

btn_open_sheet = 📊 Open the sheet
# The menu button beside the message field of a private chat (at most 64 characters).
btn_menu_sheet = The sheet
