### The words of rating, in Ukrainian.

rating_title = <b>Рейтинг чату</b> (за Ело, усі починають з 1500; розписаних пульок: { $count }):
rating_line = { $place }. { $name } — <b>{ $rating }</b> · { $nights } · остання: { $change }
rating_nights = { $count ->
        [one] { $count } пулька
        [few] { $count } пульки
       *[many] { $count } пульок
    }
rating_last = Остання пулька, №{ $number } від { $date }: { $changes }
rating_how_on = Гравець докладно: <code>/rating Ім'я</code>. Зміни рейтингу показуються після кожної пульки; не показувати: /rating off
rating_how_off = Гравець докладно: <code>/rating Ім'я</code>. Показувати зміни рейтингу після кожної пульки і в /pulkas: /rating on
rating_empty =
    Рейтингу поки немає: у цьому чаті ще немає розписаних пульок.
    Він рахується після кожної розписаної пульки (/settle): усі починають з 1500, кожна пара гравців пульки — одна партія за Ело (хто виграв більше вістів, той і переміг).
rating_player_title = <b>{ $name }</b> — рейтинг { $rating }, місце { $place } з { $count }, { $nights }:
rating_player_line = №{ $number } · { $date }: { $rating } ({ $change })
rating_unknown =
    Гравця «{ $query }» у рейтингу цього чату немає. У рейтингу: { $names }.
    Приклад: <code>/rating { $example }</code>
rating_on_done = Зміни рейтингу тепер показуються після кожної розписаної пульки і в /pulkas. Не показувати: /rating off
rating_off_done = Зміни рейтингу більше не показуються після пульок. Таблиця — як і раніше, /rating; показувати знову: /rating on
rating_not_allowed = Показ рейтингу вмикають і вимикають гравці цього чату (хто грав тут пульку) та адміністратори чату.
rating_more = … і ще { $count }
