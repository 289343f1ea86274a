### Issue 11, words: an unknown /lang and why a record is not JSON (bot/views/words.py).

lang_unknown = Мови «{ $choice }» бот не знає. Є: { $langs }. Зараз мова чату: { $current }.

## Why a text is not JSON (after "помилка JSON у рядку 1, позиція 9: ")

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
