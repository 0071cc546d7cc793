"""The reading room: HTML and PDF artifacts to text, with spans that point back into them."""
