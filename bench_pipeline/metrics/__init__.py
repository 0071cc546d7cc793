"""The metrics room: one module per metric family; pure functions, formulas as in the seed §4."""
