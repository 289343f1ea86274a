### The words of stats, in Ukrainian.

stats_empty = Статистики поки немає: вона складається з розписаних пульок цього чату. Дограйте пульку й розпишіть її (/settle) — тоді тут з'являться вісти, гроші та ігри кожного.
stats_title = <b>Статистика чату</b>: { $count } { $count ->
    [one] розписана пулька
    [few] розписані пульки
   *[many] розписаних пульок
}, вісти — з поправками після розрахунку.
stats_player = { $place }. <b>{ $name }</b>: пульок { $pulkas }, вісти { $whists }, гроші { $money }
stats_player_nights = найкраща { $best }, найгірша { $worst }, на роздачу { $per_deal }
stats_player_games = { $games }; мізери { $misere }; недобори { $remizes }; на розпасах хабарів { $raspasy }
stats_night = { $whists } (№{ $number }, { $date })
stats_level = { $level }: { $made } з { $played }
stats_of = { $made } з { $played }
stats_games = ігри { $levels }
stats_games_none = ігор не замовлено
stats_pairs_title = <b>Одне з одним</b> (гроші за всі пульки, перший у плюсі):
stats_pair = { $winner } — { $loser }: { $amount }
stats_more_players = …і ще гравців: { $count }. Один гравець: /stats Ім'я
stats_more_pairs = …і ще пар: { $count }.
stats_how = Один гравець: /stats Ім'я або /stats @username · графік: /stats chart · для таблиць: /export csv stats
stats_card_title = <b>{ $name }</b>: статистика за всі пульки чату{ $aka }
stats_card_aka = (інші імена: { $names })
stats_card_played = Пульок: { $pulkas } · роздач за столом: { $deals }
stats_card_whists = Вісти: { $whists } · на роздачу: { $per_deal }
stats_card_money = Гроші: { $money }
stats_card_best = Найкраща пулька: { $night }
stats_card_worst = Найгірша пулька: { $night }
stats_card_games = Ігри (узято із замовлених): { $levels }
stats_card_no_games = Ігри: не замовлено жодної
stats_card_misere = Мізери: { $made } з { $played }
stats_card_remizes = Недобори: { $remizes } (забракло хабарів: { $short })
stats_card_raspasy = Розпаси: хабарів { $tricks }
stats_card_pairs = Одне з одним (плюс — виграш):
stats_card_pair = { $other }: { $amount }
stats_card_no_pairs = Одне з одним: ніхто нікому не винен.
stats_unknown = Гравця «{ $query }» у статистиці цього чату немає. Є: { $names }. Наприклад: /stats { $example }
stats_chart_button = 📈 Графік
stats_chart_title = Гроші наростаючим підсумком, { $currency }
stats_chart_caption = Гроші кожного наростаючим підсумком за розписаними пульками ({ $currency }); унизу — номери пульок.
stats_chart_other = Пульки в інших валютах тут не показано: { $currencies }.
stats_chart_failed = Графік намалювати не вдалося; усі цифри — у /stats.
stats_chart_recent = Графік щойно надіслано.
stats_csv_caption = Статистика чату для таблиць: CSV в UTF-8, роздільник — крапка з комою.
deals_csv_caption = Роздачі пульки для таблиць (CSV, { $deals } шт.).
deals_csv_none = Тут немає ні поточної, ні закінченої пульки з роздачами.
deals_csv_number = №
deals_csv_kind = роздача
deals_csv_game = гра
deals_csv_declarer = хто грав
deals_csv_contract = контракт
deals_csv_result = підсумок
deals_csv_tricks = хабарі розігрувача
deals_csv_player_tricks = { $name }: хабарі
deals_csv_player_choice = { $name }: віст/пас
deals_csv_pulka = { $name }: куля
deals_csv_mountain = { $name }: гора
deals_csv_whists = { $name } → { $on }: вісти
deals_csv_standing = { $name }: підсумок зараз
deals_csv_note = примітка
