"""`bench` — the command line (docs/operations.md). Thin: parses arguments, calls the domain or runs the graph.

Every command exits non-zero with a one-line reason naming the file and field when its input is
invalid, as the last line on stderr; none needs the network except `capture`.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
import warnings
from pathlib import Path

from bench_pipeline.domain.errors import InputError, WriteError

DEFAULT_FIXTURES = "fixtures/web-search"
DEFAULT_GOLDEN = "golden"
DEFAULT_WAREHOUSE = "warehouse"
DEFAULT_PROVIDERS = "providers.yaml"
DEFAULT_INCOMING = "fixtures/incoming"
DEFAULT_INVOICES = "invoices"
DEFAULT_REVIEW_PORT = 8765
DEFAULT_KEEP_RUNS = 3  # bench gc keeps every cache entry one of the last 3 runs used

# One scheme for every command (docs/operations.md#exit-codes).
EXIT_OK = 0
EXIT_FAILED = 1  # the check found problems, or the run failed on its own terms
EXIT_BAD_INPUT = 2  # a file could not be read or is invalid, or a usage error
EXIT_CODES = """exit codes (every command):
  0  done: the check passed, the run completed, every file was read
  1  the check found problems, or the run failed on its own terms (a blocking check, a file it could not
     write, such as on a full disk: the last line names it; an unexpected error)
  2  bad input or usage: a file could not be read or is invalid (the last line on stderr names the file and
     the field), or the arguments are wrong
--debug adds the stack traces; without it, no command prints one."""


def cmd_run(args: argparse.Namespace) -> int:
    from bench_pipeline.providers.registry import load_providers

    # A bad providers file is said in one line before any step runs, as `bench verify` says it.
    load_providers(Path(args.providers))
    # The provider partitions are read from this file when the definitions load, so set it first.
    os.environ["BENCH_PROVIDERS"] = args.providers
    # Single-run backfill policy is a beta parameter: a note for developers, noise for users of the CLI.
    warnings.filterwarnings("ignore", message=".*backfill_policy.*")
    from bench_pipeline.runner import DEFAULT_DAGSTER_HOME, instance_home, run_benchmark

    # The run joins the instance `dagster dev` reads (docs/operations.md#running-the-benchmark): the UI shows it.
    # Dagster refuses a DAGSTER_HOME that does not exist, and one without dagster.yaml has no warehouse pool limit.
    os.environ["DAGSTER_HOME"] = str(instance_home(Path(os.environ.get("DAGSTER_HOME") or DEFAULT_DAGSTER_HOME)))
    outcome = run_benchmark(fixtures=Path(args.fixtures), golden=Path(args.golden),
                            warehouse=Path(args.warehouse), providers_file=Path(args.providers),
                            invoices=Path(args.invoices), judgments_only=args.judgments_only, debug=args.debug,
                            notify=lambda line: print(f"bench run: note: {line}", file=sys.stderr, flush=True))
    for line in outcome.lines:
        print(line)
    for line in outcome.warnings:
        print(f"bench run: warning: {line}", file=sys.stderr)
    if outcome.report_path is None:
        sys.stdout.flush()
        if args.debug:
            for trace in outcome.traces:
                print(trace, file=sys.stderr)
        # Bad input last: the final line names the file and the field (or the file that could not be written).
        for reason in outcome.failures + outcome.write_errors + outcome.input_errors:
            print(f"bench run: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT if outcome.input_errors else EXIT_FAILED
    print(outcome.report_path)
    return EXIT_OK


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
    return EXIT_FAILED if result.errors else EXIT_OK


def cmd_redact(args: argparse.Namespace) -> int:
    from bench_pipeline.redaction.command import run_redact

    return run_redact(Path(args.incoming), Path(args.fixtures))


def cmd_capture(args: argparse.Namespace) -> int:
    from bench_pipeline.capture import run_capture

    return run_capture(args.provider, args.case or None, Path(args.golden), Path(args.providers), Path(args.incoming))


def cmd_scan_injection(args: argparse.Namespace) -> int:
    from bench_pipeline.injection.scan_command import run_scan_injection

    return run_scan_injection(args.paths)


def cmd_gc(args: argparse.Namespace) -> int:
    from bench_pipeline.defs.gc import collect, size_text

    done = collect(Path(args.warehouse) / "bench.duckdb", keep_runs=args.keep_runs, dry_run=args.dry_run)
    for pruned in done.tables:
        print(f"bench gc: {pruned.line(args.keep_runs, args.dry_run)}")
    print(f"bench gc: {done.database}: {size_text(done.bytes_before)} before, {size_text(done.bytes_after)} after")
    return EXIT_OK


def cmd_review(args: argparse.Namespace) -> int:
    from bench_pipeline.review import server
    from bench_pipeline.review.snapshot import WarehouseBusy

    if args.review_command == "revoke":
        try:
            print(f"bench review revoke: {server.revoke(warehouse=Path(args.warehouse), reviewer=args.reviewer)}")
        except ValueError as exc:  # InputError (an unreadable revocation list) is one too: one line, exit 2
            print(f"bench review revoke: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        return EXIT_OK
    if args.review_command == "invite":
        try:
            print(server.invite(warehouse=Path(args.warehouse), reviewer=args.reviewer, host=args.host, port=args.port))
        except ValueError as exc:
            print(f"bench review invite: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        return EXIT_OK
    try:
        return server.serve(golden=Path(args.golden), warehouse=Path(args.warehouse), fixtures=Path(args.fixtures),
                            host=args.host, port=args.port, round_name=args.round)
    except (ValueError, FileNotFoundError, WarehouseBusy) as exc:
        print(f"bench review: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


class _Parser(argparse.ArgumentParser):
    """No abbreviated options: `--provider tavily` would otherwise be read as `--providers tavily`, a file."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, allow_abbrev=False, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bench", description=__doc__.splitlines()[0], epilog=EXIT_CODES,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--debug", action="store_true", help="print stack traces and Dagster's full log")
    # Also accepted after the command; SUPPRESS keeps a subcommand from resetting `bench --debug run`.
    common = _Parser(add_help=False)
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", parents=[common],
                         help="materialize the whole graph in-process (replay, network lock on)")
    run.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    run.add_argument("--golden", default=DEFAULT_GOLDEN)
    run.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    run.add_argument("--providers", default=DEFAULT_PROVIDERS)
    run.add_argument("--invoices", default=DEFAULT_INVOICES, help="folder of provider invoices (optional)")
    run.add_argument("--judgments-only", action="store_true",
                     help="after a review round: judgments, relevance metrics and the report, reading no fixture "
                          "(needs a whole run in the same warehouse first)")
    run.set_defaults(func=cmd_run)

    verify = sub.add_parser("verify", parents=[common],
                            help="manifest integrity: hashes, listing, captured_at, paths, classes")
    verify.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    verify.add_argument("--providers", default=DEFAULT_PROVIDERS)
    verify.set_defaults(func=cmd_verify)

    redact = sub.add_parser("redact", parents=[common],
                            help="redact raw exchanges from the incoming folder into the fixtures tree")
    redact.add_argument("--incoming", default=DEFAULT_INCOMING)
    redact.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    redact.set_defaults(func=cmd_redact)

    capture = sub.add_parser("capture", parents=[common],
                             help="the only live command: call a provider, write raw exchanges to incoming/")
    capture.add_argument("--provider", required=True)
    capture.add_argument("--case", action="append", help="golden case id (repeatable); default: every answerable case")
    capture.add_argument("--golden", default=DEFAULT_GOLDEN)
    capture.add_argument("--providers", default=DEFAULT_PROVIDERS)
    capture.add_argument("--incoming", default=DEFAULT_INCOMING)
    capture.set_defaults(func=cmd_capture)

    scan = sub.add_parser("scan-injection", parents=[common], help="run the injection detector; one JSON line per file")
    scan.add_argument("paths", nargs="+", metavar="PATH")
    scan.set_defaults(func=cmd_scan_injection)

    gc = sub.add_parser("gc", parents=[common],
                        help="drop the verify, secret-scan, bootstrap and cascade cache entries no recent run used")
    gc.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    gc.add_argument("--keep-runs", type=int, default=DEFAULT_KEEP_RUNS, metavar="N",
                    help=f"keep every entry one of the last N runs used (default {DEFAULT_KEEP_RUNS})")
    gc.add_argument("--dry-run", action="store_true", help="say what would be removed, remove nothing")
    gc.set_defaults(func=cmd_gc)

    review = sub.add_parser("review", parents=[common],
                            help="serve the reviewer's pages on 127.0.0.1 (judgments, dates, golden additions)")
    review.add_argument("--golden", default=DEFAULT_GOLDEN)
    review.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    review.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    review.add_argument("--host", default="127.0.0.1", help="a non-loopback address must be asked for here; it warns")
    review.add_argument("--port", type=int, default=DEFAULT_REVIEW_PORT)
    review.add_argument("--round", help="round name, e.g. 0002-december (default: today's, NNNN-review-YYYY-MM-DD)")
    review.set_defaults(func=cmd_review, review_command=None)
    review_sub = review.add_subparsers(dest="review_command")
    invite = review_sub.add_parser("invite", parents=[common],
                                   help="print a one-time invitation link for a pseudonymous reviewer")
    invite.add_argument("reviewer", help="pseudonym, e.g. rev-a1")
    invite.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    invite.add_argument("--host", default="127.0.0.1")
    invite.add_argument("--port", type=int, default=DEFAULT_REVIEW_PORT)
    revoke = review_sub.add_parser("revoke", parents=[common],
                                   help="end every session and unused invitation of a reviewer, at once")
    revoke.add_argument("reviewer", help="pseudonym, e.g. rev-a1")
    revoke.add_argument("--warehouse", default=DEFAULT_WAREHOUSE)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as exc:
        if args.debug:
            traceback.print_exc()
        print(f"bench {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except WriteError as exc:  # a full disk or a read-only mount: the run could not go on, its input was fine
        if args.debug:
            traceback.print_exc()
        print(f"bench {args.command}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except Exception as exc:  # a bug or an outage, not bad input: still one line, the stack only with --debug
        if args.debug:
            raise
        reason = " ".join(str(exc).split())
        print(f"bench {args.command}: unexpected {type(exc).__name__}: {reason} (--debug shows the stack)",
              file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
