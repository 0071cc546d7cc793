"""A seeded generator of secrets, personal data and look-alike traps planted in every string position of
every provider's wire format, and the judge that counts what survives redaction and what is dropped."""
