### The words many features share, in Russian (the default language).
###
### Placeholders are { $name }; names and figures come as text the bot wrote
### (HTML-escaped), whole numbers as numbers (plural variants select on them).
### Messages are HTML unless their key says otherwise (button labels, note_*
### answers to presses and the menu are plain text).

# A past deal changed or deleted (/edit, /delete, "✏️" under a deal and under /history).
btn_edit = ✏️ Изменить
amend_done = ✏️ <b>Сдача №{ $number } изменена</b>
    было: { $old }
    стало: { $new }
    Изменил(а): { $who }.
amend_deleted = 🗑 <b>Сдача №{ $number } удалена</b>: { $old }
    Удалил(а): { $who }.
amend_done_correction = ✏️ <b>Запись №{ $number } изменена</b>
    было: { $old }
    стало: { $new }
    Изменил(а): { $who }.
amend_deleted_correction = 🗑 <b>Запись №{ $number } удалена</b>: { $old }
amend_standings_title = Если закончить сейчас (в вистах), было → стало:
amend_standing_line = { $name }: { $before } → { $after }
amend_ended = Пулька уже закончена: её сдачи больше не меняются.
amend_gone = Этой сдачи на листе больше нет: её отменили или удалили.
amend_same = Сдача №{ $number } и так такая: ничего не изменено.
amend_same_correction = Запись №{ $number } и так такая: ничего не изменено.
amend_breaks = Ничего не изменено: тогда стала бы невозможной сдача №{ $number } ({ $notation }): { $reason }
undo_after_amend = Последней была правка прошлой сдачи: /undo отменяет только последнюю записанную сдачу. Чтобы вернуть как было, измените ту сдачу ещё раз (/edit).
debts_not_payer = «Оплачено» отмечает тот, кто платит: { $payer } (получатель — { $payee } — отмечает «Получено»).
debts_not_payee = «Получено» отмечает тот, кто получает: { $payee } (плательщик — { $payer } — отмечает «Оплачено»).
debts_guest_paid = { $payer } — без Telegram: «Оплачено» за этого игрока отмечает { $payee } (если и он без Telegram — любой игрок пульки) или администратор чата.
debts_guest_received = { $payee } — без Telegram: «Получено» за этого игрока отмечает { $payer } (если и он без Telegram — любой игрок пульки) или администратор чата.
agree_voided = Согласие закончить снято: после него счёт изменился. Закончить по согласию — снова /settle или «🏁 Закончить» на счёте.
agree_ended_elsewhere = Голосование закрыто: пулька уже закончена по согласию в другом таком же предложении. Итоги — на табло пульки.
board_agreed = Пулька закончена по согласию и ещё не расписана: «Расписать» или /settle; /undo вернёт её в игру.
board_ended_alone = Пулька закончена решением администратора и ещё не расписана: «Расписать» или /settle; /undo вернёт её в игру.
reopen_settled = Пулька уже расписана и заперта: её конец не отменить. Расписанные пульки — в /pulkas.
reopen_busy = Конец той пульки уже не отменить: здесь начата новая. Ошибочную новую можно отменить (/cancel), пока в ней нет сдач.
btn_settle = 🧮 Расписать
btn_again = 🔁 Тем же составом
btn_export = 📄 Запись пульки
btn_end = 🏁 Закончить
archive_date = { $day }.{ $month }.{ $year }
archive_result_money = { $name } { $result } ({ $money } { $currency })
archive_result = { $name } { $result }
archive_no_results = игроков не хватило
archive_missing = Пульки №{ $number } в архиве нет. Список: /pulkas
after_settle_title = Поправки после расчёта:
after_settle_line = { $date } { $time } · { $who } — { $what }
after_settle_results = С поправками (роспись, о которой договорились, не меняется):
after_settle_written = Поправка после расчёта записана.
after_settle_written_number = Поправка к расписанной пульке №{ $number } записана.
archive_line_amended = { $count ->
        [one] { $count } поправка после расчёта
        [few] { $count } поправки после расчёта
       *[many] { $count } поправок после расчёта
    }, с ними: { $results }
rating_change = { $name } { $change }
rating_item = { $name } { $rating } ({ $change })
rating_note = Рейтинг: { $changes }
debts_btn_paid = 💸 { $payer } → { $payee } { $amount }: оплачено
debts_btn_pending = ☑️ { $payer } → { $payee } { $amount }: оплачено, ждём
debts_btn_received = 📥 { $payee } ← { $payer }: получено
debts_btn_closed = ✅ { $payer } → { $payee } { $amount }
name_both = Назовите обоих защитников и что сказал каждый: вист или пас.
passes_unnamed = Без имён пишут только «пас пас»: оба пасуют. Иначе перед каждым ответом — имя защитника.
both_whist_named = «{ $token }»: у каждого вистующего свои взятки, назовите каждого — имя, вист, взятки. Без имён можно только «оба пас».
sits_out = { $name } в эту сдачу не играет (сдаёт { $dealer }). Если сдавал другой, назовите обоих защитников.
dealer_sits_out = { $name } сдаёт эту сдачу и в ней не играет. Если сдавал другой, назовите обоих защитников.
whisters_counts = Вистуют оба: напишите взятки двоих из троих (разыгрывающего и одного вистующего или обоих вистующих), третьему — остальные.
missing_result = Взятки — { $name }? После контракта напишите взятки, «ровно», «+1» или «без одной».
tricks_over = Взяток получается { $total }, а в сдаче их 10.
tricks_two_sum = На распасах в гусарике у игроков вместе не больше 10 взяток (остальные у болвана), а названо { $total }.
raspasy_counts = На распасах нужны взятки игроков за столом: { $players }.
err-whisters_counts = вистуют оба: нужны взятки двоих из троих (разыгрывающего и одного вистующего или обоих вистующих), третьему — остальные
err-missing_result = { $name } играл под вист: нужны его взятки («ровно», «+1», «без одной») или взятки вистующего
err-name_both = назовите обоих защитников и что сказал каждый: вист или пас
err-sits_out = { $name } в эту сдачу не играет (сдаёт { $dealer }); если сдавал другой, назовите обоих защитников
err-dealer_sits_out = { $name } сдаёт эту сдачу и в ней не играет; если сдавал другой, назовите обоих защитников
err-hussar_form = в гусарике нужен ответ защитника: вист или пас
err-tricks_over = названные взятки в сумме { $total }, больше 10 в сдаче
err-raspasy_counts = на распасах нужны взятки игроков: { $players }; не назвать можно одного, у него остальные (в гусарике никого: остальные у болвана)
wiz_sitting_out = Не играют: { $first } и { $second }.
wiz_ask_kind_no_misere = Кто играет? Или распасы (мизера в гусарике по этим правилам нет).
wiz_ask_tricks_hussar = Взятки — { $name }? Остальные — у защиты: { $other } с болваном.
wiz_ask_raspasy_dummy = Взятки — { $name }? (остальные — у болвана)
hussar_whist = { $a } вист
hussar_pass = { $a } пас
hussar_pass_dummy = { $a } пас (болван вистует — играем)
table_count2 = В гусарике назовите взятки обоих игроков (остальные — у болвана), названо { $count }.
table_count5 = Впятером назовите трёх игроков за столом (сдающий и его сосед не играют), названо { $count }.
hussar_form = В гусарике после контракта нужен ответ защитника (вист или пас), а при висте — взятки разыгрывающего: например, «7ч вист 7» или «6п пас».
form_all_hussar =
    Формы в гусарике:
    <code>/deal { $a } 7ч вист 7</code> — игра (взятки разыгрывающего)
    <code>/deal { $b } мизер 0</code> — мизер
    <code>/deal распасы { $a } 3 { $b } 5</code> — распасы (остальные — у болвана)
form_game_hussar =
    Форма в гусарике: /deal Разыгрывающий Контракт [Защитник] вист|пас Взятки разыгрывающего
    Например: <code>/deal { $a } 7ч вист 7</code>, <code>/deal { $a } 7ч ровно { $b } вист</code> или <code>/deal { $a } 6п пас</code>
form_raspasy_hussar =
    Форма в гусарике: /deal распасы Игрок Взятки Игрок Взятки (остальные — у болвана)
    Например: <code>/deal распасы { $a } 3 { $b } 5</code> или по местам: <code>/deal распасы 3 5</code>
rules_hussar_whist = вистует один (гусарик)
rules_hussar_shortfall = —
rules_hussar_liable = вистующий
rules_hussar_consolation = вистующий (гусарик)
sheet_dummy = Болван
error_generic = Извините, что-то пошло не так, и команда не выполнена. Попробуйте ещё раз; записанные сдачи не пострадали.
not_allowed = Это могут делать только игроки пульки и администраторы чата.
no_pulka = Здесь нет идущей пульки. Начните новую: /newpulka
busy = Пулька уже идёт — новая начнётся, когда эта будет расписана (/settle). Текущий счёт: /score
busy_no_deals = Пулька уже идёт, сдач в ней ещё нет. Начали не ту? /cancel отменит её (может тот, кто начал, или администратор), потом — /newpulka. Рассадка: /players
settle_no_deals = Расписывать нечего: сдач ещё нет. Первая сдача — /deal или «➕ Новая сдача»; пулька начата по ошибке — /cancel.
open_unsettled = Сначала распишите пульку №{ $number }: она закончена по согласию, но ещё не расписана — «Расписать» на счёте или /settle (/undo вернёт её в игру). Потом — новая: /newpulka
ended_unsettled = Пулька №{ $number } закончена по согласию и ещё не расписана. Расписать: «Расписать» на счёте или /settle. Поправить или доиграть: /undo вернёт её в игру.
stale = Кнопка устарела: с тех пор пулька изменилась. Ничего не сделано.
done = Готово
lang_set = Язык чата: русский.
lang_name_ru = русский
lang_name_uk = українська
lang_name_en = English
variant_sochi = сочинка
variant_leningrad = ленинградка
variant_rostov = ростов
started = <b>Новая пулька</b>: { $variant }, до { $target }, вист по { $stake } { $currency }.
started_join = Садитесь за стол: /join (гость без Telegram: /join Имя). Нужно 3 или 4 игрока; первый севший сдаёт первым.
joined = { $name } садится за стол, место { $seat }.
already_seated = Вы уже за столом.
seating_closed = Рассадка закрыта: сдачи уже записываются.
table_full = Все места за столом заняты.
name_taken = Имя { $name } уже занято — выберите другое: /join Имя
name_sounds_like = Имя { $name } звучит как { $seated } — за столом уже есть такой игрок, и на листе их не различить. Выберите другое имя: /join Имя (например, /join { $name }2).
players_title = <b>Рассадка</b> (по часовой стрелке):
player_line = { $seat }. { $name }{ $extra }
player_guest = {" "}(гость)
player_nick = «{ $nick }»
players_none = За столом пока никого. Садитесь: /join
players_open = Рассадка открыта: /join. Нужно 3 или 4 игрока.
players_fourth = Четвёртый может подсесть до первой сдачи: /join
players_fixed = Рассадка закреплена. Следующим раздаёт { $dealer }.
need_players = Для сдачи нужно 3 или 4 игрока, за столом { $count }. Садитесь: /join
deal_empty = Напишите сдачу после /deal.
deal_short = Сдача не дописана.
unknown_player = Не знаю игрока «{ $token }». Игроки: { $players } (можно по имени или его началу, прозвищу, @нику или номеру места).
ambiguous_player = «{ $token }» — это { $names } или { $last }? Напишите имя подлиннее.
ambiguous_sound = «{ $token }» — это { $names } или { $last }? Напишите вместо имени номер места: { $seats }.
bad_contract = Не понимаю контракт «{ $token }»: нужен уровень 6–10 и масть, например 7ч, 8♠, 6бк.
bad_suit = «{ $level } { $token }»: не понимаю масть. Масти: ♠ п пики, ♣ т трефы, ♦ б бубны, ♥ ч черви, бк без козыря.
bad_suit_guess = «{ $level } { $token }»: не понимаю масть — может быть, { $guess }?
missing_tricks = Не указано число взяток: { $name } — сколько?
bad_tricks = { $name }: «{ $token }» — не число взяток, нужно целое от 0 до 10.
defenders_form = После контракта и взяток разыгрывающего нужны оба защитника: имя, вист или пас, взятки.
deal_extra = Лишнее в сдаче: «{ $token }». После ответов защитников и их взяток ничего не пишут.
bad_choice = { $name }: «{ $token }» — нужно вист, пас или полвиста.
player_twice = Имя { $name } названо дважды.
declarer_defends = { $name } разыгрывает и не может вистовать на своей игре.
tricks_sum = Взятки в сумме { $total }, а в сдаче их 10.
table_count = На распасах нужны взятки всех троих игроков, названо { $count }.
table_count4 = Вчетвером назовите трёх игроков за столом (сдающий не играет), названо { $count }.
raspasy_form = На распасах после слова «распасы» идут пары: игрок и его взятки.
misere_extra = Для мизера нужны только взятки мизерящего.
deal_rejected = Сдача не записана: { $reason }.
amend_rejected = Сдача №{ $number } не изменена: { $reason }.
amend_rejected_correction = Запись №{ $number } не изменена: { $reason }.
form_all =
    Формы:
    <code>/deal { $a } 7ч 7 { $b } вист 2 { $c } пас 1</code> — игра
    <code>/deal { $b } мизер 0</code> — мизер
    <code>/deal распасы { $a } 3 { $b } 2 { $c } 5</code> — распасы
form_game =
    Форма: /deal Разыгрывающий Контракт Взятки Защитник вист|пас Взятки Защитник вист|пас Взятки
    Например: <code>/deal { $a } 7ч 7 { $b } вист 2 { $c } пас 1</code> или <code>/deal { $a } 7ч ровно { $b } вист</code>
form_misere =
    Форма: /deal Игрок мизер Взятки
    Например: <code>/deal { $b } мизер 0</code>
form_raspasy =
    Форма: /deal распасы Игрок Взятки Игрок Взятки Игрок Взятки
    Например: <code>/deal распасы { $a } 3 { $b } 2 { $c } 5</code> или по местам: <code>/deal распасы 3 2 5</code>
nothing_recorded = Ничего не записано.
correction_empty = Напишите поправку после /correct.
correction_bad_word = Не понимаю «{ $token }»: ожидается пуля, гора или висты.
correction_bad_amount = «{ $token }» — не число поправки: нужно число от -999999 до 999999, не больше 4 знаков после точки, например 2, -2 или 2.5.
correction_missing_amount = После «{ $token }» не хватает числа.
correction_twice = «{ $token }» указано дважды.
correction_no_amount = В поправке нужно хотя бы одно ненулевое число: пуля, гора или висты.
form_correction =
    Форма: /correct Игрок [пуля N] [гора N] [висты Игрок N …] [— пояснение]
    Например: <code>/correct { $a } гора -2 висты { $b } 10 — ошиблись в подсчёте</code>
deal_written = <b>Сдача №{ $number }</b>: { $notation }
correction_written = <b>Запись №{ $number }</b>: { $notation }
deal_repeat = Эта сдача уже записана (№{ $number }).
writes_title = Записано:
writes_title_preview = Будет записано:
write_pulka = { $name }: пуля { $amount }
write_mountain = { $name }: гора { $amount }
write_whists = { $name } → { $on }: висты { $amount }
write_help = Помощь: { $name } → { $on }, { $amount } в пулю
write_nothing = ничего (пулька не изменилась)
cost_title = Цена сдачи в вистах:
cost_line = { $name } { $amount }
deal_wrote = Записано — { $writes }
deal_cost = Цена сдачи в вистах: { $costs }
correction_cost = Цена поправки в вистах: { $costs }
next_dealer = Следующим раздаёт { $dealer }.
next_playing = Играют: { $players }.
next_sitting_out = Не играет: { $name }.
finished = <b>Пулька закрыта!</b> Расписать: /settle
nt = БК
exactly = ровно
over = +{ $n }
down = без { $n ->
        [1] одной
        [2] двух
        [3] трёх
        [4] четырёх
        [5] пяти
        [6] шести
        [7] семи
        [8] восьми
        [9] девяти
        [10] десяти
       *[other] { $n }
    }
not_whisted = без виста
half_whisted = полвиста
misere = мизер
misere_clean = чистый
misere_tricks = { $n } { $n ->
        [one] взятка
        [few] взятки
       *[many] взяток
    }
raspasy = распасы
correction = поправка
whist = вист
pass = пас
half = полвиста
defender = { $name } { $choice } { $tricks }
undo_yes = Да, отменить
undo_no = Нет
undo_done = Сдача №{ $number } отменена ({ $notation }). Отмену ввёл(а): { $who }.
undo_done_correction = Запись №{ $number } отменена ({ $notation }). Отмену ввёл(а): { $who }.
score_title = <b>Пулька</b> (до { $target })
score_line = { $name }: пуля { $pulka }, гора { $mountain }, висты: { $whists }
score_whist = { $on } { $amount }
standings_title = Если закончить сейчас (в вистах):
standing_line = { $name } { $amount }
rules_title = <b>Правила этой пульки</b>
rules_body =
    Вариант: { $variant }; пуля до { $target }; вист стоит { $stake } { $currency }.
    Висты: { $whist }; ответственность вистующего: { $liability }.
    Обязательные взятки на 6/7/8/9/10: { $quota }; недобор двух вистующих на 6–7: { $whist_shortfall }; на 8–10 за недобор отвечает { $quota_liable }. Полвиста: { $half_whist }.
    Консоляция: { $consolation }; на мизере: { $misere_consolation }.
    Распасы: множители { $raspasy }; выход не ниже { $raspasy_exit }; строгий выход: { $raspasy_strict_exit }; запись: { $raspasy_scoring } (вистов за взятку: { $raspasy_whists }); за ноль взяток в пулю: { $raspasy_zero } (растёт с множителем: { $raspasy_zero_progressive }); амнистия: { $raspasy_amnesty }.
    Коэффициент вистов: { $whist_factor }; за каждое очко, которого не хватает до цели пули, в гору пишут { $pulka_ratio }; помощь закрывшего: { $help }; игра списывает гору: { $game_clears_mountain }.
    Конец: { $end }; деление горы: { $division }.
yes = да
no = нет
rules_whist_gentleman = джентльменские
rules_whist_greedy = жлобские
rules_liability_full = полная
rules_liability_half = половинная
rules_consolation_all = все, включая сдающего
rules_consolation_defenders = оба защитника
rules_consolation_whisters = только вистующие
rules_raspasy_scoring_mountain = в гору
rules_raspasy_scoring_whists = вистами
rules_end_closed = когда все закрыли пулю
rules_end_total = когда пули всех игроков вместе наберут цель, умноженную на число игроков
rules_division_exact = точное
rules_division_truncate = с отбрасыванием долей
rules_division_adjust = с поправкой до делимой горы
rules_whist_shortfall_joint = общий: пишет тот, у кого нет своей половины
rules_whist_shortfall_each_half = каждый за свою половину
rules_raspasy_cycle = {" "}по кругу
settle_ended = <b>Пулька закончена, ещё не расписана</b> (вист по { $stake } { $currency })
settle_final = <b>Пулька расписана</b> (вист по { $stake } { $currency })
settle_now = <b>Если закончить сейчас</b> (вист по { $stake } { $currency }; чего не хватает до цели пули, идёт в гору)
settle_line = { $name }: { $result } { $unit ->
    [one] вист
   *[other] вист.
} = { $money } { $currency }
payments_title = Кто кому платит:
payment_line = { $payer } → { $payee }: { $amount } { $currency }
payments_none = Никто никому не платит.
settle_rounding = Округление: { $moves } — чтобы платежи сошлись в ноль.
settle_rounding_move = { $name } { $money } вместо { $share } { $currency }
settle_centred = После отбрасывания дробей итоги дают в сумме { $off }, а не 0, поэтому деньги выровнены к нулю: { $moves }.
notice-adjust_inapplicable = Деление горы «с поправкой» здесь невозможно: ни один сдвиг горы на пол-очка, очко или полтора не делает её делимой, поэтому гора поделена точно.
settle_archived = Пулька закрыта и сохранена в архив. Новая: /newpulka
settle_agree = Закончить по согласию
import_format = Нужна запись партии в формате pulka/1.
import_name = Имя «{ $name }» не годится для бота: имя — одно слово до 24 символов, не число и не служебное слово (пас, вист, мизер, в...). Переименуйте этого игрока в записи (players и все его упоминания) и отправьте файл снова.
import_too_many = В записи { $count } { $count ->
    [one] сдача
    [few] сдачи
   *[many] сдач
}, а пулька в чате принимает не больше { $limit }.
bad_variant = Не знаю вариант «{ $token }»: сочинка, ленинградка или ростов (sochi, leningrad, rostov).
bad_target = «{ $token }» — не цель пули: нужно целое число от 1 до 10000, например 20.
bad_stake = «{ $token }» — не ставка: нужно число от 0 до 1000000, не больше 4 знаков после точки, например 0.5.
bad_currency = «{ $token }» — не валюта: код из трёх латинских букв (RUB, EUR, USD) или слово и знак (руб, евро, €, $).
newpulka_extra = Лишнее слово «{ $token }».
form_newpulka =
    Форма: /newpulka [вариант] [до скольки] [ставка] [валюта] [вдвоём|втроём|вчетвером|впятером]
    Например: <code>/newpulka sochi 20 0.5</code>, <code>/newpulka leningrad 50 1 EUR</code> или <code>/newpulka гусарик до 10</code>
btn_new_deal = ➕ Новая сдача
btn_undo = ↩️ Отменить сдачу
btn_undo_correction = ↩️ Отменить запись
btn_sit = 🪑 Сесть за стол
btn_misere = Мизер
btn_raspasy = Распасы
btn_back = « Назад
btn_cancel = ✖ Отмена
btn_write = ✅ Записать
btn_sheet = 📷 Лист пульки
headline = { $variant }, до { $target }, вист по { $stake } { $currency }
lobby_ready = Можно играть: «Новая сдача» или /deal. Первым раздаёт { $dealer }.
board_title = 📋 <b>Пулька</b>: { $headline }
board_last = Последняя сдача №{ $number }: { $notation }
board_last_correction = Последняя запись №{ $number }: { $notation }
board_archived = Пулька расписана и сохранена в архив.
sheet_title = Пулька: { $variant }, до { $target }
sheet_title_now = Если закончить сейчас: { $variant }, до { $target }
sheet_title_ended = Пулька закончена: { $variant }, до { $target }
sheet_title_final = Пулька расписана: { $variant }, до { $target }
sheet_failed = Лист пульки нарисовать не получилось — вот счёт текстом.
sheet_not_sent = Лист пульки нарисован, но Telegram его не принял — вот счёт текстом.
wiz_title = <b>Сдача №{ $number }</b> · раздаёт { $dealer }
wiz_run = Идут распасы ({ $run } подряд): играть можно от { $exit }.
wiz_ask_kind = Кто играет (игру или мизер)? Или распасы.
wiz_ask_contract = Играет { $declarer }. Какой контракт?
wiz_ask_contract_or_misere = Играет { $declarer }. Какой контракт — или мизер?
wiz_ask_defence = Вист или пас?
wiz_outdated = Этот ввод сдачи устарел: пока его заполняли, пулька изменилась. Ничего не записано — начните новую сдачу.
wiz_ask_tricks = Взятки — { $name }?
wiz_ask_split = Разыгрывающий { $declarer }: { $tricks }, у защиты { $rest }. Сколько из них — { $name }? Остальные — { $other }.
wiz_ask_misere_tricks = Мизер играет { $name }. Сколько взяток?
wiz_raspasy = Распасы.
wiz_ask_raspasy = Взятки — { $name }? (остальные — { $last })
wiz_preview = <b>Проверьте</b>: { $notation }
wiz_closes = После этой сдачи пулька закрыта.
wiz_cancelled = Ввод сдачи отменён ({ $who }).
wiz_entered = Записал(а): { $who }.
def_first = { $a } вист · { $b } пас
def_second = { $a } пас · { $b } вист
def_both = Оба вист
def_none = Оба пас
def_half = { $a } пас · { $b } полвиста
note_written = Записано: сдача №{ $number }
note_written_correction = Запись №{ $number } сделана
note_saved = Записано. Ответ не дошёл, повторяю его в чате.
setup_page_game = <b>Соглашения: игра и висты</b>
setup_page_raspasy = <b>Соглашения: распасы и конец пульки</b>
set_variant = Вариант: { $value }
set_whist = Висты: { $value }
set_liability = Ответственность вистующего: { $value }
set_quota = Обязательные взятки: { $value }
set_whist_shortfall = Недобор двух вистующих на 6–7: { $value }
set_quota_liable = На 8–10 за недобор отвечает: { $value }
set_half_whist = Полвиста: { $value }
set_consolation = Консоляция: { $value }
set_misere_consolation = Консоляция на мизере: { $value }
set_whist_factor = Коэффициент вистов: { $value }
set_game_clears_mountain = Игра списывает гору: { $value }
set_raspasy = Распасы: { $value }
set_raspasy_exit = Выход с распасов: от { $value }
set_raspasy_strict_exit = Строгий выход: { $value }
set_raspasy_zero = За 0 взяток на распасах в пулю: { $value }
set_raspasy_zero_progressive = Очки за 0 взяток растут с множителем: { $value }
set_raspasy_scoring = Распасы пишутся: { $value }
set_raspasy_whists = Вистов за взятку на распасах: { $value }
set_raspasy_amnesty = Амнистия на распасах: { $value }
set_pulka_ratio = Недобор пули в гору: ×{ $value }
set_help = Помощь закрывшего: { $value }
set_end = Конец: { $value }
set_division = Деление горы: { $value }
rules_quota_liable_second = второй вистующий
rules_quota_liable_both = оба вистующих
err-players_count = в пульке от 2 до 5 игроков, а не { $count }
err-player_name_empty = имя игрока не может быть пустым
err-player_names_distinct = имена игроков должны быть разными
err-unknown_player = нет игрока «{ $name }»; игроки: { $players }
err-pulka_over = пулька уже закрыта; распишите её (/settle) или внесите поправку (/correct)
err-named_twice = имя { $name } названо дважды
err-tricks_range = { $name }: взятки — целое число от 0 до 10, а не «{ $count }»
err-tricks_three = нужны взятки всех трёх игроков ({ $players })
err-tricks_four = вчетвером нужны взятки трёх игроков за столом; кого не назвали — тот сдаёт и не играет
err-dealer_at_table = сдающий { $dealer } не играет и не может быть за столом
err-tricks_sum = взятки в сумме { $total }, а в сдаче их 10
err-declarer_tricks = нужны взятки разыгрывающего ({ $declarer })
err-declarer_whists = { $declarer } разыгрывает и не может вистовать или пасовать на своей игре
err-not_defender = { $name } в этой сдаче не играет и не защищается
err-whist_missing = не сказано, вист или пас: { $names }
err-raspasy_exit = после распасов играют не ниже { $exit }, а не { $level }
err-unwhisted_short = никто не вистовал, игра не разыгрывается: { $declarer } пишет { $contract } ровно, а взяток у разыгрывающего должно быть не меньше { $level }
err-half_off = полвиста в этих правилах не играют
err-half_level = полвиста бывает только на шестерной и семерной игре, а не на { $level }
err-half_order = полвиста может сказать только второй защитник ({ $second }) и только после паса первого
err-half_tricks = на полвиста игру не разыгрывают: { $declarer } пишет { $level } взяток, а { $second } — { $half }
err-half_quota = полвиста на { $level } невозможны: обязательные взятки не делятся пополам
err-misere_tricks = взятки на мизере — целое число от 0 до 10, а не «{ $count }»
err-misere_dealer = { $declarer } в этот раз сдаёт и не играет: мизер играет один из тех, кто за столом, — { $playing }
err-misere_declarer_tricks = нужны взятки мизерящего, например {"{"}"{ $declarer }": 0{"}"}
err-misere_only_declarer = для мизера нужны только взятки мизерящего
err-self_whists = { $player } не может писать висты на себя
err-contract_text = не понимаю контракт «{ $text }»: нужен уровень 6–10 и масть S, C, D, H или NT, например 7H или 10NT
err-contract_level = уровень контракта — от 6 до 10, а не { $level }
err-choice = { $name }: нужно вист, пас или полвиста, а не «{ $choice }»
err-unknown_deal = непонятная сдача: { $deal }
err-document_object = запись должна быть JSON-объектом
err-unknown_format = непонятный формат «{ $format }»: нужен "pulka/1" или "pulka-sheet/1"
err-field = неверное значение ({ $detail })
err-rules_variant = неизвестный вариант «{ $variant }»: нужен sochi, leningrad или rostov
err-rules_unknown = неизвестное соглашение
err-rules_choice = неизвестное значение «{ $value }»: нужно одно из { $choices }
err-rules_stake_number = ставка — десятичное число строкой, например "0.5"
err-rules_target = пуля должна быть целым числом очков от 1 до 10000
err-rules_stake = ставка — от 0 до { $high }
err-rules_stake_decimals = в ставке не больше { $places } знаков после точки
err-rules_currency = валюта — короткая подпись от 1 до { $length } знаков, например RUB
err-rules_quota = обязательные взятки нужны на 6, 7, 8, 9 и 10, каждая от 0 до 4
err-rules_raspasy = множители распасов — от 1 до 20 целых чисел, каждое от 1 до 100
err-rules_raspasy_exit = выход с распасов — игра от 6 до 10
err-rules_0_100 = { $name } — целое число от 0 до 100
err-rules_1_4 = { $name } — 1, 2, 3 или 4
err-rules_range = { $name } — целое число от { $low } до { $high }
err-rules_bool = { $name } — true или false
err-rules_hussar_only = { $name } — правило гусарика (двое игроков), а в записи игроков: { $count }
err-rules_five_only = { $name } — правило игры впятером, а в записи игроков: { $count }
err-rules_size_only = { $name } — правило стола другого размера, а в записи игроков: { $count }
err-json_syntax = ошибка JSON в строке { $line }, позиция { $column }: { $reason }
err-json_encoding = файл не в кодировке UTF-8
err-json_depth = ошибка JSON: вложенность глубже { $limit } уровней
err-json_number_long = число из { $length } знаков слишком длинное (не больше { $limit })
err-json_number_range = число { $number } вне допустимых пределов
err-json_constant = { $value } — не число: в JSON числа конечные
err-json_duplicate = «{ $key }» указано дважды
err-json_surrogate = в тексте символ { $char } — половина суррогатной пары UTF-16, а не буква
err-name_character = в имени не может быть управляющего символа { $char }
err-null_value = null — не значение: укажите значение или уберите ключ, чтобы взять значение по умолчанию
err-object_type = здесь нужен объект JSON
err-contract_character = контракт пишется без пробелов и управляющих символов, например 7H или 10NT, а в этом есть символ { $char }
err-note_character = в примечании не может быть управляющего символа { $char }
err-amount_number = пуля, гора и висты пишутся числом, например 7 или 7.5 (не строкой)
err-amount_range = число в пуле, горе или вистах должно быть от -{ $limit } до { $limit }
err-amount_decimals = в пуле, горе и вистах не больше { $decimals } знаков после точки
pin_failed = Не получилось закрепить табло пульки: у меня нет права закреплять сообщения. Дайте мне права администратора — или просто найдите табло выше.
cancel_after_deal = Пульку уже не отменить: сдачи записаны. Закончить её можно через /settle.
leave_not_seated = Вы не сидите за столом этой пульки.
leave_after_deal = Уйти из-за стола уже нельзя: сдачи записаны ({ $name } играет до конца пульки).
seats_first = Первая сдача: раздаёт { $name }.
seats_after_deal = Рассадку уже не поменять: сдачи записаны.
# The table size in words.  $seats: 2 to 5, anything else: not chosen (three or four);
# $side: who sits out with the dealer at five (five_sitting_out: right, left).
table_size = { $seats ->
    [2] вдвоём, гусарик: третьим — болван
    [3] втроём
    [4] вчетвером: сдающий не играет
    [5] { $side ->
        [left] впятером: сдающий и его сосед слева не играют
       *[right] впятером: сдающий и его сосед справа не играют
    }
   *[other] втроём или вчетвером
}
table_line = Играем { $size }.
started_join_chosen = Садитесь за стол: /join (гость без Telegram: /join Имя); первый севший сдаёт первым.
players_open_chosen = Рассадка открыта: /join. Нужно { $seats } { $seats ->
    [one] игрок
    [few] игрока
   *[many] игроков
}.
need_players_chosen = Для сдачи нужно { $seats } { $seats ->
    [one] игрок
    [few] игрока
   *[many] игроков
}, за столом { $count }. Садитесь: /join
rules_hussar = Гусарик: гора { $hussar_mountain }; вист за болвана (болван вистует, когда соперник спасовал): { $dummy_whist }; мизер: { $hussar_misere }; взятки болвана на распасах: { $hussar_raspasy }.
rules_five = Впятером со сдающим не играет { $five_sitting_out }; консоляцию из двух неиграющих пишут: { $five_consolation }.
set_hussar_mountain = Гора: { $value }
set_dummy_whist = Вист за болвана: { $value }
set_hussar_misere = Мизер в гусарике: { $value }
set_hussar_raspasy = Взятки болвана на распасах: { $value }
set_five_sitting_out = Со сдающим не играет: { $value }
set_five_consolation = Консоляцию из неиграющих пишут: { $value }
rules_hussar_mountain_divisible = делимая (очко — 5 вистов)
rules_hussar_mountain_indivisible = неделимая (очко — 10 вистов)
rules_hussar_raspasy_ignored = не пишутся
rules_hussar_raspasy_shared = пополам обоим
rules_five_sitting_out_right = сосед справа
rules_five_sitting_out_left = сосед слева
rules_five_consolation_both = оба
rules_five_consolation_dealer = только сдающий
# Errors of a two-player (гусарик) and a five-player table, by scoring's error code.
err-tricks_five = впятером нужны взятки трёх игроков за столом; двое неназванных — сдающий и его сосед, они не играют
err-sitting_out_pair = { $names } не могут пропускать сдачу вместе: впятером не играют сдающий и его сосед (по рассадке — { $expected })
err-tricks_two = в гусарике нужны взятки обоих игроков ({ $players }) или, в игре, одного разыгрывающего; у вистующего — вместе со взятками болвана
err-tricks_two_sum = у игроков вместе { $total } { $total ->
    [one] взятка
    [few] взятки
   *[other] взяток
}, а на распасах в гусарике их не больше 10 (остальные у болвана)
err-half_hussar = в гусарике полвиста нет: единственный защитник вистует или пасует
err-misere_out = { $declarer } в эту сдачу не играет (сдаёт { $dealer }): мизер играет один из тех, кто за столом, — { $playing }
err-misere_hussar_off = мизер в гусарике по этим правилам не играют
# A defender of a game nobody played out (written as made): his choice, no tricks.
defender_unplayed = { $name } { $choice }
lang_unknown = Языка «{ $choice }» у бота нет. Есть: { $langs }. Сейчас язык чата: { $current }.
json_reason_value = здесь ждали значение: число, строку в кавычках, объект или список
json_reason_key = здесь ждали имя поля в двойных кавычках (нет ли лишней запятой перед закрывающей скобкой?)
json_reason_colon = не хватает двоеточия после имени поля
json_reason_comma = не хватает запятой между значениями
json_reason_string = строка не закрыта кавычкой
json_reason_control = в строке управляющий символ (перевод строки или табуляция)
json_reason_unicode = неверный код символа \uXXXX
json_reason_escape = неверная обратная косая черта в строке
json_reason_extra = после записи лишний текст
json_reason_other = текст обрывается или в нём лишний знак

btn_open_sheet = 📊 Открыть лист
# The menu button beside the message field of a private chat (at most 64 characters).
btn_menu_sheet = Лист пульки
