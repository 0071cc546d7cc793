"""The provider dimension.

Per-provider assets (observations) are partitioned by provider, so changing one provider's
fixtures re-materializes only that provider's partition plus the fan-in tables (metrics, report),
not the other providers'. Static partitions read from providers.yaml at load (one small file):
providers are configuration, and the UI then shows every provider without a sensor having run.
A single-run backfill policy lets `bench run` replay every provider in one step.
"""

import os
from pathlib import Path

import dagster as dg

from bench_pipeline.domain.errors import InputError
from bench_pipeline.files import read_yaml


def _provider_slugs() -> list[str]:
    path = Path(os.environ.get("BENCH_PROVIDERS", "providers.yaml"))
    if not path.is_file():
        return []
    # Malformed YAML names the file; anything else wrong with it is for `load_providers` to say.
    data = read_yaml(path)
    providers = data.get("providers") if isinstance(data, dict) else None
    return sorted(providers) if isinstance(providers, dict) else []


provider_partitions = dg.StaticPartitionsDefinition(_provider_slugs())
PER_PROVIDER = {"partitions_def": provider_partitions, "backfill_policy": dg.BackfillPolicy.single_run()}


def all_providers_tags() -> dict[str, str]:
    """One run over every provider partition (the per-provider assets backfill in a single run)."""
    keys = provider_partitions.get_partition_keys()
    if not keys:
        raise InputError(os.environ.get("BENCH_PROVIDERS", "providers.yaml"), "providers", "no providers configured")
    return {"dagster/asset_partition_range_start": keys[0], "dagster/asset_partition_range_end": keys[-1]}
