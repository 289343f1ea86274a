### The words of fixes, in English.

btn_delete = 🗑 Delete the deal
btn_delete_correction = 🗑 Delete the entry
btn_delete_yes = 🗑 Yes, delete
btn_delete_no = No, keep it
amend_head = ✏️ <b>Changing deal { $number }</b>, now: { $notation }
amend_delete_confirm = Delete deal { $number }: { $notation }? The deals after it will be counted again.
amend_delete_confirm_correction = Delete entry { $number }: { $notation }? The deals after it will be counted again.
amend_kept = Deal { $number } stays as it is.
amend_note_done = Deal { $number } changed
amend_note_deleted = Deal { $number } deleted
amend_correction = Entry { $number } is a correction ({ $notation }): write its new amounts as in /correct after <code>/edit { $number }</code>, or delete it.
amend_usage = Reply /edit (to change) or /delete to the bot's message about a deal, or give the deal's number: <code>/edit 3</code>, <code>/delete 3</code>. With a deal typed after the number (<code>/edit 3 Anna 7h 8 Boris whist 2 Vera pass 0</code>) it is replaced at once.
amend_no_deal = There is no deal { $number } in this pulka ({ $last ->
        [0] no deals yet
       *[other] the last is deal { $last }
    }).
amend_gone_number = Deal { $number } was deleted and cannot be changed. What is written: /history
amend_undone_number = Deal { $number } was undone (/undo) and cannot be changed. Played otherwise? Write it again: /deal. What is written: /history
undo_nothing = Nothing to undo: no deals yet.
undo_usage = /undo takes back the last deal: nothing after the command, or its number (<code>/undo 7</code>). To change another deal, <code>/edit 3</code>; to delete it, <code>/delete 3</code>.
undo_not_last = /undo takes back only the last deal or entry, #{ $last }. #{ $number } can be changed (<code>/edit { $number }</code>) or deleted (<code>/delete { $number }</code>).
undo_confirm = Undo the last deal, deal { $number }: { $notation }?
undo_confirm_correction = Undo the last entry, entry { $number }: { $notation }?
undo_kept = No undo; deal { $number } stays.
edited_unread = The bot does not reread edited messages: send the corrected command as a new message.
edited_done = The message was edited, but the bot already did what its first text said; the edit changes nothing. For something else, send the command as a new message.
edited_deal = The message was edited, but deal { $number } stands as its first text wrote it: { $notation }. The bot does not reread edited messages.
edited_deal_how = To write it as the new text says: <code>{ $command }</code>
edited_deal_kept = The message was edited, but deal { $number } stands as its first text wrote it: { $notation }. The bot does not reread edited messages: to change it, <code>/edit { $number }</code>; to delete it, <code>/delete { $number }</code>.
edited_correction_kept = The message was edited, but entry { $number } stands as its first text wrote it: { $notation }. The bot does not reread edited messages: for new amounts, <code>/edit { $number }</code> and the amounts; to delete it, <code>/delete { $number }</code>.
undo_kept_correction = No undo; entry { $number } stays.
amend_kept_correction = Entry { $number } stays as it is.
amend_outdated = This edit of deal { $number } is out of date: the pulka changed while it was being entered. Nothing was changed; open ✏️ again.
