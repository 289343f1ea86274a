### The words of calc, in Russian (the default language).

calc_title = <b>Калькулятор листа</b>
calc_result_title = 🧮 <b>Роспись листа</b>: { $variant }, до { $target }, игроков: { $n }
calc_ask_names = Выберите вариант и число игроков, затем ответьте на это сообщение именами игроков в порядке рассадки, через пробел (например: <code>Аня Боря Вера</code>), или нажмите кнопку с именами { $example }.
calc_ask_figures = Ответьте на это сообщение цифрами. { $name }: пуля, гора, затем висты — { $others }. Например: <code>{ $example }</code> (или <code>пуля 20 гора 4 висты</code> и имя с числом для каждого).
calc_done = Лист расписан, роспись ниже. Форму выше можно отправить одним сообщением.
calc_closed = Калькулятор закрыт.
calc_stale = Это сообщение калькулятора уже не читается. Начните заново: /calc
calc_default_names = А Б В Г Д
calc_btn_players = Игроков: { $n }
calc_btn_names = Имена: { $names }
calc_btn_back = ↩ Назад
calc_btn_close = ✖ Закрыть
calc_word_sochi = сочи
calc_word_leningrad = ленинград
calc_word_rostov = ростов
calc_word_to = до
calc_word_at = по
calc_word_pulka = пуля
calc_word_mountain = гора
calc_word_whists = висты
calc_form = Форма: <code>/calc вариант число-игроков до цель по ставка ключ=значение</code> (всё необязательно), затем по строке на игрока в порядке рассадки: <code>Имя пуля N гора N висты Имя N Имя N</code>; числа без слов — пуля, гора, затем висты на остальных по порядку.
calc_example =
    Например:
    <code>/calc сочи 3 по 1
    Аня пуля 20 гора 13 висты Боря 70 Вера 100
    Боря 20 7.5 114 96
    Вера 20 25 140 180</code>
calc_bad_count = «{ $token }»: число без слова — это число игроков, от 2 до 5 (или слово: гусарик, впятером); цель пишется <code>до 20</code>, ставка <code>по 1</code>.
calc_bad_header = «{ $token }»: в первой строке ждут вариант (сочи, ленинград, ростов), число игроков (или гусарик, впятером), <code>неделимая гора</code> гусарика, <code>до</code> и цель, <code>по</code> и ставку, правила как <code>ключ=значение</code>.
calc_header_twice = «{ $token }»: это уже сказано в первой строке.
calc_bad_target = «{ $token }»: цель пули — целое число от 1 до 10000.
calc_bad_stake = «{ $token }»: ставка — число вроде 1, 0.5 или 0,5.
calc_bad_key = «{ $token }»: такого правила нет. Правила: { $keys }.
calc_bad_value = «{ $token }»: такого значения у этого правила нет; можно так: { $allowed }.
calc_bad_amount = { $name }: «{ $token }» — число на листе пишут до 6 цифр и до 4 знаков после точки: 7, 7.5, 13.33.
calc_bad_name = «{ $token }»: строка игрока начинается с имени — одно слово до 24 знаков, не число и не «пуля», «гора», «висты».
calc_missing_amount = { $name }: после «{ $token }» нужно число.
calc_twice = { $name }: «{ $token }» второй раз.
calc_whist_without_name = { $name }: число { $token } стоит без имени. Висты пишут с именами (<code>висты Боря 30 Вера 12</code>) или все без имён, по порядку рассадки.
calc_bad_word = { $name }: «{ $token }» — не число и не имя.
calc_players_count = Строк с игроками: { $n }, а нужно от 2 до 5 — по строке на игрока.
calc_players_differ = Сказано игроков: { $said }, а строк с игроками: { $n }.
calc_name_twice = { $name }: это имя уже есть на листе.
calc_listed_count = { $name }: висты без имён пишут каждому из остальных по порядку ({ $others }), а чисел: { $n }.
calc_unknown_player = { $name }: «{ $token }» — такого игрока нет. Игроки: { $players }.
calc_self_whists = { $name }: висты на себя не пишут.
calc_whists_twice = { $name }: висты — { $on } — записаны второй раз.
calc_missing_pulka = { $name }: нет пули. Закрытая пуля — это цель: <code>пуля 20</code>.
calc_no_lines = Нет строк с игроками: после первой строки — по строке на каждого игрока.
calc_names_count = Имён: { $n }, а нужно от 2 до 5, через пробел, в порядке рассадки.
# A convention of one table size on a sheet of another ($token: its key, $n: the players).
calc_rule_hussar = «{ $token }»: это правило гусарика (двое игроков), а на листе игроков: { $n }.
calc_rule_five = «{ $token }»: это правило игры впятером, а на листе игроков: { $n }.
calc_rule_size = «{ $token }»: это правило стола другого размера, а на листе игроков: { $n }.
# Under the title of a hussar sheet's settlement ($mountain: divisible, indivisible).
calc_result_hussar = Гусарик, третьим — болван (в росписи его нет); { $mountain ->
    [indivisible] гора неделимая: очко горы — 10 вистов сопернику
   *[divisible] гора делимая: очко горы — 5 вистов сопернику
}.
# The step-by-step message's button for hussar's mountain (tap: the other one).
calc_btn_mountain = { $mountain ->
    [indivisible] Гора: неделимая
   *[divisible] Гора: делимая
}
