"""The steps behind the corpus, search and conformance assets, called in plain Python in
the order the assets run them: no Dagster and no DuckDB. Timed beside the same assets materialized
by Dagster (`SAME_STEPS`), it shows what orchestration and the warehouse tables add."""

from __future__ import annotations

from pathlib import Path

from bench_pipeline.files import sha256_file
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.fixtures.manifest_io import load_manifest, manifest_path
from bench_pipeline.fixtures.verify import verify_fixtures
from bench_pipeline.golden.load import golden_sha256, load_golden, load_host_families, load_judgments
from bench_pipeline.observations.search import observe_searches
from bench_pipeline.providers.registry import adapter_module, load_providers
from bench_pipeline.redaction.scan import scan_fixture_tree
from bench_pipeline.report.provenance import collect_provenance
from bench_pipeline.resilience.conformance import conformance_for, partial_assessments
from bench_pipeline.resilience.error_fixtures import exchanges_by_class

REPO = Path(__file__).resolve().parents[1]
SAME_STEPS = ["fixture_manifest", "fixture_secret_scan", "golden_cases", "golden_judgments", "run_provenance", "search_observations",
              "provider_conformance"]


def plain_run(*, fixtures: Path, golden_dir: Path, providers_file: Path) -> list[dict]:
    """The search results of every provider and case, after verifying and scanning the corpus."""
    providers = load_providers(providers_file)
    verify_fixtures(fixtures, known_providers=set(providers.providers))
    scan_fixture_tree(fixtures)
    golden = load_golden(golden_dir)
    families = load_host_families(golden_dir)
    load_judgments(golden_dir)
    collect_provenance(repo_dir=REPO, manifest_sha256=sha256_file(manifest_path(fixtures)), golden_sha256=golden_sha256(golden_dir),
                       providers=providers, providers_file=providers_file, settings={"mode": "replay"})
    manifest = load_manifest(fixtures)
    observed = observe_searches(root=fixtures, entries=manifest.entries, cases=golden.cases,
                                providers=providers.providers, families=families,
                                load=lambda relative: load_exchange(fixtures, relative))
    for slug, config in providers.providers.items():
        adapter = adapter_module(config.adapter)
        grouped = exchanges_by_class(fixtures, manifest, slug)
        conformance_for(slug, grouped, adapter, config.price)
        if hasattr(adapter, "parse_extract"):
            partial_assessments(grouped.get("partial", []), adapter, config.price)
    return observed.results
