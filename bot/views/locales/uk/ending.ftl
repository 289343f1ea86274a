## The end of a pulka: agreement, the end taken back, the settlement, the archive
## (bot/views/ending.py, bot/telegram/handlers/settle.py and archive.py)

agree_how = Закінчити зараз можна за згодою: треба, щоб погодилися { $needed } з тих, хто за столом (або один адміністратор чату).
agree_progress = Згодні закінчити: { $names } — { $count } з { $players }, треба { $needed }.
agree_noted = Згоду записано: { $count } з { $needed } потрібних.
agree_already = Ви вже погодилися: { $count } з { $needed } потрібних.
agree_admin = Пульку закінчено рішенням адміністратора чату — { $who } — і збережено в архіві.
agree_next = Розписати й замкнути: кнопка «Розписати» на рахунку або /settle. Передумали — /undo поверне пульку в гру.
board_agreed = Пульку закінчено за згодою, ще не розписано: «Розписати» або /settle; /undo поверне її в гру.
reopen_done = Кінець за згодою скасовано, пулька знову йде. Повернув: { $who }.
reopen_settled = Пульку вже розписано й замкнено: її кінець не скасувати. Розписані пульки — у /pulkas.
reopen_busy = Кінець тієї пульки вже не скасувати: тут почато нову. Помилкову нову можна скасувати (/cancel), поки в ній немає роздач.
settle_locked = Розпис замкнено: в архіві (/pulkas) ця пулька лишиться такою, як зараз. Зіграти ще — «Тим самим складом».
settle_locked_short = Розписано: показано розпис, записаний тоді.
settle_already = Пульку вже розписано.
again_already = Нову пульку цим складом уже почато.
export_sent = Файл щойно надіслано.
btn_settle = 🧮 Розписати
btn_again = 🔁 Тим самим складом
btn_export = 📄 Запис пульки
archive_date = { $day }.{ $month }.{ $year }
archive_title = <b>Архів пульок</b> (усього { $count }; підсумки у вістах):
archive_line = №{ $number } · { $date } · { $results }
archive_result_money = { $name } { $result } ({ $money } { $currency })
archive_result = { $name } { $result }
archive_no_results = гравців забракло
archive_unsettled = (не розписано)
archive_empty = В архіві поки порожньо: пулька потрапляє сюди, коли її закінчено (/settle).
archive_how = Показати пульку: /pulka N (номер зі списку).
archive_newer = « Новіші
archive_older = Старіші »
archive_head =
    <b>Пулька №{ $number }</b> · { $date } · { $headline }
    За столом: { $players }
archive_usage = Яку пульку показати? /pulka N — номер зі списку /pulkas.
archive_missing = Пульки №{ $number } в архіві немає. Список: /pulkas
cmd_pulkas = минулі пульки цього чату
after_settle_title = Виправлення після розрахунку:
after_settle_line = { $date } { $time } · { $who } — { $what }
after_settle_results = З виправленнями (розпис, про який домовилися, не змінюється):
after_settle_written = Виправлення після розрахунку записано.
after_settle_written_number = Виправлення до розписаної пульки №{ $number } записано.
after_settle_how =
    Тут немає пульки, що триває, а пульку №{ $number } уже розписано.
    Виправлення до неї пишуть відповіддю на повідомлення бота про неї (розпис, табло або /pulka { $number }): <code>/correct Гравець гора -2 — пояснення</code>
    Нова пулька: /newpulka
archive_line_amended = { $count ->
        [one] { $count } виправлення після розрахунку
        [few] { $count } виправлення після розрахунку
       *[many] { $count } виправлень після розрахунку
    }, з ними: { $results }
