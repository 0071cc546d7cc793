"""What `make heldout` would say of a retrained verifier, in a minute instead of three: every gated attack
text of injection_heldout (both halves) in four carriers on the real host page `make heldout` picks for it,
scanned with the committed model and with the candidate. The evaluation half sets each text alone on a small
host; on a real page an order shares its window with the page's next sentence, which a model may read
otherwise. The first stage is the same for both models: `make heldout` judges it.
"""

from __future__ import annotations

from bench_pipeline.injection.detector import judged_by, scan
from bench_pipeline.injection.verifier import Verifier
from benchmarks.injection_heldout.__main__ import pick_host, scope_of
from benchmarks.injection_heldout.carriers import CARRIERS
from benchmarks.injection_heldout.sources import attacks, html_hosts

# A hidden element, an aria-hidden one, text split by invisible characters, and a paragraph in sight.
PROBE_CARRIERS = ("display_none", "aria_hidden", "zero_width_interleaved", "visible_paragraph")


def new_misses(candidate: Verifier, committed: Verifier) -> list[str]:
    """The gated (attack, carrier, host) pairs the committed model flags and the candidate does not."""
    hosts = html_hosts()
    carriers = [carrier for carrier in CARRIERS if carrier.name in PROBE_CARRIERS]
    missed = []
    for attack in attacks():
        for carrier in carriers:
            if scope_of(attack, carrier) != "gated":
                continue
            host = pick_host(hosts, attack.id, carrier.name)
            page = carrier.build(attack.text, host.data)
            with judged_by(candidate):
                flagged = scan(page, carrier.media).flagged
            if not flagged:
                with judged_by(committed):
                    flagged_before = scan(page, carrier.media).flagged
                if flagged_before:
                    missed.append(f"{carrier.name} {attack.id} on {host.name}: {' '.join(attack.text.split())[:90]}")
    return missed
