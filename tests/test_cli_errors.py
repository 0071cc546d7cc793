"""Bad input at the command line (docs/operations.md#exit-codes): one last line on stderr naming the file and
the field, no traceback unless `--debug`, and one exit-code scheme for every command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from dagster_shared.error import SerializableErrorInfo

from bench_pipeline.cli import EXIT_BAD_INPUT, EXIT_OK, main
from bench_pipeline.runner import error_line, python_trace, root_cause
from tests.pdfs import text_pdf


def _bench(capfd, *argv: str) -> tuple[int, list[str], str]:
    """Exit code, stderr lines and stdout of `bench argv…` run in-process; capfd also sees Dagster's console."""
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, err.strip().splitlines(), out


def _assert_names(lines: list[str], command: str, path, field: str) -> None:
    assert lines, "nothing on stderr"
    assert lines[-1].startswith(f"bench {command}: {path}: {field}: "), lines[-1]


def _no_trace(lines: list[str]) -> None:
    assert not [line for line in lines if "Traceback" in line or "Stack Trace" in line], lines


def _break_category(corpus) -> None:
    cases = corpus.golden / "cases.yaml"
    cases.write_text(cases.read_text().replace("contact_channels", "not_a_category", 1))


def _tear_judgments(corpus) -> None:
    judgments = corpus.golden / "judgments" / "0001-test.jsonl"
    judgments.write_text(judgments.read_text() + '{"case_id": "gs-001", "url"')


def _latin1_cases(corpus) -> None:
    cases = corpus.golden / "cases.yaml"
    cases.write_bytes(("# Casos de prueba (Bajío)\n" + cases.read_text(encoding="utf-8")).encode("cp1252"))


def _unknown_adapter(corpus) -> None:
    corpus.providers.write_text(corpus.providers.read_text().replace('"adapter": "tavily"', '"adapter": "nosuch"'))


@pytest.mark.parametrize(("damage", "extra", "target", "field"), [
    (lambda c: (c.golden / "cases.yaml").write_text("cases: [\n - id: x\n bad"), [], "golden/cases.yaml", "(yaml)"),
    (_break_category, [], "golden/cases.yaml", "cases.1.category"),
    (_tear_judgments, [], "golden/judgments/0001-test.jsonl", "line 12"),
    (lambda c: None, ["--judgments-only"], "warehouse/bench.duckdb", "fixture_corpus"),
    (_unknown_adapter, [], "providers.yaml", "providers.tavily.adapter"),
    (_latin1_cases, [], "golden/cases.yaml", "(file)"),
], ids=["malformed-yaml", "unknown-category", "torn-jsonl", "judgments-only-empty", "unknown-adapter", "not-utf8"])
def test_bench_run_ends_with_the_bad_file_and_field(corpus, capfd, damage, extra, target, field):
    damage(corpus)
    code, err, out = _bench(capfd, "run", *corpus.args(), *extra)
    assert code == EXIT_BAD_INPUT
    _assert_names(err, "run", corpus.fixtures.parent.parent / target, field)
    # The cause alone: no other step's failure before it (the assets' warnings may precede it).
    assert not [line for line in err[:-1] if not line.startswith("bench run: warning: ")], err
    _no_trace(err)
    assert "report.json" not in out


def test_judgments_only_on_an_empty_warehouse_says_the_precondition_and_nothing_else(corpus):
    """As a user's shell sees it (a process of its own: no warning filter or capture of the test's)."""
    database = corpus.warehouse / "bench.duckdb"
    command = [sys.executable, "-m", "bench_pipeline.cli", "run", *corpus.args(), "--judgments-only"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == EXIT_BAD_INPUT and done.stdout == ""
    assert done.stderr.splitlines() == [f"bench run: {database}: fixture_corpus: no verified fixture manifest yet: "
                                        "run the whole benchmark first"]
    assert not database.exists()
    debug = subprocess.run([*command, "--debug"], capture_output=True, text=True, timeout=120)
    assert debug.returncode == EXIT_BAD_INPUT and debug.stderr.startswith("Traceback")
    assert debug.stderr.splitlines()[-1] == done.stderr.strip()


def test_bench_run_with_debug_shows_the_traces_and_still_ends_with_the_cause(corpus, capfd):
    _break_category(corpus)
    code, err, _ = _bench(capfd, "run", "--debug", *corpus.args())
    assert code == EXIT_BAD_INPUT
    assert any(line.startswith("Traceback") for line in err)
    _assert_names(err, "run", corpus.golden / "cases.yaml", "cases.1.category")
    assert "Input should be" in err[-1]


def test_scan_injection_reads_every_file_and_reports_the_unreadable_ones(tmp_path, capfd):
    broken = tmp_path / "informe.pdf"
    broken.write_bytes(text_pdf([["Informe anual"]])[:300])
    clean = tmp_path / "pagina.html"
    clean.write_text("<html><body><p>Aceros del Bajío fabrica lámina.</p></body></html>")
    torn = tmp_path / "respuesta.json"
    torn.write_text('{"results": [1, 2')
    code, err, out = _bench(capfd, "scan-injection", str(broken), str(clean), str(torn))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == EXIT_BAD_INPUT
    assert [line["path"] for line in lines] == [str(broken), str(clean), str(torn)]
    assert lines[1]["flagged"] is False and "error" not in lines[1]
    for line in (lines[0], lines[2]):
        assert "flagged" not in line and line["error"].startswith(f"{line['path']}: (content): ")
    assert "malformed JSON" in lines[2]["error"]
    assert err[-1].startswith(f"bench scan-injection: 2 of 3 files could not be read, the first: {broken}: ")
    _no_trace(err)


@pytest.mark.parametrize("name,data,field", [("azar.pdf", bytes(range(256)) * 8, "(content)"),
                                             ("vacio.pdf", b"", "(file)"),
                                             ("roto.json", b'{"a": [1, 2', "(content)"),
                                             ("texto.pdf", b"hola, esto no es un PDF", "(content)")])
def test_scan_injection_never_gives_a_verdict_on_a_file_it_cannot_read(tmp_path, capfd, name, data, field):
    path = tmp_path / name
    path.write_bytes(data)
    code, err, out = _bench(capfd, "scan-injection", str(path))
    assert code == EXIT_BAD_INPUT
    assert "flagged" not in out and json.loads(out)["error"].startswith(f"{path}: {field}: ")
    assert err == [f"bench scan-injection: {json.loads(out)['error']}"]


def test_scan_injection_names_a_truncated_pdf_in_the_middle_and_reads_non_utf8_html(tmp_path, capfd):
    """A page in Windows-1252 is not bad input: the reader decodes it as a browser would, so it gets a verdict
    (bench_pipeline/reading/decode.py); the truncated PDF between two readable files is the one named."""
    clean = tmp_path / "pagina.html"
    clean.write_text("<html><body><p>Aceros del Bajío fabrica lámina.</p></body></html>", encoding="utf-8")
    truncated = tmp_path / "informe.pdf"
    truncated.write_bytes(text_pdf([["Informe anual"]])[:300])
    latin = tmp_path / "pagina-latin1.html"
    latin.write_bytes("<html><body><p>Aceros del Bajío fabrica lámina en León.</p></body></html>".encode("cp1252"))
    code, err, out = _bench(capfd, "scan-injection", str(clean), str(truncated), str(latin))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == EXIT_BAD_INPUT
    assert [line["path"] for line in lines] == [str(clean), str(truncated), str(latin)]
    assert lines[0]["flagged"] is False and lines[2]["flagged"] is False and "error" not in lines[2]
    assert "flagged" not in lines[1] and lines[1]["error"].startswith(f"{truncated}: (content): ")
    assert err == [f"bench scan-injection: {lines[1]['error']}"]


def test_scan_injection_missing_file_is_an_error_naming_it(tmp_path, capfd):
    code, err, out = _bench(capfd, "scan-injection", str(tmp_path / "nada.html"))
    assert code == EXIT_BAD_INPUT
    _assert_names(err, "scan-injection", tmp_path / "nada.html", "(file)")


# One bad-input case per command: all exit 2 with the file and field last on stderr.

def test_verify_bad_providers_file(corpus, capfd):
    _unknown_adapter(corpus)
    code, err, _ = _bench(capfd, "verify", "--fixtures", str(corpus.fixtures), "--providers", str(corpus.providers))
    assert code == EXIT_BAD_INPUT
    _assert_names(err, "verify", corpus.providers, "providers.tavily.adapter")
    _no_trace(err)


def test_verify_debug_prints_the_traceback_before_the_line(corpus, capfd):
    _unknown_adapter(corpus)
    code, err, _ = _bench(capfd, "verify", "--debug", "--fixtures", str(corpus.fixtures),
                          "--providers", str(corpus.providers))
    assert code == EXIT_BAD_INPUT and err[0].startswith("Traceback")
    _assert_names(err, "verify", corpus.providers, "providers.tavily.adapter")


def test_redact_without_incoming_folder(tmp_path, capfd):
    code, err, _ = _bench(capfd, "redact", "--incoming", str(tmp_path / "incoming"),
                          "--fixtures", str(tmp_path / "fixtures"))
    assert code == EXIT_BAD_INPUT
    _assert_names(err, "redact", tmp_path / "incoming", "(folder)")
    assert not (tmp_path / "fixtures").exists()


def test_capture_unknown_provider(corpus, tmp_path, capfd):
    code, err, _ = _bench(capfd, "capture", "--provider", "nosuch", "--golden", str(corpus.golden),
                          "--providers", str(corpus.providers), "--incoming", str(tmp_path / "incoming"))
    assert code == EXIT_BAD_INPUT
    _assert_names(err, "capture", corpus.providers, "providers")
    assert not (tmp_path / "incoming").exists()


def test_review_without_warehouse(tmp_path, capfd):
    code, err, _ = _bench(capfd, "review", "--warehouse", str(tmp_path / "none"), "--golden", str(tmp_path))
    assert code == EXIT_BAD_INPUT
    assert err[-1].startswith(f"bench review: {tmp_path / 'none'}")


def test_review_invite_bad_pseudonym(tmp_path, capfd):
    code, err, _ = _bench(capfd, "review", "invite", "bob", "--warehouse", str(tmp_path))
    assert code == EXIT_BAD_INPUT
    assert err[-1].startswith("bench review invite: reviewer 'bob'")


def test_usage_error_exits_2(capfd):
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--no-such-option"])
    assert exit_.value.code == EXIT_BAD_INPUT


def test_help_documents_the_exit_codes(capfd):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    out, _ = capfd.readouterr()
    assert exit_.value.code == EXIT_OK
    assert "exit codes" in out and "2  bad input or usage" in out


def test_bench_run_malformed_providers_file(corpus, capfd):
    corpus.providers.write_text('{"providers": {"tavily": ')
    code, err, _ = _bench(capfd, "run", *corpus.args())
    assert code == EXIT_BAD_INPUT
    _assert_names(err, "run", corpus.providers, "(yaml)")
    _no_trace(err)


def test_root_cause_reads_through_dagsters_wrapper():
    """A step's error is Dagster's wrapper; the op's own exception is its cause, or the context of that."""
    bad = SerializableErrorInfo(message="bench_pipeline.domain.errors.InputError: g/cases.yaml: cases.1.id: missing\n",
                                stack=[], cls_name="InputError")
    bug = SerializableErrorInfo(message="KeyError: 'gs-009'\n", stack=['  File "x.py", line 1\n'], cls_name="KeyError")
    for inner, line in ((bad, "g/cases.yaml: cases.1.id: missing"), (bug, "KeyError: 'gs-009'")):
        handling = SerializableErrorInfo(message="ValueError: while handling\n", stack=[], cls_name="ValueError",
                                         context=inner)
        wrapper = SerializableErrorInfo(message="DagsterExecutionStepExecutionError: Error occurred executing op",
                                        stack=[], cls_name="DagsterExecutionStepExecutionError", cause=handling)
        assert root_cause(wrapper) is inner and error_line(inner) == line
    bad_while_handling = SerializableErrorInfo(message=bad.message, stack=[], cls_name="InputError", context=bug)
    wrapper = SerializableErrorInfo(message="", stack=[], cls_name="X", cause=bad_while_handling)
    assert root_cause(wrapper) is bad_while_handling
    assert python_trace(bug) == "Traceback (most recent call last):\n  File \"x.py\", line 1\nKeyError: 'gs-009'"


@pytest.mark.parametrize("argv", [("verify", "--provider", "tavily"), ("run", "--fixture", "fixtures"),
                                  ("capture", "--provider", "tavily", "--incom", "x")])
def test_an_abbreviated_option_is_refused_not_read_as_another(argv, capfd):
    # `--provider tavily` must not become `--providers tavily` (a providers file named "tavily").
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    err = capfd.readouterr().err.strip().splitlines()
    assert exit_info.value.code == 2 and "unrecognized arguments" in err[-1]
