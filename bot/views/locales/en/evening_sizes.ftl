### /rules at a hussar table: the conventions of two whisters have one whister there.

rules_hussar_whist = one defender (hussar)
rules_hussar_shortfall = —
rules_hussar_liable = the whister
rules_hussar_consolation = the whister (hussar)
