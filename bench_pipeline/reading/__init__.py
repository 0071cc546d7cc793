"""The reading room: HTML and PDF artifacts to text, with spans that point back into them."""

# Recorded in every run's provenance; bump it whenever a change alters what this room outputs,
# so two reports that differ can be told apart by it.
READER_VERSION = "2026.12.1"
