"""Training and evaluation of the injection verifier (`python -m benchmarks.verifier_train`)."""
