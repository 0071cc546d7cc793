"""Classify a host into a family by the versioned rules file."""

from __future__ import annotations

from bench_pipeline.domain.golden import HostFamilies


def family_of(host: str, rules: HostFamilies) -> str:
    host = host.lower().removeprefix("www.")
    for rule in rules.rules:
        for suffix in rule.suffixes:
            suffix = suffix.lower()
            if host == suffix or host.endswith("." + suffix):
                return rule.family
    return "other"
