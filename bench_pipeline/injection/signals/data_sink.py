"""`data_sink` (weight 1): a URL whose last parameter waits to be filled — empty, a `{placeholder}`,
a `[PLACEHOLDER]` or capitals (`?q=USER_QUERY`). Matched on the text as written, since folding
would lower the capitals that mark a placeholder."""

import re

PATTERN = re.compile(
    r"https?://\S{0,120}[?&][\w-]{1,20}=(?:\{[^}\s]{1,40}\}|\[[^\]\s]{1,40}\]|[A-Z][A-Z0-9_]{3,}\b|(?=[\s\"')\]]|$))"
)
