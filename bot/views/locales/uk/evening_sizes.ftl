### /rules at a hussar table: the conventions of two whisters have one whister there.

rules_hussar_whist = вістує один (гусарик)
rules_hussar_shortfall = —
rules_hussar_liable = вістуючий
rules_hussar_consolation = вістуючий (гусарик)
