"""Human review (docs/operations.md#review-rounds): append-only records of a round, invitations and
sessions, agreement between reviewers, golden-set proposals, and the thin web layer `bench review`
serves them with."""
