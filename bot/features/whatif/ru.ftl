### The words of whatif, in Russian (the default language).

whatif_role_resting = Сосед сдающего (не играет)
whatif_size_2 = вдвоём (гусарик)
whatif_size_5 = впятером
whatif_role_declarer = Разыгрывающий
whatif_role_dealer = Сдающий (на прикупе)
whatif_role_whister = Вистующий
whatif_role_whister_n = Вистующий { $n }
whatif_role_passer = Пасующий
whatif_role_passer_n = Пасующий { $n }
whatif_role_half = Полвистующий
whatif_role_other = Игрок { $n }
whatif_size_3 = втроём
whatif_size_4 = вчетвером
whatif_cost_title = <b>Цена сдачи</b>: { $deal }
whatif_cost_declarer = { $role }: { $n }
whatif_cost_defender = { $role }: { $choice }, { $n }
whatif_cost_defender_unplayed = { $role }: { $choice }
whatif_cost_rules_running = Правила идущей пульки: { $variant }, { $size }, вист по { $stake } { $currency }.
whatif_cost_rules_last = Правила последней пульки чата: { $variant }, { $size }, вист по { $stake } { $currency }.
whatif_cost_rules_default = Пульки в чате нет, правила по умолчанию: { $variant }, { $size }, вист по { $stake } { $currency }.
whatif_cost_line = { $role }: { $whists } вист. = { $money } { $currency }
whatif_cost_note = Это стоимость игры: на сколько она меняет итог каждого, в любой момент пульки. Ничего не записано.
whatif_cost_usage =
    Как писать: /cost контракт [взятки разыгрывающего: 7, ровно, +1, без одной] вист|пас|полвиста [взятки] [вист|пас [взятки]] [вдвоём|втроём|вчетвером|впятером]
    Число после вистов — взятки защитников, по порядку; кого не назвали — пасует.
    Например: /cost 6♠ без одной вист вист 2 3 вчетвером · /cost 7ч ровно вист · /cost 7♥ вист 2 (вистующий взял 2, разыгрывающий 8) · /cost мизер 1
whatif_cost_empty = Какую сдачу оценить? Напишите контракт и висты после /cost.
whatif_cost_contract = «{ $token }» — не контракт: нужен уровень 6–10 и масть, например 7ч, 6♠, 8бк.
whatif_cost_word = «{ $token }» здесь не понять: после контракта идут взятки разыгрывающего, вист/пас/полвиста и взятки защитников.
whatif_cost_extra = «{ $token }» — лишнее: защитников двое, у каждого одно число взяток.
whatif_cost_misere = «{ $token }» — не взятки мизера: после «мизер» идёт число взяток разыгрывающего, от 0 до 10, или «чистый» (ни одной), и размер стола, если нужен: <code>/cost мизер 1</code>, <code>/cost мизер чистый вчетвером</code>.
whatif_cost_refused = Такую сдачу не сыграть: { $reason }.
whatif_title = <b>Что если</b> — пулька №{ $number }:
whatif_change = { $key }: { $old } → { $new }
whatif_line = { $name }: { $agreed } → { $changed } вист. ({ $diff }); { $agreed_money } → { $changed_money } { $currency } ({ $diff_money })
whatif_note = Это только расчёт: в пульке ничего не изменено, роспись осталась прежней.
whatif_same = Пулька №{ $number } и так расписана по этим правилам: ничего не меняется.
whatif_nothing = Итоги те же: по этим правилам висты и деньги у всех остаются прежними.
whatif_set_raspasy_cycle = Распасы по кругу: { $value }
whatif_broken = По этим правилам не сыграть сдачу №{ $deal } ({ $what }): { $reason }.
whatif_none = Законченных пулек здесь ещё нет: /whatif пересчитывает законченную (список — /pulkas).
whatif_usage = Что поменять? /whatif правило=значение — для последней законченной пульки, /whatif N … — для пульки N из /pulkas.
whatif_rules_refused = Так правило не изменить: { $reason }.
whatif_unknown = Не знаю такого правила или значения: «{ $token }».
whatif_deal = /whatif пересчитывает законченную пульку по другим правилам: <code>/whatif greedy</code>, <code>/whatif 2 leningrad</code>. Цену одной сдачи покажет /cost: <code>/cost 6♠ 6 вист 3 пас 1</code>. Ничего не записано.
whatif_bad_value = «{ $token }» — такого значения у этого правила нет.
whatif_keys = Правила: { $keys }. Варианты целиком: сочинка (sochi), ленинградка (leningrad), ростовка (rostov).
whatif_example = Например: /whatif greedy · /whatif whist=greedy · /whatif 2 leningrad · /whatif half_whist (да/нет меняется на обратное) · /whatif raspasy=1,2,3
