### The words of archive, in Russian (the default language).

settle_locked_short = Расписана: показана роспись, записанная тогда.
archive_title = <b>Архив пулек</b> (всего { $count }; итоги в вистах):
archive_line = №{ $number } · { $date } · { $results }
archive_unsettled = (не расписана)
archive_empty = В архиве пока пусто: пулька попадает сюда, когда она закончена (/settle).
archive_how = Показать пульку: /pulka N (номер из списка).
archive_newer = « Новее
archive_older = Старше »
archive_head =
    <b>Пулька №{ $number }</b> · { $date } · { $headline }
    За столом: { $players }
archive_usage = Какую пульку показать? /pulka N — номер из списка /pulkas.
