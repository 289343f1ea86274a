# A past deal changed or deleted (/edit, /delete, "✏️" under a deal and under /history).
btn_edit = ✏️ Змінити
btn_edit_number = ✏️ { $number }
btn_delete = 🗑 Видалити роздачу
btn_delete_yes = 🗑 Так, видалити
btn_delete_no = Ні, залишити
amend_head = ✏️ <b>Зміна роздачі №{ $number }</b>, зараз: { $notation }
amend_delete_confirm = Видалити роздачу №{ $number }: { $notation }? Наступні роздачі буде перераховано.
amend_kept = Роздача №{ $number } лишається як є.
amend_done = ✏️ <b>Роздачу №{ $number } змінено</b>
    було: { $old }
    стало: { $new }
    Змінив(ла): { $who }.
amend_deleted = 🗑 <b>Роздачу №{ $number } видалено</b>: { $old }
    Видалив(ла): { $who }.
amend_standings_title = Якщо закінчити зараз (у вістах), було → стало:
amend_standing_line = { $name }: { $before } → { $after }
amend_note_done = Роздачу №{ $number } змінено
amend_note_deleted = Роздачу №{ $number } видалено
amend_ended = Пульку вже закінчено: її роздачі більше не змінюються.
amend_gone = Цієї роздачі на аркуші більше немає: її скасували або видалили.
amend_same = Роздача №{ $number } і так така: нічого не змінено.
amend_breaks = Нічого не змінено: тоді стала б неможливою роздача №{ $number } ({ $notation }): { $reason }
amend_correction = Роздача №{ $number } — поправка ({ $notation }), майстер її не змінить: видаліть її і запишіть нову через /correct.
amend_usage = Дайте відповідь командою /edit (змінити) або /delete (видалити) на повідомлення бота про роздачу — або вкажіть номер роздачі: <code>/edit 3</code>, <code>/delete 3</code>. З текстом роздачі після номера (<code>/edit 3 Анна 7ч 8 Борис віст 2 Віра пас 0</code>) її буде замінено одразу.
amend_no_deal = Роздачі №{ $number } у пульці немає (роздач: { $count }).
undo_after_amend = Останньою була правка минулої роздачі: /undo скасовує лише останню записану роздачу. Щоб повернути як було, змініть ту роздачу ще раз (/edit).
history_amends_title = <b>Правки</b>
history_amended = { $time } · { $who }: роздача №{ $number } { $old } → { $new }
history_deleted = { $time } · { $who }: роздача №{ $number } { $old } видалена
cmd_edit = змінити минулу роздачу
cmd_delete = видалити минулу роздачу
