### Typed deals: the forms that leave a count out, and the guards against a slip
### (the same deal twice, a sitting-out player the seating does not imply).

name_both = Name both defenders and what each said: whist or pass.
whisters_counts = Both whist: write two of the three counts (the declarer's and a whister's, or both whisters'); the third is the rest.
missing_result = Tricks — { $name }? After the contract write a number, "exactly", "+1" or "down 1".
guard_repeat = The very same deal was written a moment ago: deal { $number }.
guard_seat = By the seating { $expected } sits this deal out, but the deal has { $named } sitting out.
guard_ask = Write { $notation }?
guard_yes = ✅ Yes, write it
guard_no = ✖ No
guard_kept = { $who }: not written. Nothing was written.
guard_gone = The original command is gone or was changed, nothing was written: type the deal again.

## A deal given the short way that its words do not complete (scoring.entry.CODES): the
## sentence heads a refused /deal or /cost, the err- clause is the reason anywhere else.
tricks_over = That makes { $total } tricks; a deal has 10.
tricks_two_sum = On all-pass in hussar the players take at most 10 tricks together (the dummy takes the rest), not { $total }.
raspasy_counts = All-pass needs the tricks of the players at the table: { $players }.
err-whisters_counts = both whist: two of the three counts are needed (the declarer's and a whister's, or both whisters'); the third is the rest
err-missing_result = { $name } was whisted: his tricks are needed ("exactly", "+1", "down 1") or the whister's
err-name_both = name both defenders and what each said: whist or pass
err-hussar_form = in hussar the defender's answer is needed: whist or pass
err-tricks_over = the tricks given add up to { $total }, more than the 10 of a deal
err-raspasy_counts = on all-pass the tricks of { $players } are needed; one may be left out, who took the rest (in hussar none: the dummy takes the rest)
