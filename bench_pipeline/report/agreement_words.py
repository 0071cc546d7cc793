"""One review round's agreement (review.agreement) in a sentence, shared by report.html and report.md: alpha
with its n, and how many judgments and reviewers the round holds, so an undefined alpha is not read as an
empty round."""

from __future__ import annotations

from bench_pipeline.report import numbers

KINDS = {"judge_relevance": "relevance", "verify_date": "verified dates", "judge_injection": "injection verdicts"}


def agreement_sentence(row: dict) -> str:
    """"0001-demo-pool (relevance): alpha undefined, no item judged by two or more reviewers; the round holds
    639 judgments by 2 reviewers"."""
    items = row["n_items"]
    if row["alpha"] is not None:
        alpha = f"alpha {numbers.rate(row['alpha'])}"
    elif items == 0:
        alpha = "alpha undefined"
    else:
        alpha = "alpha undefined (every value the same)"
    paired = (f"n = {numbers.plural(items, 'item')} judged by two or more reviewers "
              f"({numbers.plural(row['n_paired_judgments'], 'judgment')} on them)" if items
              else "no item judged by two or more reviewers")
    return (f"{row['round']} ({KINDS.get(row['kind'], row['kind'])}): {alpha}, {paired}; the round holds "
            f"{numbers.plural(row['n_judgments'], 'judgment')} by {numbers.plural(row['reviewers'], 'reviewer')}")
