## The end of a pulka: agreement, the end taken back, the settlement, the archive
## (bot/views/ending.py, bot/telegram/handlers/settle.py and archive.py)

agree_how = Закончить сейчас можно по согласию: нужно, чтобы согласились { $needed } из сидящих за столом (или один администратор чата).
agree_progress = Согласны закончить: { $names } — { $count } из { $players }, нужно { $needed }.
agree_noted = Согласие записано: { $count } из { $needed } нужных.
agree_already = Вы уже согласились: { $count } из { $needed } нужных.
agree_admin = Пулька закончена решением администратора чата — { $who } — и сохранена в архив.
agree_next = Расписать и запереть: кнопка «Расписать» на счёте или /settle. Передумали — /undo вернёт пульку в игру.
board_agreed = Пулька закончена по согласию и ещё не расписана: «Расписать» или /settle; /undo вернёт её в игру.
reopen_done = Конец по согласию отменён, пулька снова идёт. Вернул: { $who }.
reopen_settled = Пулька уже расписана и заперта: её конец не отменить. Расписанные пульки — в /pulkas.
reopen_busy = Конец той пульки уже не отменить: здесь начата новая. Ошибочную новую можно отменить (/cancel), пока в ней нет сдач.
settle_locked = Роспись заперта: в архиве (/pulkas) эта пулька останется такой, как сейчас. Сыграть ещё — «Тем же составом».
settle_locked_short = Расписана: показана роспись, записанная тогда.
settle_already = Пулька уже расписана.
again_already = Новая пулька этим составом уже начата.
export_sent = Файл только что отправлен.
btn_settle = 🧮 Расписать
btn_again = 🔁 Тем же составом
btn_export = 📄 Запись пульки
archive_date = { $day }.{ $month }.{ $year }
archive_title = <b>Архив пулек</b> (всего { $count }; итоги в вистах):
archive_line = №{ $number } · { $date } · { $results }
archive_result_money = { $name } { $result } ({ $money } { $currency })
archive_result = { $name } { $result }
archive_no_results = игроков не хватило
archive_unsettled = (не расписана)
archive_empty = В архиве пока пусто: пулька попадает сюда, когда она закончена (/settle).
archive_how = Показать пульку: /pulka N (номер из списка).
archive_newer = « Новее
archive_older = Старше »
archive_head =
    <b>Пулька №{ $number }</b> · { $date } · { $headline }
    За столом: { $players }
archive_usage = Какую пульку показать? /pulka N — номер из списка /pulkas.
archive_missing = Пульки №{ $number } в архиве нет. Список: /pulkas
cmd_pulkas = прошлые пульки этого чата
after_settle_title = Поправки после расчёта:
after_settle_line = { $date } { $time } · { $who } — { $what }
after_settle_results = С поправками (роспись, о которой договорились, не меняется):
after_settle_written = Поправка после расчёта записана.
after_settle_written_number = Поправка к расписанной пульке №{ $number } записана.
after_settle_how =
    Здесь нет идущей пульки, а пулька №{ $number } уже расписана.
    Поправку к ней пишут ответом на сообщение бота о ней (роспись, табло или /pulka { $number }): <code>/correct Игрок гора -2 — пояснение</code>
    Новая пулька: /newpulka
archive_line_amended = { $count ->
        [one] { $count } поправка после расчёта
        [few] { $count } поправки после расчёта
       *[many] { $count } поправок после расчёта
    }, с ними: { $results }
