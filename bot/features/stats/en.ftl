### The words of stats, in English.

stats_empty = No statistics yet: they are made of this chat's settled pulkas. Play a pulka to the end and settle it (/settle), and each player's whists, money and games will show here.
stats_title = <b>Chat statistics</b>: { $count } settled { $count ->
    [one] pulka
   *[other] pulkas
}, whists with the corrections after settling.
stats_player = { $place }. <b>{ $name }</b>: pulkas { $pulkas }, whists { $whists }, money { $money }
stats_player_nights = best { $best }, worst { $worst }, per deal { $per_deal }
stats_player_games = { $games }; misères { $misere }; went down { $remizes }; all-pass tricks { $raspasy }
stats_night = { $whists } (#{ $number }, { $date })
stats_level = { $level }: { $made } of { $played }
stats_of = { $made } of { $played }
stats_games = games { $levels }
stats_games_none = no games declared
stats_pairs_title = <b>Head to head</b> (money over all pulkas, the first one ahead):
stats_pair = { $winner } — { $loser }: { $amount }
stats_more_players = …and more players: { $count }. One player: /stats Name
stats_more_pairs = …and more pairs: { $count }.
stats_how = One player: /stats Name or /stats @username · chart: /stats chart · for spreadsheets: /export csv stats
stats_card_title = <b>{ $name }</b>: statistics over all the chat's pulkas{ $aka }
stats_card_aka = (also as: { $names })
stats_card_played = Pulkas: { $pulkas } · deals at the table: { $deals }
stats_card_whists = Whists: { $whists } · per deal: { $per_deal }
stats_card_money = Money: { $money }
stats_card_best = Best pulka: { $night }
stats_card_worst = Worst pulka: { $night }
stats_card_games = Games (made of declared): { $levels }
stats_card_no_games = Games: none declared
stats_card_misere = Misères: { $made } of { $played }
stats_card_remizes = Went down: { $remizes } (tricks short: { $short })
stats_card_raspasy = All-pass: { $tricks } tricks taken
stats_card_pairs = Head to head (plus: won):
stats_card_pair = { $other }: { $amount }
stats_card_no_pairs = Head to head: nobody owes anybody.
stats_unknown = There is no player "{ $query }" in this chat's statistics. Known: { $names }. For example: /stats { $example }
stats_chart_button = 📈 Chart
stats_chart_title = Running money total, { $currency }
stats_chart_caption = Each player's running money total over the settled pulkas ({ $currency }); along the bottom, the pulkas' numbers.
stats_chart_other = Pulkas in other currencies are not shown here: { $currencies }.
stats_chart_failed = The chart could not be drawn; every figure is in /stats.
stats_chart_recent = The chart was sent just now.
stats_csv_caption = The chat's statistics for spreadsheets: CSV in UTF-8, separated by semicolons.
