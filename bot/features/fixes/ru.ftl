### The words of fixes, in Russian (the default language).

btn_delete = 🗑 Удалить сдачу
btn_delete_correction = 🗑 Удалить запись
btn_delete_yes = 🗑 Да, удалить
btn_delete_no = Нет, оставить
amend_head = ✏️ <b>Изменение сдачи №{ $number }</b>, сейчас: { $notation }
amend_delete_confirm = Удалить сдачу №{ $number }: { $notation }? Следующие сдачи будут пересчитаны.
amend_delete_confirm_correction = Удалить запись №{ $number }: { $notation }? Следующие сдачи будут пересчитаны.
amend_kept = Сдача №{ $number } остаётся как есть.
amend_note_done = Сдача №{ $number } изменена
amend_note_deleted = Сдача №{ $number } удалена
amend_correction = Запись №{ $number } — поправка ({ $notation }): новые суммы пишут так же, как в /correct, после <code>/edit { $number }</code>; или удалите её.
amend_usage = Ответьте командой /edit (изменить) или /delete (удалить) на сообщение бота о сдаче — или укажите номер сдачи: <code>/edit 3</code>, <code>/delete 3</code>. С текстом сдачи после номера (<code>/edit 3 Анна 7ч 8 Борис вист 2 Вера пас 0</code>) она заменяется сразу.
amend_no_deal = Сдачи №{ $number } в пульке нет ({ $last ->
        [0] сдач пока нет
       *[other] последняя — №{ $last }
    }).
amend_gone_number = Сдача №{ $number } удалена — её уже не изменить. Что записано: /history
amend_undone_number = Сдача №{ $number } отменена (/undo) — её уже не изменить. Сыграли её иначе — запишите заново: /deal. Что записано: /history
undo_nothing = Нечего отменять: сдач нет.
undo_usage = /undo отменяет последнюю сдачу: без слов после команды, или с её номером (<code>/undo 7</code>). Изменить другую сдачу — <code>/edit 3</code>, удалить — <code>/delete 3</code>.
undo_not_last = /undo отменяет только последнюю сдачу или запись — №{ $last }. №{ $number } можно изменить (<code>/edit { $number }</code>) или удалить (<code>/delete { $number }</code>).
undo_confirm = Отменить последнюю сдачу №{ $number }: { $notation }?
undo_confirm_correction = Отменить последнюю запись №{ $number }: { $notation }?
undo_kept = Отмена не нужна — сдача №{ $number } остаётся.
edited_unread = Бот не перечитывает изменённые сообщения: отправьте исправленную команду новым сообщением.
edited_done = Сообщение изменено, но бот уже выполнил его по первому тексту, и правка ничего не меняет. Нужно другое — отправьте команду новым сообщением.
edited_deal = Сообщение изменено, но сдача №{ $number } записана по первому тексту: { $notation }. Бот не перечитывает правки сообщений.
edited_deal_how = Записать её по новому тексту: <code>{ $command }</code>
edited_deal_kept = Сообщение изменено, но сдача №{ $number } записана по первому тексту: { $notation }. Бот не перечитывает правки сообщений: изменить её — <code>/edit { $number }</code>, удалить — <code>/delete { $number }</code>.
edited_correction_kept = Сообщение изменено, но запись №{ $number } сделана по первому тексту: { $notation }. Бот не перечитывает правки сообщений: новые суммы — <code>/edit { $number }</code> и суммы, удалить — <code>/delete { $number }</code>.
undo_kept_correction = Отмена не нужна — запись №{ $number } остаётся.
amend_kept_correction = Запись №{ $number } остаётся как есть.
amend_outdated = Это изменение сдачи №{ $number } устарело: пока его вводили, пулька изменилась. Ничего не изменено — откройте ✏️ заново.
