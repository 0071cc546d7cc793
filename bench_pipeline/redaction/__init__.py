"""The redaction room (docs/fixtures.md#redaction): secrets by position and by value, personal data,
truncation, span drift."""
