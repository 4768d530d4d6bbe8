"""Cashback (manualRebate): a rate per category and VIP level on valid turnover since the last claim."""
