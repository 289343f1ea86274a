## Start and seating: the greeting, /cancel, /leave, /seats, a guest seat claimed

hello =
    Hello! I keep the score of a Preferans game: pool, mountain and whists, and at the end I work out who owes whom.
    Start with <code>/newpulka</code> for the settings as buttons, or straight away <code>/newpulka sochi 20 1</code>; then every player sends /join.
    To pin the scoreboard at the top of the chat, make me an administrator (with the right to pin messages).
pin_failed = I could not pin the pulka's scoreboard: I may not pin messages here. Make me an administrator, or just find the scoreboard above.
cancel_done = The pulka is cancelled, as if it had never started. A new one: /newpulka
cancel_not_allowed = Only whoever started the pulka or a chat administrator may cancel it.
cancel_after_deal = The pulka can no longer be cancelled: deals are written. It can be ended with /settle.
leave_done = { $name } leaves the table.
leave_not_seated = You are not seated at this pulka's table.
leave_after_deal = It is too late to leave: deals are written ({ $name } plays to the end of the pulka).
seats_title = <b>Seating</b>, clockwise:
seats_first = First deal: { $name } deals.
seats_help = "⇄" swaps two neighbours, "Deals: …" chooses who deals first (everyone keeps the same neighbours). Only before the first deal.
seats_after_deal = The seating can no longer change: deals are written.
seats_need_two = Fewer than two players are seated: nothing to change yet.
seats_done = Seating changed.
btn_dealer = Deals: { $name }
claim_ask = { $user } wants to play in the seat "{ $name }" (a guest without Telegram now). A seated player, whoever started the pulka or an administrator confirms.
claim_yes = ✅ Yes, that is { $name }
claim_no = ✖ No
claim_done = Done: the seat "{ $name }" is now { $user }'s.
claim_refused = The seat "{ $name }" stays a guest's.
claim_not_allowed = Only a seated player, whoever started the pulka or a chat administrator may confirm.
cmd_cancel = cancel the pulka before its first deal
cmd_leave = leave the table before the first deal
cmd_seats = change the seating, who deals first
help_seating =
    <b>Before the first deal</b>: /seats to swap seats and choose who deals first; /leave to leave the table; /cancel to cancel the pulka (whoever started it, or an administrator).
    <b>After /import</b>: <code>/join Anna</code> takes over the guest seat "Anna"; a seated player or an administrator confirms.
