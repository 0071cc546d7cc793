"""`bench scan-injection PATH…` (docs/operations.md#the-command-line): one JSON line per file,
`{"path", "flagged", "vectors", "evidence"}`; `evidence` lists the windows that flag the file and those
the verifier cleared, each with its channel, signals and their weights, bar, score and decision."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench_pipeline.injection.detector import scan
from bench_pipeline.reading.pdf import UnreadablePdfError


def run_scan_injection(paths: list[str]) -> int:
    """0 when every file was scanned (flagged or not); 2 with a one-line reason naming the first
    file that could not be read, after the lines for the files before it."""
    for path in paths:
        try:
            report = scan(Path(path).read_bytes())
        except OSError as exc:
            print(f"{path}: (file): cannot read ({exc.strerror})", file=sys.stderr)
            return 2
        except (UnreadablePdfError, ValueError) as exc:
            print(f"{path}: (content): {exc}", file=sys.stderr)
            return 2
        evidence = [item.model_dump(exclude={"snippet"}) for item in report.explained()]
        print(json.dumps({"path": path, "flagged": report.flagged, "vectors": report.vectors, "evidence": evidence},
                         ensure_ascii=False))
    return 0
