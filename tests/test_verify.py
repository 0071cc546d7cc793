"""`bench verify`: every integrity rule fails loudly, naming the file and the field."""

from __future__ import annotations

import json
import os

import pytest

from bench_pipeline.cli import main
from bench_pipeline.fixtures.verify import verify_fixtures


def _verify(corpus, capsys):
    code = main(["verify", "--fixtures", str(corpus.fixtures), "--providers", str(corpus.providers)])
    out = capsys.readouterr()
    return code, out.out + out.err


def _manifest(corpus) -> dict:
    return json.loads((corpus.fixtures / "manifest.json").read_text())


def _write_manifest(corpus, data: dict) -> None:
    (corpus.fixtures / "manifest.json").write_text(json.dumps(data))


def test_bundled_shape_passes(corpus, capsys):
    code, out = _verify(corpus, capsys)
    assert code == 0, out
    assert "tavily: 9/9 fixture classes" in out
    assert "verify ok" in out


def test_one_changed_byte_is_named(corpus, capsys):
    path = corpus.fixtures / "tavily/search/gs-002.json"
    data = bytearray(path.read_bytes())
    data[10] ^= 0x01
    path.write_bytes(bytes(data))
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert f"[sha256_matches] {path}: sha256:" in out


def test_unlisted_file_is_named(corpus, capsys):
    extra = corpus.fixtures / "tavily/search/gs-099.json"
    extra.write_text("{}")
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert f"[file_listed] {extra}" in out


def test_missing_listed_file_is_named(corpus, capsys):
    (corpus.fixtures / "tavily/errors/429.json").unlink()
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert "[file_exists]" in out and "tavily/errors/429.json" in out


def test_captured_at_removed_from_manifest(corpus, capsys):
    data = _manifest(corpus)
    entry = next(e for e in data["entries"] if e["path"] == "tavily/search/gs-001.json")
    del entry["captured_at"]
    _write_manifest(corpus, data)
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert "[captured_at_sane]" in out and "tavily/search/gs-001.json" in out and "captured_at" in out


def test_captured_at_removed_from_exchange(corpus, capsys):
    path = corpus.fixtures / "tavily/search/gs-003.json"
    exchange = json.loads(path.read_text())
    del exchange["captured_at"]
    path.write_text(json.dumps(exchange))
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert f"[captured_at_sane] {path}: captured_at:" in out


@pytest.mark.parametrize("bad", ["2026-11-20T18:03:11", "2026-11-20T12:03:11-06:00", "yesterday", "2999-01-01T00:00:00Z"])
def test_captured_at_must_be_utc_iso_and_not_future(corpus, bad):
    data = _manifest(corpus)
    data["entries"][0]["captured_at"] = bad
    _write_manifest(corpus, data)
    result = verify_fixtures(corpus.fixtures, {"tavily"})
    assert [f.rule for f in result.errors] == ["captured_at_sane"]
    assert "captured_at" in result.errors[0].field


@pytest.mark.parametrize("escape", ["../outside.json", "tavily/../../outside.json", "/etc/passwd"])
def test_manifest_path_escaping_the_folder(corpus, capsys, escape):
    data = _manifest(corpus)
    data["entries"][0]["path"] = escape
    _write_manifest(corpus, data)
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert "[path_inside]" in out and escape in out


def test_symlink_out_of_the_folder(corpus, tmp_path, capsys):
    outside = tmp_path / "secret.json"
    outside.write_text("{}")
    os.symlink(outside, corpus.fixtures / "tavily/search/link.json")
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert "[path_inside]" in out and "link.json" in out


def test_synthetic_results_fail_in_a_captured_corpus_and_warn_in_demo(corpus):
    data = _manifest(corpus)
    entry = next(e for e in data["entries"] if e["class"] == "results")
    entry["synthetic"] = True
    _write_manifest(corpus, data)
    demo = verify_fixtures(corpus.fixtures, {"tavily"})
    assert demo.ok and [f.rule for f in demo.findings] == ["synthetic_allowed"]
    data["corpus_kind"] = "captured"
    _write_manifest(corpus, data)
    captured = verify_fixtures(corpus.fixtures, {"tavily"})
    assert [(f.rule, f.field) for f in captured.errors] == [("synthetic_allowed", "synthetic")]


def test_unknown_provider(corpus):
    result = verify_fixtures(corpus.fixtures, {"exa"})
    rules = {f.rule for f in result.errors}
    assert "provider_known" in rules
    assert any("unknown provider 'tavily'" in f.message for f in result.errors)


def test_missing_class_makes_provider_not_comparable(corpus):
    data = _manifest(corpus)
    data["entries"] = [e for e in data["entries"] if e["class"] != "timeout"]
    _write_manifest(corpus, data)
    (corpus.fixtures / "tavily/errors/timeout.json").unlink()
    result = verify_fixtures(corpus.fixtures, {"tavily"})
    assert [f.rule for f in result.errors] == ["classes_complete"]
    assert "'timeout'" in result.errors[0].message


def test_malformed_manifest_json(corpus, capsys):
    (corpus.fixtures / "manifest.json").write_text('{"schema_version": 1, "entries": [')
    code, out = _verify(corpus, capsys)
    assert code == 1
    assert "manifest.json: (json): malformed JSON at line 1" in out


def test_unknown_provider_config_adapter_is_named(corpus, capsys):
    config = json.loads(corpus.providers.read_text())
    config["providers"]["tavily"]["adapter"] = "nosuchwire"
    corpus.providers.write_text(json.dumps(config))
    code, out = _verify(corpus, capsys)
    assert code == 2
    assert f"{corpus.providers}: providers.tavily.adapter: no adapter module" in out
