### The words of score, in English.

btn_edit_number = ✏️ { $number }
history_amends_title = <b>Changes</b>
history_amended = { $time } · { $who }: deal { $number } { $old } → { $new }
history_deleted = { $time } · { $who }: deal { $number } { $old } deleted
history_title = <b>The pulka's deals</b>
history_empty = No deals yet.
history_cut = Too many deals for the chat: the first { $hidden } are not shown, the last { $shown } are below. /export has the whole pulka.
history_line = { $number }. { $declarer }{ $notation }{ $details } · { $author }
history_gone = { $number }. — deleted
history_undone = { $number }. — undone (/undo)
sheet_recent = The sheet was sent a moment ago; it is just above.
history_amended_correction = { $time } · { $who }: entry { $number } { $old } → { $new }
history_deleted_correction = { $time } · { $who }: entry { $number } { $old } deleted
