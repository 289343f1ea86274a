### The words of setup, in English.

bad_rules = These conventions are impossible: { $reason }
btn_start = ▶️ Start the pulka
btn_done = « Done
set_lang = 🌐 Language: { $value }
note_hint = An exact value can be set by command, e.g. /newpulka sochi 25 0.5 EUR
setup_limit = That is the end of the range.
setup_too_many = { $count } have sat down already: the table cannot be smaller.
setup_not_allowed = The settings are changed by whoever opened them, those seated and the chat's admins.
setup_title = <b>New pulka</b>: settings
setup_summary = Variant: { $variant }; players: { $seats }; pool to { $target }; { $stake } { $currency } a whist.
setup_seated = Seated ({ $count } of { $seats }): { $names }
setup_nobody = Nobody is seated yet: press “Sit down”.
setup_help = The buttons change the settings; “Game and whists” and “All-pass and end” hold every convention. Once everyone is seated, press “Start the pulka”.
setup_tap = Tap a convention to change its value.
setup_cancelled = The new pulka's settings were cancelled.
set_seats = Players: { $value }
set_target = Pool to { $value }
set_stake = Whist: { $value }
set_currency = Currency: { $value }
set_page_game = ⚙️ Game and whists
set_page_raspasy = ⚙️ All-pass and end
setup_joined = { $name } sits down: { $count } of { $seats } seated. When everyone has sat down, press “▶️ Start the pulka” in the settings above.
setup_joined_full = { $name } sits down: every seat is taken. Press “▶️ Start the pulka” in the settings above.
setup_join_guest = A guest sits down once the pulka has started: press “▶️ Start the pulka” in the settings above, then /join { $name }.
