"""A page's title and published date, exactly as trafilatura's `extract_metadata` finds them.

The reader needs only these two fields; `extract_metadata` also hunts for author, site name,
categories, tags and licence, which made `with_metadata=True` cost a third more than the extraction
itself. These are the steps of `extract_metadata` (trafilatura 2.3) that decide title and date, in
its order; none of the skipped steps reads or changes what they use.
`tests/reading/test_html_metadata.py` checks both stay equal to `extract_metadata`'s on the corpus
and real pages, so an upgrade of trafilatura that changes them fails there.
"""

from __future__ import annotations

import logging

from htmldate import find_date
from lxml.html import HtmlElement
from trafilatura.metadata import examine_meta, extract_meta_json, extract_title, extract_url

_LOG = logging.getLogger(__name__)


def title_and_date(tree: HtmlElement, date_params: dict) -> tuple[str | None, str | None]:
    """(title, date as `YYYY-MM-DD`) of a tree from `trafilatura.utils.load_html`."""
    metadata = examine_meta(tree)
    try:
        metadata = extract_meta_json(tree, metadata)
    except Exception as exc:  # trafilatura guards its JSON-LD reader the same way: a bad block is skipped
        _LOG.warning("error in JSON metadata extraction: %s", exc)
    metadata.title = metadata.title or extract_title(tree)
    metadata.url = metadata.url or extract_url(tree)
    metadata.date = find_date(tree, **date_params, url=metadata.url)
    metadata.clean_and_trim()  # entities, control characters, length: as extract_metadata leaves them
    return metadata.title, metadata.date
