"""Every text the bot sends, per language, keyed by message id (str.format placeholders).

Russian is the default.  Values that hold player names are escaped by the
caller (HTML parse mode).  A later issue moves these into gettext/Fluent
catalogs; keep keys stable and placeholders identical across languages.
"""

from __future__ import annotations

DEFAULT_LANG = "ru"

ru: dict[str, str] = {
    # --- general ---------------------------------------------------------------
    "private": (
        "Я веду запись пульки преферанса в групповом чате. Добавьте меня в группу, "
        "где вы играете, и начните пульку командой /newpulka.\nВсе команды: /help"
    ),
    "group_only": "Эта команда работает в групповом чате, где идёт пулька. Подробнее: /help",
    "error_generic": (
        "Извините, что-то пошло не так, и команда не выполнена. Попробуйте ещё раз; "
        "записанные сдачи не пострадали."
    ),
    "not_allowed": "Это могут делать только игроки пульки и администраторы чата.",
    "no_pulka": "Здесь нет идущей пульки. Начните новую: /newpulka",
    "busy": (
        "Пулька уже идёт — новая начнётся, когда эта будет расписана (/settle). "
        "Текущий счёт: /score"
    ),
    "stale": "Кнопка устарела: с тех пор пулька изменилась. Ничего не сделано.",
    "done": "Готово",
    "lang_set": "Язык чата: русский.",
    "lang_usage": "Язык: /lang ru или /lang en",
    "migrated": "Группа стала супергруппой — пулька переехала вместе с ней.",
    # --- pulka and seating -----------------------------------------------------
    "variant_sochi": "сочинка",
    "variant_leningrad": "ленинградка",
    "variant_rostov": "ростов",
    "started": (
        "<b>Новая пулька</b>: {variant}, до {target}, вист по {stake} {currency}.\n"
        "Садитесь за стол: /join (гость без Telegram: /join Имя). "
        "Нужно 3 или 4 игрока; первый севший сдаёт первым."
    ),
    "started_again": "Эта пулька уже начата.",
    "joined": "{name} садится за стол, место {seat}.",
    "join_need": "Ещё можно сесть: /join. Для игры нужно 3 или 4 игрока.",
    "join_ready": "Можно играть: первая сдача — /deal. Раздаёт {dealer}.",
    "already_seated": "Вы уже за столом.",
    "seating_closed": "Рассадка закрыта: сдачи уже записываются.",
    "table_full": "Все места за столом заняты.",
    "name_taken": "Имя {name} уже занято — выберите другое: /join Имя",
    "bad_name": (
        "Имя должно быть одним словом до 24 символов, не числом и не служебным словом "
        "(пас, вист, мизер...). Например: /join Вася"
    ),
    "players_title": "<b>Рассадка</b> (по часовой стрелке):",
    "player_line": "{seat}. {name}{extra}",
    "player_guest": " (гость)",
    "players_none": "За столом пока никого. Садитесь: /join",
    "players_open": "Рассадка открыта: /join. Нужно 3 или 4 игрока.",
    "players_fixed": "Рассадка закреплена. Следующим раздаёт {dealer}.",
    "need_players": "Для сдачи нужно 3 или 4 игрока, за столом {count}. Садитесь: /join",
    # --- deals -----------------------------------------------------------------
    "deal_empty": "Напишите сдачу после /deal.",
    "deal_short": "Сдача не дописана.",
    "unknown_player": (
        "Не знаю игрока «{token}». Игроки: {players} (можно по имени, @нику или номеру места)."
    ),
    "bad_contract": (
        "Не понимаю контракт «{token}»: нужен уровень 6–10 и масть, например 7ч, 8♠, 6бк."
    ),
    "missing_tricks": "Не указано, сколько взяток у {name}.",
    "bad_tricks": "«{token}» — не число взяток для {name}: нужно целое от 0 до 10.",
    "defenders_form": (
        "После контракта и взяток разыгрывающего нужны оба защитника: "
        "имя, вист или пас, взятки."
    ),
    "bad_choice": "«{token}» для {name}: нужно вист, пас или полвиста.",
    "player_twice": "{name} назван дважды.",
    "declarer_defends": "{name} разыгрывает и не может вистовать на своей игре.",
    "tricks_sum": "Взятки в сумме {total}, а в сдаче их 10.",
    "table_count": "На распасах нужны взятки всех троих игроков, названо {count}.",
    "table_count4": (
        "Вчетвером назовите трёх игроков за столом (сдающий не играет), названо {count}."
    ),
    "raspasy_form": "На распасах после слова «распасы» идут пары: игрок и его взятки.",
    "misere_extra": "Для мизера нужны только взятки мизерящего.",
    "deal_rejected": "Сдача не записана: {reason}",
    "form_all": (
        "Формы:\n"
        "<code>/deal {a} 7ч 7 {b} вист 2 {c} пас 1</code> — игра\n"
        "<code>/deal {b} мизер 0</code> — мизер\n"
        "<code>/deal распасы {a} 3 {b} 2 {c} 5</code> — распасы"
    ),
    "form_game": (
        "Форма: /deal Разыгрывающий Контракт Взятки Защитник вист|пас Взятки "
        "Защитник вист|пас Взятки\nНапример: <code>/deal {a} 7ч 7 {b} вист 2 {c} пас 1</code>"
    ),
    "form_misere": "Форма: /deal Игрок мизер Взятки\nНапример: <code>/deal {b} мизер 0</code>",
    "form_raspasy": (
        "Форма: /deal распасы Игрок Взятки Игрок Взятки Игрок Взятки\n"
        "Например: <code>/deal распасы {a} 3 {b} 2 {c} 5</code>"
    ),
    "nothing_recorded": "Ничего не записано.",
    "deal_written": "<b>Сдача №{number}</b>: {notation}",
    "deal_repeat": "Эта сдача уже записана (№{number}).",
    "writes_title": "Записано:",
    "write_pulka": "{name}: пуля {amount}",
    "write_mountain": "{name}: гора {amount}",
    "write_whists": "{name} → {on}: висты {amount}",
    "write_help": "{name} помогает {on}: {amount} в пулю",
    "write_nothing": "ничего (пулька не изменилась)",
    "cost_title": "Цена сдачи в вистах:",
    "cost_line": "{name} {amount}",
    "next_dealer": "Следующим раздаёт {dealer}.",
    "finished": "<b>Пулька закрыта!</b> Расписать: /settle",
    # --- protocol notation -----------------------------------------------------
    "nt": "БК",
    "exactly": "ровно",
    "over": "+{n}",
    "down": "без {n}",
    "not_whisted": "без виста",
    "half_whisted": "полвиста",
    "misere": "мизер",
    "misere_clean": "чистый",
    "misere_tricks": "{n} взят.",
    "raspasy": "распасы",
    "whist": "вист",
    "pass": "пас",
    "half": "полвиста",
    "defender": "{name} {choice} {tricks}",
    # --- undo ------------------------------------------------------------------
    "undo_nothing": "Нечего отменять: сдач нет.",
    "undo_confirm": "Отменить последнюю сдачу №{number}: {notation}?",
    "undo_yes": "Да, отменить",
    "undo_no": "Нет",
    "undo_done": "Сдача №{number} отменена ({notation}). Ввёл отмену: {who}.",
    "undo_kept": "Отмена не нужна — сдача №{number} остаётся.",
    # --- history, score, rules -------------------------------------------------
    "history_title": "<b>История пульки</b>",
    "history_empty": "Сдач пока нет.",
    "history_line": "{number}. {declarer}{notation}{details} · {author}",
    "score_title": "<b>Пулька</b> (до {target})",
    "score_head": "пуля / гора / висты",
    "score_line": "{name}: пуля {pulka}, гора {mountain}, висты: {whists}",
    "score_whist": "на {on} {amount}",
    "standings_title": "Если закончить сейчас (в вистах):",
    "standing_line": "{name} {amount}",
    "rules_title": "<b>Правила этой пульки</b>",
    "rules_body": (
        "Вариант: {variant}; пуля до {target}; вист стоит {stake} {currency}.\n"
        "Висты: {whist}; ответственность вистующего: {liability}.\n"
        "Обязательные взятки на 6/7/8/9/10: {quota}; на 8–10 за недобор отвечает "
        "{quota_liable}. Полвиста: {half_whist}.\n"
        "Консоляция: {consolation}; на мизере: {misere_consolation}.\n"
        "Распасы: множители {raspasy}{raspasy_cycle}; выход не ниже {raspasy_exit}; "
        "строгий выход: {strict_exit}; запись: {raspasy_scoring} (вистов за взятку: "
        "{raspasy_whists}); за ноль взяток в пулю: {raspasy_zero}{zero_progressive}; "
        "амнистия: {amnesty}.\n"
        "Коэффициент вистов: {whist_factor}; очко пули = {pulka_ratio} горы; "
        "помощь закрывшего: {help}; игра списывает гору: {game_clears}.\n"
        "Конец: {end}; деление горы: {division}."
    ),
    "yes": "да",
    "no": "нет",
    "rules_whist_gentleman": "джентльменские",
    "rules_whist_greedy": "жлобские",
    "rules_liability_full": "полная",
    "rules_liability_half": "половинная",
    "rules_consolation_all": "все, включая сдающего",
    "rules_consolation_defenders": "оба защитника",
    "rules_consolation_whisters": "только вистующие",
    "rules_raspasy_scoring_mountain": "в гору",
    "rules_raspasy_scoring_whists": "вистами",
    "rules_end_closed": "когда все закрыли пулю",
    "rules_end_total": "когда сумма пуль достигла цели",
    "rules_division_exact": "точное",
    "rules_division_truncate": "с отбрасыванием долей",
    "rules_division_adjust": "с поправкой (4.2.12)",
    "rules_cycle": " по кругу",
    "rules_zero_progressive": " (растёт с множителем)",
    # --- settlement ------------------------------------------------------------
    "settle_final": "<b>Пулька расписана</b> (вист по {stake} {currency})",
    "settle_now": "<b>Если закончить сейчас</b> (вист по {stake} {currency}, п. 4.2.3)",
    "settle_line": "{name}: {result} вист. = {money} {currency}",
    "payments_title": "Кто кому платит:",
    "payment_line": "{payer} → {payee}: {amount} {currency}",
    "payments_none": "Никто никому не платит.",
    "settle_archived": "Пулька закрыта и сохранена в архив. Новая: /newpulka",
    "settle_agree": "Закончить по согласию",
    "settle_agreed": "Пулька закончена по согласию игроков ({who}) и сохранена в архив.",
    # --- export / import -------------------------------------------------------
    "export_caption": "Запись пульки (формат pulka/1)",
    "import_usage": (
        "Ответьте командой /import на сообщение с файлом записи (.json) или вставьте JSON "
        "после команды."
    ),
    "import_bad_json": "Это не JSON: {reason}",
    "import_format": "Нужна запись партии в формате pulka/1.",
    "import_name": "Имя «{name}» не годится для бота: одно слово, не число.",
    "import_invalid": "Запись не принята: {reason}",
    "import_too_big": "Файл слишком большой.",
    "imported": "<b>Пулька загружена</b>: {count} сдач.",
    # --- newpulka arguments ----------------------------------------------------
    "bad_variant": "Не знаю вариант «{token}»: sochi, leningrad или rostov.",
    "bad_target": "«{token}» — не цель пули: нужно целое число, например 20.",
    "bad_stake": "«{token}» — не ставка: нужно число, например 0.5.",
    "bad_currency": "«{token}» — не валюта: например RUB или EUR.",
    "newpulka_extra": "Лишнее слово «{token}».",
    "bad_rules": "Такие правила невозможны: {reason}",
    "form_newpulka": (
        "Форма: /newpulka [вариант] [до скольки] [ставка] [валюта]\n"
        "Например: <code>/newpulka sochi 20 0.5</code> или "
        "<code>/newpulka leningrad 50 1 EUR</code>"
    ),
    # --- help ------------------------------------------------------------------
    "help": (
        "<b>Пулька</b> — запись преферанса в чате.\n\n"
        "/newpulka — новая пулька: без слов после команды — настройки кнопками; "
        "или сразу <code>/newpulka sochi 20 0.5</code>, "
        "<code>/newpulka leningrad 50 1 EUR</code>\n"
        "/join — сесть за стол; <code>/join Вася</code> — посадить гостя без Telegram\n"
        "/players — рассадка\n"
        "/deal — записать сдачу кнопками (или «Новая сдача» под счётом), или текстом:\n"
        "  <code>/deal Anna 7h 7 Boris whist 2 Vera pass 1</code>\n"
        "  <code>/deal Анна 7ч 7 Борис вист 2 Вера пас 1</code>\n"
        "  <code>/deal Boris misere 0</code> · <code>/deal Борис мизер 0</code>\n"
        "  <code>/deal raspasy Anna 3 Boris 2 Vera 5</code> · "
        "<code>/deal распасы 1 3 2 2 3 5</code>\n"
        "  Игрок — по имени, @нику или номеру места. Масти: ♠♣♦♥, s c d h, п т б ч; "
        "без козыря: бк или nt. Вчетвером сдающий — тот, кого не назвали.\n"
        "/undo — отменить последнюю сдачу\n"
        "/history — протокол сдач\n"
        "/score — пулька, гора, висты и счёт на сейчас\n"
        "/rules — правила этой пульки\n"
        "/settle — расписать пульку\n"
        "/export — файл записи; /import — начать с записи\n"
        "/lang ru|en — язык"
    ),
    # --- commands menu ---------------------------------------------------------
    "cmd_newpulka": "новая пулька",
    "cmd_join": "сесть за стол",
    "cmd_players": "рассадка",
    "cmd_deal": "записать сдачу",
    "cmd_undo": "отменить последнюю сдачу",
    "cmd_history": "протокол сдач",
    "cmd_score": "счёт",
    "cmd_rules": "правила",
    "cmd_settle": "расписать пульку",
    "cmd_export": "выгрузить запись",
    "cmd_import": "загрузить запись",
    "cmd_lang": "язык",
    "cmd_help": "помощь",
    # --- inline keyboards: buttons -----------------------------------------------
    "btn_new_deal": "➕ Новая сдача",
    "btn_undo": "↩️ Отменить сдачу",
    "btn_sit": "🪑 Сесть за стол",
    "btn_misere": "Мизер",
    "btn_raspasy": "Распасы",
    "btn_back": "« Назад",
    "btn_cancel": "✖ Отмена",
    "btn_write": "✅ Записать",
    "btn_start": "▶️ Начать пульку",
    "btn_done": "« Готово",
    # --- scoreboard --------------------------------------------------------------
    "headline": "{variant}, до {target}, вист по {stake} {currency}",
    "lobby_ready": "Можно играть: «Новая сдача» или /deal. Раздаёт {dealer}.",
    "board_title": "📋 <b>Пулька</b>: {headline}",
    "board_last": "Последняя сдача №{number}: {notation}",
    "board_archived": "Пулька расписана и сохранена в архив.",
    # --- deal wizard -------------------------------------------------------------
    "wiz_title": "<b>Сдача №{number}</b> · раздаёт {dealer}",
    "wiz_run": "Идут распасы ({run} подряд): играть можно от {exit}.",
    "wiz_ask_kind": "Кто играет? Или мизер, или распасы.",
    "wiz_ask_contract": "Играет {declarer}. Какой контракт?",
    "wiz_ask_defence": "Вист или пас?",
    "wiz_ask_tricks": "Сколько взяток взял {name}?",
    "wiz_ask_split": (
        "{declarer} взял {tricks}, у защиты {rest}. Сколько из них у {name}? "
        "Остальные — у {other}."
    ),
    "wiz_ask_misere": "Мизер: кто играет?",
    "wiz_ask_misere_tricks": "Мизер играет {name}. Сколько взяток взял?",
    "wiz_raspasy": "Распасы.",
    "wiz_ask_raspasy": "Сколько взяток у {name}? (у {last} — остальные)",
    "wiz_preview": "<b>Проверьте</b>: {notation}",
    "wiz_closes": "После этой сдачи пулька закрыта.",
    "wiz_cancelled": "Ввод сдачи отменён ({who}).",
    "wiz_entered": "Записал: {who}.",
    "def_first": "{a} вист · {b} пас",
    "def_second": "{a} пас · {b} вист",
    "def_both": "Оба вист",
    "def_none": "Оба пас",
    "def_half": "{a} пас · {b} полвиста",
    # --- answers to button presses (plain text, short) -------------------------
    "note_written": "Записано: сдача №{number}",
    "note_finished": "Пулька закрыта. Расписать: /settle",
    "note_seated": "Вы за столом: {name}, место {seat}.",
    "note_hint": "Точное значение можно задать командой, например: /newpulka sochi 25 0.5 EUR",
    "setup_limit": "Дальше некуда.",
    "setup_too_many": "За стол уже сели {count}: столько мест не убрать.",
    "setup_not_allowed": (
        "Настройки меняют тот, кто их открыл, севшие за стол и администраторы чата."
    ),
    # --- settings message ------------------------------------------------------
    "setup_title": "<b>Новая пулька</b> — настройки",
    "setup_summary": (
        "Вариант: {variant}; игроков: {seats}; пуля до {target}; вист по {stake} {currency}."
    ),
    "setup_seated": "За столом ({count} из {seats}): {names}",
    "setup_nobody": "За столом пока никого — жмите «Сесть за стол».",
    "setup_help": (
        "Кнопки меняют настройки, «Игра и висты» и «Распасы и конец» — все соглашения. "
        "Когда все сели, жмите «Начать пульку»."
    ),
    "setup_page_game": "<b>Соглашения: игра и висты</b>",
    "setup_page_raspasy": "<b>Соглашения: распасы и конец пульки</b>",
    "setup_tap": "Нажмите на соглашение, чтобы сменить его значение.",
    "setup_cancelled": "Настройка пульки отменена.",
    "set_variant": "Вариант: {value}",
    "set_seats": "Игроков: {value}",
    "set_target": "Пуля до {value}",
    "set_stake": "Вист: {value}",
    "set_currency": "Валюта: {value}",
    "set_page_game": "⚙️ Игра и висты",
    "set_page_raspasy": "⚙️ Распасы и конец",
    "set_whist": "Висты: {value}",
    "set_liability": "Ответственность вистующего: {value}",
    "set_quota": "Обязательные взятки: {value}",
    "set_quota_liable": "На 8–10 за недобор отвечает: {value}",
    "set_half_whist": "Полвиста: {value}",
    "set_consolation": "Консоляция: {value}",
    "set_misere_consolation": "Консоляция на мизере: {value}",
    "set_whist_factor": "Коэффициент вистов: {value}",
    "set_game_clears": "Игра списывает гору: {value}",
    "set_progression": "Распасы: {value}",
    "set_exit": "Выход с распасов: от {value}",
    "set_strict_exit": "Строгий выход: {value}",
    "set_zero": "За 0 взяток на распасах в пулю: {value}",
    "set_zero_progressive": "Очки за 0 взяток растут с множителем: {value}",
    "set_raspasy_scoring": "Распасы пишутся: {value}",
    "set_raspasy_whists": "Вистов за взятку на распасах: {value}",
    "set_amnesty": "Амнистия на распасах: {value}",
    "set_pulka_ratio": "Очко пули = {value} горы",
    "set_help": "Помощь закрывшего: {value}",
    "set_end": "Конец: {value}",
    "set_division": "Деление горы: {value}",
    "rules_quota_liable_second": "второй вистующий",
    "rules_quota_liable_both": "оба вистующих",
}

en: dict[str, str] = {
    "private": (
        "I keep the score of Preferans pulkas in group chats. Add me to the group where "
        "you play and start a pulka with /newpulka.\nAll commands: /help"
    ),
    "group_only": "This command works in the group chat where the pulka is played. See /help",
    "error_generic": (
        "Sorry, something went wrong and the command was not carried out. Please try again; "
        "the deals already written are safe."
    ),
    "not_allowed": "Only the pulka's players and the chat's administrators may do this.",
    "no_pulka": "No pulka is running here. Start one: /newpulka",
    "busy": "A pulka is already running; a new one can start once it is settled (/settle). "
            "Current score: /score",
    "stale": "This button is out of date: the pulka has changed since. Nothing was done.",
    "done": "Done",
    "lang_set": "Chat language: English.",
    "lang_usage": "Language: /lang ru or /lang en",
    "migrated": "The group became a supergroup; the pulka moved with it.",
    "variant_sochi": "Sochi",
    "variant_leningrad": "Leningrad",
    "variant_rostov": "Rostov",
    "started": (
        "<b>New pulka</b>: {variant}, to {target}, {stake} {currency} a whist.\n"
        "Take your seats: /join (a guest without Telegram: /join Name). "
        "3 or 4 players; the first seated deals first."
    ),
    "started_again": "This pulka has already been started.",
    "joined": "{name} takes seat {seat}.",
    "join_need": "Seats are open: /join. 3 or 4 players are needed.",
    "join_ready": "Ready to play: write the first deal with /deal. {dealer} deals.",
    "already_seated": "You are already at the table.",
    "seating_closed": "Seating is closed: deals are being written.",
    "table_full": "Every seat at the table is taken.",
    "name_taken": "The name {name} is taken; pick another: /join Name",
    "bad_name": (
        "A name is one word of up to 24 characters, not a number or a command word "
        "(pass, whist, misere...). For example: /join Vasya"
    ),
    "players_title": "<b>Seating</b> (clockwise):",
    "player_line": "{seat}. {name}{extra}",
    "player_guest": " (guest)",
    "players_none": "Nobody is seated yet. Sit down: /join",
    "players_open": "Seating is open: /join. 3 or 4 players are needed.",
    "players_fixed": "Seating is fixed. {dealer} deals next.",
    "need_players": "A deal needs 3 or 4 players; {count} seated. Sit down: /join",
    "deal_empty": "Write the deal after /deal.",
    "deal_short": "The deal is incomplete.",
    "unknown_player": (
        "I don't know the player \"{token}\". Players: {players} "
        "(by name, @username or seat number)."
    ),
    "bad_contract": "I can't read the contract \"{token}\": a level 6-10 and a suit, like 7h, "
                    "8s, 6nt.",
    "missing_tricks": "The tricks of {name} are missing.",
    "bad_tricks": "\"{token}\" is not a number of tricks for {name}: a whole number 0 to 10.",
    "defenders_form": (
        "After the contract and the declarer's tricks give both defenders: "
        "name, whist or pass, tricks."
    ),
    "bad_choice": "\"{token}\" for {name}: expected whist, pass or half.",
    "player_twice": "{name} is named twice.",
    "declarer_defends": "{name} is the declarer and cannot whist on his own game.",
    "tricks_sum": "The tricks add up to {total}; a deal has 10.",
    "table_count": "All-pass needs the tricks of all three players; {count} named.",
    "table_count4": "With four, name the three at the table (the dealer sits out); {count} named.",
    "raspasy_form": "After \"raspasy\" come pairs: a player and his tricks.",
    "misere_extra": "A misère needs only the declarer's tricks.",
    "deal_rejected": "The deal was not written: {reason}",
    "form_all": (
        "Forms:\n"
        "<code>/deal {a} 7h 7 {b} whist 2 {c} pass 1</code>: a game\n"
        "<code>/deal {b} misere 0</code>: a misère\n"
        "<code>/deal raspasy {a} 3 {b} 2 {c} 5</code>: all-pass"
    ),
    "form_game": (
        "Form: /deal Declarer Contract Tricks Defender whist|pass Tricks "
        "Defender whist|pass Tricks\n"
        "For example: <code>/deal {a} 7h 7 {b} whist 2 {c} pass 1</code>"
    ),
    "form_misere": "Form: /deal Player misere Tricks\nFor example: <code>/deal {b} misere 0</code>",
    "form_raspasy": (
        "Form: /deal raspasy Player Tricks Player Tricks Player Tricks\n"
        "For example: <code>/deal raspasy {a} 3 {b} 2 {c} 5</code>"
    ),
    "nothing_recorded": "Nothing was written.",
    "deal_written": "<b>Deal {number}</b>: {notation}",
    "deal_repeat": "This deal is already written (no. {number}).",
    "writes_title": "Written:",
    "write_pulka": "{name}: pool {amount}",
    "write_mountain": "{name}: mountain {amount}",
    "write_whists": "{name} → {on}: whists {amount}",
    "write_help": "{name} helps {on}: {amount} to the pool",
    "write_nothing": "nothing (the sheet is unchanged)",
    "cost_title": "The deal's cost in whists:",
    "cost_line": "{name} {amount}",
    "next_dealer": "{dealer} deals next.",
    "finished": "<b>The pulka is closed!</b> Settle it: /settle",
    "nt": "NT",
    "exactly": "made",
    "over": "+{n}",
    "down": "down {n}",
    "not_whisted": "not whisted",
    "half_whisted": "half-whist",
    "misere": "misère",
    "misere_clean": "clean",
    "misere_tricks": "{n} tr.",
    "raspasy": "all-pass",
    "whist": "whist",
    "pass": "pass",
    "half": "half",
    "defender": "{name} {choice} {tricks}",
    "undo_nothing": "Nothing to undo: no deals yet.",
    "undo_confirm": "Undo the last deal, no. {number}: {notation}?",
    "undo_yes": "Yes, undo",
    "undo_no": "No",
    "undo_done": "Deal {number} undone ({notation}). Undone by {who}.",
    "undo_kept": "No undo; deal {number} stays.",
    "history_title": "<b>The pulka's deals</b>",
    "history_empty": "No deals yet.",
    "history_line": "{number}. {declarer}{notation}{details} · {author}",
    "score_title": "<b>Pulka</b> (to {target})",
    "score_head": "pool / mountain / whists",
    "score_line": "{name}: pool {pulka}, mountain {mountain}, whists: {whists}",
    "score_whist": "on {on} {amount}",
    "standings_title": "If we stopped now (in whists):",
    "standing_line": "{name} {amount}",
    "rules_title": "<b>This pulka's conventions</b>",
    "rules_body": (
        "Variant: {variant}; pool to {target}; a whist is {stake} {currency}.\n"
        "Whist split: {whist}; whister's liability: {liability}.\n"
        "Tricks owed on 6/7/8/9/10: {quota}; liable for a shortfall on 8-10: {quota_liable}. "
        "Half-whist: {half_whist}.\n"
        "Consolation: {consolation}; on misère: {misere_consolation}.\n"
        "All-pass: multipliers {raspasy}{raspasy_cycle}; exit at {raspasy_exit} or higher; "
        "strict exit: {strict_exit}; written: {raspasy_scoring} (whists per trick: "
        "{raspasy_whists}); pool points for no tricks: {raspasy_zero}{zero_progressive}; "
        "amnesty: {amnesty}.\n"
        "Whist factor: {whist_factor}; a pool point = {pulka_ratio} mountain; "
        "help by the closed player: {help}; a game clears the mountain: {game_clears}.\n"
        "End: {end}; mountain division: {division}."
    ),
    "yes": "yes",
    "no": "no",
    "rules_whist_gentleman": "gentleman's",
    "rules_whist_greedy": "greedy",
    "rules_liability_full": "full",
    "rules_liability_half": "half",
    "rules_consolation_all": "everyone, the dealer too",
    "rules_consolation_defenders": "both defenders",
    "rules_consolation_whisters": "whisters only",
    "rules_raspasy_scoring_mountain": "on the mountain",
    "rules_raspasy_scoring_whists": "in whists",
    "rules_end_closed": "when everyone closed the pool",
    "rules_end_total": "when the pools add up to the target",
    "rules_division_exact": "exact",
    "rules_division_truncate": "truncated",
    "rules_division_adjust": "adjusted (4.2.12)",
    "rules_cycle": " in a cycle",
    "rules_zero_progressive": " (grows with the multiplier)",
    "settle_final": "<b>The pulka is settled</b> ({stake} {currency} a whist)",
    "settle_now": "<b>If we stopped now</b> ({stake} {currency} a whist, rule 4.2.3)",
    "settle_line": "{name}: {result} whists = {money} {currency}",
    "payments_title": "Who pays whom:",
    "payment_line": "{payer} → {payee}: {amount} {currency}",
    "payments_none": "Nobody pays anybody.",
    "settle_archived": "The pulka is closed and archived. A new one: /newpulka",
    "settle_agree": "End by agreement",
    "settle_agreed": "The pulka was ended by agreement ({who}) and archived.",
    "export_caption": "The pulka's record (format pulka/1)",
    "import_usage": (
        "Reply with /import to a message carrying a record file (.json), or paste the JSON "
        "after the command."
    ),
    "import_bad_json": "This is not JSON: {reason}",
    "import_format": "A game record in the pulka/1 format is needed.",
    "import_name": "The name \"{name}\" does not suit the bot: one word, not a number.",
    "import_invalid": "The record was not accepted: {reason}",
    "import_too_big": "The file is too big.",
    "imported": "<b>Pulka loaded</b>: {count} deals.",
    "bad_variant": "Unknown variant \"{token}\": sochi, leningrad or rostov.",
    "bad_target": "\"{token}\" is not a target: a whole number, like 20.",
    "bad_stake": "\"{token}\" is not a stake: a number, like 0.5.",
    "bad_currency": "\"{token}\" is not a currency: like RUB or EUR.",
    "newpulka_extra": "Unexpected word \"{token}\".",
    "bad_rules": "These conventions are impossible: {reason}",
    "form_newpulka": (
        "Form: /newpulka [variant] [target] [stake] [currency]\n"
        "For example: <code>/newpulka sochi 20 0.5</code> or "
        "<code>/newpulka leningrad 50 1 EUR</code>"
    ),
    "help": (
        "<b>Pulka</b>: Preferans score-keeping in the chat.\n\n"
        "/newpulka: a new pulka: alone, the settings by buttons; or at once "
        "<code>/newpulka sochi 20 0.5</code>, <code>/newpulka leningrad 50 1 EUR</code>\n"
        "/join: take a seat; <code>/join Vasya</code> seats a guest without Telegram\n"
        "/players: the seating\n"
        "/deal: write a deal by buttons (or \"New deal\" under the score), or by text:\n"
        "  <code>/deal Anna 7h 7 Boris whist 2 Vera pass 1</code>\n"
        "  <code>/deal Boris misere 0</code>\n"
        "  <code>/deal raspasy Anna 3 Boris 2 Vera 5</code> · "
        "<code>/deal raspasy 1 3 2 2 3 5</code>\n"
        "  A player by name, @username or seat number. Suits: ♠♣♦♥ or s c d h; "
        "no-trumps: nt. With four, the dealer is the one not named.\n"
        "/undo: undo the last deal\n"
        "/history: the deals\n"
        "/score: pool, mountain, whists and standings now\n"
        "/rules: this pulka's conventions\n"
        "/settle: settle the pulka\n"
        "/export: the record file; /import: start from a record\n"
        "/lang ru|en: language"
    ),
    "cmd_newpulka": "new pulka",
    "cmd_join": "take a seat",
    "cmd_players": "seating",
    "cmd_deal": "write a deal",
    "cmd_undo": "undo the last deal",
    "cmd_history": "the deals",
    "cmd_score": "score",
    "cmd_rules": "conventions",
    "cmd_settle": "settle the pulka",
    "cmd_export": "export the record",
    "cmd_import": "import a record",
    "cmd_lang": "language",
    "cmd_help": "help",
    "btn_new_deal": "➕ New deal",
    "btn_undo": "↩️ Undo",
    "btn_sit": "🪑 Sit down",
    "btn_misere": "Misère",
    "btn_raspasy": "All-pass",
    "btn_back": "« Back",
    "btn_cancel": "✖ Cancel",
    "btn_write": "✅ Write it",
    "btn_start": "▶️ Start the pulka",
    "btn_done": "« Done",
    "headline": "{variant}, to {target}, {stake} {currency} a whist",
    "lobby_ready": "Ready to play: \"New deal\" or /deal. {dealer} deals.",
    "board_title": "📋 <b>Pulka</b>: {headline}",
    "board_last": "Last deal, no. {number}: {notation}",
    "board_archived": "The pulka is settled and archived.",
    "wiz_title": "<b>Deal {number}</b> · {dealer} deals",
    "wiz_run": "All-pass run ({run} in a row): games from {exit} up.",
    "wiz_ask_kind": "Who declares? Or a misère, or all-pass.",
    "wiz_ask_contract": "{declarer} declares. Which contract?",
    "wiz_ask_defence": "Whist or pass?",
    "wiz_ask_tricks": "How many tricks did {name} take?",
    "wiz_ask_split": (
        "{declarer} took {tricks}, the defence {rest}. How many of them did {name} take? "
        "{other} has the rest."
    ),
    "wiz_ask_misere": "Misère: who declares?",
    "wiz_ask_misere_tricks": "Misère by {name}. How many tricks taken?",
    "wiz_raspasy": "All-pass.",
    "wiz_ask_raspasy": "How many tricks did {name} take? ({last} has the rest)",
    "wiz_preview": "<b>Check</b>: {notation}",
    "wiz_closes": "This deal closes the pulka.",
    "wiz_cancelled": "Deal entry cancelled ({who}).",
    "wiz_entered": "Entered by {who}.",
    "def_first": "{a} whist · {b} pass",
    "def_second": "{a} pass · {b} whist",
    "def_both": "Both whist",
    "def_none": "Both pass",
    "def_half": "{a} pass · {b} half",
    "note_written": "Written: deal {number}",
    "note_finished": "The pulka is closed. Settle it: /settle",
    "note_seated": "You are seated: {name}, seat {seat}.",
    "note_hint": "An exact value can be set by command, e.g. /newpulka sochi 25 0.5 EUR",
    "setup_limit": "That is the end of the range.",
    "setup_too_many": "{count} have sat down already: the table cannot be smaller.",
    "setup_not_allowed": (
        "The settings are changed by whoever opened them, those seated and the chat's admins."
    ),
    "setup_title": "<b>New pulka</b>: settings",
    "setup_summary": (
        "Variant: {variant}; players: {seats}; pool to {target}; {stake} {currency} a whist."
    ),
    "setup_seated": "Seated ({count} of {seats}): {names}",
    "setup_nobody": "Nobody is seated yet: press \"Sit down\".",
    "setup_help": (
        "The buttons change the settings; \"Game and whists\" and \"All-pass and end\" hold "
        "every convention. Once everyone is seated, press \"Start the pulka\"."
    ),
    "setup_page_game": "<b>Conventions: game and whists</b>",
    "setup_page_raspasy": "<b>Conventions: all-pass and the end</b>",
    "setup_tap": "Tap a convention to change its value.",
    "setup_cancelled": "The new pulka's settings were cancelled.",
    "set_variant": "Variant: {value}",
    "set_seats": "Players: {value}",
    "set_target": "Pool to {value}",
    "set_stake": "Whist: {value}",
    "set_currency": "Currency: {value}",
    "set_page_game": "⚙️ Game and whists",
    "set_page_raspasy": "⚙️ All-pass and end",
    "set_whist": "Whist split: {value}",
    "set_liability": "Whister's liability: {value}",
    "set_quota": "Tricks owed: {value}",
    "set_quota_liable": "Liable on 8-10: {value}",
    "set_half_whist": "Half-whist: {value}",
    "set_consolation": "Consolation: {value}",
    "set_misere_consolation": "Consolation on misère: {value}",
    "set_whist_factor": "Whist factor: {value}",
    "set_game_clears": "A game clears the mountain: {value}",
    "set_progression": "All-pass: {value}",
    "set_exit": "All-pass exit: from {value}",
    "set_strict_exit": "Strict exit: {value}",
    "set_zero": "Pool points for 0 all-pass tricks: {value}",
    "set_zero_progressive": "Points for 0 tricks grow with the multiplier: {value}",
    "set_raspasy_scoring": "All-pass written: {value}",
    "set_raspasy_whists": "Whists per all-pass trick: {value}",
    "set_amnesty": "All-pass amnesty: {value}",
    "set_pulka_ratio": "A pool point = {value} mountain",
    "set_help": "Help by the closed player: {value}",
    "set_end": "End: {value}",
    "set_division": "Mountain division: {value}",
    "rules_quota_liable_second": "the second whister",
    "rules_quota_liable_both": "both whisters",
}

CATALOGS: dict[str, dict[str, str]] = {"ru": ru, "en": en}
LANGS = tuple(CATALOGS)


def t(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang`` (Russian when missing), formatted with ``params``."""
    catalog = CATALOGS.get(lang, ru)
    template = catalog.get(key) or ru[key]
    return template.format(**params) if params else template


class Texts:
    """The catalog bound to one chat's language; handlers get it as ``tx``."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = lang if lang in CATALOGS else DEFAULT_LANG

    def __call__(self, key: str, **params: object) -> str:
        return t(self.lang, key, **params)
