"""The observations room: what each provider found, read and answered, per golden case."""
