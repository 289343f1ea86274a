### The words of calc, in Ukrainian.

calc_title = <b>Калькулятор аркуша</b>
calc_result_title = 🧮 <b>Розпис аркуша</b>: { $variant }, до { $target }, гравців: { $n }
calc_ask_names = Виберіть варіант і кількість гравців, потім дайте відповідь на це повідомлення іменами гравців у порядку розсадки, через пробіл (наприклад: <code>Аня Боря Віра</code>), або натисніть кнопку з іменами { $example }.
calc_ask_figures = Дайте відповідь на це повідомлення цифрами. { $name }: куля, гора, потім вісти — { $others }. Наприклад: <code>{ $example }</code> (або <code>куля 20 гора 4 вісти</code> та ім'я з числом для кожного).
calc_done = Аркуш розписано, розпис нижче. Форму вище можна надіслати одним повідомленням.
calc_closed = Калькулятор закрито.
calc_stale = Це повідомлення калькулятора вже не читається. Почніть знову: /calc
calc_default_names = А Б В Г Д
calc_btn_players = Гравців: { $n }
calc_btn_names = Імена: { $names }
calc_btn_back = ↩ Назад
calc_btn_close = ✖ Закрити
calc_word_sochi = сочі
calc_word_leningrad = ленінград
calc_word_rostov = ростов
calc_word_to = до
calc_word_at = по
calc_word_pulka = куля
calc_word_mountain = гора
calc_word_whists = вісти
calc_form = Форма: <code>/calc варіант кількість-гравців до ціль по ставка ключ=значення</code> (усе необов'язкове), потім по рядку на гравця в порядку розсадки: <code>Ім'я куля N гора N вісти Ім'я N Ім'я N</code>; числа без слів — куля, гора, потім вісти на решту по порядку.
calc_example =
    Наприклад:
    <code>/calc сочі 3 по 1
    Аня куля 20 гора 13 вісти Боря 70 Віра 100
    Боря 20 7.5 114 96
    Віра 20 25 140 180</code>
calc_bad_count = «{ $token }»: число без слова — це кількість гравців, від 2 до 5 (або слово: гусарик, уп'ятьох); ціль пишеться <code>до 20</code>, ставка <code>по 1</code>.
calc_bad_header = «{ $token }»: у першому рядку чекають варіант (сочі, ленінград, ростов), кількість гравців (або гусарик, уп'ятьох), <code>неподільна гора</code> гусарика, <code>до</code> і ціль, <code>по</code> і ставку, правила як <code>ключ=значення</code>.
calc_header_twice = «{ $token }»: це вже сказано в першому рядку.
calc_bad_target = «{ $token }»: ціль кулі — ціле число від 1 до 10000.
calc_bad_stake = «{ $token }»: ставка — число на кшталт 1, 0.5 або 0,5.
calc_bad_key = «{ $token }»: такого правила немає. Правила: { $keys }.
calc_bad_value = «{ $token }»: такого значення в цього правила немає; можна так: { $allowed }.
calc_bad_amount = { $name }: «{ $token }» — число на аркуші пишуть до 6 цифр і до 4 знаків після крапки: 7, 7.5, 13.33.
calc_bad_name = «{ $token }»: рядок гравця починається з імені — одне слово до 24 знаків, не число і не «куля», «гора», «вісти».
calc_missing_amount = { $name }: після «{ $token }» потрібне число.
calc_twice = { $name }: «{ $token }» удруге.
calc_whist_without_name = { $name }: число { $token } стоїть без імені. Вісти пишуть з іменами (<code>вісти Боря 30 Віра 12</code>) або всі без імен, по порядку розсадки.
calc_bad_word = { $name }: «{ $token }» — не число і не ім'я.
calc_players_count = Рядків із гравцями: { $n }, а потрібно від 2 до 5 — по рядку на гравця.
calc_players_differ = Сказано гравців: { $said }, а рядків із гравцями: { $n }.
calc_name_twice = { $name }: це ім'я вже є на аркуші.
calc_listed_count = { $name }: вісти без імен пишуть кожному з решти по порядку ({ $others }), а чисел: { $n }.
calc_unknown_player = { $name }: «{ $token }» — такого гравця немає. Гравці: { $players }.
calc_self_whists = { $name }: вісти на себе не пишуть.
calc_whists_twice = { $name }: вісти — { $on } — записано вдруге.
calc_missing_pulka = { $name }: немає кулі. Закрита куля — це ціль: <code>куля 20</code>.
calc_no_lines = Немає рядків із гравцями: після першого рядка — по рядку на кожного гравця.
calc_names_count = Імен: { $n }, а потрібно від 2 до 5, через пробіл, у порядку розсадки.
# A convention of one table size on a sheet of another ($token: its key, $n: the players).
calc_rule_hussar = «{ $token }»: це правило гусарика (двоє гравців), а на аркуші гравців: { $n }.
calc_rule_five = «{ $token }»: це правило гри вп'ятьох, а на аркуші гравців: { $n }.
calc_rule_size = «{ $token }»: це правило столу іншого розміру, а на аркуші гравців: { $n }.
# Under the title of a hussar sheet's settlement ($mountain: divisible, indivisible).
calc_result_hussar = Гусарик, третім — болван (у розписі його немає); { $mountain ->
    [indivisible] гора неподільна: очко гори — 10 вістів суперникові
   *[divisible] гора подільна: очко гори — 5 вістів суперникові
}.
# The step-by-step message's button for hussar's mountain (tap: the other one).
calc_btn_mountain = { $mountain ->
    [indivisible] Гора: неподільна
   *[divisible] Гора: подільна
}
