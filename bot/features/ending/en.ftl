### The words of ending, in English.

agree_how = To stop now, { $needed } of the players at the table must agree (or one admin of the chat).
agree_progress = Agreed to stop: { $names } — { $count } of { $players }, { $needed } needed.
agree_noted = Agreement noted: { $count } of the { $needed } needed.
agree_already = You have agreed already: { $count } of the { $needed } needed.
agree_admin = The pulka was ended by an admin of the chat — { $who } — and archived.
agree_next = To settle and lock it: “Settle” on the scoreboard, or /settle. Changed your minds? /undo puts the pulka back in play.
reopen_done = The end by agreement is undone: the pulka goes on. Undone by: { $who }.
settle_locked = The settlement is locked: in the archive (/pulkas) this pulka stays as it is now. To play again: “Same table again”.
settle_already = The pulka is settled already.
again_already = A new pulka of this table has been started already.
export_sent = The file was just sent.
after_settle_how =
    No pulka is running here, and pulka #{ $number } is already settled.
    To correct it, reply to the bot's message about it (the settlement, the scoreboard or /pulka { $number }) with: <code>/correct Player mountain -2 — note</code>
    A new pulka: /newpulka
settle_agreed = The pulka was ended by agreement ({ $who }) and archived.
export_caption = The pulka's record (format pulka/1)
export_none = There is no running or finished pulka here, so there is nothing to export. Start one: /newpulka
export_usage = The record file: /export — of the running pulka (or the last finished one), /export N — of pulka N in /pulkas; /export csv — the deals as a table.
import_usage = Reply with /import to a message carrying a record file (.json), or paste the JSON after the command.
import_too_big = The file is too big.
import_bad_json = The record could not be read: { $reason }
import_invalid = The record was not accepted: { $reason }
imported = <b>Pulka loaded</b>: { $count } { $count ->
        [one] deal
       *[other] deals
    }.
