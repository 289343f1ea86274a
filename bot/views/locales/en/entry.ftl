### Typed deals: the forms that leave a count out, and the guards against a slip
### (the same deal twice, a sitting-out player the seating does not imply).

name_both = Name both defenders and what each said: whist or pass.
whisters_counts = Both whist: write everyone's tricks (the declarer's and both whisters').
missing_result = Tricks — { $name }? After the contract write a number, "exactly", "+1" or "down 1".
guard_repeat = The very same deal was written a moment ago: deal { $number }.
guard_seat = By the seating { $expected } sits this deal out, but the deal has { $named } sitting out.
guard_ask = Write { $notation }?
guard_yes = ✅ Yes, write it
guard_no = ✖ No
guard_kept = { $who }: not written. Nothing was written.
guard_gone = The original command is gone or was changed, nothing was written: type the deal again.
