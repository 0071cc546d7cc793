"""Performance benchmarks: each a ratio measured side by side in one run, printed with its target.

Run all with `make benchmarks` (or `.venv/bin/python -m benchmarks`). These print numbers; they are
not timed tests and never fail the test suite. Large corpora are generated into a temporary folder.
"""
