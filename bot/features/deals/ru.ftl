### The words of deals, in Russian (the default language).

guard_repeat = Точно такая же сдача только что записана: №{ $number }.
guard_repeat_correction = Точно такая же запись только что сделана: №{ $number }.
guard_repeat_words = Эти же слова только что записали сдачу №{ $number }: { $notation }. Сейчас сдаёт другой, и они значат другую сдачу.
guard_seat = По рассадке эту сдачу пропускает { $expected }, а в записи пропускает { $named }.
guard_ask = Записать { $notation }?
guard_yes = ✅ Да, записать
guard_no = ✖ Нет
guard_kept = { $who }: «Нет». Ничего не записано.
guard_gone = Не вижу исходной команды (её удалили или изменили), ничего не записано: напишите сдачу ещё раз.
guard_seat_pair = По рассадке эту сдачу пропускают { $expected } и { $expected2 }, а в записи — { $named } и { $named2 }.
note_finished = Пулька закрыта. Расписать: /settle
