"""Untrusted web text: hidden-content and instruction detection, and the one quoting boundary."""

# Recorded in every run's provenance; bump it whenever a change alters what this room outputs,
# so two reports that differ can be told apart by it.
DETECTOR_VERSION = "2026.12.5"
