"""Office documents read from their zip and XML: Word, Excel and PowerPoint (OOXML), OpenDocument
text, spreadsheets and presentations, and EPUB books.

Every run of text is judged by the rendering model's one decision (`computed_style.ink`) on the
box the format gives it: laid out unless the format hides it (Word's `w:vanish`, a hidden slide or
shape, a hidden sheet, row or column, a `;;;` number format, OpenDocument's `text:display="none"`
and hidden paragraphs, a shape placed off the slide), its size, its colour against its shading,
highlight or cell fill. Text that leaves no ink is `office_hidden_text`; comments, speaker notes and
deleted revisions a reader does not see in the final view are `office_comment` and
`office_hidden_text`; document properties and custom XML are `meta_tag`; pictures' alt text is
`attribute_text`; embedded objects and an EPUB's chapters are documents of their own.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator

from lxml import etree

from bench_pipeline.injection.channels import Channel, Nested
from bench_pipeline.injection.computed_style import MIN_PAGED_FONT_PX, Box, ink
from bench_pipeline.injection.css_colours import RGBA, parse_colour

_MAX_MEMBER = 50_000_000  # bytes: an XML part larger than this is not a document's text
_WHITE: RGBA = (255.0, 255.0, 255.0, 1.0)
_BLACK: RGBA = (0.0, 0.0, 0.0, 1.0)
_THEMED = "themed"  # a fill or background in a theme colour, or from a master: what lies there is unknown
_PT = 4 / 3  # CSS px per point
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, recover=True, huge_tree=False)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
_FO = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_PRESENTATION = "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
_SVG = "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
# Document properties are XML parts; docProps also holds the thumbnail image Word and LibreOffice write.
_PROPERTIES = re.compile(r"^(?:docProps/.+\.xml|customXml/item\d*\.xml)$")
_EMBEDDED = re.compile(r"^(?:word|xl|ppt)/embeddings/|^Object \d+/|^ObjectReplacements/")
_WORD_BODY = re.compile(r"^word/(?:document|header\d*|footer\d*|footnotes|endnotes|glossary/document)\.xml$")
_WORD_NOTES = re.compile(r"^word/comments(?:Extended|Extensible)?\.xml$")
# Word's highlight colours by name (ST_HighlightColor).
_HIGHLIGHT = {"darkBlue": "darkblue", "darkCyan": "darkcyan", "darkGreen": "darkgreen", "darkMagenta": "darkmagenta",
              "darkRed": "darkred", "darkYellow": "olive", "darkGray": "darkgray", "lightGray": "lightgray"}


def office_kind(names: list[str]) -> str | None:
    if "word/document.xml" in names:
        return "docx"
    if "xl/workbook.xml" in names:
        return "xlsx"
    if "ppt/presentation.xml" in names:
        return "pptx"
    if "content.xml" in names:
        return "odf"
    if "META-INF/container.xml" in names:
        return "epub"
    return None


def office_parts(data: bytes) -> list[Channel | Nested]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        names = archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ValueError(f"not a readable zip archive: {exc}") from None
    kind = office_kind(names)
    if kind is None:
        raise ValueError("a zip archive that is no office document, OpenDocument file or EPUB")
    package = _Package(archive)
    reader = {"docx": _word, "xlsx": _workbook, "pptx": _slides, "odf": _open_document, "epub": _book}[kind]
    parts: list[Channel | Nested] = list(reader(package))
    for name in names:
        if _PROPERTIES.match(name) or name in ("meta.xml",):
            parts += [Channel("meta_tag", text) for text in _words(package.xml(name))]
        elif _EMBEDDED.match(name) and not name.endswith("/"):
            parts.append(Nested(package.bytes(name), None))
    return parts


class _Package:
    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names = archive.namelist()

    def bytes(self, name: str) -> bytes:
        info = self.archive.getinfo(name)
        if info.file_size > _MAX_MEMBER:
            raise ValueError(f"{name}: {info.file_size} bytes, too large to read")
        try:
            return self.archive.read(name)
        except (zipfile.BadZipFile, OSError, NotImplementedError) as exc:
            raise ValueError(f"{name}: cannot be read from the archive ({exc})") from None

    def xml(self, name: str):
        if name not in self.names:
            return None
        try:
            root = etree.fromstring(self.bytes(name), _PARSER)
        except etree.XMLSyntaxError as exc:
            raise ValueError(f"{name}: not readable XML ({exc})") from None
        if root is None:
            raise ValueError(f"{name}: not readable XML")
        return root

    def matching(self, pattern: re.Pattern) -> list[str]:
        return sorted((name for name in self.names if pattern.match(name)), key=_natural)


def _box(hidden: bool, size_pt: float | None, colour: RGBA | None, backdrop: RGBA | str) -> str | None:
    """The rendering model's verdict on a run (`backdrop` `_THEMED` when unknown): `office_hidden_text`
    when it leaves no ink."""
    box = Box(laid_out=not hidden, clipped=False, offset_px=0.0, font_px=(size_pt or 11.0) * _PT, opacity=1.0,
              inks=(colour or _BLACK,), backdrop=backdrop if isinstance(backdrop, tuple) else None, blend="normal")
    return "office_hidden_text" if ink(box, legible_px=MIN_PAGED_FONT_PX) else None


# Word


def _word(package: _Package) -> Iterator[Channel]:
    styles = _word_styles(package.xml("word/styles.xml"))
    for name in package.matching(_WORD_BODY):
        root = package.xml(name)
        if root is None:
            continue
        page = _hex(root.find(f"{_W}background"), f"{_W}color") or _WHITE
        shown, hidden = [], []
        for paragraph in root.iter(f"{_W}p"):
            seen_line, hidden_line = _word_paragraph(paragraph, styles, page)
            shown.append(seen_line)
            hidden.append(hidden_line)
        yield Channel("system_imitation", "\n".join(line for line in shown if line))
        if any(hidden):
            yield Channel("office_hidden_text", "\n".join(line for line in hidden if line))
        for picture in root.iter("{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}docPr"):
            yield from _alt_text(picture)
    for name in package.matching(_WORD_NOTES):
        text = "\n".join(_words(package.xml(name)))
        if text:
            yield Channel("office_comment", text)


def _word_paragraph(paragraph, styles: dict, page: RGBA) -> tuple[str, str]:
    paragraph_style = _attribute(paragraph.find(f"{_W}pPr/{_W}pStyle"), f"{_W}val")
    paragraph_shade = _shading(paragraph.find(f"{_W}pPr"))
    cell = next((node for node in paragraph.iterancestors(f"{_W}tc")), None)
    cell_shade = _shading(cell.find(f"{_W}tcPr")) if cell is not None else None
    shown, hidden = [], []
    for run in paragraph.iter(f"{_W}r"):
        if next(run.iterancestors(f"{_W}p"), None) is not paragraph:
            continue  # a text box's paragraph, read on its own
        properties = {**styles.get(None, {}), **styles.get(paragraph_style, {})}
        properties.update(styles.get(_attribute(run.find(f"{_W}rPr/{_W}rStyle"), f"{_W}val"), {}))
        properties.update(_run_properties(run.find(f"{_W}rPr")))
        backdrop = properties.get("highlight") or properties.get("shade") or paragraph_shade or cell_shade or page
        vector = _box(properties.get("vanish", False), properties.get("size"), properties.get("colour"), backdrop)
        for node in run:
            text = {f"{_W}t": node.text, f"{_W}tab": " ", f"{_W}br": "\n", f"{_W}delText": node.text}.get(node.tag)
            if not text:
                continue
            (hidden if vector or node.tag == f"{_W}delText" else shown).append(text)
    return "".join(shown).strip(), "".join(hidden).strip()


def _word_styles(root) -> dict:
    """Style id -> the run properties it gives (its `basedOn` chain followed); None: the defaults."""
    if root is None:
        return {}
    own, parents = {}, {}
    defaults = root.find(f"{_W}docDefaults/{_W}rPrDefault/{_W}rPr")
    own[None] = _run_properties(defaults)
    for style in root.iter(f"{_W}style"):
        style_id = style.get(f"{_W}styleId")
        own[style_id] = _run_properties(style.find(f"{_W}rPr"))
        parents[style_id] = _attribute(style.find(f"{_W}basedOn"), f"{_W}val")
    resolved = {}
    for style_id in own:
        chain, current = [], style_id
        while current is not None and current not in chain and len(chain) < 20:
            chain.append(current)
            current = parents.get(current)
        merged: dict = {}
        for item in reversed(chain):
            merged.update(own.get(item, {}))
        resolved[style_id] = merged
    return resolved


def _run_properties(properties) -> dict:
    if properties is None:
        return {}
    found: dict = {}
    vanish = properties.find(f"{_W}vanish")
    if vanish is not None:
        found["vanish"] = (vanish.get(f"{_W}val") or "true").lower() not in ("0", "false", "off")
    colour = _hex(properties.find(f"{_W}color"), f"{_W}val")
    if colour is not None:
        found["colour"] = colour
    size = _attribute(properties.find(f"{_W}sz"), f"{_W}val")
    if size and size.isdigit():
        found["size"] = int(size) / 2
    highlight = _attribute(properties.find(f"{_W}highlight"), f"{_W}val")
    if highlight and highlight != "none":
        found["highlight"] = parse_colour(_HIGHLIGHT.get(highlight, highlight))
    shade = _shading(properties)
    if shade is not None:
        found["shade"] = shade
    return found


def _shading(properties) -> RGBA | str | None:
    """A shading's fill colour; `_THEMED` for a theme fill; None when there is none."""
    shade = properties.find(f"{_W}shd") if properties is not None else None
    if shade is None or shade.get(f"{_W}fill") in (None, "auto"):
        return _THEMED if shade is not None and shade.get(f"{_W}themeFill") else None
    return _hex(shade, f"{_W}fill") or _THEMED


# Excel


def _workbook(package: _Package) -> Iterator[Channel]:
    workbook = package.xml("xl/workbook.xml")
    targets = _relationships(package, "xl/_rels/workbook.xml.rels", "xl/")
    strings = [_joined(item, f"{_S}t") for item in _iter(package.xml("xl/sharedStrings.xml"), f"{_S}si")]
    formats = _cell_formats(package.xml("xl/styles.xml"))
    shown, hidden = [], []
    for sheet in _iter(workbook, f"{_S}sheet"):
        sheet_hidden = sheet.get("state", "visible") != "visible"
        path = targets.get(sheet.get(f"{_R}id"))
        root = package.xml(path) if path else None
        if root is None:
            continue
        if sheet.get("name"):
            (hidden if sheet_hidden else shown).append(sheet.get("name"))
        hidden_columns = _hidden_columns(root)
        for row in root.iter(f"{_S}row"):
            row_hidden = sheet_hidden or row.get("hidden") in ("1", "true")
            seen_cells, hidden_cells = [], []
            for cell in row.iter(f"{_S}c"):
                text = _cell_text(cell, strings)
                if not text:
                    continue
                column = _column(cell.get("r", ""))
                vector = formats[int(cell.get("s", "0"))] if cell.get("s", "0").isdigit() and \
                    int(cell.get("s", "0")) < len(formats) else None
                is_hidden = row_hidden or column in hidden_columns or vector is not None
                (hidden_cells if is_hidden else seen_cells).append(text)
            shown.append(" | ".join(seen_cells))
            hidden.append(" | ".join(hidden_cells))
        for validation in root.iter(f"{_S}dataValidation"):
            prompts = [validation.get(name) for name in ("promptTitle", "prompt", "errorTitle", "error")]
            text = "\n".join(prompt for prompt in prompts if prompt)
            if text:
                yield Channel("attribute_text", text)
    yield Channel("system_imitation", "\n".join(line for line in shown if line))
    if any(hidden):
        yield Channel("office_hidden_text", "\n".join(line for line in hidden if line))
    notes = [text for name in package.names if re.match(r"^xl/(?:comments|threadedComments/)", name)
             for text in _words(package.xml(name), minimum=1)]
    if notes:
        yield Channel("office_comment", "\n".join(notes))
    for name in package.names:
        if re.match(r"^xl/drawings/drawing\d+\.xml$", name):
            text = "\n".join(_joined(paragraph, f"{_A}t") for paragraph in _iter(package.xml(name), f"{_A}p"))
            if text.strip():
                yield Channel("system_imitation", text)


def _cell_formats(root) -> list[str | None]:
    """Per cell format (`cellXfs`): `office_hidden_text` when its value is never drawn — a number
    format of empty sections (`;;;`), or a font that leaves no ink on the cell's fill."""
    if root is None:
        return []
    codes = {item.get("numFmtId"): item.get("formatCode", "") for item in root.iter(f"{_S}numFmt")}
    fonts = [(_hex(font.find(f"{_S}color"), "rgb"), _float(_attribute(font.find(f"{_S}sz"), "val")))
             for font in _iter(root.find(f"{_S}fonts"), f"{_S}font")]
    fills = [_cell_fill(fill) for fill in _iter(root.find(f"{_S}fills"), f"{_S}fill")]
    formats = []
    for xf in _iter(root.find(f"{_S}cellXfs"), f"{_S}xf"):
        code = codes.get(xf.get("numFmtId"), "")
        font_index, fill_index = int(xf.get("fontId", "0") or 0), int(xf.get("fillId", "0") or 0)
        colour, size = fonts[font_index] if font_index < len(fonts) else (None, None)
        fill = fills[fill_index] if fill_index < len(fills) else _WHITE
        empty_format = bool(code) and not code.replace(";", "").strip()
        formats.append(_box(empty_format, size, colour, fill))
    return formats


def _cell_fill(fill) -> RGBA | str:
    pattern = fill.find(f"{_S}patternFill")
    if pattern is None or pattern.get("patternType") in (None, "none"):
        return _WHITE
    return _hex(pattern.find(f"{_S}fgColor"), "rgb") or _THEMED


def _cell_text(cell, strings: list[str]) -> str:
    kind = cell.get("t")
    if kind == "inlineStr":
        return _joined(cell.find(f"{_S}is"), f"{_S}t")
    value = cell.findtext(f"{_S}v") or ""
    if kind == "s":
        index = int(value) if value.isdigit() else -1
        return strings[index] if 0 <= index < len(strings) else ""
    return value if kind == "str" else ""


def _hidden_columns(sheet) -> set[int]:
    hidden: set[int] = set()
    for column in sheet.iter(f"{_S}col"):
        if column.get("hidden") in ("1", "true"):
            first, last = int(column.get("min", "0")), int(column.get("max", "0"))
            hidden.update(range(first, min(last, first + 16384) + 1))
    return hidden


def _column(reference: str) -> int:
    number = 0
    for letter in re.match(r"[A-Z]*", reference.upper()).group(0):
        number = number * 26 + ord(letter) - 64
    return number


# PowerPoint


def _slides(package: _Package) -> Iterator[Channel]:
    size = package.xml("ppt/presentation.xml")
    slide_size = size.find(f"{_P}sldSz") if size is not None else None
    width = _float(slide_size.get("cx")) if slide_size is not None else None
    height = _float(slide_size.get("cy")) if slide_size is not None else None
    shown, hidden = [], []
    for name in package.matching(re.compile(r"^ppt/slides/slide\d+\.xml$")):
        slide = package.xml(name)
        if slide is None:
            continue
        slide_hidden = slide.get("show") in ("0", "false")
        # Without its own background a slide shows its master's: unknown here.
        background = _hex(slide.find(f"{_P}cSld/{_P}bg/{_P}bgPr/{_A}solidFill/{_A}srgbClr"), "val") or _THEMED
        tree = slide.find(f"{_P}cSld/{_P}spTree")
        for shape in tree if tree is not None else []:
            for line, is_hidden in _shape_lines(shape, slide_hidden, background, width, height):
                (hidden if is_hidden else shown).append(line)
        for properties in slide.iter(f"{_P}cNvPr"):
            yield from _alt_text(properties)
    yield Channel("system_imitation", "\n".join(shown))
    if hidden:
        yield Channel("office_hidden_text", "\n".join(hidden))
    for name in package.names:
        if re.match(r"^ppt/(?:notesSlides/notesSlide\d+|comments/[^/]+)\.xml$", name):
            text = "\n".join(_words(package.xml(name), minimum=1))
            if text:
                yield Channel("office_comment", text)


def _shape_lines(shape, hidden: bool, backdrop: RGBA | str, width, height) -> Iterator[tuple[str, bool]]:
    """Each paragraph of a shape (and of the shapes in a group), hidden when the shape is, when it
    lies off the slide, or when its runs leave no ink on the shape's fill or the slide."""
    properties = next(shape.iter(f"{_P}cNvPr"), None)
    hidden = hidden or (properties is not None and properties.get("hidden") in ("1", "true"))
    offset, extent = shape.find(f".//{_A}xfrm/{_A}off"), shape.find(f".//{_A}xfrm/{_A}ext")
    if offset is not None and extent is not None and width and height:
        x, y = _float(offset.get("x")) or 0.0, _float(offset.get("y")) or 0.0
        cx, cy = _float(extent.get("cx")) or 0.0, _float(extent.get("cy")) or 0.0
        hidden = hidden or x + cx <= 0 or y + cy <= 0 or x >= width or y >= height or cx <= 0 or cy <= 0
    fill = _hex(shape.find(f"{_P}spPr/{_A}solidFill/{_A}srgbClr"), "val") or backdrop
    if shape.tag == f"{_P}grpSp":
        for child in shape:
            yield from _shape_lines(child, hidden, fill, width, height)
        return
    for paragraph in shape.iter(f"{_A}p"):
        seen, unseen = [], []
        for run in paragraph.iter(f"{_A}r"):
            text = run.findtext(f"{_A}t") or ""
            run_properties = run.find(f"{_A}rPr")
            size = _float(run_properties.get("sz")) if run_properties is not None else None
            size = size / 100 if size else None  # hundredths of a point
            colour = _hex(run.find(f"{_A}rPr/{_A}solidFill/{_A}srgbClr"), "val")
            (unseen if hidden or _box(False, size, colour, fill) else seen).append(text)
        if "".join(seen).strip():
            yield "".join(seen), False
        if "".join(unseen).strip():
            yield "".join(unseen), True


# OpenDocument


def _open_document(package: _Package) -> Iterator[Channel]:
    content = package.xml("content.xml")
    if content is None:
        return
    # A presentation's slides show their master page's background: unknown here; a text or sheet is on white.
    mimetype = package.bytes("mimetype").decode("ascii", "replace") if "mimetype" in package.names else ""
    styles = _odf_styles([content, package.xml("styles.xml")], _THEMED if "presentation" in mimetype else _WHITE)
    shown, hidden, comments = [], [], []
    body = content.find(f"{{{_OFFICE}}}body")
    for element in (body if body is not None else content).iter(f"{{{_TEXT}}}p", f"{{{_TEXT}}}h"):
        if any(ancestor.tag in (f"{{{_OFFICE}}}annotation", f"{{{_PRESENTATION}}}notes")
               for ancestor in element.iterancestors()):
            comments.append("".join(element.itertext()))
            continue
        for text, is_hidden in _odf_runs(element, styles):
            (hidden if is_hidden else shown).append(text)
        shown.append("\n")
        hidden.append("\n")
    yield Channel("system_imitation", _lines("".join(shown)))
    if _lines("".join(hidden)):
        yield Channel("office_hidden_text", _lines("".join(hidden)))
    if comments:
        yield Channel("office_comment", "\n".join(comments))
    for frame in content.iter(f"{{{_SVG}}}title", f"{{{_SVG}}}desc"):
        if (frame.text or "").strip():
            yield Channel("attribute_text", frame.text)


def _odf_runs(paragraph, styles: dict) -> Iterator[tuple[str, bool]]:
    """Each text piece of a paragraph (not of a comment or text box inside it) and whether it leaves
    no ink, judged on the styles of its element and every ancestor (a hidden section, sheet, row or
    span hides what is inside)."""
    for node in paragraph.iter():
        if not isinstance(node.tag, str):
            continue
        if (node.text or "").strip() and _odf_owner(node) is paragraph:
            yield node.text, _odf_hidden(node, styles)
        if node is not paragraph and (node.tail or "").strip() and _odf_owner(node.getparent()) is paragraph:
            yield node.tail, _odf_hidden(node.getparent(), styles)


def _odf_owner(node):
    """The paragraph (or comment) a node's text belongs to."""
    owners = (f"{{{_TEXT}}}p", f"{{{_TEXT}}}h", f"{{{_OFFICE}}}annotation")
    return next((element for element in (node, *node.iterancestors()) if element.tag in owners), None)


def _odf_hidden(node, styles: dict) -> bool:
    for element in (node, *node.iterancestors()):
        tag = etree.QName(element).localname if isinstance(element.tag, str) else ""
        if tag in ("hidden-paragraph", "hidden-text") and element.get(f"{{{_TEXT}}}is-hidden", "true") != "false":
            return True
        if element.get(f"{{{_TEXT}}}display") == "none":
            return True
        if element.get(f"{{{_TABLE}}}visibility") in ("collapse", "filter"):
            return True
        if styles.get(element.get(f"{{{_TEXT}}}style-name")) or styles.get(element.get(f"{{{_TABLE}}}style-name")):
            return True
    return False


def _odf_styles(roots: list, page: RGBA | str) -> dict:
    """Style name -> whether it hides its text: `text:display="none"`, a hidden table
    (`table:display="false"`), or text properties that leave no ink."""
    hides: dict = {}
    for root in roots:
        if root is None:
            continue
        for style in root.iter(f"{{{_STYLE}}}style"):
            text = style.find(f"{{{_STYLE}}}text-properties")
            table = style.find(f"{{{_STYLE}}}table-properties")
            paragraph = style.find(f"{{{_STYLE}}}paragraph-properties")
            hidden = table is not None and table.get(f"{{{_TABLE}}}display") == "false"
            if text is not None:
                shading = paragraph.get(f"{{{_FO}}}background-color") if paragraph is not None else None
                backdrop = parse_colour(text.get(f"{{{_FO}}}background-color") or "") or \
                    parse_colour(shading or "") or page
                size = text.get(f"{{{_FO}}}font-size", "")
                size_pt = _float(size[:-2]) if size.endswith("pt") else None
                hidden = hidden or text.get(f"{{{_TEXT}}}display") == "none" or _box(
                    False, size_pt, parse_colour(text.get(f"{{{_FO}}}color") or ""), backdrop) is not None
            hides[style.get(f"{{{_STYLE}}}name")] = hidden
    return hides


# EPUB


def _book(package: _Package) -> Iterator[Channel | Nested]:
    for name in package.names:
        if name.lower().endswith((".xhtml", ".html", ".htm")):
            yield Nested(package.bytes(name), None, "html")
        elif name.lower().endswith(".opf"):
            yield from (Channel("meta_tag", text) for text in _words(package.xml(name)))


# Shared


def _alt_text(properties) -> Iterator[Channel]:
    text = "\n".join(value for value in (properties.get("descr"), properties.get("title")) if value)
    if text.strip():
        yield Channel("attribute_text", text)


def _relationships(package: _Package, name: str, base: str) -> dict:
    root = package.xml(name)
    found = {}
    for relation in _iter(root, "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"):
        target = relation.get("Target", "")
        found[relation.get("Id")] = target.lstrip("/") if target.startswith("/") else base + target
    return found


def _words(root, minimum: int = 2) -> list[str]:
    if root is None:
        return []
    return [text.strip() for text in root.itertext() if len(text.split()) >= minimum]


def _joined(element, tag: str) -> str:
    return "".join(node.text or "" for node in element.iter(tag)) if element is not None else ""


def _iter(root, tag: str):
    return root.iter(tag) if root is not None else iter(())


def _attribute(element, name: str) -> str | None:
    return element.get(name) if element is not None else None


def _hex(element, attribute: str) -> RGBA | None:
    """An OOXML colour attribute (`RRGGBB`, or `AARRGGBB` in spreadsheets); None for `auto`, theme
    colours and anything else."""
    value = _attribute(element, attribute)
    if not value or not re.fullmatch(r"[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{2})?", value):
        return None
    if len(value) == 8:
        alpha, value = int(value[:2], 16) / 255, value[2:]
        return (float(int(value[0:2], 16)), float(int(value[2:4], 16)), float(int(value[4:6], 16)), alpha or 1.0)
    return parse_colour("#" + value)


def _float(value) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _lines(text: str) -> str:
    return "\n".join(line.strip() for line in text.split("\n") if line.strip())


def _natural(name: str) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name))
