"""A large generated corpus, every added file marked synthetic: the test corpus (nine classes per
provider) grown to `providers` providers and `cases` extra golden cases, each searched by every provider."""

from __future__ import annotations

import json
from pathlib import Path

from bench_pipeline.domain.manifest import ManifestEntry
from bench_pipeline.files import sha256_file
from bench_pipeline.fixtures.manifest_io import load_manifest, write_manifest
from tests.corpus_builder import CAPTURED, CASES, Corpus, build_corpus

RESULTS_PER_SEARCH = 10
# Hosts the test corpus's host-family rules know, so every result gets a family.
HOSTS = ["acerosbajio.example.mx", "noticias.example.com", "www.dof.gob.mx", "directorio.example.com"]


def slugs(providers: int) -> tuple[str, ...]:
    return tuple(f"syn{i:02d}" for i in range(providers))


def _urls(case_id: str) -> list[str]:
    return [f"https://{HOSTS[i % len(HOSTS)]}/{case_id}/{i}" for i in range(RESULTS_PER_SEARCH)]


def _search_exchange(slug: str, case_id: str, query: str) -> bytes:
    results = [{"url": url, "title": f"resultado {i}", "content": "…", "score": 1 - i / 20, "raw_content": None}
               for i, url in enumerate(_urls(case_id))]
    return json.dumps({
        "provider": slug, "operation": "search", "case_id": case_id, "captured_at": CAPTURED, "elapsed_ms": 700,
        "request": {"method": "POST", "url": "https://api.tavily.com/search", "headers": {"authorization": "REDACTED"},
                    "body": {"query": query}},
        "response": {"status": 200, "headers": {"content-type": "application/json"},
                     "body": {"query": query, "answer": None, "images": [], "follow_up_questions": None,
                              "results": results, "response_time": 0.7, "usage": {"credits": 1}}},
    }).encode()


def build_large_corpus(base: Path, providers: int, cases: int) -> Corpus:
    corpus = build_corpus(base, providers=slugs(providers))
    answerable = [c for c in CASES if c[5] != "forbidden"]
    added = []
    for n in range(cases):
        _, _, entity, category, claim_type, role, families = answerable[n % len(answerable)]
        added.append({"id": f"gs-{100_000 + n}", "query": f"consulta sintética {n} {entity}", "entity": entity,
                      "category": category, "claim_type": claim_type, "web_role": role,
                      "expect": {"families": families, "hosts": []}, "freshness_days": 365})
    cases_file = corpus.golden / "cases.yaml"
    golden = json.loads(cases_file.read_text(encoding="utf-8"))
    cases_file.write_text(json.dumps({**golden, "cases": golden["cases"] + added}, ensure_ascii=False), encoding="utf-8")
    with (corpus.golden / "judgments" / "0002-synthetic.jsonl").open("w") as out:
        for case in added:
            for i, url in enumerate(_urls(case["id"])):
                out.write(json.dumps({"case_id": case["id"], "url": url, "relevant": i % 3 == 0,
                                      "reason": "grounds_claim" if i % 3 == 0 else "not_about_topic",
                                      "reviewer": "rev-synthetic", "judged_at": "2026-11-21T10:00:00Z"}) + "\n")
    manifest = load_manifest(corpus.fixtures)
    entries = list(manifest.entries)
    for slug in slugs(providers):
        (corpus.fixtures / slug / "search").mkdir(parents=True, exist_ok=True)
        for case in added:
            relative = f"{slug}/search/{case['id']}.json"
            data = _search_exchange(slug, case["id"], case["query"])
            (corpus.fixtures / relative).write_bytes(data)
            entries.append(ManifestEntry.model_validate({
                "path": relative, "provider": slug, "class": "results", "case_id": case["id"], "captured_at": CAPTURED,
                "sha256": sha256_file(corpus.fixtures / relative), "synthetic": True, "bytes": len(data)}))
    write_manifest(corpus.fixtures, manifest.model_copy(update={"entries": entries}))
    return corpus


def review_round(golden: Path, round_number: int, cases: int = 5) -> Path:
    """A review round: a new judgments file that flips the verdict on every pooled result of the first
    `cases` synthetic cases (what a reviewer appends, never an edit of earlier lines)."""
    path = golden / "judgments" / f"{1000 + round_number:04d}-review.jsonl"
    with path.open("w") as out:
        for n in range(cases):
            case_id = f"gs-{100_000 + n}"
            for i, url in enumerate(_urls(case_id)):
                relevant = (i % 3 == 0) == (round_number % 2 == 0)
                out.write(json.dumps({"case_id": case_id, "url": url, "relevant": relevant,
                                      "reason": "grounds_claim" if relevant else "not_about_topic",
                                      "reviewer": "rev-synthetic2", "judged_at": f"2026-12-0{1 + round_number % 8}T10:00:00Z"}) + "\n")
    return path
