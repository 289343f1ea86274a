### The words of debts, in Russian (the default language).

debts_paid_noted = Отмечено: { $payer } → { $payee } { $amount } { $currency } оплачено. Закроет долг «Получено» — { $payee }.
debts_received_noted = Отмечено: { $payer } → { $payee } { $amount } { $currency } получено. Долг закрыт.
debts_already_paid = Уже отмечено: { $payer } → { $payee } { $amount } { $currency } оплачено; ждём «Получено» — { $payee }.
debts_already_received = Уже закрыто: { $payer } → { $payee }, получено полностью.
debts_title = <b>Долги между пульками</b> (что ещё не получено по расписанным пулькам чата):
debts_title_of = <b>Долги — { $name }</b> (что ещё не получено по расписанным пулькам чата):
debts_none = Открытых долгов нет: всё расписанное получено.
debts_no_nights = Долгов нет: в чате ещё нет расписанных пулек. Долги появятся, когда пульку распишут (/settle).
debts_who = «{ $asked }» — не из игроков расписанных пулек чата: { $players }. Долги одного игрока: <code>/debts { $example }</code>; все — /debts.
debts_line = { $debtor } → { $creditor }: { $amount } { $currency } ({ $count ->
    [1] пулька { $pulkas }
   *[other] пульки: { $pulkas }
})
debts_pending = 💸 из них оплачено { $amount }, ждём «Получено» — { $creditor }
debts_more = …и ещё долгов: { $count }. Долги одного игрока: /debts Имя
debts_number = №{ $number }
debts_confirmed_title = Отметки:
debts_confirmed_paid = { $number } · { $date } · { $payer } → { $payee } { $amount } { $currency }: оплачено — отметка: { $who }
debts_confirmed_received = { $number } · { $date } · { $payer } → { $payee } { $amount } { $currency }: получено — отметка: { $who }
debts_how = Отметить оплату: кнопки под росписью пульки (/pulka N). Долг закрыт, когда получатель нажал «Получено».
