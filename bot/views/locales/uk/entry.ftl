### Typed deals: the forms that leave a count out, and the guards against a slip
### (the same deal twice, a sitting-out player the seating does not imply).

name_both = Назвіть обох захисників і що сказав кожен: віст чи пас.
whisters_counts = Вістують обидва: напишіть взятки кожного (того, хто грає, і обох вістуючих).
missing_result = Взятки — { $name }? Після контракту напишіть взятки, «рівно», «+1» або «без однієї».
guard_repeat = Точно така сама здача щойно записана: №{ $number }.
guard_seat = За розсадкою цю здачу пропускає { $expected }, а в записі пропускає { $named }.
guard_ask = Записати { $notation }?
guard_yes = ✅ Так, записати
guard_no = ✖ Ні
guard_kept = { $who }: не записувати. Нічого не записано.
guard_gone = Не бачу початкової команди (її видалили або змінили), нічого не записано: напишіть здачу ще раз.
