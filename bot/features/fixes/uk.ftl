### The words of fixes, in Ukrainian.

btn_delete = 🗑 Видалити роздачу
btn_delete_correction = 🗑 Видалити запис
btn_delete_yes = 🗑 Так, видалити
btn_delete_no = Ні, залишити
amend_head = ✏️ <b>Зміна роздачі №{ $number }</b>, зараз: { $notation }
amend_delete_confirm = Видалити роздачу №{ $number }: { $notation }? Наступні роздачі буде перераховано.
amend_delete_confirm_correction = Видалити запис №{ $number }: { $notation }? Наступні роздачі буде перераховано.
amend_kept = Роздача №{ $number } лишається як є.
amend_note_done = Роздачу №{ $number } змінено
amend_note_deleted = Роздачу №{ $number } видалено
amend_correction = Запис №{ $number } — виправлення ({ $notation }): нові суми пишуть так само, як у /correct, після <code>/edit { $number }</code>; або видаліть його.
amend_usage = Дайте відповідь командою /edit (змінити) або /delete (видалити) на повідомлення бота про роздачу — або вкажіть номер роздачі: <code>/edit 3</code>, <code>/delete 3</code>. З текстом роздачі після номера (<code>/edit 3 Анна 7ч 8 Борис віст 2 Віра пас 0</code>) її буде замінено одразу.
amend_no_deal = Роздачі №{ $number } у пульці немає ({ $last ->
        [0] роздач поки немає
       *[other] остання — №{ $last }
    }).
amend_gone_number = Роздачу №{ $number } видалено — її вже не змінити. Що записано: /history
amend_undone_number = Роздачу №{ $number } скасовано (/undo) — її вже не змінити. Зіграли її інакше — запишіть знову: /deal. Що записано: /history
undo_nothing = Нічого скасовувати: роздач немає.
undo_usage = /undo скасовує останню роздачу: без слів після команди або з її номером (<code>/undo 7</code>). Змінити іншу роздачу — <code>/edit 3</code>, видалити — <code>/delete 3</code>.
undo_not_last = /undo скасовує лише останню роздачу чи запис — №{ $last }. №{ $number } можна змінити (<code>/edit { $number }</code>) або видалити (<code>/delete { $number }</code>).
undo_confirm = Скасувати останню роздачу №{ $number }: { $notation }?
undo_confirm_correction = Скасувати останній запис №{ $number }: { $notation }?
undo_kept = Скасування не потрібне — роздача №{ $number } лишається.
edited_unread = Бот не перечитує змінені повідомлення: надішліть виправлену команду новим повідомленням.
edited_done = Повідомлення змінено, але бот уже виконав його за першим текстом, і правка нічого не змінює. Потрібно інше — надішліть команду новим повідомленням.
edited_deal = Повідомлення змінено, але роздачу №{ $number } записано за першим текстом: { $notation }. Бот не перечитує правки повідомлень.
edited_deal_how = Записати її за новим текстом: <code>{ $command }</code>
edited_deal_kept = Повідомлення змінено, але роздачу №{ $number } записано за першим текстом: { $notation }. Бот не перечитує правки повідомлень: змінити її — <code>/edit { $number }</code>, видалити — <code>/delete { $number }</code>.
edited_correction_kept = Повідомлення змінено, але запис №{ $number } зроблено за першим текстом: { $notation }. Бот не перечитує правки повідомлень: нові суми — <code>/edit { $number }</code> і суми, видалити — <code>/delete { $number }</code>.
undo_kept_correction = Скасування не потрібне — запис №{ $number } лишається.
amend_kept_correction = Запис №{ $number } лишається як є.
amend_outdated = Це змінення роздачі №{ $number } застаріло: поки його вводили, пулька змінилася. Нічого не змінено — відкрийте ✏️ знову.
