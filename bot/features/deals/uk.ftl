### The words of deals, in Ukrainian.

guard_repeat = Точно така сама здача щойно записана: №{ $number }.
guard_seat = За розсадкою цю здачу пропускає { $expected }, а в записі пропускає { $named }.
guard_ask = Записати { $notation }?
guard_yes = ✅ Так, записати
guard_no = ✖ Ні
guard_kept = { $who }: не записувати. Нічого не записано.
guard_gone = Не бачу початкової команди (її видалили або змінили), нічого не записано: напишіть здачу ще раз.
guard_seat_pair = За розсадкою цю здачу пропускають { $expected } і { $expected2 }, а в записі — { $named } і { $named2 }.
note_finished = Пульку закрито. Розписати: /settle
