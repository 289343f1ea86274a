### Entering deals at a two-player (гусарик) and a five-player table: the wizard's
### words, the typed forms' messages, the guard for the pair sitting out.

wiz_sitting_out = Не играют: { $first } и { $second }.
wiz_ask_kind_no_misere = Кто играет? Или распасы (мизера в гусарике по этим правилам нет).
wiz_ask_tricks_hussar = Взятки — { $name }? Остальные — у защиты: { $other } с болваном.
wiz_ask_raspasy_dummy = Взятки — { $name }? (остальные — у болвана)
hussar_whist = { $a } вист
hussar_pass = { $a } пас
hussar_pass_dummy = { $a } пас (болван вистует — играем)
table_count2 = В гусарике назовите взятки обоих игроков (остальные — у болвана), названо { $count }.
table_count5 = Впятером назовите трёх игроков за столом (сдающий и его сосед не играют), названо { $count }.
hussar_form = В гусарике после контракта нужен ответ защитника (вист или пас), а при висте — взятки разыгрывающего: например, «7ч вист 7» или «6п пас».
guard_seat_pair = По рассадке эту сдачу пропускают { $expected } и { $expected2 }, а в записи — { $named } и { $named2 }.
whatif_role_resting = Сосед сдающего (не играет)
whatif_size_2 = вдвоём (гусарик)
whatif_size_5 = впятером
form_all_hussar =
    Формы в гусарике:
    <code>/deal { $a } 7ч вист 7</code> — игра (взятки разыгрывающего)
    <code>/deal { $b } мизер 0</code> — мизер
    <code>/deal распасы { $a } 3 { $b } 5</code> — распасы (остальные — у болвана)
form_game_hussar =
    Форма в гусарике: /deal Разыгрывающий Контракт [Защитник] вист|пас Взятки разыгрывающего
    Например: <code>/deal { $a } 7ч вист 7</code>, <code>/deal { $a } 7ч ровно { $b } вист</code> или <code>/deal { $a } 6п пас</code>
form_raspasy_hussar =
    Форма в гусарике: /deal распасы Игрок Взятки Игрок Взятки (остальные — у болвана)
    Например: <code>/deal распасы { $a } 3 { $b } 5</code> или по местам: <code>/deal распасы 3 5</code>
