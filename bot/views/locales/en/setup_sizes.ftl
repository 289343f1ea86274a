## Table sizes (issue 13): hussar (two players and a dummy) and five players.
## Where a pulka starts: the settings message, /newpulka two|five, the seating before
## the first deal, /rules.

# The table size in words.  $seats: 2 to 5, anything else: not chosen (three or four);
# $side: who sits out with the dealer at five (five_sitting_out: right, left).
table_size = { $seats ->
    [2] two, hussar: the third hand is a dummy
    [3] three
    [4] four: the dealer sits out
    [5] { $side ->
        [left] five: the dealer and his left-hand neighbour sit out
       *[right] five: the dealer and his right-hand neighbour sit out
    }
   *[other] three or four
}
table_line = Table: { $size }.
started_join_chosen = Take your seats: /join (a guest without Telegram: /join Name); the first seated deals first.
players_open_chosen = Seating is open: /join. { $seats } { $seats ->
    [one] player is
   *[other] players are
} needed.
need_players_chosen = A deal needs { $seats } { $seats ->
    [one] player
   *[other] players
}; { $count } seated. Sit down: /join

## The conventions of one table size (/rules and the settings pages)

rules_hussar = Hussar: the mountain { $hussar_mountain }; whist for the dummy (the dummy whists when the opponent passes): { $dummy_whist }; misère: { $hussar_misere }; the dummy's tricks on all-pass: { $hussar_raspasy }.
rules_five = With five, the dealer sits out with his { $five_sitting_out }; of the two sitting out, consolation is written by: { $five_consolation }.
set_hussar_mountain = Mountain: { $value }
set_dummy_whist = Whist for the dummy: { $value }
set_hussar_misere = Misère in hussar: { $value }
set_hussar_raspasy = Dummy's tricks on all-pass: { $value }
set_five_sitting_out = Sits out with the dealer: { $value }
set_five_consolation = Consolation of those sitting out: { $value }
rules_hussar_mountain_divisible = divisible (a point is 5 whists)
rules_hussar_mountain_indivisible = indivisible (a point is 10 whists)
rules_hussar_raspasy_ignored = not written
rules_hussar_raspasy_shared = half to each player
rules_five_sitting_out_right = right-hand neighbour
rules_five_sitting_out_left = left-hand neighbour
rules_five_consolation_both = both
rules_five_consolation_dealer = the dealer only
