"""Claims: facts read from stored artifacts, their citations, contradictions and origin groups."""
