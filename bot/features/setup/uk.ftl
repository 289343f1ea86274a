### The words of setup, in Ukrainian.

bad_rules = Такі правила неможливі: { $reason }
btn_start = ▶️ Почати пульку
btn_done = « Готово
set_lang = 🌐 Мова: { $value }
note_hint = Точне значення можна задати командою, наприклад: /newpulka sochi 25 0.5 UAH
setup_limit = Далі нікуди.
setup_too_many = За стіл уже сіли { $count }: стільки місць не прибрати.
setup_not_allowed = Налаштування змінюють той, хто їх відкрив, ті, хто сів за стіл, і адміністратори чату.
setup_title = <b>Нова пулька</b> — налаштування
setup_summary = Варіант: { $variant }; гравців: { $seats }; куля до { $target }; віст по { $stake } { $currency }.
setup_seated = За столом ({ $count } з { $seats }): { $names }
setup_nobody = За столом поки нікого — тисніть «Сісти за стіл».
setup_help = Кнопки змінюють налаштування, «Гра і вісти» та «Розпаси й кінець» — усі домовленості. Коли всі сядуть, тисніть «Почати пульку».
setup_tap = Натисніть на домовленість, щоб змінити її значення.
setup_cancelled = Налаштування пульки скасовано.
set_seats = Гравців: { $value }
set_target = Куля до { $value }
set_stake = Віст: { $value }
set_currency = Валюта: { $value }
set_page_game = ⚙️ Гра і вісти
set_page_raspasy = ⚙️ Розпаси й кінець
setup_joined = { $name } сідає за стіл: за столом { $count } з { $seats }. Коли всі сядуть, тисніть «▶️ Почати пульку» в налаштуваннях вище.
setup_joined_full = { $name } сідає за стіл: усі місця зайняті. Тисніть «▶️ Почати пульку» в налаштуваннях вище.
setup_join_guest = Гостя саджають, коли пульку почато: тисніть «▶️ Почати пульку» в налаштуваннях вище, потім /join { $name }.
