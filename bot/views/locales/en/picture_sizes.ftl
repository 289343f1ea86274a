## The hussar sheet picture: the dummy's seat (bot/views/picture, bot/telegram/sheets.py, bot/telegram/handlers/calc.py)

sheet_dummy = Dummy
