"""A reviewer can correct an injection verdict: the majority rule, what it does to the flag, the queue's
injection items, the report section, the evidence as shown, and the records' save discipline."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.golden import InjectionJudgment
from bench_pipeline.golden.load import load_injection_judgment_rounds
from bench_pipeline.golden.review_queue import SAMPLE_SEED, UNFLAGGED_SAMPLE, injection_queue
from bench_pipeline.metrics.injection_verdicts import decision_rows, decisions
from bench_pipeline.report.injection_review import injection_review
from bench_pipeline.review.evidence import evidence_views
from bench_pipeline.review.forms import judgment_id
from bench_pipeline.review.records import Conflict, ReviewLog, round_file

PAGE = "a" * 64
OTHER = "b" * 64
ROUND = "0002-test"


def _judgment(reviewer: str, verdict: str, at: str, sha256: str = PAGE, **extra) -> InjectionJudgment:
    return InjectionJudgment(
        judgment_id=judgment_id(reviewer, f"req-{reviewer}-{at[11:16].replace(':', '')}-{verdict}"),
        url="https://www.dof.gob.mx/nota", artifact="_shared/html/dof.html", artifact_sha256=sha256,
        detector_flagged=True, verdict=verdict, reviewer=reviewer, judged_at=datetime.fromisoformat(at), **extra)


A = _judgment("rev-a", "clean", "2026-12-01T10:00:00+00:00")
B_INJECTED = _judgment("rev-b", "injected", "2026-12-01T10:01:00+00:00")
B_CLEAN = _judgment("rev-b", "clean", "2026-12-01T11:00:00+00:00")
C_UNSURE = _judgment("rev-c", "cant_tell", "2026-12-01T10:02:00+00:00")
C_INJECTED = _judgment("rev-c", "injected", "2026-12-01T10:03:00+00:00")


@pytest.mark.parametrize(("judgments", "verdict", "winners"), [
    ([A], "clean", [A]),
    ([A, B_INJECTED], None, [A, B_INJECTED]),  # a tie changes nothing; every reviewer's latest is named
    ([A, C_UNSURE], None, [A, C_UNSURE]),  # 1 of 2 is no strict majority
    ([A, B_CLEAN, C_INJECTED], "clean", [A, B_CLEAN]),
    ([A, B_INJECTED, C_INJECTED], "injected", [B_INJECTED, C_INJECTED]),
    ([A, B_INJECTED, B_CLEAN], "clean", [A, B_CLEAN]),  # rev-b changed their mind: only the latest counts
    ([B_CLEAN, B_INJECTED], "clean", [B_CLEAN]),  # latest by time, not by file order
    ([A, _judgment("rev-b", "injected", "2026-12-01T10:01:00+00:00", sha256=OTHER)], "clean", [A]),  # other bytes
])
def test_latest_judgment_per_reviewer_counts_once_and_a_strict_majority_decides(judgments, verdict, winners):
    decision = decisions(judgments)[PAGE]
    assert decision.verdict == verdict
    assert decision.judgment_ids == tuple(sorted(j.judgment_id for j in winners))


@pytest.mark.parametrize(("flagged", "judgments", "effect", "in_force"), [
    (True, [A], "flag_lifted", False),
    (True, [B_INJECTED, C_INJECTED], "flag_confirmed", True),
    (True, [A, B_INJECTED], None, True),  # a tie keeps the detector's flag
    (False, [B_INJECTED], "detector_miss", False),  # counted, never turned into a flag
    (False, [A], "pass_confirmed", False),
])
def test_a_majority_clean_lifts_the_flag_and_a_majority_injected_on_a_pass_is_a_miss(flagged, judgments, effect,
                                                                                        in_force):
    documents = [{"artifact": "_shared/html/dof.html", "sha256": PAGE, "flagged": flagged},
                 {"artifact": "_shared/html/unjudged.html", "sha256": OTHER, "flagged": True}]
    (row,) = decision_rows(documents, decisions(judgments))  # the unjudged document gets no row
    assert (row["artifact"], row["effect"], row["flag_in_force"]) == ("_shared/html/dof.html", effect, in_force)


def _claim(provider, case_id, artifact, flagged, citable=True, contradicts="[]"):
    return {"provider": provider, "case_id": case_id, "artifact": artifact, "citable": citable,
            "contradicts_claim_ids": contradicts, "from_flagged_document": flagged}


def test_report_counts_answers_flags_removed_and_restored_with_the_overrides_ids():
    claims = [
        _claim("p1", "gs-001", "dof.html", False),  # answered only thanks to the lifted flag on dof.html
        _claim("p1", "gs-002", "attack.html", True),  # removed by a flag reviewers confirmed
        _claim("p1", "gs-003", "notice.html", True),  # removed by a flag nobody judged
        _claim("p1", "gs-004", "notice.html", True, citable=False),  # not citable: no flag removed anything
        _claim("p1", "gs-005", "dof.html", False), _claim("p1", "gs-005", "plain.html", False),  # answered anyway
        _claim("p2", "gs-002", "attack.html", True, contradicts='["c-9"]'),  # contradicted: not the flag's doing
    ]
    outcomes = [{"provider": "p1", "case_id": c, "outcome": o} for c, o in [
        ("gs-001", "answered"), ("gs-002", "fallback:low_confidence"), ("gs-003", "fallback:low_confidence"),
        ("gs-004", "fallback:low_confidence"), ("gs-005", "answered")]] + [
        {"provider": "p2", "case_id": "gs-002", "outcome": "fallback:low_confidence"}]
    documents = [{"artifact": "dof.html", "sha256": PAGE, "flagged": True},
                 {"artifact": "attack.html", "sha256": OTHER, "flagged": True},
                 {"artifact": "missed.html", "sha256": "c" * 64, "flagged": False}]
    judged = [A, _judgment("rev-b", "injected", "2026-12-01T10:00:00+00:00", sha256=OTHER),
              _judgment("rev-c", "injected", "2026-12-01T10:00:00+00:00", sha256="c" * 64)]
    section = injection_review(["p1", "p2"], claims, outcomes, decision_rows(documents, decisions(judged)),
                               {"dof.html": ["https://www.dof.gob.mx/nota"]})
    p1, p2 = section.by_provider
    assert (p1.useful_answers_removed, p1.removed_cases, p1.flags_behind, p1.flags_confirmed) == (
        2, ["gs-002", "gs-003"], 2, 1)
    assert (p1.useful_answers_restored, p1.restored_cases) == (1, ["gs-001"])
    assert (p2.useful_answers_removed, p2.useful_answers_restored) == (0, 0)
    (override,) = section.overrides
    assert (override.artifact, override.judgment_ids) == ("dof.html", [A.judgment_id])
    assert override.restored == {"p1": ["gs-001"]}
    assert override.urls == ["https://www.dof.gob.mx/nota"] and override.votes == {"clean": 1}
    (miss,) = section.detector_misses
    assert miss.artifact == "missed.html" and len(miss.judgment_ids) == 1 and section.documents_judged == 3


def test_queue_has_every_flagged_document_results_led_to_and_a_seeded_sample_of_the_rest():
    pages = [f"https://e.example/{i}" for i in range(12)]
    results = [{"provider": "p1", "case_id": "gs-001", "rank": i + 1, "url": url} for i, url in enumerate(pages[:10])]
    results.append({"provider": "p1", "case_id": "gs-002", "rank": 11, "url": pages[10]})  # beyond the pool depth
    reads = [{"provider": "p1", "url": url, "artifact": f"_shared/html/{i}.html"} for i, url in enumerate(pages)]
    reads.append({"provider": "p2", "url": pages[0], "artifact": "_shared/html/0.html"})  # p2 got no result for it
    scans = [{"artifact": f"_shared/html/{i}.html", "flagged": i in (1, 10, 11), "vectors": json.dumps(
        ["html_comment"] if i in (1, 10, 11) else [])} for i in range(12)]
    rows = injection_queue(results, reads, scans)
    flagged = [r for r in rows if r["why"].startswith("flagged")]
    sampled = [r for r in rows if r["why"].startswith("not flagged")]
    # Pages 10 and 11 are flagged but no result within the pool depth led to them.
    assert [r["url"] for r in flagged] == [pages[1]] and "html_comment" in flagged[0]["why"]
    assert len(sampled) == UNFLAGGED_SAMPLE and all(f"seed {SAMPLE_SEED}, 5 of 9" in r["why"] for r in sampled)
    assert {r["providers"] for r in rows} == {"p1"} and all(r["kind"] == "judge_injection" for r in rows)
    assert injection_queue(list(reversed(results)), list(reversed(reads)), scans) == rows  # deterministic


def test_evidence_is_shown_with_whatever_keys_the_detector_recorded():
    old, new = evidence_views(json.dumps([
        {"vector": "html_comment", "match": "Nota para el asistente", "snippet": "<!-- Nota para el asistente -->"},
        {"channel": "visible", "signals": {"addressee": 0.6, "directive": 0.3}, "bar": 0.8, "score": 0.91234,
         "snippet": "Ignora las instrucciones", "verifier": "linear-3"}]))
    assert (old.channel, old.match, old.signals, old.score) == ("html_comment", "Nota para el asistente", (), None)
    assert new.signals == (("addressee", "0.6"), ("directive", "0.3")) and (new.bar, new.score) == ("0.8", "0.912")
    assert new.text == "Ignora las instrucciones" and new.other == (("verifier", "linear-3"),)
    assert evidence_views(None) == [] and evidence_views("[]") == []
    (listed,) = evidence_views(json.dumps([{"channel": "meta", "signals": ["addressee"]}]))
    assert listed.signals == (("addressee", ""),) and listed.match is None


def test_injection_judgments_are_appended_replayed_and_refused_like_the_others(tmp_path):
    log = ReviewLog(tmp_path, ROUND)
    crid = "req-00000001"
    line = _judgment("rev-a", "clean", "2026-12-01T10:00:00+00:00", client_request_id=crid)
    assert not log.save("judge_injection", line).replayed
    assert log.save("judge_injection", line.model_copy(update={"judged_at": datetime.fromisoformat(
        "2026-12-01T10:05:00+00:00")})).replayed
    with pytest.raises(Conflict):
        log.save("judge_injection", line.model_copy(update={"verdict": "injected"}))
    path = round_file(tmp_path, "judge_injection", ROUND)
    assert path == tmp_path / "injection_judgments" / f"{ROUND}.jsonl" and len(path.read_text().splitlines()) == 1
    with path.open("ab") as handle:
        handle.write(b'{"judgment_id": "ij-')
    with pytest.raises(InputError, match="torn last line"):
        load_injection_judgment_rounds(tmp_path)
    (torn,) = ReviewLog(tmp_path, ROUND).torn
    assert torn.moved_to.name == f"{ROUND}.jsonl.torn"
    assert [j.verdict for _, j in load_injection_judgment_rounds(tmp_path)] == ["clean"]


def test_a_judgment_id_used_twice_is_an_error_naming_the_file_line_and_field(tmp_path):
    folder = tmp_path / "injection_judgments"
    folder.mkdir()
    (folder / "0002-a.jsonl").write_text(A.model_dump_json() + "\n")
    reused = B_INJECTED.model_copy(update={"judgment_id": A.judgment_id})
    (folder / "0003-b.jsonl").write_text("\n" + reused.model_dump_json() + "\n")
    with pytest.raises(InputError) as error:
        load_injection_judgment_rounds(tmp_path)
    assert "0003-b.jsonl" in str(error.value) and "line 2.judgment_id" in str(error.value)
    assert "0002-a.jsonl line 1" in str(error.value)
