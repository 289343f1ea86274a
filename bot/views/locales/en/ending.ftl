## The end of a pulka: agreement, the end taken back, the settlement, the archive
## (bot/views/ending.py, bot/telegram/handlers/settle.py and archive.py)

agree_how = To stop now, { $needed } of the players at the table must agree (or one admin of the chat).
agree_progress = Agreed to stop: { $names } — { $count } of { $players }, { $needed } needed.
agree_noted = Agreement noted: { $count } of the { $needed } needed.
agree_already = You have agreed already: { $count } of the { $needed } needed.
agree_admin = The pulka was ended by an admin of the chat — { $who } — and archived.
agree_next = To settle and lock it: “Settle” on the scoreboard, or /settle. Changed your minds? /undo puts the pulka back in play.
board_agreed = Ended by agreement, not settled yet: “Settle” or /settle; /undo puts it back in play.
reopen_done = The end by agreement is undone: the pulka goes on. Undone by: { $who }.
reopen_settled = The pulka is settled and locked: its end cannot be undone. Settled pulkas: /pulkas.
reopen_busy = That pulka’s end cannot be undone any more: a new pulka has been started here. One started by mistake can be cancelled (/cancel) before its first deal.
settle_locked = The settlement is locked: in the archive (/pulkas) this pulka stays as it is now. To play again: “Same table again”.
settle_locked_short = Settled: this is the settlement written down then.
settle_already = The pulka is settled already.
again_already = A new pulka of this table has been started already.
export_sent = The file was just sent.
btn_settle = 🧮 Settle
btn_again = 🔁 Same table again
btn_export = 📄 Export
archive_date = { $year }-{ $month }-{ $day }
archive_title = <b>Finished pulkas</b> ({ $count } in all; results in whists):
archive_line = #{ $number } · { $date } · { $results }
archive_result_money = { $name } { $result } ({ $money } { $currency })
archive_result = { $name } { $result }
archive_no_results = not enough players
archive_unsettled = (not settled)
archive_empty = No finished pulka here yet: a pulka comes here once it is over (/settle).
archive_how = To show one: /pulka N (its number in the list).
archive_newer = « Newer
archive_older = Older »
archive_head =
    <b>Pulka #{ $number }</b> · { $date } · { $headline }
    At the table: { $players }
archive_usage = Which pulka? /pulka N, with its number in /pulkas.
archive_missing = There is no pulka #{ $number } in the archive. The list: /pulkas
cmd_pulkas = this chat's finished pulkas
after_settle_title = Corrections after settling:
after_settle_line = { $date } { $time } · { $who } — { $what }
after_settle_results = With the corrections (the settlement agreed on stays as it was):
after_settle_written = Correction after settling written.
after_settle_written_number = Correction to the settled pulka #{ $number } written.
after_settle_how =
    No pulka is running here, and pulka #{ $number } is already settled.
    To correct it, reply to the bot's message about it (the settlement, the scoreboard or /pulka { $number }) with: <code>/correct Player mountain -2 — note</code>
    A new pulka: /newpulka
archive_line_amended = { $count ->
        [one] { $count } correction after settling
       *[other] { $count } corrections after settling
    }, with them: { $results }
