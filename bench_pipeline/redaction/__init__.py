"""The redaction room (SPEC §3): secrets by position and by value, personal data, truncation, span drift."""

# Part of the committed-fixture scan cache key: bump it whenever a detector changes what it finds.
REDACTOR_VERSION = "2026.12.4"
