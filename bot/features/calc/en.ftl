### The words of calc, in English.

calc_title = <b>Paper-sheet calculator</b>
calc_result_title = 🧮 <b>Paper sheet settled</b>: { $variant }, to { $target }, players: { $n }
calc_ask_names = Choose the variant and the number of players, then reply to this message with the players' names in seating order, separated by spaces (for example: <code>Anna Boris Vera</code>), or tap the button with the names { $example }.
calc_ask_figures = Reply to this message with figures. { $name }: pool, mountain, then whists — { $others }. For example: <code>{ $example }</code> (or <code>pool 20 mountain 4 whists</code> and a name with a number for each).
calc_done = The sheet is settled; the settlement is below. The form above can be sent as one message.
calc_closed = The calculator is closed.
calc_stale = This calculator message can no longer be read. Start again: /calc
calc_default_names = A B C D E
calc_btn_players = Players: { $n }
calc_btn_names = Names: { $names }
calc_btn_back = ↩ Back
calc_btn_close = ✖ Close
calc_word_sochi = sochi
calc_word_leningrad = leningrad
calc_word_rostov = rostov
calc_word_to = to
calc_word_at = at
calc_word_pulka = pool
calc_word_mountain = mountain
calc_word_whists = whists
calc_form = Form: <code>/calc variant players to target at stake key=value</code> (all optional), then a line per player in seating order: <code>Name pool N mountain N whists Name N Name N</code>; numbers without words are the pool, the mountain, then the whists on the others in order.
calc_example =
    For example:
    <code>/calc sochi 3 at 1
    Anna pool 20 mountain 13 whists Boris 70 Vera 100
    Boris 20 7.5 114 96
    Vera 20 25 140 180</code>
calc_bad_count = “{ $token }”: a number alone is the number of players, 2 to 5 (or a word: hussar, five); the target is written <code>to 20</code>, the stake <code>at 1</code>.
calc_bad_header = “{ $token }”: the first line takes the variant (sochi, leningrad, rostov), the number of players (or hussar, five), hussar's <code>indivisible</code> mountain, <code>to</code> and the target, <code>at</code> and the stake, conventions as <code>key=value</code>.
calc_header_twice = “{ $token }”: the first line says this already.
calc_bad_target = “{ $token }”: the pool's target is a whole number from 1 to 10000.
calc_bad_stake = “{ $token }”: the stake is a number like 1 or 0.5.
calc_bad_key = “{ $token }”: there is no such convention. The conventions: { $keys }.
calc_bad_value = “{ $token }”: that convention has no such value; it takes: { $allowed }.
calc_bad_amount = { $name }: “{ $token }”: a number on the sheet has up to 6 digits and up to 4 decimals: 7, 7.5, 13.33.
calc_bad_name = “{ $token }”: a player's line starts with the name — one word of up to 24 characters, not a number and not “pool”, “mountain”, “whists”.
calc_missing_amount = { $name }: a number must follow “{ $token }”.
calc_twice = { $name }: “{ $token }” a second time.
calc_whist_without_name = { $name }: the number { $token } has no name. Whists are written with names (<code>whists Boris 30 Vera 12</code>) or all without names, in seating order.
calc_bad_word = { $name }: “{ $token }” is neither a number nor a name.
calc_players_count = Lines with players: { $n }; a sheet has 2 to 5, a line per player.
calc_players_differ = Players said: { $said }, but lines with players: { $n }.
calc_name_twice = { $name }: this name is on the sheet already.
calc_listed_count = { $name }: whists without names are written on each of the others in order ({ $others }); numbers given: { $n }.
calc_unknown_player = { $name }: “{ $token }” is not a player. The players: { $players }.
calc_self_whists = { $name }: no one writes whists on himself.
calc_whists_twice = { $name }: the whists for { $on } are written twice.
calc_missing_pulka = { $name }: no pool. A closed pool is the target: <code>pool 20</code>.
calc_no_lines = No lines with players: after the first line, one line per player.
calc_names_count = Names: { $n }; a sheet needs 2 to 5, separated by spaces, in seating order.
# A convention of one table size on a sheet of another ($token: its key, $n: the players).
calc_rule_hussar = “{ $token }”: this is a hussar convention (two players), and the sheet has { $n } players.
calc_rule_five = “{ $token }”: this is a five-player convention, and the sheet has { $n } players.
calc_rule_size = “{ $token }”: this is a convention of another table size, and the sheet has { $n } players.
# Under the title of a hussar sheet's settlement ($mountain: divisible, indivisible).
calc_result_hussar = Hussar: the third hand is a dummy (not in the settlement); { $mountain ->
    [indivisible] indivisible mountain: a mountain point is 10 whists to the opponent
   *[divisible] divisible mountain: a mountain point is 5 whists to the opponent
}.
# The step-by-step message's button for hussar's mountain (tap: the other one).
calc_btn_mountain = { $mountain ->
    [indivisible] Mountain: indivisible
   *[divisible] Mountain: divisible
}
