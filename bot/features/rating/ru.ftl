### The words of rating, in Russian (the default language).

rating_title = <b>Рейтинг чата</b> (по Эло, все начинают с 1500; расписанных пулек: { $count }):
rating_line = { $place }. { $name } — <b>{ $rating }</b> · { $nights } · последняя: { $change }
rating_nights = { $count ->
        [one] { $count } пулька
        [few] { $count } пульки
       *[many] { $count } пулек
    }
rating_last = Последняя пулька, №{ $number } от { $date }: { $changes }
rating_how_on = Игрок подробно: <code>/rating Имя</code>. Изменения рейтинга показываются после каждой пульки; не показывать: /rating off
rating_how_off = Игрок подробно: <code>/rating Имя</code>. Показывать изменения рейтинга после каждой пульки и в /pulkas: /rating on
rating_empty =
    Рейтинга пока нет: в этом чате ещё нет расписанных пулек.
    Он считается после каждой расписанной пульки (/settle): все начинают с 1500, каждая пара игроков пульки — одна партия по Эло (кто выиграл больше вистов, тот и победил).
rating_player_title = <b>{ $name }</b> — рейтинг { $rating }, место { $place } из { $count }, { $nights }:
rating_player_line = №{ $number } · { $date }: { $rating } ({ $change })
rating_unknown =
    Игрока «{ $query }» в рейтинге этого чата нет. В рейтинге: { $names }.
    Пример: <code>/rating { $example }</code>
rating_on_done = Изменения рейтинга теперь показываются после каждой расписанной пульки и в /pulkas. Не показывать: /rating off
rating_off_done = Изменения рейтинга больше не показываются после пулек. Таблица — как прежде, /rating; показывать снова: /rating on
rating_not_allowed = Показ рейтинга включают и выключают игроки этого чата (кто играл здесь пульку) и администраторы чата.
rating_more = … и ещё { $count }
