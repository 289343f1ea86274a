### The words of rating, in English.

rating_title = <b>Rating of the chat</b> (Elo, everyone starts at 1500; settled pulkas: { $count }):
rating_line = { $place }. { $name } — <b>{ $rating }</b> · { $nights } · last: { $change }
rating_nights = { $count ->
        [one] { $count } pulka
       *[other] { $count } pulkas
    }
rating_last = Last pulka, #{ $number } of { $date }: { $changes }
rating_rule = How the rating moves: each pair of a pulka's players is one Elo match, won by the one whose result in whists is higher, even if both are in the minus; beating a higher-rated player gains more, losing to a lower-rated one costs more. One pulka moves a rating by at most 32.
rating_how_on = One player in detail: <code>/rating Name</code>. Rating changes are shown after each pulka; to hide them: /rating off
rating_how_off = One player in detail: <code>/rating Name</code>. To show the rating changes after each pulka and in /pulkas: /rating on
rating_empty =
    No rating yet: this chat has no settled pulka.
    It is worked out after each settled pulka (/settle): everyone starts at 1500, and each pair of a pulka's players is one Elo match (whoever won more whists wins it).
rating_player_title = <b>{ $name }</b> — rating { $rating }, place { $place } of { $count }, { $nights }:
rating_player_line = #{ $number } · { $date }: { $rating } ({ $change })
rating_unknown =
    No player “{ $query }” in this chat's rating. Rated: { $names }.
    Example: <code>/rating { $example }</code>
rating_on_done = Rating changes are now shown after each settled pulka and in /pulkas. To hide them: /rating off
rating_off_done = Rating changes are no longer shown after each pulka. The table is still /rating; to show them again: /rating on
rating_not_allowed = The players of this chat (whoever has played a pulka here) and the chat's admins switch the rating display on and off.
rating_more = … and { $count } more
