# Errors of a two-player (гусарик) and a five-player table, by scoring's error code.
err-tricks_five = уп'ятьох потрібні взятки трьох гравців за столом; двоє неназваних — здавач і його сусід, вони не грають
err-sitting_out_pair = { $names } не можуть пропускати роздачу разом: уп'ятьох не грають здавач і його сусід (за розсадкою — { $expected })
err-tricks_two = у гусарику потрібні взятки обох гравців ({ $players }) або, у грі, лише того, хто грає; у вістуючого — разом зі взятками болвана
err-tricks_two_sum = у гравців разом { $total } { $total ->
    [one] взятка
    [few] взятки
   *[other] взяток
}, а на розпасах у гусарику їх не більше 10 (решта в болвана)
err-half_hussar = у гусарику піввіста немає: єдиний захисник вістує або пасує
err-misere_out = { $declarer } цієї роздачі не грає (здає { $dealer }): мізер грає той, хто за столом (їхні імена — у «➕ Нова роздача»)
err-misere_hussar_off = мізер у гусарику за цими правилами не грають

# A defender of a game nobody played out (written as made): his choice, no tricks.
defender_unplayed = { $name } { $choice }
