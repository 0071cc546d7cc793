"""Claims: facts read from stored artifacts, their citations, contradictions and origin groups."""

# Recorded in every run's provenance; bump it whenever a change alters what this room outputs,
# so two reports that differ can be told apart by it.
CLAIMS_VERSION = "2026.12.1"
