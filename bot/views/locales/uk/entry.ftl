### Typed deals: the forms that leave a count out, and the guards against a slip
### (the same deal twice, a sitting-out player the seating does not imply).

name_both = Назвіть обох захисників і що сказав кожен: віст чи пас.
whisters_counts = Вістують обидва: напишіть взятки двох із трьох (того, хто грає, і одного вістуючого або обох вістуючих), третьому — решта.
missing_result = Взятки — { $name }? Після контракту напишіть взятки, «рівно», «+1» або «без однієї».
guard_repeat = Точно така сама здача щойно записана: №{ $number }.
guard_seat = За розсадкою цю здачу пропускає { $expected }, а в записі пропускає { $named }.
guard_ask = Записати { $notation }?
guard_yes = ✅ Так, записати
guard_no = ✖ Ні
guard_kept = { $who }: не записувати. Нічого не записано.
guard_gone = Не бачу початкової команди (її видалили або змінили), нічого не записано: напишіть здачу ще раз.

## A deal given the short way that its words do not complete (scoring.entry.CODES): the
## sentence heads a refused /deal or /cost, the err- clause is the reason anywhere else.
tricks_over = Взяток виходить { $total }, а в роздачі їх 10.
tricks_two_sum = На розпасах у гусарику в гравців разом не більше 10 взяток (решта в болвана), а названо { $total }.
raspasy_counts = На розпасах потрібні взятки гравців за столом: { $players }.
err-whisters_counts = вістують обидва: потрібні взятки двох із трьох (того, хто грає, і одного вістуючого або обох вістуючих), третьому — решта
err-missing_result = { $name } грав під віст: потрібні його взятки («рівно», «+1», «без однієї») або взятки вістуючого
err-name_both = назвіть обох захисників і що сказав кожен: віст чи пас
err-hussar_form = у гусарику потрібна відповідь захисника: віст або пас
err-tricks_over = названі взятки разом { $total }, більше за 10 у роздачі
err-raspasy_counts = на розпасах потрібні взятки гравців: { $players }; не назвати можна одного, у нього решта (у гусарику нікого: решта в болвана)
