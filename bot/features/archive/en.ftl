### The words of archive, in English.

settle_locked_short = Settled: this is the settlement written down then.
archive_title = <b>Finished pulkas</b> ({ $count } in all; results in whists):
archive_line = #{ $number } · { $date } · { $results }
archive_unsettled = (not settled)
archive_empty = No finished pulka here yet: a pulka comes here once it is over (/settle).
archive_how = To show one: /pulka N (its number in the list).
archive_newer = « Newer
archive_older = Older »
archive_head =
    <b>Pulka #{ $number }</b> · { $date } · { $headline }
    At the table: { $players }
archive_usage = Which pulka? /pulka N, with its number in /pulkas.
