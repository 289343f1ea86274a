### Issue 11, words: an unknown /lang and why a record is not JSON (bot/views/words.py).

lang_unknown = The bot has no language "{ $choice }". There are: { $langs }. The chat's language now: { $current }.

## Why a text is not JSON (after "invalid JSON at line 1 column 9: ")

json_reason_value = a value was expected here: a number, a string in quotes, an object or a list
json_reason_key = a field name in double quotes was expected here (a stray comma before a closing bracket?)
json_reason_colon = a colon is missing after a field name
json_reason_comma = a comma is missing between values
json_reason_string = a string is not closed with a quote
json_reason_control = a control character (a line break or a tab) inside a string
json_reason_unicode = a bad character code \uXXXX
json_reason_escape = a bad backslash in a string
json_reason_extra = there is more text after the record
json_reason_other = the text breaks off or has a stray character
