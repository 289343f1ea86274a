### The words of deals, in Ukrainian.

guard_repeat = Точно така сама роздача щойно записана: №{ $number }.
guard_repeat_correction = Точно такий самий запис щойно зроблено: №{ $number }.
guard_repeat_words = Ці самі слова щойно записали роздачу №{ $number }: { $notation }. Тепер роздає інший, і вони означають іншу роздачу.
guard_seat = За розсадкою цю роздачу пропускає { $expected }, а в записі пропускає { $named }.
guard_ask = Записати { $notation }?
guard_yes = ✅ Так, записати
guard_no = ✖ Ні
guard_kept = { $who }: «Ні». Нічого не записано.
guard_gone = Не бачу початкової команди (її видалили або змінили), нічого не записано: напишіть роздачу ще раз.
guard_seat_pair = За розсадкою цю роздачу пропускають { $expected } і { $expected2 }, а в записі — { $named } і { $named2 }.
note_finished = Пульку закрито. Розписати: /settle
