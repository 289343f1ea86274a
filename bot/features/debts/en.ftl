### The words of debts, in English.

debts_paid_noted = Noted: { $payer } → { $payee } { $amount } { $currency } paid. “Received” by { $payee } closes it.
debts_received_noted = Noted: { $payer } → { $payee } { $amount } { $currency } received. Settled.
debts_already_paid = Noted already: { $payer } → { $payee } { $amount } { $currency } paid; waiting for “Received” by { $payee }.
debts_already_received = Closed already: { $payer } → { $payee }, received in full.
debts_title = <b>Debts between pulkas</b> (what is not received yet, over the chat's settled pulkas):
debts_title_of = <b>Debts — { $name }</b> (what is not received yet, over the chat's settled pulkas):
debts_none = Nothing open: everything settled has been received.
debts_no_nights = No debts: the chat has no settled pulka yet. Debts appear once a pulka is settled (/settle).
debts_who = “{ $asked }” is not a player of the chat's settled pulkas: { $players }. One player's debts: <code>/debts { $example }</code>; all of them: /debts.
debts_line = { $debtor } → { $creditor }: { $amount } { $currency } ({ $count ->
    [1] pulka { $pulkas }
   *[other] pulkas: { $pulkas }
})
debts_pending = 💸 of it paid { $amount }, waiting for “Received” by { $creditor }
debts_more = …and more debts: { $count }. One player's: /debts Name
debts_number = #{ $number }
debts_confirmed_title = Marked:
debts_confirmed_paid = { $number } · { $date } · { $payer } → { $payee } { $amount } { $currency }: paid — marked by { $who }
debts_confirmed_received = { $number } · { $date } · { $payer } → { $payee } { $amount } { $currency }: received — marked by { $who }
debts_how = To mark a payment: the buttons under a pulka's settlement (/pulka N). A debt is closed once the one paid presses “Received”.
