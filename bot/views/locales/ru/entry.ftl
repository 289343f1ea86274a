### Typed deals: the forms that leave a count out, and the guards against a slip
### (the same deal twice, a sitting-out player the seating does not imply).

name_both = Назовите обоих защитников и что сказал каждый: вист или пас.
whisters_counts = Вистуют оба: напишите взятки двоих из троих (разыгрывающего и одного вистующего или обоих вистующих), третьему — остальные.
missing_result = Взятки — { $name }? После контракта напишите взятки, «ровно», «+1» или «без одной».
guard_repeat = Точно такая же сдача только что записана: №{ $number }.
guard_seat = По рассадке эту сдачу пропускает { $expected }, а в записи пропускает { $named }.
guard_ask = Записать { $notation }?
guard_yes = ✅ Да, записать
guard_no = ✖ Нет
guard_kept = { $who }: не записывать. Ничего не записано.
guard_gone = Не вижу исходной команды (её удалили или изменили), ничего не записано: напишите сдачу ещё раз.

## A deal given the short way that its words do not complete (scoring.entry.CODES): the
## sentence heads a refused /deal or /cost, the err- clause is the reason anywhere else.
tricks_over = Взяток получается { $total }, а в сдаче их 10.
tricks_two_sum = На распасах в гусарике у игроков вместе не больше 10 взяток (остальные у болвана), а названо { $total }.
raspasy_counts = На распасах нужны взятки игроков за столом: { $players }.
err-whisters_counts = вистуют оба: нужны взятки двоих из троих (разыгрывающего и одного вистующего или обоих вистующих), третьему — остальные
err-missing_result = { $name } играл под вист: нужны его взятки («ровно», «+1», «без одной») или взятки вистующего
err-name_both = назовите обоих защитников и что сказал каждый: вист или пас
err-hussar_form = в гусарике нужен ответ защитника: вист или пас
err-tricks_over = названные взятки в сумме { $total }, больше 10 в сдаче
err-raspasy_counts = на распасах нужны взятки игроков: { $players }; не назвать можно одного, у него остальные (в гусарике никого: остальные у болвана)
