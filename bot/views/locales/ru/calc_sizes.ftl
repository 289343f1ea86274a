## /calc with two (гусарик) and five players (issue 13): bot/input/sheet_text.py, bot/views/calc.py

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
