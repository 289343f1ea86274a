# A past deal changed or deleted (/edit, /delete, "✏️" under a deal and under /history).
btn_edit = ✏️ Edit
btn_edit_number = ✏️ { $number }
btn_delete = 🗑 Delete the deal
btn_delete_yes = 🗑 Yes, delete
btn_delete_no = No, keep it
amend_head = ✏️ <b>Changing deal { $number }</b>, now: { $notation }
amend_delete_confirm = Delete deal { $number }: { $notation }? The deals after it will be counted again.
amend_kept = Deal { $number } stays as it is.
amend_done = ✏️ <b>Deal { $number } changed</b>
    was: { $old }
    now: { $new }
    Changed by { $who }.
amend_deleted = 🗑 <b>Deal { $number } deleted</b>: { $old }
    Deleted by { $who }.
amend_standings_title = If we stopped now (in whists), before → after:
amend_standing_line = { $name }: { $before } → { $after }
amend_note_done = Deal { $number } changed
amend_note_deleted = Deal { $number } deleted
amend_ended = This pulka has ended: its deals can no longer be changed.
amend_gone = That deal is no longer on the sheet: it was undone or deleted.
amend_same = Deal { $number } is like that already: nothing changed.
amend_breaks = Nothing changed: deal { $number } ({ $notation }) would become impossible: { $reason }
amend_correction = Deal { $number } is a correction ({ $notation }), which the deal wizard cannot change: delete it and write a new one with /correct.
amend_usage = Reply /edit (to change) or /delete to the bot's message about a deal, or give the deal's number: <code>/edit 3</code>, <code>/delete 3</code>. With a deal typed after the number (<code>/edit 3 Anna 7h 8 Boris whist 2 Vera pass 0</code>) it is replaced at once.
amend_no_deal = There is no deal { $number } in this pulka (it has { $count } { $count ->
        [one] deal
       *[other] deals
    }).
undo_after_amend = The last change was an edit of an earlier deal, and /undo only takes back the last deal written. To put it back, edit that deal again (/edit).
history_amends_title = <b>Changes</b>
history_amended = { $time } · { $who }: deal { $number } { $old } → { $new }
history_deleted = { $time } · { $who }: deal { $number } { $old } deleted
cmd_edit = change an earlier deal
cmd_delete = delete an earlier deal
