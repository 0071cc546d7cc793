"""The redaction room (SPEC §3): secrets by position and by value, personal data, truncation, span drift."""
