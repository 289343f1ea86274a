## Table sizes (issue 13): hussar (two players and a dummy) and five players.
## Where a pulka starts: the settings message, /newpulka вдвоём|впятером, the seating
## before the first deal, /rules.

# The table size in words.  $seats: 2 to 5, anything else: not chosen (three or four);
# $side: who sits out with the dealer at five (five_sitting_out: right, left).
table_size = { $seats ->
    [2] вдвоём, гусарик: третьим — болван
    [3] втроём
    [4] вчетвером: сдающий не играет
    [5] { $side ->
        [left] впятером: сдающий и его сосед слева не играют
       *[right] впятером: сдающий и его сосед справа не играют
    }
   *[other] втроём или вчетвером
}
table_line = Стол: { $size }.
started_join_chosen = Садитесь за стол: /join (гость без Telegram: /join Имя); первый севший сдаёт первым.
players_open_chosen = Рассадка открыта: /join. Нужно { $seats } { $seats ->
    [one] игрок
    [few] игрока
   *[many] игроков
}.
need_players_chosen = Для сдачи нужно { $seats } { $seats ->
    [one] игрок
    [few] игрока
   *[many] игроков
}, за столом { $count }. Садитесь: /join

## The conventions of one table size (/rules and the settings pages)

rules_hussar = Гусарик: гора { $hussar_mountain }; вист за болвана (болван вистует, когда соперник спасовал): { $dummy_whist }; мизер: { $hussar_misere }; взятки болвана на распасах: { $hussar_raspasy }.
rules_five = Впятером со сдающим не играет { $five_sitting_out }; консоляцию из двух неиграющих пишут: { $five_consolation }.
set_hussar_mountain = Гора: { $value }
set_dummy_whist = Вист за болвана: { $value }
set_hussar_misere = Мизер в гусарике: { $value }
set_hussar_raspasy = Взятки болвана на распасах: { $value }
set_five_sitting_out = Со сдающим не играет: { $value }
set_five_consolation = Консоляцию из неиграющих пишут: { $value }
rules_hussar_mountain_divisible = делимая (очко — 5 вистов)
rules_hussar_mountain_indivisible = неделимая (очко — 10 вистов)
rules_hussar_raspasy_ignored = не пишутся
rules_hussar_raspasy_shared = пополам обоим
rules_five_sitting_out_right = сосед справа
rules_five_sitting_out_left = сосед слева
rules_five_consolation_both = оба
rules_five_consolation_dealer = только сдающий
