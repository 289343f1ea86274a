### The words of whatif, in Ukrainian.

whatif_role_resting = Сусід здавача (не грає)
whatif_size_2 = удвох (гусарик)
whatif_size_5 = уп'ятьох
whatif_role_declarer = Розігрувач
whatif_role_dealer = Здавач (на прикупі)
whatif_role_whister = Вістуючий
whatif_role_whister_n = Вістуючий { $n }
whatif_role_passer = Пасуючий
whatif_role_passer_n = Пасуючий { $n }
whatif_role_half = На піввіста
whatif_role_other = Гравець { $n }
whatif_size_3 = утрьох
whatif_size_4 = учотирьох
whatif_cost_title = <b>Ціна роздачі</b>: { $deal }
whatif_cost_declarer = { $role }: { $n }
whatif_cost_defender = { $role }: { $choice }, { $n }
whatif_cost_defender_unplayed = { $role }: { $choice }
whatif_cost_rules_running = Правила поточної пульки: { $variant }, { $size }, віст по { $stake } { $currency }.
whatif_cost_rules_last = Правила останньої пульки чату: { $variant }, { $size }, віст по { $stake } { $currency }.
whatif_cost_rules_default = Пульки в чаті немає, правила за замовчуванням: { $variant }, { $size }, віст по { $stake } { $currency }.
whatif_cost_line = { $role }: { $whists } віст. = { $money } { $currency }
whatif_cost_note = Це вартість гри: на скільки вона змінює підсумок кожного, будь-коли в пульці. Нічого не записано.
whatif_cost_usage =
    Як писати: /cost контракт [хабарі розігрувача: 7, рівно, +1, без одного] віст|пас|піввіста [хабарі] [віст|пас [хабарі]] [удвох|утрьох|учотирьох|уп'ятьох]
    Число після вістів — хабарі захисників, по черзі; кого не названо — пасує.
    Наприклад: /cost 6♠ без одного віст віст 2 3 учотирьох · /cost 7ч рівно віст · /cost 7♥ віст 2 (вістуючий узяв 2, розігрувач 8) · /cost мізер 1
whatif_cost_empty = Яку роздачу оцінити? Напишіть контракт і вісти після /cost.
whatif_cost_contract = «{ $token }» — не контракт: потрібен рівень 6–10 і масть, наприклад 7ч, 6♠, 8бк.
whatif_cost_word = «{ $token }» тут не зрозуміло: після контракту йдуть хабарі розігрувача, віст/пас/піввіста і хабарі захисників.
whatif_cost_extra = «{ $token }» — зайве: захисників двоє, у кожного одне число хабарів.
whatif_cost_misere = «{ $token }» — не хабарі мізеру: після «мізер» іде число хабарів розігрувача, від 0 до 10, або «чистий» (жодного), і розмір столу, якщо треба: <code>/cost мізер 1</code>, <code>/cost мізер чистий учотирьох</code>.
whatif_cost_refused = Таку роздачу не зіграти: { $reason }.
whatif_title = <b>Що як</b> — пулька №{ $number }:
whatif_change = { $key }: { $old } → { $new }
whatif_line = { $name }: { $agreed } → { $changed } віст. ({ $diff }); { $agreed_money } → { $changed_money } { $currency } ({ $diff_money })
whatif_note = Це лише розрахунок: у пульці нічого не змінено, розпис лишився тим самим.
whatif_same = Пульку №{ $number } і так розписано за цими правилами: нічого не змінюється.
whatif_nothing = Підсумки ті самі: за цими правилами вісти й гроші в усіх лишаються такими ж.
whatif_set_raspasy_cycle = Розпаси по колу: { $value }
whatif_broken = За цими правилами не зіграти роздачу №{ $deal } ({ $what }): { $reason }.
whatif_none = Закінчених пульок тут ще немає: /whatif перераховує закінчену (список — /pulkas).
whatif_usage = Що змінити? /whatif правило=значення — для останньої закінченої пульки, /whatif N … — для пульки N з /pulkas.
whatif_rules_refused = Так правило не змінити: { $reason }.
whatif_unknown = Не знаю такого правила чи значення: «{ $token }».
whatif_deal = /whatif перераховує закінчену пульку за іншими правилами: <code>/whatif greedy</code>, <code>/whatif 2 leningrad</code>. Ціну однієї роздачі покаже /cost: <code>/cost 6♠ 6 віст 3 пас 1</code>. Нічого не записано.
whatif_bad_value = «{ $token }» — такого значення в цього правила немає.
whatif_keys = Правила: { $keys }. Варіанти цілком: сочі (sochi), ленінградка (leningrad), ростов (rostov).
whatif_example = Наприклад: /whatif greedy · /whatif whist=greedy · /whatif 2 leningrad · /whatif half_whist (так/ні змінюється на протилежне) · /whatif raspasy=1,2,3
