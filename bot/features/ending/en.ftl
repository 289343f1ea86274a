### The words of ending, in English.

agree_how = To stop now, { $needed } of the players at the table must agree. An admin of the chat who is not playing may end the pulka alone, after confirming it.
agree_tally = { $count } of the { $needed } needed
agree_progress = Agreed to stop: { $names } — { $tally }.
agree_noted = Agreement noted: { $tally }.
agree_already = You have agreed already: { $tally }.
agree_admin = The pulka was ended by an admin of the chat ({ $who }) and is not settled yet.
agree_offer_closed = Voting is closed: an admin of the chat — { $who } — ended the pulka. The results are below.
agree_alone_ask = You are not at the table, but as an admin of the chat you may end the pulka alone. It ends for all the players ({ $names }), without their agreement. End it for everyone?
agree_alone_yes = ✅ End for everyone
agree_alone_no = ✖ Do not end
agree_alone_popup = Confirm in the message below: the pulka ends for everyone.
agree_alone_kept = Not ended: the pulka goes on.
agree_alone_seated = You are at the table: your vote is the “End by agreement” button.
agree_next = To settle and lock it: “Settle” on the scoreboard, or /settle. Changed your minds? /undo puts the pulka back in play.
reopen_done = The end by agreement is undone: the pulka goes on. Undone by: { $who }.
reopen_ask = The pulka was ended by agreement after deal { $number }. Take the end back and play on?
reopen_yes = ↩️ Yes, play on
reopen_no = No, it is over
reopen_kept = The end by agreement stands: the pulka waits to be settled (/settle).
settle_locked = The settlement is locked: in the archive (/pulkas) this pulka stays as it is now. To play again: “Same table again”.
settle_already = The pulka is settled already.
settle_done_here = No pulka is running here: pulka #{ $number } is settled already — /pulka { $number }. A new pulka: /newpulka
again_already = A new pulka of this table has been started already.
again_started = A new pulka of the same table has started: { $players }.
export_sent = The file was just sent.
offer_sent = The offer to stop was just sent: see above.
after_settle_how =
    No pulka is running here, and pulka #{ $number } is already settled.
    To correct it, reply to the bot's message about it (the settlement, the scoreboard or /pulka { $number }) with: <code>/correct Player mountain -2 — note</code>
    A new pulka: /newpulka
settle_agreed = The pulka was ended by agreement ({ $who }) and is not settled yet.
export_caption = The pulka's record (format pulka/1)
export_none = There is no running or finished pulka here, so there is nothing to export. Start one: /newpulka
export_usage = The record file: /export — of the running pulka (or the last finished one), /export N — of pulka N in /pulkas; /export csv — the deals as a table.
import_usage = Reply with /import to a message carrying a record file (.json), or paste the JSON after the command.
import_too_big = The file is too big.
import_unfetched = The file could not be fetched from Telegram. Please send it again.
import_bad_json = The record could not be read: { $reason }
import_invalid = The record was not accepted: { $reason }
imported = <b>Pulka loaded</b>: { $count } { $count ->
        [one] deal
       *[other] deals
    }.
