"""debts."""
