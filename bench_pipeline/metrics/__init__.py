"""The metrics room: one module per metric family; pure functions, formulas in docs/method.md."""
