### The words of debts, in Ukrainian.

debts_paid_noted = Позначено: { $payer } → { $payee } { $amount } { $currency } сплачено. Борг закриє «Отримано» — { $payee }.
debts_received_noted = Позначено: { $payer } → { $payee } { $amount } { $currency } отримано. Борг закрито.
debts_already_paid = Уже позначено: { $payer } → { $payee } { $amount } { $currency } сплачено; чекаємо «Отримано» — { $payee }.
debts_already_received = Уже закрито: { $payer } → { $payee }, отримано повністю.
debts_title = <b>Борги між пульками</b> (що ще не отримано за розписаними пульками чату):
debts_title_of = <b>Борги — { $name }</b> (що ще не отримано за розписаними пульками чату):
debts_none = Відкритих боргів немає: усе розписане отримано.
debts_no_nights = Боргів немає: у чаті ще немає розписаних пульок. Борги з'являться, коли пульку розпишуть (/settle).
debts_who = «{ $asked }» — не з гравців розписаних пульок чату: { $players }. Борги одного гравця: <code>/debts { $example }</code>; усі — /debts.
debts_line = { $debtor } → { $creditor }: { $amount } { $currency } ({ $count ->
    [1] пулька { $pulkas }
   *[other] пульки: { $pulkas }
})
debts_pending = 💸 з них сплачено { $amount }, чекаємо «Отримано» — { $creditor }
debts_more = …і ще боргів: { $count }. Борги одного гравця: /debts Ім'я
debts_number = №{ $number }
debts_confirmed_title = Позначки:
debts_confirmed_paid = { $number } · { $date } · { $payer } → { $payee } { $amount } { $currency }: сплачено — позначка: { $who }
debts_confirmed_received = { $number } · { $date } · { $payer } → { $payee } { $amount } { $currency }: отримано — позначка: { $who }
debts_how = Позначити оплату: кнопки під розписом пульки (/pulka N). Борг закрито, коли отримувач натиснув «Отримано».
