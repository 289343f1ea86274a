## Table sizes (issue 13): hussar (two players and a dummy) and five players.
## Where a pulka starts: the settings message, /newpulka удвох|уп'ятьох, the seating
## before the first deal, /rules.

# The table size in words.  $seats: 2 to 5, anything else: not chosen (three or four);
# $side: who sits out with the dealer at five (five_sitting_out: right, left).
table_size = { $seats ->
    [2] удвох, гусарик: третій — болван
    [3] утрьох
    [4] учотирьох: здавач не грає
    [5] { $side ->
        [left] уп'ятьох: здавач і його сусід ліворуч не грають
       *[right] уп'ятьох: здавач і його сусід праворуч не грають
    }
   *[other] утрьох або вчотирьох
}
table_line = Стіл: { $size }.
started_join_chosen = Сідайте за стіл: /join (гість без Telegram: /join Ім'я); хто сів першим, той першим і здає.
players_open_chosen = Розсадка відкрита: /join. Потрібно { $seats } { $seats ->
    [one] гравець
    [few] гравці
   *[many] гравців
}.
need_players_chosen = Для роздачі потрібно { $seats } { $seats ->
    [one] гравець
    [few] гравці
   *[many] гравців
}, за столом { $count }. Сідайте: /join

## The conventions of one table size (/rules and the settings pages)

rules_hussar = Гусарик: гора { $hussar_mountain }; віст за болвана (болван вістує, коли суперник спасував): { $dummy_whist }; мізер: { $hussar_misere }; взятки болвана на розпасах: { $hussar_raspasy }.
rules_five = Уп'ятьох зі здавачем не грає { $five_sitting_out }; консоляцію з двох, хто не грає, пишуть: { $five_consolation }.
set_hussar_mountain = Гора: { $value }
set_dummy_whist = Віст за болвана: { $value }
set_hussar_misere = Мізер у гусарику: { $value }
set_hussar_raspasy = Взятки болвана на розпасах: { $value }
set_five_sitting_out = Зі здавачем не грає: { $value }
set_five_consolation = Консоляцію з тих, хто не грає, пишуть: { $value }
rules_hussar_mountain_divisible = подільна (очко — 5 вістів)
rules_hussar_mountain_indivisible = неподільна (очко — 10 вістів)
rules_hussar_raspasy_ignored = не пишуться
rules_hussar_raspasy_shared = навпіл обом
rules_five_sitting_out_right = сусід праворуч
rules_five_sitting_out_left = сусід ліворуч
rules_five_consolation_both = обидва
rules_five_consolation_dealer = лише здавач
