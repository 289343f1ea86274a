### Entering deals at a two-player (hussar) and a five-player table: the wizard's
### words, the typed forms' messages, the guard for the pair sitting out.

wiz_sitting_out = Sitting out: { $first } and { $second }.
wiz_ask_kind_no_misere = Who declares? Or all-pass (no misère in hussar by these rules).
wiz_ask_tricks_hussar = How many tricks did { $name } take? The defence ({ $other } with the dummy) has the rest.
wiz_ask_raspasy_dummy = How many tricks did { $name } take? (the dummy has the rest)
hussar_whist = { $a } whist
hussar_pass = { $a } pass
hussar_pass_dummy = { $a } pass (the dummy whists: played out)
table_count2 = In hussar, name both players' tricks (the dummy has the rest); { $count } named.
table_count5 = With five, name the three at the table (the dealer and a neighbour sit out); { $count } named.
hussar_form = In hussar the contract is followed by the defender's answer (whist or pass) and, on a whist, the declarer's tricks: for example "7h whist 7" or "6s pass".
guard_seat_pair = By the seating { $expected } and { $expected2 } sit this deal out, but the deal has { $named } and { $named2 } sitting out.
whatif_role_resting = Dealer's neighbour (sitting out)
whatif_size_2 = two players (hussar)
whatif_size_5 = five players
form_all_hussar =
    Forms in hussar:
    <code>/deal { $a } 7h whist 7</code>: a game (the declarer's tricks)
    <code>/deal { $b } misere 0</code>: a misère
    <code>/deal raspasy { $a } 3 { $b } 5</code>: all-pass (the dummy has the rest)
form_game_hussar =
    Form in hussar: /deal Declarer Contract [Defender] whist|pass Declarer's tricks
    For example: <code>/deal { $a } 7h whist 7</code>, <code>/deal { $a } 7h exactly { $b } whist</code> or <code>/deal { $a } 6s pass</code>
form_raspasy_hussar =
    Form in hussar: /deal raspasy Player Tricks Player Tricks (the dummy has the rest)
    For example: <code>/deal raspasy { $a } 3 { $b } 5</code> or in seat order: <code>/deal raspasy 3 5</code>
