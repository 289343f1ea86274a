# Errors of a two-player (hussar) and a five-player table, by scoring's error code.
err-tricks_five = with five players give the tricks of the three at the table; the two not named are the dealer and his neighbour, who sit out
err-sitting_out_pair = { $names } cannot sit out together: with five players the dealer and his neighbour sit out ({ $expected } by the seating)
err-tricks_two = in hussar give the tricks of both players ({ $players }), or of the declarer alone in a game; the whister's count includes the dummy's tricks
err-tricks_two_sum = the players took { $total } { $total ->
    [one] trick
   *[other] tricks
} together, but on raspasy in hussar it is at most 10 (the dummy takes the rest)
err-half_hussar = there is no half-whist in hussar: the one defender whists or passes
err-misere_out = { $declarer } sits this deal out (the dealer is { $dealer }): the misère is played by one at the table (their names are under “➕ New deal”)
err-misere_hussar_off = misère is not played in hussar under these rules

# A defender of a game nobody played out (written as made): his choice, no tricks.
defender_unplayed = { $name } { $choice }
