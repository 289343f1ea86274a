"""Actions: one function per thing players do, over the :class:`~bot.actions.keeper.Keeper`."""
