### The words of deals, in English.

guard_repeat = The very same deal was written a moment ago: deal { $number }.
guard_repeat_correction = The very same entry was written a moment ago: entry { $number }.
guard_repeat_words = These same words wrote deal { $number } a moment ago: { $notation }. Another deals now, so they mean another deal.
guard_seat = By the seating { $expected } sits this deal out, but the deal has { $named } sitting out.
guard_ask = Write { $notation }?
guard_yes = ✅ Yes, write it
guard_no = ✖ No
guard_kept = { $who }: “No”. Nothing was written.
guard_gone = The original command is gone or was changed, nothing was written: type the deal again.
guard_seat_pair = By the seating { $expected } and { $expected2 } sit this deal out, but the deal has { $named } and { $named2 } sitting out.
note_finished = The pulka is closed. Settle it: /settle
