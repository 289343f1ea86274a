## /calc with two (гусарик) and five players (issue 13): bot/input/sheet_text.py, bot/views/calc.py

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
