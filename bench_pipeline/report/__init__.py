"""The report room: gates, ranking, provenance, rendering and storage of the run's report."""
