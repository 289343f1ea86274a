# Errors of a two-player (гусарик) and a five-player table, by scoring's error code.
err-tricks_five = впятером нужны взятки трёх игроков за столом; двое неназванных — сдающий и его сосед, они не играют
err-sitting_out_pair = { $names } не могут пропускать сдачу вместе: впятером не играют сдающий и его сосед (по рассадке — { $expected })
err-tricks_two = в гусарике нужны взятки обоих игроков ({ $players }) или, в игре, одного разыгрывающего; у вистующего — вместе со взятками болвана
err-tricks_two_sum = у игроков вместе { $total } { $total ->
    [one] взятка
    [few] взятки
   *[other] взяток
}, а на распасах в гусарике их не больше 10 (остальные у болвана)
err-half_hussar = в гусарике полвиста нет: единственный защитник вистует или пасует
err-misere_out = { $declarer } в эту сдачу не играет (сдаёт { $dealer }): мизер играет тот, кто за столом (их имена — в «➕ Новая сдача»)
err-misere_hussar_off = мизер в гусарике по этим правилам не играют

# A defender of a game nobody played out (written as made): his choice, no tricks.
defender_unplayed = { $name } { $choice }
