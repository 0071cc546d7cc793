# Two commands do all set-up on a fresh machine with Python 3.11+ and make:
#   make bench   runs the benchmark on the bundled corpus and prints where the report is
#   make test    runs the test suite (network lock on)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export DAGSTER_DISABLE_TELEMETRY := 1
export UV_COMPILE_BYTECODE := 1

.PHONY: bench dev test fuzz ui-check verify check-defs benchmarks heldout lock clean

# `make bench` records into the instance the UI reads (the repository's dagster_home/, unless DAGSTER_HOME is
# set), so `make dev` shows its run; `bench run` alone defaults to ./dagster_home the same way.
bench dev: export DAGSTER_HOME ?= $(CURDIR)/dagster_home

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is required"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -r requirements.lock
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps -e .
	touch $(STAMP)

bench: $(STAMP)
	$(BIN)/bench run

# The Dagster UI on http://127.0.0.1:3000 (loopback only), over the instance `make bench` recorded into.
dev: $(STAMP)
	$(BIN)/dagster dev -w workspace.yaml -h 127.0.0.1 -p 3000

# -rs: every skipped test with its reason (the browser tests skip without Debian's chromium).
# -n auto: one worker per core (about 8.5 minutes on 2 cores, 14 in one process).
test: $(STAMP)
	$(BIN)/python -m pytest -q -rs -n auto

# The long fuzzing campaign (tests/faults/test_fuzz_*.py with 40 times the examples `make test` tries; about
# 15 minutes on 2 cores): the examples tried per target are in the statistics at the end.
fuzz: $(STAMP)
	BENCH_FUZZ=long $(BIN)/python -m pytest -q -rs --hypothesis-show-statistics tests/faults/test_fuzz_*.py

# The UI as a new user meets it after `make bench` (about 75 s; needs Debian's chromium).
ui-check: $(STAMP)
	$(BIN)/python scripts/ui_check.py

verify: $(STAMP)
	$(BIN)/bench verify

# Performance ratios printed side by side (not tests); generates large corpora in a temp dir.
benchmarks: $(STAMP)
	$(BIN)/python -m benchmarks

check-defs: $(STAMP)
	VIRTUAL_ENV=$(abspath $(VENV)) $(BIN)/dg check defs

# The injection detector on attack texts × carriers × real pages it was not written against (needs the real
# third-party captures folder beside the clone, ../shared/realdata, absent from a user's clone);
# the redactor on a seeded generator of secrets, personal data and traps in every provider's wire format.
heldout: $(STAMP)
	$(BIN)/python -m benchmarks.injection_heldout
	$(BIN)/python -m benchmarks.blind_corpora
	$(BIN)/python -m benchmarks.redaction_planted

# Re-resolve the pinned set after editing pyproject.toml.
lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml --extra dev --python-version 3.11 -o requirements.lock

clean:
	rm -rf $(VENV)
