### The words of score, in Ukrainian.

btn_edit_number = ✏️ { $number }
history_amends_title = <b>Правки</b>
history_amended = { $time } · { $who }: роздача №{ $number } { $old } → { $new }
history_deleted = { $time } · { $who }: роздача №{ $number } { $old } видалена
history_title = <b>Історія пульки</b>
history_empty = Роздач поки немає.
history_cut = Роздач забагато для чату: { $hidden } ранніх не показано, нижче останні { $shown }. Уся пулька — в /export.
history_line = { $number }. { $declarer }{ $notation }{ $details } · { $author }
history_gone = { $number }. — видалена
history_undone = { $number }. — скасована (/undo)
sheet_recent = Аркуш пульки щойно надіслано — він вище в чаті.
history_amended_correction = { $time } · { $who }: запис №{ $number } { $old } → { $new }
history_deleted_correction = { $time } · { $who }: запис №{ $number } { $old } видалено
