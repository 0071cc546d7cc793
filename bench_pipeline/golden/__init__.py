"""The golden-set room: cases, host families, append-only relevance judgments."""
