### The words of score, in Russian (the default language).

btn_edit_number = ✏️ { $number }
history_amends_title = <b>Правки</b>
history_amended = { $time } · { $who }: сдача №{ $number } { $old } → { $new }
history_deleted = { $time } · { $who }: сдача №{ $number } { $old } удалена
history_title = <b>История пульки</b>
history_empty = Сдач пока нет.
history_cut = Сдач слишком много для чата: { $hidden } ранних не показаны, ниже последние { $shown }. Вся пулька — в /export.
history_line = { $number }. { $declarer }{ $notation }{ $details } · { $author }
history_gone = { $number }. — удалена
history_undone = { $number }. — отменена (/undo)
sheet_recent = Лист пульки только что отправлен — он выше в чате.
history_amended_correction = { $time } · { $who }: запись №{ $number } { $old } → { $new }
history_deleted_correction = { $time } · { $who }: запись №{ $number } { $old } удалена
