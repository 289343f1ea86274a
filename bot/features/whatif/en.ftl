### The words of whatif, in English.

whatif_role_resting = Dealer's neighbour (sitting out)
whatif_size_2 = two players (hussar)
whatif_size_5 = five players
whatif_role_declarer = Declarer
whatif_role_dealer = Dealer (sitting out)
whatif_role_whister = Whister
whatif_role_whister_n = Whister { $n }
whatif_role_passer = Passer
whatif_role_passer_n = Passer { $n }
whatif_role_half = Half-whister
whatif_role_other = Player { $n }
whatif_size_3 = three players
whatif_size_4 = four players
whatif_cost_title = <b>What the deal is worth</b>: { $deal }
whatif_cost_declarer = { $role }: { $n }
whatif_cost_defender = { $role }: { $choice }, { $n }
whatif_cost_defender_unplayed = { $role }: { $choice }
whatif_cost_rules_running = Rules of the running pulka: { $variant }, { $size }, a whist at { $stake } { $currency }.
whatif_cost_rules_last = Rules of the chat's last pulka: { $variant }, { $size }, a whist at { $stake } { $currency }.
whatif_cost_rules_default = No pulka in this chat, default rules: { $variant }, { $size }, a whist at { $stake } { $currency }.
whatif_cost_line = { $role }: { $whists } whists = { $money } { $currency }
whatif_cost_note = This is the cost of the game: how much it changes everyone's result, at any point of the pulka. Nothing recorded.
whatif_cost_usage =
    Form: /cost contract [declarer's tricks: 7, exactly, +1, down 1] whist|pass|half [tricks] [whist|pass [tricks]] [2p|3p|4p|5p]
    A number after the whists is a defender's tricks, in order; a defender not named passes.
    For example: /cost 6♠ down 1 whist whist 2 3 4p · /cost 7h exactly whist · /cost 7♥ whist 2 (the whister took 2, the declarer 8) · /cost misere 1
whatif_cost_empty = Which deal? Write the contract and the whists after /cost.
whatif_cost_contract = “{ $token }” is not a contract: a level 6–10 and a suit, e.g. 7h, 6♠, 8nt.
whatif_cost_word = “{ $token }” is not understood here: after the contract come the declarer's tricks, whist/pass/half and the defenders' tricks.
whatif_cost_extra = “{ $token }” is one too many: there are two defenders, one count of tricks each.
whatif_cost_misere = “{ $token }” is not a misère's tricks: after “misere” comes the declarer's count, 0 to 10, or “clean” (none), and the table size if needed: <code>/cost misere 1</code>, <code>/cost misere clean 4p</code>.
whatif_cost_refused = This deal cannot be played: { $reason }.
whatif_title = <b>What if</b> — pulka #{ $number }:
whatif_change = { $key }: { $old } → { $new }
whatif_line = { $name }: { $agreed } → { $changed } whists ({ $diff }); { $agreed_money } → { $changed_money } { $currency } ({ $diff_money })
whatif_note = Only a calculation: nothing in the pulka is changed, the settlement stays as agreed.
whatif_same = Pulka #{ $number } was settled under these rules already: nothing changes.
whatif_nothing = The results are the same: under these rules everyone's whists and money stay as they are.
whatif_set_raspasy_cycle = All-pass in a cycle: { $value }
whatif_broken = Under these rules deal #{ $deal } ({ $what }) cannot be played: { $reason }.
whatif_none = No finished pulka here yet: /whatif re-scores a finished one (list: /pulkas).
whatif_usage = What to change? /whatif rule=value for the last finished pulka, /whatif N … for pulka N of /pulkas.
whatif_rules_refused = The rule cannot be changed so: { $reason }.
whatif_unknown = No such rule or value: “{ $token }”.
whatif_deal = /whatif re-scores a finished pulka under other rules: <code>/whatif greedy</code>, <code>/whatif 2 leningrad</code>. The cost of one deal is /cost: <code>/cost 6♠ 6 whist 3 pass 1</code>. Nothing was written.
whatif_bad_value = “{ $token }”: this rule has no such value.
whatif_keys = Rules: { $keys }. Whole variants: sochi, leningrad, rostov.
whatif_example = For example: /whatif greedy · /whatif whist=greedy · /whatif 2 leningrad · /whatif half_whist (a yes/no rule alone is flipped) · /whatif raspasy=1,2,3
