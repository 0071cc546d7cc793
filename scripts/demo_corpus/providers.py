"""How each provider is designed to behave in the demo corpus (the intent table of the fixtures README)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from pathlib import Path

from bench_pipeline.domain.golden import HostFamilies
from bench_pipeline.golden.families import family_of
from bench_pipeline.providers.base import Options, host_of
from bench_pipeline.providers.registry import load_providers, request_options
from scripts.demo_corpus.world import DOCS, Case, Doc, grounds

# The corpus records each slug's requests as its adapter builds them from the repository's providers.yaml.
_CONFIG = load_providers(Path(__file__).resolve().parents[2] / "providers.yaml").providers


@dataclass(frozen=True)
class Profile:
    skill: dict[str, float]   # by host family: how surely a page that answers the case is found and ranked
    search_ms: float          # median recorded latency
    read_ms: float
    first_capture: datetime
    extracts: bool            # False: search-only, pages are fetched and read by the local extractor
    depth: int = 10           # results per search


PROVIDERS = ("tavily", "exa", "brave", "serper", "firecrawl",
             "tavily-advanced", "exa-fast", "serpapi", "perplexity", "jina", "parallel")
_DEFAULT = {"gov": 0.7, "corporate": 0.7, "news": 0.7}
PROFILES = {
    "tavily": Profile({"gov": 0.97, "corporate": 0.85, "news": 0.7}, 850, 1600, datetime(2026, 11, 3, 15, tzinfo=UTC), True),
    "exa": Profile({"gov": 0.3, "corporate": 0.75, "news": 0.95}, 1350, 900, datetime(2026, 11, 5, 16, tzinfo=UTC), True),
    "brave": Profile({"gov": 0.72, "corporate": 0.78, "news": 0.74}, 420, 700, datetime(2026, 11, 9, 14, tzinfo=UTC), False),
    "serper": Profile({"gov": 0.7, "corporate": 0.8, "news": 0.72}, 650, 750, datetime(2026, 11, 12, 17, tzinfo=UTC), False),
    "firecrawl": Profile({"gov": 0.62, "corporate": 0.7, "news": 0.66}, 2300, 4200, datetime(2026, 11, 16, 15, tzinfo=UTC), True),
    # Advanced depth: twice the credits, more of every family found.
    "tavily-advanced": Profile({"gov": 0.99, "corporate": 0.95, "news": 0.9}, 1900, 2400,
                               datetime(2026, 11, 4, 15, tzinfo=UTC), True),
    # Exa's fast type with five results: quick, and shallow (gov tables and deep pages go missing).
    "exa-fast": Profile({"gov": 0.2, "corporate": 0.6, "news": 0.85}, 380, 900, datetime(2026, 11, 6, 16, tzinfo=UTC),
                        True, depth=5),
    # Google in Spanish from Mexico: the regulators' and gazettes' pages rank first.
    "serpapi": Profile({"gov": 1.0, "corporate": 0.78, "news": 0.72, "directory": 0.8}, 1600, 700,
                       datetime(2026, 11, 10, 14, tzinfo=UTC), False),
    # Dated (ISO) and strong on news; weak on the regulators' tables.
    "perplexity": Profile({"gov": 0.55, "corporate": 0.8, "news": 0.93}, 1100, 700,
                          datetime(2026, 11, 11, 16, tzinfo=UTC), False),
    # Cheap (tokens); its results seldom carry a date; its reader renders JavaScript.
    "jina": Profile({"gov": 0.75, "corporate": 0.82, "news": 0.72}, 2600, 1900,
                    datetime(2026, 11, 13, 15, tzinfo=UTC), True),
    # Best on the companies' own pages; slow.
    "parallel": Profile({"gov": 0.8, "corporate": 0.92, "news": 0.8}, 1800, 2500,
                        datetime(2026, 11, 14, 17, tzinfo=UTC), True),
}


def adapter_of(slug: str) -> str:
    return _CONFIG[slug].adapter


def base_url_of(slug: str) -> str:
    return _CONFIG[slug].base_url


def options_of(slug: str) -> Options:
    return request_options(slug, _CONFIG[slug])


def latency(rng: random.Random, median: float) -> float:
    """Log-normal around the median: latencies are skewed, a few calls are slow."""
    return round(median * math.exp(rng.gauss(0, 0.35)), 1)


def capture_time(provider: str, rng: random.Random, day: int, slot: int) -> datetime:
    start = PROFILES[provider].first_capture + timedelta(days=day)
    return start + timedelta(minutes=7 * slot, seconds=rng.randrange(60))


def relevant(doc: Doc, case: Case, families: HostFamilies) -> bool:
    """Pooled relevance: the page grounds the case's claim and its host is of an expected family."""
    return grounds(doc, case) and family_of(host_of(doc.url), families) in case.families


def search_hits(provider: str, case: Case, families: HostFamilies, rng: random.Random, on: date) -> list[Doc]:
    """The provider's top 10 for a case on day `on`: pages that answer rank high with the provider's
    skill for their family, or go missing; pages about the company follow; the rest is noise."""
    profile = PROFILES[provider]
    scored = []
    for doc in DOCS:
        if doc.published and doc.published > on:
            continue  # not yet written
        if doc.entity not in (case.entity, None, "wrong") and rng.random() < 0.8:
            continue
        score = rng.random() * 0.5
        family = family_of(host_of(doc.url), families)
        if grounds(doc, case):
            skill = profile.skill.get(family, _DEFAULT.get(family, 0.6))
            if rng.random() > skill:
                continue
            score += skill
        elif doc.entity == case.entity:
            score += 0.3
        scored.append((score, doc.url, doc))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [doc for _, _, doc in scored[:profile.depth]]
