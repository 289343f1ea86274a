# A past deal changed or deleted (/edit, /delete, "✏️" under a deal and under /history).
btn_edit = ✏️ Изменить
btn_edit_number = ✏️ { $number }
btn_delete = 🗑 Удалить сдачу
btn_delete_yes = 🗑 Да, удалить
btn_delete_no = Нет, оставить
amend_head = ✏️ <b>Изменение сдачи №{ $number }</b>, сейчас: { $notation }
amend_delete_confirm = Удалить сдачу №{ $number }: { $notation }? Следующие сдачи будут пересчитаны.
amend_kept = Сдача №{ $number } остаётся как есть.
amend_done = ✏️ <b>Сдача №{ $number } изменена</b>
    было: { $old }
    стало: { $new }
    Изменил(а): { $who }.
amend_deleted = 🗑 <b>Сдача №{ $number } удалена</b>: { $old }
    Удалил(а): { $who }.
amend_standings_title = Если закончить сейчас (в вистах), было → стало:
amend_standing_line = { $name }: { $before } → { $after }
amend_note_done = Сдача №{ $number } изменена
amend_note_deleted = Сдача №{ $number } удалена
amend_ended = Пулька уже закончена: её сдачи больше не меняются.
amend_gone = Этой сдачи на листе больше нет: её отменили или удалили.
amend_same = Сдача №{ $number } и так такая: ничего не изменено.
amend_breaks = Ничего не изменено: тогда стала бы невозможной сдача №{ $number } ({ $notation }): { $reason }
amend_correction = Сдача №{ $number } — поправка ({ $notation }), мастер её не изменит: удалите её и запишите новую через /correct.
amend_usage = Ответьте командой /edit (изменить) или /delete (удалить) на сообщение бота о сдаче — или укажите номер сдачи: <code>/edit 3</code>, <code>/delete 3</code>. С текстом сдачи после номера (<code>/edit 3 Анна 7ч 8 Борис вист 2 Вера пас 0</code>) она заменяется сразу.
amend_no_deal = Сдачи №{ $number } в пульке нет (сдач: { $count }).
undo_after_amend = Последним была правка прошлой сдачи: /undo отменяет только последнюю записанную сдачу. Чтобы вернуть как было, измените ту сдачу ещё раз (/edit).
history_amends_title = <b>Правки</b>
history_amended = { $time } · { $who }: сдача №{ $number } { $old } → { $new }
history_deleted = { $time } · { $who }: сдача №{ $number } { $old } удалена
cmd_edit = изменить прошлую сдачу
cmd_delete = удалить прошлую сдачу
