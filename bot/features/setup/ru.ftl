### The words of setup, in Russian (the default language).

bad_rules = Такие правила невозможны: { $reason }
btn_start = ▶️ Начать пульку
btn_done = « Готово
set_lang = 🌐 Язык: { $value }
note_hint = Точное значение можно задать командой, например: /newpulka sochi 25 0.5 EUR
setup_limit = Дальше некуда.
setup_too_many = За стол уже сели { $count }: столько мест не убрать.
setup_not_allowed = Настройки меняют тот, кто их открыл, севшие за стол и администраторы чата.
setup_title = <b>Новая пулька</b> — настройки
setup_summary = Вариант: { $variant }; игроков: { $seats }; пуля до { $target }; вист по { $stake } { $currency }.
setup_seated = За столом ({ $count } из { $seats }): { $names }
setup_nobody = За столом пока никого — жмите «Сесть за стол».
setup_help = Кнопки меняют настройки, «Игра и висты» и «Распасы и конец» — все соглашения. Когда все сели, жмите «Начать пульку».
setup_tap = Нажмите на соглашение, чтобы сменить его значение.
setup_cancelled = Настройка пульки отменена.
set_seats = Игроков: { $value }
set_target = Пуля до { $value }
set_stake = Вист: { $value }
set_currency = Валюта: { $value }
set_page_game = ⚙️ Игра и висты
set_page_raspasy = ⚙️ Распасы и конец
setup_joined = { $name } садится за стол: за столом { $count } из { $seats }. Когда все сядут, жмите «▶️ Начать пульку» в настройках выше.
setup_joined_full = { $name } садится за стол: все места заняты. Жмите «▶️ Начать пульку» в настройках выше.
setup_join_guest = Гостя сажают, когда пулька начата: жмите «▶️ Начать пульку» в настройках выше, потом /join { $name }.
