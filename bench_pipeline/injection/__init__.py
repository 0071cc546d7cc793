"""Untrusted web text: hidden-content and instruction detection, and the one quoting boundary."""
