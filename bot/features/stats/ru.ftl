### The words of stats, in Russian (the default language).

stats_empty = Статистики пока нет: она складывается из расписанных пулек этого чата. Доиграйте пульку и распишите её (/settle) — тогда здесь появятся висты, деньги и игры каждого.
stats_title = <b>Статистика чата</b>: { $count } { $count ->
    [one] расписанная пулька
    [few] расписанные пульки
   *[many] расписанных пулек
}, висты — с поправками после расчёта.
stats_player = { $place }. <b>{ $name }</b>: пулек { $pulkas }, висты { $whists }, деньги { $money }
stats_player_nights = лучшая { $best }, худшая { $worst }, на сдачу { $per_deal }
stats_player_games = { $games }; мизеры { $misere }; недоборы { $remizes }; на распасах взяток { $raspasy }
stats_night = { $whists } (№{ $number }, { $date })
stats_level = { $level }: { $made } из { $played }
stats_of = { $made } из { $played }
stats_games = игры { $levels }
stats_games_none = игр не заказано
stats_pairs_title = <b>Друг с другом</b> (деньги за все пульки, первый в плюсе):
stats_pair = { $winner } — { $loser }: { $amount }
stats_more_players = …и ещё игроков: { $count }. Один игрок: /stats Имя
stats_more_pairs = …и ещё пар: { $count }.
stats_how = Один игрок: /stats Имя или /stats @username · график: /stats chart · для таблиц: /export csv stats
stats_card_title = <b>{ $name }</b>: статистика за все пульки чата{ $aka }
stats_card_aka = (другие имена: { $names })
stats_card_played = Пулек: { $pulkas } · сдач за столом: { $deals }
stats_card_whists = Висты: { $whists } · на сдачу: { $per_deal }
stats_card_money = Деньги: { $money }
stats_card_best = Лучшая пулька: { $night }
stats_card_worst = Худшая пулька: { $night }
stats_card_games = Игры (взято из заказанных): { $levels }
stats_card_no_games = Игры: не заказано ни одной
stats_card_misere = Мизеры: { $made } из { $played }
stats_card_remizes = Недоборы: { $remizes } (не хватило взяток: { $short })
stats_card_raspasy = Распасы: взяток { $tricks }
stats_card_pairs = Друг с другом (плюс — выигрыш):
stats_card_pair = { $other }: { $amount }
stats_card_no_pairs = Друг с другом: никто никому не должен.
stats_unknown = Игрока «{ $query }» в статистике этого чата нет. Есть: { $names }. Например: /stats { $example }
stats_chart_button = 📈 График
stats_chart_title = Деньги нарастающим итогом, { $currency }
stats_chart_caption = Деньги каждого нарастающим итогом по расписанным пулькам ({ $currency }); внизу — номера пулек.
stats_chart_other = Пульки в других валютах здесь не показаны: { $currencies }.
stats_chart_failed = График нарисовать не удалось; все цифры — в /stats.
stats_chart_recent = График только что отправлен.
stats_csv_caption = Статистика чата для таблиц: CSV в UTF-8, разделитель — точка с запятой.
deals_csv_caption = Сдачи пульки для таблиц (CSV, { $deals } шт.).
deals_csv_none = Здесь нет ни идущей, ни законченной пульки со сдачами.
deals_csv_number = №
deals_csv_kind = сдача
deals_csv_game = игра
deals_csv_declarer = кто играл
deals_csv_contract = контракт
deals_csv_result = итог
deals_csv_tricks = взятки играющего
deals_csv_player_tricks = { $name }: взятки
deals_csv_player_choice = { $name }: вист/пас
deals_csv_pulka = { $name }: пуля
deals_csv_mountain = { $name }: гора
deals_csv_whists = { $name } → { $on }: висты
deals_csv_standing = { $name }: итог сейчас
deals_csv_note = примечание
