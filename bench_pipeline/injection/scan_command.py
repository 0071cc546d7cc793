"""`bench scan-injection PATH…` (docs/operations.md#the-command-line): one JSON line per file,
`{"path", "flagged", "vectors", "evidence"}`; `evidence` lists the windows that flag the file and those
the verifier cleared, each with its channel, signals and their weights, bar, score and decision.
A file that cannot be read gets `{"path", "error"}` instead, never a verdict, and the scan goes on."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench_pipeline.domain.errors import InputError
from bench_pipeline.injection.detector import InjectionReport, scan, sniff_media

# The type a file's name promises. Content that does not parse as that type would otherwise be sniffed as
# plain text and come out clean: a torn JSON body or a "PDF" that is not one is unreadable, not clean.
CLAIMED_MEDIA = {".pdf": "pdf", ".json": "json", ".docx": "office", ".xlsx": "office", ".pptx": "office",
                 ".odt": "office", ".ods": "office", ".eml": "email"}


def run_scan_injection(paths: list[str]) -> int:
    """0 when every file was scanned (flagged or not); 2 when any could not be read. Every file is
    scanned either way; the last line on stderr names the first unreadable file and how many there were."""
    unreadable: list[InputError] = []
    for path in paths:
        try:
            report = scan_file(Path(path))
        except InputError as exc:
            unreadable.append(exc)
            print(json.dumps({"path": path, "error": str(exc)}, ensure_ascii=False), flush=True)
            continue
        evidence = [item.model_dump(exclude={"snippet"}) for item in report.explained()]
        print(json.dumps({"path": path, "flagged": report.flagged, "vectors": report.vectors, "evidence": evidence},
                         ensure_ascii=False), flush=True)
    if not unreadable:
        return 0
    count = f"{len(unreadable)} of {len(paths)} files could not be read, the first: " if len(unreadable) > 1 else ""
    print(f"bench scan-injection: {count}{unreadable[0]}", file=sys.stderr)
    return 2


def scan_file(path: Path) -> InjectionReport:
    """The detector's report on one file, or an InputError naming the file and why it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(path, "(file)", f"cannot read ({exc.strerror})") from None
    if not data.strip():
        raise InputError(path, "(file)", "empty")
    try:
        media = sniff_media(data)
        claimed = CLAIMED_MEDIA.get(path.suffix.lower())
        if claimed == "json" and media != "json":
            json.loads(data)  # a valid JSON scalar is read as text; anything else says why it is malformed
        elif claimed and media in ("text", "table"):
            raise ValueError(f"named {path.suffix} but holds no {claimed} document")
        return scan(data, media)
    except json.JSONDecodeError as exc:
        raise InputError(path, "(content)", f"malformed JSON: {exc}") from None
    except ValueError as exc:  # UnreadablePdfError, UnreadableDocumentError
        raise InputError(path, "(content)", " ".join(str(exc).split()) or type(exc).__name__) from None
