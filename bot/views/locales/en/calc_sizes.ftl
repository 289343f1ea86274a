## /calc with two (hussar) and five players (issue 13): bot/input/sheet_text.py, bot/views/calc.py

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
