### The words of seating, in English.

join_ready = Ready to play: write the first deal with /deal. { $dealer } deals.
bad_name = A name is one word of up to 24 characters, without &lt; &gt; &amp;, not starting with @, / or a digit, and not a word of the deal grammar (pass, whist, misere...). For example: /join Vasya
name_invisible = The name holds the invisible character { $char }: with it the name would look like another. Type the name without it.
note_seated = You are seated: { $name }, seat { $seat }.
hello =
    Hello! I keep the score of a Preferans pulka: pool, mountain and whists, and at the end I work out who owes whom.
    Start with <code>/newpulka</code> for the settings as buttons, or straight away <code>/newpulka sochi 20 1</code>; then every player sends /join.
    To pin the scoreboard at the top of the chat, make me an administrator (with the right to pin messages).
cancel_done = The pulka is cancelled, as if it had never started. A new one: /newpulka
cancel_not_allowed = Only whoever started the pulka or a chat administrator may cancel it.
leave_done = { $name } leaves the table.
seats_title = <b>Seating</b>, clockwise:
seats_help = “⇄” swaps two neighbours, “Deals: …” chooses who deals first (everyone keeps the same neighbours). Only before the first deal.
seats_need_two = Fewer than two players are seated: nothing to change yet.
seats_done = Seating changed.
btn_dealer = Deals: { $name }
claim_ask = { $user } wants to play in the seat “{ $name }” (a guest without Telegram now). A seated player, whoever started the pulka or an administrator confirms.
claim_yes = ✅ Yes, that is { $name }
claim_no = ✖ No
claim_done = Done: the seat “{ $name }” is now { $user }'s.
claim_refused = The seat “{ $name }” stays a guest's.
claim_not_allowed = Only a seated player, whoever started the pulka or a chat administrator may confirm.
nick_title = Nicknames at the table:
nick_line = “{ $nick }”: { $name }
nick_none_here = No nicknames at the table yet.
nick_how = Give yourself a nickname: /nick Bob, and /deal and /correct take it for your name, at this chat's next pulkas too. To drop it: /nick -
nick_set = Done: “{ $nick }” is { $name }. /deal and /correct take it now, at this chat's next pulkas too.
nick_dropped = { $name }: nickname dropped.
nick_none = { $name } has no nickname to drop.
nick_not_seated = A nickname is for a player at the table: /join first.
nick_taken = “{ $nick }” is taken: that is { $name }. Pick another.
bad_nick = A nickname is one word of up to 24 characters, not a number nor a word /deal reads (pass, whist, misere...). For example: /nick Bob
