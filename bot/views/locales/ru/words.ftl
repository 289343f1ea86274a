### Issue 11, words: an unknown /lang and why a record is not JSON (bot/views/words.py).

lang_unknown = Языка «{ $choice }» у бота нет. Есть: { $langs }. Сейчас язык чата: { $current }.

## Why a text is not JSON (after "ошибка JSON в строке 1, позиция 9: ")

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
