### Entering deals at a two-player (гусарик) and a five-player table: the wizard's
### words, the typed forms' messages, the guard for the pair sitting out.

wiz_sitting_out = Не грають: { $first } і { $second }.
wiz_ask_kind_no_misere = Хто грає? Або розпаси (мізеру в гусарику за цими правилами немає).
wiz_ask_tricks_hussar = Взятки — { $name }? Решта — у захисту: { $other } з болваном.
wiz_ask_raspasy_dummy = Взятки — { $name }? (решта — у болвана)
hussar_whist = { $a } віст
hussar_pass = { $a } пас
hussar_pass_dummy = { $a } пас (болван вістує — граємо)
table_count2 = У гусарику назвіть взятки обох гравців (решта — у болвана), названо { $count }.
table_count5 = Уп'ятьох назвіть трьох гравців за столом (здавач і його сусід не грають), названо { $count }.
hussar_form = У гусарику після контракту потрібна відповідь захисника (віст або пас), а при вісті — взятки того, хто грає: наприклад, «7ч віст 7» або «6п пас».
guard_seat_pair = За розсадкою цю здачу пропускають { $expected } і { $expected2 }, а в записі — { $named } і { $named2 }.
whatif_role_resting = Сусід здавача (не грає)
whatif_size_2 = удвох (гусарик)
whatif_size_5 = уп'ятьох
form_all_hussar =
    Форми в гусарику:
    <code>/deal { $a } 7ч віст 7</code> — гра (взятки того, хто грає)
    <code>/deal { $b } мізер 0</code> — мізер
    <code>/deal розпаси { $a } 3 { $b } 5</code> — розпаси (решта — у болвана)
form_game_hussar =
    Форма в гусарику: /deal Гравець Контракт [Захисник] віст|пас Взятки того, хто грає
    Наприклад: <code>/deal { $a } 7ч віст 7</code>, <code>/deal { $a } 7ч рівно { $b } віст</code> або <code>/deal { $a } 6п пас</code>
form_raspasy_hussar =
    Форма в гусарику: /deal розпаси Гравець Взятки Гравець Взятки (решта — у болвана)
    Наприклад: <code>/deal розпаси { $a } 3 { $b } 5</code> або за місцями: <code>/deal розпаси 3 5</code>
