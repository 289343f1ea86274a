### The words many features share, in Ukrainian.
###
### Placeholders are { $name }; names and figures come as text the bot wrote
### (HTML-escaped), whole numbers as numbers (plural variants select on them).
### Messages are HTML unless their key says otherwise (button labels, note_*
### answers to presses and the menu are plain text).

# A past deal changed or deleted (/edit, /delete, "✏️" under a deal and under /history).
btn_edit = ✏️ Змінити
amend_done = ✏️ <b>Роздачу №{ $number } змінено</b>
    було: { $old }
    стало: { $new }
    Змінив(ла): { $who }.
amend_deleted = 🗑 <b>Роздачу №{ $number } видалено</b>: { $old }
    Видалив(ла): { $who }.
amend_done_correction = ✏️ <b>Запис №{ $number } змінено</b>
    було: { $old }
    стало: { $new }
    Змінив(ла): { $who }.
amend_deleted_correction = 🗑 <b>Запис №{ $number } видалено</b>: { $old }
amend_standings_title = Якщо закінчити зараз (у вістах), було → стало:
amend_standing_line = { $name }: { $before } → { $after }
amend_ended = Пульку вже закінчено: її роздачі більше не змінюються.
amend_gone = Цієї роздачі на аркуші більше немає: її скасували або видалили.
amend_same = Роздача №{ $number } і так така: нічого не змінено.
amend_same_correction = Запис №{ $number } і так такий: нічого не змінено.
amend_breaks = Нічого не змінено: тоді стала б неможливою роздача №{ $number } ({ $notation }): { $reason }
undo_after_amend = Останньою була правка минулої роздачі: /undo скасовує лише останню записану роздачу. Щоб повернути як було, змініть ту роздачу ще раз (/edit).
debts_not_payer = «Сплачено» позначає той, хто платить: { $payer } (отримувач — { $payee } — позначає «Отримано»).
debts_not_payee = «Отримано» позначає той, хто отримує: { $payee } (платник — { $payer } — позначає «Сплачено»).
debts_guest_paid = { $payer } — без Telegram: «Сплачено» за цього гравця позначає { $payee } (якщо і він без Telegram — будь-який гравець пульки) або адміністратор чату.
debts_guest_received = { $payee } — без Telegram: «Отримано» за цього гравця позначає { $payer } (якщо і він без Telegram — будь-який гравець пульки) або адміністратор чату.
agree_voided = Згоду закінчити знято: після неї рахунок змінився. Закінчити за згодою — знову /settle або «🏁 Закінчити» на рахунку.
agree_ended_elsewhere = Голосування закрито: пульку вже закінчено за згодою в іншій такій самій пропозиції. Підсумки — на табло пульки.
board_agreed = Пульку закінчено за згодою, ще не розписано: «Розписати» або /settle; /undo поверне її в гру.
board_ended_alone = Пульку закінчено рішенням адміністратора, ще не розписано: «Розписати» або /settle; /undo поверне її в гру.
reopen_settled = Пульку вже розписано й замкнено: її кінець не скасувати. Розписані пульки — у /pulkas.
reopen_busy = Кінець тієї пульки вже не скасувати: тут почато нову. Помилкову нову можна скасувати (/cancel), поки в ній немає роздач.
btn_settle = 🧮 Розписати
btn_again = 🔁 Тим самим складом
btn_export = 📄 Запис пульки
btn_end = 🏁 Закінчити
archive_date = { $day }.{ $month }.{ $year }
archive_result_money = { $name } { $result } ({ $money } { $currency })
archive_result = { $name } { $result }
archive_no_results = гравців забракло
archive_missing = Пульки №{ $number } в архіві немає. Список: /pulkas
after_settle_title = Виправлення після розрахунку:
after_settle_line = { $date } { $time } · { $who } — { $what }
after_settle_results = З виправленнями (розпис, про який домовилися, не змінюється):
after_settle_written = Виправлення після розрахунку записано.
after_settle_written_number = Виправлення до розписаної пульки №{ $number } записано.
archive_line_amended = { $count ->
        [one] { $count } виправлення після розрахунку
        [few] { $count } виправлення після розрахунку
       *[many] { $count } виправлень після розрахунку
    }, з ними: { $results }
rating_change = { $name } { $change }
rating_item = { $name } { $rating } ({ $change })
rating_note = Рейтинг: { $changes }
debts_btn_paid = 💸 { $payer } → { $payee } { $amount }: сплачено
debts_btn_pending = ☑️ { $payer } → { $payee } { $amount }: сплачено, чекаємо
debts_btn_received = 📥 { $payee } ← { $payer }: отримано
debts_btn_closed = ✅ { $payer } → { $payee } { $amount }
name_both = Назвіть обох захисників і що сказав кожен: віст чи пас.
passes_unnamed = Без імен пишуть лише «пас пас»: обидва пасують. Інакше перед кожною відповіддю — ім'я захисника.
both_whist_named = «{ $token }»: у кожного, хто вістує, свої хабарі, назвіть кожного — ім'я, віст, хабарі. Без імен можна лише «обидва пас».
sits_out = { $name } у цю роздачу не грає (здає { $dealer }). Якщо здавав інший, назвіть обох захисників.
dealer_sits_out = { $name } здає цю роздачу і в ній не грає. Якщо здавав інший, назвіть обох захисників.
whisters_counts = Вістують обидва: напишіть хабарі двох із трьох (того, хто грає, і одного вістуючого або обох вістуючих), третьому — решта.
missing_result = Хабарі — { $name }? Після контракту напишіть хабарі, «рівно», «+1» або «без одного».
tricks_over = Хабарів виходить { $total }, а в роздачі їх 10.
tricks_two_sum = На розпасах у гусарику в гравців разом не більше 10 хабарів (решта в болвана), а названо { $total }.
raspasy_counts = На розпасах потрібні хабарі гравців за столом: { $players }.
err-whisters_counts = вістують обидва: потрібні хабарі двох із трьох (того, хто грає, і одного вістуючого або обох вістуючих), третьому — решта
err-missing_result = { $name } грав під віст: потрібні його хабарі («рівно», «+1», «без одного») або хабарі вістуючого
err-name_both = назвіть обох захисників і що сказав кожен: віст чи пас
err-sits_out = { $name } у цю роздачу не грає (здає { $dealer }); якщо здавав інший, назвіть обох захисників
err-dealer_sits_out = { $name } здає цю роздачу і в ній не грає; якщо здавав інший, назвіть обох захисників
err-hussar_form = у гусарику потрібна відповідь захисника: віст або пас
err-tricks_over = названі хабарі разом { $total }, більше за 10 у роздачі
err-raspasy_counts = на розпасах потрібні хабарі гравців: { $players }; не назвати можна одного, у нього решта (у гусарику нікого: решта в болвана)
wiz_sitting_out = Не грають: { $first } і { $second }.
wiz_ask_kind_no_misere = Хто грає? Або розпаси (мізеру в гусарику за цими правилами немає).
wiz_ask_tricks_hussar = Хабарі — { $name }? Решта — у захисту: { $other } з болваном.
wiz_ask_raspasy_dummy = Хабарі — { $name }? (решта — у болвана)
hussar_whist = { $a } віст
hussar_pass = { $a } пас
hussar_pass_dummy = { $a } пас (болван вістує — граємо)
table_count2 = У гусарику назвіть хабарі обох гравців (решта — у болвана), названо { $count }.
table_count5 = Уп'ятьох назвіть трьох гравців за столом (здавач і його сусід не грають), названо { $count }.
hussar_form = У гусарику після контракту потрібна відповідь захисника (віст або пас), а при вісті — хабарі того, хто грає: наприклад, «7ч віст 7» або «6п пас».
form_all_hussar =
    Форми в гусарику:
    <code>/deal { $a } 7ч віст 7</code> — гра (хабарі того, хто грає)
    <code>/deal { $b } мізер 0</code> — мізер
    <code>/deal розпаси { $a } 3 { $b } 5</code> — розпаси (решта — у болвана)
form_game_hussar =
    Форма в гусарику: /deal Гравець Контракт [Захисник] віст|пас Хабарі того, хто грає
    Наприклад: <code>/deal { $a } 7ч віст 7</code>, <code>/deal { $a } 7ч рівно { $b } віст</code> або <code>/deal { $a } 6п пас</code>
form_raspasy_hussar =
    Форма в гусарику: /deal розпаси Гравець Хабарі Гравець Хабарі (решта — у болвана)
    Наприклад: <code>/deal розпаси { $a } 3 { $b } 5</code> або за місцями: <code>/deal розпаси 3 5</code>
rules_hussar_whist = вістує один (гусарик)
rules_hussar_shortfall = —
rules_hussar_liable = вістуючий
rules_hussar_consolation = вістуючий (гусарик)
sheet_dummy = Болван
error_generic = Вибачте, щось пішло не так, і команду не виконано. Спробуйте ще раз; записані роздачі не постраждали.
not_allowed = Це можуть робити лише гравці пульки та адміністратори чату.
no_pulka = Тут немає пульки, що триває. Почніть нову: /newpulka
busy = Пулька вже йде — нова почнеться, коли цю розпишуть (/settle). Поточний рахунок: /score
busy_no_deals = Пулька вже йде, роздач у ній ще немає. Почали не ту? /cancel скасує її (може той, хто почав, або адміністратор), потім — /newpulka. Розсадка: /players
settle_no_deals = Розписувати нічого: роздач ще немає. Перша роздача — /deal або «➕ Нова роздача»; пульку почато помилково — /cancel.
open_unsettled = Спершу розпишіть пульку №{ $number }: її закінчено за згодою, але ще не розписано — «Розписати» на рахунку або /settle (/undo поверне її в гру). Потім — нова: /newpulka
ended_unsettled = Пульку №{ $number } закінчено за згодою, але ще не розписано. Розписати: «Розписати» на рахунку або /settle. Виправити чи дограти: /undo поверне її в гру.
stale = Кнопка застаріла: відтоді пулька змінилася. Нічого не зроблено.
done = Готово
lang_set = Мова чату: українська.
lang_name_ru = русский
lang_name_uk = українська
lang_name_en = English
variant_sochi = сочинка
variant_leningrad = ленінградка
variant_rostov = ростов
started = <b>Нова пулька</b>: { $variant }, до { $target }, віст по { $stake } { $currency }.
started_join = Сідайте за стіл: /join (гість без Telegram: /join Ім'я). Потрібно 3 або 4 гравці; хто сів першим, той першим і здає.
joined = { $name } сідає за стіл, місце { $seat }.
already_seated = Ви вже за столом.
seating_closed = Розсадку закрито: роздачі вже записуються.
table_full = Усі місця за столом зайняті.
name_taken = Ім'я { $name } уже зайняте — виберіть інше: /join Ім'я
name_sounds_like = Ім'я { $name } звучить як { $seated } — за столом уже є такий гравець, і на аркуші їх не розрізнити. Виберіть інше ім'я: /join Ім'я (наприклад, /join { $name }2).
players_title = <b>Розсадка</b> (за годинниковою стрілкою):
player_line = { $seat }. { $name }{ $extra }
player_guest = {" "}(гість)
player_nick = «{ $nick }»
players_none = За столом поки нікого. Сідайте: /join
players_open = Розсадка відкрита: /join. Потрібно 3 або 4 гравці.
players_fourth = Четвертий може підсісти до першої роздачі: /join
players_fixed = Розсадку закріплено. Наступним здає { $dealer }.
need_players = Для роздачі потрібно 3 або 4 гравці, за столом { $count }. Сідайте: /join
deal_empty = Напишіть роздачу після /deal.
deal_short = Роздачу не дописано.
unknown_player = Не знаю гравця «{ $token }». Гравці: { $players } (можна на ім'я чи його початок, прізвисько, @нік або номер місця).
ambiguous_player = «{ $token }» — це { $names } чи { $last }? Напишіть ім'я довше.
ambiguous_sound = «{ $token }» — це { $names } чи { $last }? Напишіть замість імені номер місця: { $seats }.
bad_contract = Не розумію контракт «{ $token }»: потрібен рівень 6–10 і масть, наприклад 7ч, 8♠, 6бк.
bad_suit = «{ $level } { $token }»: не розумію масть. Масті: ♠ п піки, ♣ т трефи, ♦ б бубни, ♥ ч чирви, бк без козиря.
bad_suit_guess = «{ $level } { $token }»: не розумію масть — можливо, { $guess }?
missing_tricks = Не вказано кількість хабарів: { $name } — скільки?
bad_tricks = { $name }: «{ $token }» — не кількість хабарів, потрібне ціле число від 0 до 10.
defenders_form = Після контракту і хабарів того, хто грає, потрібні обидва захисники: ім'я, віст або пас, хабарі.
deal_extra = Зайве в роздачі: «{ $token }». Після відповідей захисників і їхніх хабарів нічого не пишуть.
bad_choice = { $name }: «{ $token }» — потрібно віст, пас або піввіста.
player_twice = Ім'я { $name } названо двічі.
declarer_defends = { $name } розігрує цю гру і не може на ній вістувати.
tricks_sum = Разом { $total } { $total ->
        [one] хабар
        [few] хабарі
       *[many] хабарів
    }, а в роздачі їх 10.
table_count = На розпасах потрібні хабарі всіх трьох гравців, названо { $count }.
table_count4 = Учотирьох назвіть трьох гравців за столом (здавач не грає), названо { $count }.
raspasy_form = На розпасах після слова «розпаси» йдуть пари: гравець і його хабарі.
misere_extra = Для мізера потрібні лише хабарі того, хто грає мізер.
deal_rejected = Роздачу не записано: { $reason }.
amend_rejected = Роздачу №{ $number } не змінено: { $reason }.
amend_rejected_correction = Запис №{ $number } не змінено: { $reason }.
form_all =
    Форми:
    <code>/deal { $a } 7ч 7 { $b } віст 2 { $c } пас 1</code> — гра
    <code>/deal { $b } мізер 0</code> — мізер
    <code>/deal розпаси { $a } 3 { $b } 2 { $c } 5</code> — розпаси
form_game =
    Форма: /deal Гравець Контракт Хабарі Захисник віст|пас Хабарі Захисник віст|пас Хабарі
    Наприклад: <code>/deal { $a } 7ч 7 { $b } віст 2 { $c } пас 1</code> або <code>/deal { $a } 7ч рівно { $b } віст</code>
form_misere =
    Форма: /deal Гравець мізер Хабарі
    Наприклад: <code>/deal { $b } мізер 0</code>
form_raspasy =
    Форма: /deal розпаси Гравець Хабарі Гравець Хабарі Гравець Хабарі
    Наприклад: <code>/deal розпаси { $a } 3 { $b } 2 { $c } 5</code> або за місцями: <code>/deal розпаси 3 2 5</code>
nothing_recorded = Нічого не записано.
correction_empty = Напишіть виправлення після /correct.
correction_bad_word = Не розумію «{ $token }»: очікується куля, гора або вісти.
correction_bad_amount = «{ $token }» — не число виправлення: потрібне число від -999999 до 999999, не більше 4 знаків після крапки, наприклад 2, -2 або 2.5.
correction_missing_amount = Після «{ $token }» бракує числа.
correction_twice = «{ $token }» вказано двічі.
correction_no_amount = У виправленні потрібне хоча б одне ненульове число: куля, гора або вісти.
form_correction =
    Форма: /correct Гравець [куля N] [гора N] [вісти Гравець N …] [— пояснення]
    Наприклад: <code>/correct { $a } гора -2 вісти { $b } 10 — помилилися в підрахунку</code>
deal_written = <b>Роздача №{ $number }</b>: { $notation }
correction_written = <b>Запис №{ $number }</b>: { $notation }
deal_repeat = Цю роздачу вже записано (№{ $number }).
writes_title = Записано:
writes_title_preview = Буде записано:
write_pulka = { $name }: куля { $amount }
write_mountain = { $name }: гора { $amount }
write_whists = { $name } → { $on }: вісти { $amount }
write_help = Допомога: { $name } → { $on }, { $amount } у кулю
write_nothing = нічого (пулька не змінилася)
cost_title = Ціна роздачі у вістах:
cost_line = { $name } { $amount }
deal_wrote = Записано — { $writes }
deal_cost = Ціна роздачі у вістах: { $costs }
correction_cost = Ціна виправлення у вістах: { $costs }
next_dealer = Наступним здає { $dealer }.
next_playing = Грають: { $players }.
next_sitting_out = Не грає: { $name }.
finished = <b>Пульку закрито!</b> Розписати: /settle
nt = БК
exactly = рівно
over = +{ $n }
down = без { $n ->
        [1] одного
        [2] двох
        [3] трьох
        [4] чотирьох
        [5] п'яти
        [6] шести
        [7] семи
        [8] восьми
        [9] дев'яти
        [10] десяти
       *[other] { $n }
    }
not_whisted = без вісту
half_whisted = піввіста
misere = мізер
misere_clean = чистий
misere_tricks = { $n } { $n ->
        [one] хабар
        [few] хабарі
       *[many] хабарів
    }
raspasy = розпаси
correction = виправлення
whist = віст
pass = пас
half = піввіста
defender = { $name } { $choice } { $tricks }
undo_yes = Так, скасувати
undo_no = Ні
undo_done = Роздачу №{ $number } скасовано ({ $notation }). Скасування ввів(ла): { $who }.
undo_done_correction = Запис №{ $number } скасовано ({ $notation }). Скасування ввів(ла): { $who }.
score_title = <b>Пулька</b> (до { $target })
score_line = { $name }: куля { $pulka }, гора { $mountain }, вісти: { $whists }
score_whist = { $on } { $amount }
standings_title = Якщо закінчити зараз (у вістах):
standing_line = { $name } { $amount }
rules_title = <b>Правила цієї пульки</b>
rules_body =
    Варіант: { $variant }; куля до { $target }; віст коштує { $stake } { $currency }.
    Вісти: { $whist }; відповідальність за віст: { $liability }.
    Обов'язкові хабарі на 6/7/8/9/10: { $quota }; недобір двох вістуючих на 6–7: { $whist_shortfall }; на 8–10 за недобір відповідає { $quota_liable }. Піввіста: { $half_whist }.
    Консоляція: { $consolation }; на мізері: { $misere_consolation }.
    Розпаси: множники { $raspasy }; вихід не нижче { $raspasy_exit }; суворий вихід: { $raspasy_strict_exit }; запис: { $raspasy_scoring } (вістів за хабар: { $raspasy_whists }); за нуль хабарів у кулю: { $raspasy_zero } (зростає з множником: { $raspasy_zero_progressive }); амністія: { $raspasy_amnesty }.
    Коефіцієнт вістів: { $whist_factor }; за кожне очко, якого бракує до мети кулі, у гору пишуть { $pulka_ratio }; допомога того, хто закрив кулю: { $help }; гра списує гору: { $game_clears_mountain }.
    Кінець: { $end }; поділ гори: { $division }.
yes = так
no = ні
rules_whist_gentleman = джентльменські
rules_whist_greedy = жлобські
rules_liability_full = повна
rules_liability_half = половинна
rules_consolation_all = усі, разом зі здавачем
rules_consolation_defenders = обидва захисники
rules_consolation_whisters = лише ті, хто вістував
rules_raspasy_scoring_mountain = у гору
rules_raspasy_scoring_whists = вістами
rules_end_closed = коли всі закрили кулю
rules_end_total = коли кулі всіх гравців разом наберуть мету, помножену на кількість гравців
rules_division_exact = точний
rules_division_truncate = з відкиданням дробів
rules_division_adjust = з поправкою до подільної гори
rules_whist_shortfall_joint = спільний: пише той, у кого немає своєї половини
rules_whist_shortfall_each_half = кожен за свою половину
rules_raspasy_cycle = {" "}по колу
settle_ended = <b>Пульку закінчено, ще не розписано</b> (віст по { $stake } { $currency })
settle_final = <b>Пульку розписано</b> (віст по { $stake } { $currency })
settle_now = <b>Якщо закінчити зараз</b> (віст по { $stake } { $currency }; чого бракує до мети кулі, йде в гору)
settle_line = { $name }: { $result } { $unit ->
    [one] віст
   *[other] віст.
} = { $money } { $currency }
payments_title = Хто кому платить:
payment_line = { $payer } → { $payee }: { $amount } { $currency }
payments_none = Ніхто нікому не платить.
settle_rounding = Округлення: { $moves } — щоб платежі зійшлися в нуль.
settle_rounding_move = { $name } { $money } замість { $share } { $currency }
settle_centred = Після відкидання дробів підсумки дають у сумі { $off }, а не 0, тому гроші вирівняно до нуля: { $moves }.
notice-adjust_inapplicable = Поділ гори «з поправкою» тут неможливий: жоден зсув гори на пів очка, очко чи півтора не робить її подільною, тому гору поділено точно.
settle_archived = Пульку закрито й збережено в архіві. Нова: /newpulka
settle_agree = Закінчити за згодою
import_format = Потрібен запис партії у форматі pulka/1.
import_name = Ім'я «{ $name }» не годиться для бота: ім'я — одне слово до 24 символів, не число і не службове слово (пас, віст, мізер, в...). Перейменуйте цього гравця в записі (players і всі його згадки) та надішліть файл знову.
import_too_many = У записі { $count } { $count ->
    [one] роздача
    [few] роздачі
   *[many] роздач
}, а пулька в чаті приймає не більше { $limit }.
bad_variant = Не знаю варіант «{ $token }»: сочинка, ленінградка або ростов (sochi, leningrad, rostov).
bad_target = «{ $token }» — не мета кулі: потрібне ціле число від 1 до 10000, наприклад 20.
bad_stake = «{ $token }» — не ставка: потрібне число від 0 до 1000000, не більше 4 знаків після крапки, наприклад 0.5.
bad_currency = «{ $token }» — не валюта: код із трьох латинських літер (UAH, EUR, USD) або слово чи знак (грн, євро, €, $).
newpulka_extra = Зайве слово «{ $token }».
form_newpulka =
    Форма: /newpulka [варіант] [до скількох] [ставка] [валюта] [удвох|утрьох|учотирьох|уп'ятьох]
    Наприклад: <code>/newpulka сочинка 20 0.5</code>, <code>/newpulka ленінградка 50 1 UAH</code> або <code>/newpulka гусарик до 10</code>
btn_new_deal = ➕ Нова роздача
btn_undo = ↩️ Скасувати роздачу
btn_undo_correction = ↩️ Скасувати запис
btn_sit = 🪑 Сісти за стіл
btn_misere = Мізер
btn_raspasy = Розпаси
btn_back = « Назад
btn_cancel = ✖ Скасувати
btn_write = ✅ Записати
btn_sheet = 📷 Аркуш пульки
headline = { $variant }, до { $target }, віст по { $stake } { $currency }
lobby_ready = Можна грати: «Нова роздача» або /deal. Першим здає { $dealer }.
board_title = 📋 <b>Пулька</b>: { $headline }
board_last = Остання роздача №{ $number }: { $notation }
board_last_correction = Останній запис №{ $number }: { $notation }
board_archived = Пульку розписано й збережено в архіві.
sheet_title = Пулька: { $variant }, до { $target }
sheet_title_now = Якщо закінчити зараз: { $variant }, до { $target }
sheet_title_ended = Пульку закінчено: { $variant }, до { $target }
sheet_title_final = Пульку розписано: { $variant }, до { $target }
sheet_failed = Аркуш пульки намалювати не вдалося — ось рахунок текстом.
sheet_not_sent = Аркуш пульки намальовано, але Telegram його не прийняв — ось рахунок текстом.
wiz_title = <b>Роздача №{ $number }</b> · здає { $dealer }
wiz_run = Ідуть розпаси ({ $run } поспіль): грати можна від { $exit }.
wiz_ask_kind = Хто грає (гру чи мізер)? Або розпаси.
wiz_ask_contract = Грає { $declarer }. Який контракт?
wiz_ask_contract_or_misere = Грає { $declarer }. Який контракт — чи мізер?
wiz_ask_defence = Віст чи пас?
wiz_outdated = Це введення роздачі застаріло: поки його заповнювали, пулька змінилася. Нічого не записано — почніть нову роздачу.
wiz_ask_tricks = Хабарі — { $name }?
wiz_ask_split = Грає { $declarer }: { $tricks }, у захисту { $rest }. Скільки з них — { $name }? Решта — { $other }.
wiz_ask_misere_tricks = Мізер грає { $name }. Скільки хабарів?
wiz_raspasy = Розпаси.
wiz_ask_raspasy = Хабарі — { $name }? (решта — { $last })
wiz_preview = <b>Перевірте</b>: { $notation }
wiz_closes = Після цієї роздачі пульку закрито.
wiz_cancelled = Введення роздачі скасовано ({ $who }).
wiz_entered = Записав(ла): { $who }.
def_first = { $a } віст · { $b } пас
def_second = { $a } пас · { $b } віст
def_both = Обидва віст
def_none = Обидва пас
def_half = { $a } пас · { $b } піввіста
note_written = Записано: роздача №{ $number }
note_written_correction = Запис №{ $number } зроблено
note_saved = Записано. Відповідь не дійшла, повторюю її в чаті.
setup_page_game = <b>Домовленості: гра і вісти</b>
setup_page_raspasy = <b>Домовленості: розпаси й кінець пульки</b>
set_variant = Варіант: { $value }
set_whist = Вісти: { $value }
set_liability = Відповідальність за віст: { $value }
set_quota = Обов'язкові хабарі: { $value }
set_whist_shortfall = Недобір двох вістуючих на 6–7: { $value }
set_quota_liable = На 8–10 за недобір відповідає: { $value }
set_half_whist = Піввіста: { $value }
set_consolation = Консоляція: { $value }
set_misere_consolation = Консоляція на мізері: { $value }
set_whist_factor = Коефіцієнт вістів: { $value }
set_game_clears_mountain = Гра списує гору: { $value }
set_raspasy = Розпаси: { $value }
set_raspasy_exit = Вихід з розпасів: від { $value }
set_raspasy_strict_exit = Суворий вихід: { $value }
set_raspasy_zero = За 0 хабарів на розпасах у кулю: { $value }
set_raspasy_zero_progressive = Очки за 0 хабарів зростають із множником: { $value }
set_raspasy_scoring = Розпаси пишуться: { $value }
set_raspasy_whists = Вістів за хабар на розпасах: { $value }
set_raspasy_amnesty = Амністія на розпасах: { $value }
set_pulka_ratio = Недобір кулі в гору: ×{ $value }
set_help = Допомога того, хто закрив кулю: { $value }
set_end = Кінець: { $value }
set_division = Поділ гори: { $value }
rules_quota_liable_second = другий, хто вістував
rules_quota_liable_both = обидва, хто вістував
err-players_count = у пульці від 2 до 5 гравців, а не { $count }
err-player_name_empty = ім'я гравця не може бути порожнім
err-player_names_distinct = імена гравців мають бути різними
err-unknown_player = немає гравця «{ $name }»; гравці: { $players }
err-pulka_over = пульку вже закрито; розпишіть її (/settle) або внесіть виправлення (/correct)
err-named_twice = ім'я { $name } названо двічі
err-tricks_range = { $name }: хабарі — ціле число від 0 до 10, а не «{ $count }»
err-tricks_three = потрібні хабарі всіх трьох гравців ({ $players })
err-tricks_four = учотирьох потрібні хабарі трьох гравців за столом; кого не названо — той здає і не грає
err-dealer_at_table = здавач { $dealer } не грає і не може бути за столом
err-tricks_sum = разом { $total } { $total ->
        [one] хабар
        [few] хабарі
       *[many] хабарів
    }, а в роздачі їх 10
err-declarer_tricks = потрібні хабарі того, хто грає ({ $declarer })
err-declarer_whists = { $declarer } розігрує цю гру і не може на ній вістувати чи пасувати
err-not_defender = { $name } у цій роздачі не грає і не захищається
err-whist_missing = не сказано, віст чи пас: { $names }
err-raspasy_exit = після розпасів грають не нижче { $exit }, а не { $level }
err-unwhisted_short = ніхто не вістував, гру не розігрують: { $declarer } пише { $contract } рівно, а хабарів у того, хто грає, має бути щонайменше { $level }
err-half_off = піввіста за цими правилами не грають
err-half_level = піввіста буває лише на шістці й сімці, а не на { $level }
err-half_order = піввіста може сказати лише другий захисник ({ $second }) і лише після пасу першого
err-half_tricks = на піввіста гру не розігрують: { $declarer } пише { $level } хабарів, а { $second } — { $half }
err-half_quota = піввіста на { $level } неможливі: обов'язкові хабарі не діляться навпіл
err-misere_tricks = хабарі на мізері — ціле число від 0 до 10, а не «{ $count }»
err-misere_dealer = { $declarer } цього разу здає і не грає: мізер грає один із тих, хто за столом, — { $playing }
err-misere_declarer_tricks = потрібні хабарі того, хто грає мізер, наприклад {"{"}"{ $declarer }": 0{"}"}
err-misere_only_declarer = для мізера потрібні лише хабарі того, хто його грає
err-self_whists = { $player } не може писати вісти на себе
err-contract_text = не розумію контракт «{ $text }»: потрібен рівень 6–10 і масть S, C, D, H або NT, наприклад 7H або 10NT
err-contract_level = рівень контракту — від 6 до 10, а не { $level }
err-choice = { $name }: потрібно віст, пас або піввіста, а не «{ $choice }»
err-unknown_deal = незрозуміла роздача: { $deal }
err-document_object = запис має бути JSON-об'єктом
err-unknown_format = незрозумілий формат «{ $format }»: потрібен "pulka/1" або "pulka-sheet/1"
err-field = неправильне значення ({ $detail })
err-rules_variant = невідомий варіант «{ $variant }»: потрібен sochi, leningrad або rostov
err-rules_unknown = невідома домовленість
err-rules_choice = невідоме значення «{ $value }»: потрібне одне з { $choices }
err-rules_stake_number = ставка — десяткове число рядком, наприклад "0.5"
err-rules_target = куля має бути цілим числом очок від 1 до 10000
err-rules_stake = ставка — від 0 до { $high }
err-rules_stake_decimals = у ставці не більше { $places } знаків після крапки
err-rules_currency = валюта — короткий підпис від 1 до { $length } знаків, наприклад UAH
err-rules_quota = обов'язкові хабарі потрібні на 6, 7, 8, 9 і 10, кожен від 0 до 4
err-rules_raspasy = множники розпасів — від 1 до 20 цілих чисел, кожне від 1 до 100
err-rules_raspasy_exit = вихід із розпасів — гра від 6 до 10
err-rules_0_100 = { $name } — ціле число від 0 до 100
err-rules_1_4 = { $name } — 1, 2, 3 або 4
err-rules_range = { $name } — ціле число від { $low } до { $high }
err-rules_bool = { $name } — true або false
err-rules_hussar_only = { $name } — правило гусарика (двоє гравців), а в записі гравців: { $count }
err-rules_five_only = { $name } — правило гри вп'ятьох, а в записі гравців: { $count }
err-rules_size_only = { $name } — правило столу іншого розміру, а в записі гравців: { $count }
err-json_syntax = помилка JSON у рядку { $line }, позиція { $column }: { $reason }
err-json_encoding = файл не в кодуванні UTF-8
err-json_depth = помилка JSON: вкладеність глибша за { $limit } рівнів
err-json_number_long = число з { $length } знаків задовге (не більше { $limit })
err-json_number_range = число { $number } поза допустимими межами
err-json_constant = { $value } — не число: у JSON числа скінченні
err-json_duplicate = «{ $key }» вказано двічі
err-json_surrogate = у тексті символ { $char } — половина сурогатної пари UTF-16, а не літера
err-name_character = в імені не може бути керівного символу { $char }
err-null_value = null — не значення: вкажіть значення або приберіть ключ, щоб узяти типове значення
err-object_type = тут потрібен об'єкт JSON
err-contract_character = контракт пишеться без пропусків і керівних символів, наприклад 7H або 10NT, а в цьому є символ { $char }
err-note_character = у примітці не може бути керівного символу { $char }
err-amount_number = кулю, гору й вісти пишуть числом, наприклад 7 або 7.5 (не рядком)
err-amount_range = число в кулі, горі чи вістах має бути від -{ $limit } до { $limit }
err-amount_decimals = у кулі, горі й вістах не більше { $decimals } знаків після крапки
pin_failed = Не вдалося закріпити табло пульки: я не маю права закріплювати повідомлення. Дайте мені права адміністратора — або просто знайдіть табло вище.
cancel_after_deal = Пульку вже не скасувати: роздачі записано. Завершити її можна через /settle.
leave_not_seated = Ви не сидите за столом цієї пульки.
leave_after_deal = Піти з-за столу вже не можна: роздачі записано ({ $name } грає до кінця пульки).
seats_first = Перша роздача: здає { $name }.
seats_after_deal = Розсадку вже не змінити: роздачі записано.
# The table size in words.  $seats: 2 to 5, anything else: not chosen (three or four);
# $side: who sits out with the dealer at five (five_sitting_out: right, left).
table_size = { $seats ->
    [2] удвох, гусарик: третій — болван
    [3] утрьох
    [4] учотирьох: здавач не грає
    [5] { $side ->
        [left] уп'ятьох: здавач і його сусід ліворуч не грають
       *[right] уп'ятьох: здавач і його сусід праворуч не грають
    }
   *[other] утрьох або вчотирьох
}
table_line = Граємо { $size }.
started_join_chosen = Сідайте за стіл: /join (гість без Telegram: /join Ім'я); хто сів першим, той першим і здає.
players_open_chosen = Розсадка відкрита: /join. Потрібно { $seats } { $seats ->
    [one] гравець
    [few] гравці
   *[many] гравців
}.
need_players_chosen = Для роздачі потрібно { $seats } { $seats ->
    [one] гравець
    [few] гравці
   *[many] гравців
}, за столом { $count }. Сідайте: /join
rules_hussar = Гусарик: гора { $hussar_mountain }; віст за болвана (болван вістує, коли суперник спасував): { $dummy_whist }; мізер: { $hussar_misere }; хабарі болвана на розпасах: { $hussar_raspasy }.
rules_five = Уп'ятьох зі здавачем не грає { $five_sitting_out }; консоляцію з двох, хто не грає, пишуть: { $five_consolation }.
set_hussar_mountain = Гора: { $value }
set_dummy_whist = Віст за болвана: { $value }
set_hussar_misere = Мізер у гусарику: { $value }
set_hussar_raspasy = Хабарі болвана на розпасах: { $value }
set_five_sitting_out = Зі здавачем не грає: { $value }
set_five_consolation = Консоляцію з тих, хто не грає, пишуть: { $value }
rules_hussar_mountain_divisible = подільна (очко — 5 вістів)
rules_hussar_mountain_indivisible = неподільна (очко — 10 вістів)
rules_hussar_raspasy_ignored = не пишуться
rules_hussar_raspasy_shared = навпіл обом
rules_five_sitting_out_right = сусід праворуч
rules_five_sitting_out_left = сусід ліворуч
rules_five_consolation_both = обидва
rules_five_consolation_dealer = лише здавач
# Errors of a two-player (гусарик) and a five-player table, by scoring's error code.
err-tricks_five = уп'ятьох потрібні хабарі трьох гравців за столом; двоє неназваних — здавач і його сусід, вони не грають
err-sitting_out_pair = { $names } не можуть пропускати роздачу разом: уп'ятьох не грають здавач і його сусід (за розсадкою — { $expected })
err-tricks_two = у гусарику потрібні хабарі обох гравців ({ $players }) або, у грі, лише того, хто грає; у вістуючого — разом із хабарами болвана
err-tricks_two_sum = у гравців разом { $total } { $total ->
    [one] хабар
    [few] хабарі
   *[other] хабарів
}, а на розпасах у гусарику їх не більше 10 (решта в болвана)
err-half_hussar = у гусарику піввіста немає: єдиний захисник вістує або пасує
err-misere_out = { $declarer } цієї роздачі не грає (здає { $dealer }): мізер грає один із тих, хто за столом, — { $playing }
err-misere_hussar_off = мізер у гусарику за цими правилами не грають
# A defender of a game nobody played out (written as made): his choice, no tricks.
defender_unplayed = { $name } { $choice }
lang_unknown = Мови «{ $choice }» бот не знає. Є: { $langs }. Зараз мова чату: { $current }.
json_reason_value = тут очікували значення: число, рядок у лапках, об'єкт або список
json_reason_key = тут очікували ім'я поля в подвійних лапках (чи немає зайвої коми перед закривною дужкою?)
json_reason_colon = бракує двокрапки після імені поля
json_reason_comma = бракує коми між значеннями
json_reason_string = рядок не закрито лапкою
json_reason_control = у рядку керівний символ (перехід на новий рядок чи табуляція)
json_reason_unicode = неправильний код символу \uXXXX
json_reason_escape = неправильна зворотна коса риска в рядку
json_reason_extra = після запису зайвий текст
json_reason_other = текст уривається або в ньому зайвий знак

btn_open_sheet = 📊 Відкрити аркуш
# The menu button beside the message field of a private chat (at most 64 characters).
btn_menu_sheet = Аркуш пульки
