"""`bench` — the command line (docs/operations.md). Thin: parses arguments, calls the domain or runs the graph.

Every command exits non-zero with a one-line reason naming the file and field when its input is
invalid; none needs the network except `capture`.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from pathlib import Path

from bench_pipeline.domain.errors import InputError

DEFAULT_FIXTURES = "fixtures/web-search"
DEFAULT_GOLDEN = "golden"
DEFAULT_WAREHOUSE = "warehouse"
DEFAULT_PROVIDERS = "providers.yaml"
DEFAULT_INCOMING = "fixtures/incoming"
DEFAULT_INVOICES = "invoices"
DEFAULT_REVIEW_PORT = 8765


def cmd_run(args: argparse.Namespace) -> int:
    # The provider partitions are read from this file when the definitions load, so set it first.
    os.environ["BENCH_PROVIDERS"] = args.providers
    # Single-run backfill policy is a beta parameter: a note for developers, noise for users of the CLI.
    warnings.filterwarnings("ignore", message=".*backfill_policy.*")
    from bench_pipeline.runner import run_benchmark

    outcome = run_benchmark(fixtures=Path(args.fixtures), golden=Path(args.golden),
                            warehouse=Path(args.warehouse), providers_file=Path(args.providers),
                            invoices=Path(args.invoices), judgments_only=args.judgments_only)
    for line in outcome.lines:
        print(line)
    if outcome.report_path is None:
        for reason in outcome.failures:
            print(f"bench run: {reason}", file=sys.stderr)
        return 1
    print(outcome.report_path)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from bench_pipeline.domain.manifest import FIXTURE_CLASSES
    from bench_pipeline.fixtures.verify import verify_fixtures
    from bench_pipeline.providers.registry import load_providers

    providers = load_providers(Path(args.providers))
    result = verify_fixtures(Path(args.fixtures), known_providers=set(providers.providers))
    for finding in result.findings:
        print(finding.line(), file=sys.stderr if finding.severity == "error" else sys.stdout)
    for provider, classes in sorted(result.classes_by_provider.items()):
        print(f"{provider}: {len(classes & set(FIXTURE_CLASSES))}/{len(FIXTURE_CLASSES)} fixture classes")
    verdict = "FAILED" if result.errors else "ok"
    print(f"verify {verdict}: {len(result.entries)} files, {len(result.errors)} errors, "
          f"{len(result.findings) - len(result.errors)} warnings (corpus_kind: {result.corpus_kind})")
    return 1 if result.errors else 0


def cmd_redact(args: argparse.Namespace) -> int:
    from bench_pipeline.redaction.command import run_redact

    return run_redact(Path(args.incoming), Path(args.fixtures))


def cmd_capture(args: argparse.Namespace) -> int:
    from bench_pipeline.capture import run_capture

    return run_capture(args.provider, args.case or None, Path(args.golden), Path(args.providers), Path(args.incoming))


def cmd_scan_injection(args: argparse.Namespace) -> int:
    from bench_pipeline.injection.scan_command import run_scan_injection

    return run_scan_injection(args.paths)


def cmd_review(args: argparse.Namespace) -> int:
    from bench_pipeline.review import server
    from bench_pipeline.review.snapshot import WarehouseBusy

    if args.review_command == "invite":
        try:
            print(server.invite(warehouse=Path(args.warehouse), reviewer=args.reviewer, host=args.host, port=args.port))
        except ValueError as exc:
            print(f"bench review invite: {exc}", file=sys.stderr)
            return 2
        return 0
    try:
        return server.serve(golden=Path(args.golden), warehouse=Path(args.warehouse), fixtures=Path(args.fixtures),
                            host=args.host, port=args.port, round_name=args.round)
    except (ValueError, FileNotFoundError, WarehouseBusy) as exc:
        print(f"bench review: {exc}", file=sys.stderr)
        return 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bench", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="materialize the whole graph in-process (replay, network lock on)")
    run.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    run.add_argument("--golden", default=DEFAULT_GOLDEN)
    run.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    run.add_argument("--providers", default=DEFAULT_PROVIDERS)
    run.add_argument("--invoices", default=DEFAULT_INVOICES, help="folder of provider invoices (optional)")
    run.add_argument("--judgments-only", action="store_true",
                     help="after a review round: judgments, relevance metrics and the report, reading no fixture "
                          "(needs a whole run in the same warehouse first)")
    run.set_defaults(func=cmd_run)

    verify = sub.add_parser("verify", help="manifest integrity: hashes, listing, captured_at, paths, classes")
    verify.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    verify.add_argument("--providers", default=DEFAULT_PROVIDERS)
    verify.set_defaults(func=cmd_verify)

    redact = sub.add_parser("redact", help="redact raw exchanges from the incoming folder into the fixtures tree")
    redact.add_argument("--incoming", default=DEFAULT_INCOMING)
    redact.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    redact.set_defaults(func=cmd_redact)

    capture = sub.add_parser("capture", help="the only live command: call a provider, write raw exchanges to incoming/")
    capture.add_argument("--provider", required=True)
    capture.add_argument("--case", action="append", help="golden case id (repeatable); default: every answerable case")
    capture.add_argument("--golden", default=DEFAULT_GOLDEN)
    capture.add_argument("--providers", default=DEFAULT_PROVIDERS)
    capture.add_argument("--incoming", default=DEFAULT_INCOMING)
    capture.set_defaults(func=cmd_capture)

    scan = sub.add_parser("scan-injection", help="run the injection detector; one JSON line per file")
    scan.add_argument("paths", nargs="+", metavar="PATH")
    scan.set_defaults(func=cmd_scan_injection)

    review = sub.add_parser("review", help="serve the reviewer's pages on 127.0.0.1 (judgments, dates, golden additions)")
    review.add_argument("--golden", default=DEFAULT_GOLDEN)
    review.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    review.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    review.add_argument("--host", default="127.0.0.1", help="a non-loopback address must be asked for here; it warns")
    review.add_argument("--port", type=int, default=DEFAULT_REVIEW_PORT)
    review.add_argument("--round", help="round name, e.g. 0002-december (default: today's, NNNN-review-YYYY-MM-DD)")
    review.set_defaults(func=cmd_review, review_command=None)
    review_sub = review.add_subparsers(dest="review_command")
    invite = review_sub.add_parser("invite", help="print a one-time invitation link for a pseudonymous reviewer")
    invite.add_argument("reviewer", help="pseudonym, e.g. rev-a1")
    invite.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    invite.add_argument("--host", default="127.0.0.1")
    invite.add_argument("--port", type=int, default=DEFAULT_REVIEW_PORT)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as exc:
        print(f"bench {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
