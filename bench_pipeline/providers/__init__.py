"""The providers room: one module per wire format, chosen by `providers.yaml`."""
