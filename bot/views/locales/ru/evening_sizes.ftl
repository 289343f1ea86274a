### /rules at a hussar table: the conventions of two whisters have one whister there.

rules_hussar_whist = вистует один (гусарик)
rules_hussar_shortfall = —
rules_hussar_liable = вистующий
rules_hussar_consolation = вистующий (гусарик)
