### The words of archive, in Ukrainian.

settle_locked_short = Розписано: показано розпис, записаний тоді.
archive_title = <b>Архів пульок</b> (усього { $count }; підсумки у вістах):
archive_line = №{ $number } · { $date } · { $results }
archive_unsettled = (не розписано)
archive_empty = В архіві поки порожньо: пулька потрапляє сюди, коли її закінчено (/settle).
archive_how = Показати пульку: /pulka N (номер зі списку).
archive_newer = « Новіші
archive_older = Старіші »
archive_head =
    <b>Пулька №{ $number }</b> · { $date } · { $headline }
    За столом: { $players }
archive_usage = Яку пульку показати? /pulka N — номер зі списку /pulkas.
